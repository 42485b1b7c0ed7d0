import Graphics
import Testing

@testable import Rendering

/// Text no one would write but a message can hold: a NUL, a width past Pango's integer range, a
/// wrapped text tens of thousands of points tall.
@Suite struct HostileTextTests {
    let renderer = CairoRenderer()

    @Test func aNULIsShownAsAReplacementCharacterAndTheRestKept() {
        let engine = renderer.textMeasurer
        let cut = engine.measure(TextLayout("nul", font: .preferred(.body)))
        let whole = engine.measure(TextLayout("nul\u{0}byte after", font: .preferred(.body)))
        let replaced = engine.measure(TextLayout("nul\u{FFFD}byte after", font: .preferred(.body)))
        #expect(whole.width > cut.width * 2, "the text goes on past the NUL")
        #expect(abs(whole.width - replaced.width) < 0.5)
    }

    @Test func aWidthPastPangosRangeIsClampedNotATrap() {
        let engine = renderer.textMeasurer
        for w in [1e12, Double.infinity, Double.nan, -5] {
            _ = engine.measure(TextLayout("wide", font: .preferred(.body), lineLimit: 0, width: w))
        }
    }

    @Test func aTallWrappedTextDrawsItsVisiblePartWithoutABlackBand() {
        // As Mail's body label at its longest: 100,000 characters wrapped at 600 points, drawn far down.
        let text = String(repeating: "слово word ", count: 10_000)
        let layout = TextLayout(text, font: .preferred(.body), lineLimit: 0, truncation: .none, width: 600)
        let size = renderer.textMeasurer.measure(layout)
        #expect(size.height > 10_000)
        let image = renderer.render(size: Size(600, 200), scale: 2, appearance: .light) { canvas in
            canvas.fill(Rect(0, 0, 600, 200), with: .white)
            canvas.drawText(layout, at: Point(0, -size.height + 150))
        }
        var dark = 0
        for y in 0..<image.height {
            for x in 0..<image.width {
                let p = image.pixel(x: x, y: y)
                if p.red < 0.05 && p.green < 0.05 && p.blue < 0.05 { dark += 1 }
            }
        }
        #expect(dark < image.width * image.height / 4, "text, not a black band: \(dark) black pixels")
    }
}
