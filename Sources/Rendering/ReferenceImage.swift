import Foundation
import Graphics

/// Compares rendered pictures with reference PNGs kept in the repository.
///
/// Set `SLATE_RECORD_REFERENCES=1` to write the references anew instead of comparing. A mismatch
/// writes the actual picture beside the reference as `NAME.actual.png`, and `NAME.diff.png` with the
/// differing pixels in red over a faded copy of the reference, for a person to look at.
public enum ReferenceImage {
    /// The outcome of one comparison.
    public enum Outcome: Equatable, CustomStringConvertible {
        case matched
        case recorded(String)
        case missing(String)
        case differs(path: String, pixels: Int, maxDelta: Int)

        public var description: String {
            switch self {
            case .matched: "matches its reference"
            case .recorded(let p): "recorded \(p)"
            case .missing(let p): "no reference at \(p) (run with SLATE_RECORD_REFERENCES=1 to record it)"
            case .differs(let p, let n, let d):
                "differs from \(p) in \(n) pixels (largest channel difference \(d)); see the .actual.png and .diff.png beside it"
            }
        }
    }

    /// Whether references are being recorded in this run.
    public static var recording: Bool { ProcessInfo.processInfo.environment["SLATE_RECORD_REFERENCES"] == "1" }

    /// A channel may differ by this much (0…255) without the pixel counting as different.
    public static let channelTolerance = 8
    /// How many pixels may differ by more: anti-aliasing noise at a few glyph or curve edges between
    /// library versions — far fewer than a swapped icon (a 17 pt symbol is about 200 pixels at 1×).
    public static let allowedPixels = 16

    /// Compares `image` with `directory/name.png`: a channel may differ by `tolerance`, and up to
    /// `allowedPixels` pixels by more.
    public static func compare(
        _ image: PixelImage, named name: String, in directory: URL, tolerance: Int = channelTolerance,
        allowedPixels: Int = allowedPixels
    ) -> Outcome {
        let path = directory.appendingPathComponent(name + ".png").path
        let actualPath = directory.appendingPathComponent(name + ".actual.png").path
        let diffPath = directory.appendingPathComponent(name + ".diff.png").path
        if recording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do { try PNG.write(image, to: path) } catch { return .missing("\(path): \(error)") }
            try? FileManager.default.removeItem(atPath: actualPath)
            try? FileManager.default.removeItem(atPath: diffPath)
            return .recorded(path)
        }
        guard let reference = try? PNG.read(path, scale: image.scale) else {
            try? PNG.write(image, to: actualPath)
            return .missing(path)
        }
        let (count, delta) = image.difference(from: reference, tolerance: tolerance)
        if count > allowedPixels {
            try? PNG.write(image, to: actualPath)
            try? PNG.write(diff(image, reference, tolerance: tolerance), to: diffPath)
            return .differs(path: path, pixels: count, maxDelta: delta)
        }
        try? FileManager.default.removeItem(atPath: actualPath)
        try? FileManager.default.removeItem(atPath: diffPath)
        return .matched
    }

    /// The reference faded to a light grey, with every pixel that differs by more than `tolerance`
    /// in solid red (pictures of different sizes: all red where they do not overlap).
    public static func diff(_ image: PixelImage, _ reference: PixelImage, tolerance: Int) -> PixelImage {
        var out = PixelImage(width: image.width, height: image.height, scale: image.scale)
        let sameSize = image.width == reference.width && image.height == reference.height
        for i in stride(from: 0, to: out.pixels.count, by: 4) {
            var m = sameSize ? 0 : 255
            if sameSize {
                for c in 0..<4 { m = max(m, abs(Int(image.pixels[i + c]) - Int(reference.pixels[i + c]))) }
            }
            if m > tolerance {
                out.pixels[i] = 0
                out.pixels[i + 1] = 0
                out.pixels[i + 2] = 255
            } else {
                let src = sameSize ? reference : image
                let grey = (Int(src.pixels[i]) + Int(src.pixels[i + 1]) + Int(src.pixels[i + 2])) / 3
                let faded = UInt8(200 + grey * 55 / 255)
                out.pixels[i] = faded
                out.pixels[i + 1] = faded
                out.pixels[i + 2] = faded
            }
            out.pixels[i + 3] = 255
        }
        return out
    }
}
