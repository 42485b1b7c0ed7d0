import Foundation
import Graphics

/// Compares rendered pictures with reference PNGs kept in the repository.
///
/// Set `SLATE_RECORD_REFERENCES=1` to write the references anew instead of comparing. A mismatch
/// writes the actual picture beside the reference as `NAME.actual.png` for a person to look at.
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
                "differs from \(p) in \(n) pixels (largest channel difference \(d)); see the .actual.png beside it"
            }
        }
    }

    /// Whether references are being recorded in this run.
    public static var recording: Bool { ProcessInfo.processInfo.environment["SLATE_RECORD_REFERENCES"] == "1" }

    /// Compares `image` with `directory/name.png`. Tolerances: a channel may differ by `tolerance`
    /// (0…255), and up to `allowedPixels` pixels may differ by more (anti-aliasing noise between
    /// library versions).
    public static func compare(
        _ image: PixelImage, named name: String, in directory: URL, tolerance: Int = 8, allowedPixels: Int? = nil
    ) -> Outcome {
        let path = directory.appendingPathComponent(name + ".png").path
        let actualPath = directory.appendingPathComponent(name + ".actual.png").path
        if recording {
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do { try PNG.write(image, to: path) } catch { return .missing("\(path): \(error)") }
            try? FileManager.default.removeItem(atPath: actualPath)
            return .recorded(path)
        }
        guard let reference = try? PNG.read(path, scale: image.scale) else {
            try? PNG.write(image, to: actualPath)
            return .missing(path)
        }
        let allowed = allowedPixels ?? max(4, image.width * image.height / 2000)
        let (count, delta) = image.difference(from: reference, tolerance: tolerance)
        if count > allowed {
            try? PNG.write(image, to: actualPath)
            return .differs(path: path, pixels: count, maxDelta: delta)
        }
        try? FileManager.default.removeItem(atPath: actualPath)
        return .matched
    }
}
