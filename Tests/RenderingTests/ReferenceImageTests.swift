import Foundation
import Graphics
import Testing

@testable import Rendering

/// The picture comparison lets anti-aliasing noise through and nothing a person would see.
@Suite struct ReferenceImageTests {
    let renderer = CairoRenderer()

    func row(_ symbol: String) -> PixelImage {
        renderer.render(size: Size(200, 44), scale: 1, appearance: .light) { c in
            c.drawText(TextLayout("Flag", font: Font(size: 17)), at: Point(16, 12))
            c.drawSymbol(symbol, in: Rect(168, 13, 18, 18), tint: .label)
        }
    }

    func scratch() throws -> URL {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-ref-\(UUID())")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    @Test(arguments: ["envelope", "trash", "folder"])
    func aSwappedIconFailsAndLeavesTheActualAndADiff(other: String) throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        try PNG.write(row("flag"), to: dir.appendingPathComponent("row.png").path)
        #expect(ReferenceImage.compare(row("flag"), named: "row", in: dir) == .matched)
        let outcome = ReferenceImage.compare(row(other), named: "row", in: dir)
        guard case .differs(_, let pixels, _) = outcome else {
            Issue.record("a \(other) icon in place of the flag passed: \(outcome)")
            return
        }
        #expect(pixels > ReferenceImage.allowedPixels)
        let diff = try PNG.read(dir.appendingPathComponent("row.diff.png").path, scale: 1)
        #expect(diff.pixel(x: 177, y: 22) != diff.pixel(x: 40, y: 5), "the icon is marked, the rest faded")
        #expect(FileManager.default.fileExists(atPath: dir.appendingPathComponent("row.actual.png").path))
    }

    @Test func aFewNoisyPixelsPassAndAMissingReferenceFails() throws {
        let dir = try scratch()
        defer { try? FileManager.default.removeItem(at: dir) }
        let image = row("flag")
        #expect(
            ReferenceImage.compare(image, named: "none", in: dir)
                == .missing(dir.appendingPathComponent("none.png").path))
        try PNG.write(image, to: dir.appendingPathComponent("row.png").path)
        var noisy = image
        for i in 0..<ReferenceImage.allowedPixels { noisy.pixels[i * 4 * 7] ^= 0x80 }
        #expect(ReferenceImage.compare(noisy, named: "row", in: dir) == .matched)
        noisy.pixels[ReferenceImage.allowedPixels * 4 * 7] ^= 0x80
        guard case .differs = ReferenceImage.compare(noisy, named: "row", in: dir) else {
            Issue.record("one pixel past the allowance passed")
            return
        }
    }
}
