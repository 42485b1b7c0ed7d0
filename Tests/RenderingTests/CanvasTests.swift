import Foundation
import Graphics
import SlateTesting
import Testing

@testable import Rendering

let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")

@Suite struct CanvasTests {
    let renderer = CairoRenderer()

    func sample(_ canvas: any Canvas) {
        canvas.fill(Rect(0, 0, 320, 200), with: .systemGroupedBackground)
        let card = Path.roundedRect(Rect(16, 16, 288, 168), radius: 13)
        canvas.drawShadow(of: card, color: Color.black.withAlpha(0.25), blur: 20, offset: Point(0, 6))
        canvas.fill(card, with: .secondarySystemBackground)
        canvas.drawText(TextLayout("Входящие", font: .preferred(.headline)), at: Point(32, 28))
        canvas.drawText(
            TextLayout(
                "Meeting tomorrow — встреча завтра в 10:00, не забудьте документы", font: .preferred(.body),
                color: .secondaryLabel, lineLimit: 2, width: 220), at: Point(32, 56))
        canvas.drawText(
            TextLayout("שלום עולם", font: .preferred(.body), alignment: .natural, width: 256), at: Point(32, 108))
        canvas.drawSymbol("trash", in: Rect(32, 140, 24, 24), tint: .systemRed)
        canvas.drawSymbol("folder", in: Rect(64, 140, 24, 24), tint: .systemBlue)
        canvas.drawSymbol("arrowshape.turn.up.left", in: Rect(96, 140, 24, 24), tint: .label)
        canvas.stroke(Path.roundedRect(Rect(240, 136, 48, 32), radius: 10), with: .systemBlue, lineWidth: 2)
    }

    @Test(arguments: [Appearance.light, .dark], [1.0, 2.0])
    func cardMatchesReference(appearance: Appearance, scale: Double) throws {
        let image = renderer.render(size: Size(320, 200), scale: scale, appearance: appearance, sample)
        #expect(image.width == Int(320 * scale) && image.height == Int(200 * scale))
        expectReference(image, "card-\(appearance.rawValue)@\(Int(scale))x")
    }

    /// Text on one line that fits is the same at any wider width — measured and drawn alike (one
    /// layout serves them all); text that must wrap, and right-to-left text, keep to their width.
    @Test func textThatFitsIsTheSameAtAnyWiderWidth() throws {
        let engine = TextEngine.shared
        let free = TextLayout("Anna Smirnova — Встреча", font: .preferred(.headline))
        let natural = engine.measure(free)
        for w in [natural.width + 1, 300, 517.5] {
            var l = free
            l.width = w
            #expect(engine.measure(l) == natural, "at \(w)")
            let a = renderer.render(size: Size(560, 40), scale: 2, appearance: .light) {
                $0.drawText(free, at: Point(4, 4))
            }
            let b = renderer.render(size: Size(560, 40), scale: 2, appearance: .light) {
                $0.drawText(l, at: Point(4, 4))
            }
            #expect(a.pixels == b.pixels, "drawn alike at \(w)")
        }
        var narrow = free
        narrow.width = natural.width / 2
        narrow.lineLimit = 0
        #expect(engine.measure(narrow).height > natural.height, "it wraps where it does not fit")
        var hebrew = TextLayout("שלום עולם", font: .preferred(.body), alignment: .natural, width: 256)
        let wide = renderer.render(size: Size(260, 30), scale: 1, appearance: .light) { $0.drawText(hebrew, at: .zero) }
        hebrew.width = nil
        let bare = renderer.render(size: Size(260, 30), scale: 1, appearance: .light) { $0.drawText(hebrew, at: .zero) }
        #expect(wide.pixels != bare.pixels, "right-to-left text keeps to the right of its width")
    }

    @Test func textIsMeasuredByPango() throws {
        let engine = renderer.textMeasurer
        let short = engine.measure(TextLayout("Ok", font: .preferred(.body)))
        let long = engine.measure(TextLayout("Переслать сообщение", font: .preferred(.body)))
        #expect(short.height > 17 && short.height < 26)
        #expect(long.width > short.width * 4)
        let wrapped = engine.measure(
            TextLayout(String(repeating: "слово ", count: 40), font: .preferred(.body), lineLimit: 3, width: 200))
        #expect(wrapped.width <= 200)
        #expect(wrapped.height > short.height * 2.5 && wrapped.height < short.height * 3.5)
    }

    @Test func unknownSymbolDrawsPlaceholderAndWarnsOnce() throws {
        let warnings = WarningBox()
        let catalog = SymbolCatalog(warn: { warnings.append($0) })
        #expect(!catalog.has("no.such.symbol"))
        #expect(catalog.has("trash"))
        // Drawing it twice draws the placeholder twice and warns once.
        let image = renderer.render(size: Size(40, 20), scale: 1, appearance: .light) { c in
            catalog.draw("no.such.symbol", in: Rect(0, 0, 20, 20), color: RGBA(0, 0, 0), on: (c as! CairoCanvas).cr)
            catalog.draw("no.such.symbol", in: Rect(20, 0, 20, 20), color: RGBA(0, 0, 0), on: (c as! CairoCanvas).cr)
        }
        #expect(warnings.lines.count == 1)
        #expect(warnings.lines.first?.contains("no.such.symbol") == true)
        let inked = (0..<20).contains { x in image.pixel(x: x, y: 10).alpha > 0.5 }
        let inkedRight = (20..<40).contains { x in image.pixel(x: x, y: 10).alpha > 0.5 }
        #expect(inked && inkedRight, "a placeholder is drawn in each place")
    }

    @Test func pngRoundTrip() throws {
        let image = renderer.render(size: Size(10, 10), scale: 1, appearance: .light) { c in
            c.fill(Rect(0, 0, 5, 10), with: Color(RGBA(1, 0, 0)))
        }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("slate-\(UUID()).png").path
        defer { try? FileManager.default.removeItem(atPath: path) }
        try PNG.write(image, to: path)
        let back = try PNG.read(path)
        #expect(back == image)
        #expect(back.pixel(x: 2, y: 2) == RGBA(1, 0, 0))
        #expect(back.pixel(x: 7, y: 2).alpha == 0)
        #expect(throws: PNG.Error.self) { try PNG.read(path + ".missing") }
    }
}

final class WarningBox: @unchecked Sendable {
    private let lock = NSLock()
    private(set) var lines: [String] = []
    func append(_ s: String) {
        lock.lock()
        lines.append(s)
        lock.unlock()
    }
}
