import Foundation
import Graphics
import Rendering

/// Writes the tour: numbered PNG frames, each with a one-line caption naming the rule it shows, and an
/// `index.html` that shows them in order.
public final class TourWriter {
    public struct Frame: Sendable {
        public var file: String
        public var rule: String
        public var caption: String
    }

    public let directory: URL
    public private(set) var frames: [Frame] = []
    public let title: String

    public init(directory: URL, title: String) throws {
        self.directory = directory
        self.title = title
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }

    /// Adds a frame; its file is `NN-name.png`.
    public func add(_ image: PixelImage, name: String, rule: String, caption: String) throws {
        let file = String(format: "%02d-%@.png", frames.count + 1, name)
        try PNG.write(image, to: directory.appendingPathComponent(file).path)
        frames.append(Frame(file: file, rule: rule, caption: caption))
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;").replacingOccurrences(of: "\"", with: "&quot;")
    }

    /// Writes `index.html` and returns its path.
    @discardableResult
    public func finish() throws -> String {
        var html = """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><title>\(Self.escape(title))</title>
            <style>
            body { font: 15px/1.4 Inter, system-ui, sans-serif; margin: 24px auto; max-width: 1100px; background: #f2f2f7; color: #111; }
            figure { margin: 0 0 40px; background: #fff; border-radius: 14px; padding: 16px; box-shadow: 0 2px 12px rgba(0,0,0,.08); }
            img { width: 100%; border-radius: 8px; }
            figcaption { margin-top: 10px; } .rule { font-weight: 600; color: #007aff; margin-right: .5em; }
            </style></head><body>
            <h1>\(Self.escape(title))</h1>

            """
        for (i, f) in frames.enumerated() {
            html += """
                <figure id="f\(i + 1)"><img src="\(f.file)" alt="\(Self.escape(f.caption))">
                <figcaption><span class="rule">\(Self.escape(f.rule))</span>\(Self.escape(f.caption))</figcaption></figure>

                """
        }
        html += "</body></html>\n"
        let path = directory.appendingPathComponent("index.html").path
        try Data(html.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
        return path
    }
}
