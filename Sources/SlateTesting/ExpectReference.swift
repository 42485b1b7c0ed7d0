import Foundation
import Graphics
import Rendering
@_exported import SlateScripts
import Testing

/// Expects `image` to match the reference picture `name.png` in the `References` folder beside the
/// calling test file. A missing reference fails (record it with `SLATE_RECORD_REFERENCES=1`, then
/// look at it); a mismatch fails and leaves `name.actual.png` and `name.diff.png` beside the
/// reference. Only anti-aliasing noise is allowed (see `ReferenceImage.compare`).
public func expectReference(
    _ image: PixelImage, _ name: String, filePath: String = #filePath, sourceLocation: SourceLocation = #_sourceLocation
) {
    let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("References")
    let outcome = ReferenceImage.compare(image, named: name, in: directory)
    switch outcome {
    case .matched, .recorded: break
    default: Issue.record("\(name): \(outcome)", sourceLocation: sourceLocation)
    }
}
