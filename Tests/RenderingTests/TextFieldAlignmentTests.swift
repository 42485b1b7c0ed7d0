import Graphics
import Testing

@testable import Rendering
@testable import UI

/// A one-line field's text sits where its alignment says: in the middle of a centred field (a
/// folder's name), at the leading edge of a natural one, at the trailing edge of a right one; the
/// caret follows the text.
@MainActor @Suite struct TextFieldAlignmentTests {
    let renderer = CairoRenderer()

    /// The left and right edge (points) of the dark ink (the text) a focused field on white shows.
    func ink(_ alignment: TextAlignment) -> (left: Double, right: Double) {
        let root = RootView(size: Size(400, 60), clock: VirtualClock())
        root.environment.textMeasurer = renderer.textMeasurer
        root.backgroundColor = .white
        let field = TextField(text: "Игры")
        field.textColor = .black
        field.alignment = alignment
        field.frame = Rect(0, 0, 400, 60)
        root.addSubview(field)
        root.setFocus(field)
        let image = renderer.render(size: root.bounds.size, scale: 1, appearance: .light) { canvas in
            root.renderFrame(in: canvas, renderer: renderer)
        }
        var left = image.width
        var right = -1
        for y in 0..<image.height {
            for x in 0..<image.width {
                // Four bytes a pixel, dark in each colour (the caret is blue).
                let start = (y * image.width + x) * 4
                guard image.pixels[start..<(start + 3)].allSatisfy({ $0 < 0x80 }) else { continue }
                left = min(left, x)
                right = max(right, x)
            }
        }
        return (Double(left), Double(right))
    }

    @Test func aCentredFieldsTextIsInItsMiddle() {
        let centred = ink(.center)
        let natural = ink(.natural)
        let right = ink(.right)
        #expect(natural.left < 12, "natural: at the leading edge, \(natural)")
        #expect(abs((centred.left + centred.right) / 2 - 200) < 6, "centred: \(centred)")
        #expect(right.right > 388 && right.left > 300, "right: \(right)")
        // The same text and caret moved, not laid out anew.
        #expect(abs((centred.right - centred.left) - (natural.right - natural.left)) <= 1)
    }
}
