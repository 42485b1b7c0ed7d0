import Foundation

/// Files a script can look into (`expect file "Notes/Shopping.md" contains "milk"`): what an app
/// wrote on disk, relative to `root` — the documents folder of the run.
@MainActor public enum ScriptFiles {
    /// The folder relative paths start from; nil leaves only absolute paths.
    public static var root: URL?

    static func expect(_ path: String, contains text: String) throws(ScriptRunner.StepFailure) {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : root?.appendingPathComponent(path)
        guard let url else {
            throw ScriptRunner.StepFailure(expected: "a file \(path)", found: "no folder for relative paths")
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw ScriptRunner.StepFailure(expected: "a file \(path)", found: "no such file")
        }
        let content = String(decoding: data, as: UTF8.self)
        if !content.contains(text) {
            let shown = content.count > 200 ? String(content.prefix(200)) + "…" : content
            throw ScriptRunner.StepFailure(expected: "\(path) to contain \"\(text)\"", found: "\"\(shown)\"")
        }
    }
}
