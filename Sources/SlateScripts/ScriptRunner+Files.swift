import Foundation

extension ScriptRunner {
    /// `expect file "Notes/Shopping.md" contains "milk"`: what an app wrote on disk, relative to
    /// `filesRoot` (the documents folder of the run) or absolute.
    func expectFile(_ path: String, contains text: String) throws(StepFailure) {
        let content = try read(path)
        if !content.contains(text) {
            let shown = content.count > 200 ? String(content.prefix(200)) + "…" : content
            throw StepFailure(expected: "\(path) to contain \"\(text)\"", found: "\"\(shown)\"")
        }
    }

    /// `expect file "Notes/New Note.md" is "…"`: the file holds exactly that text.
    func expectFile(_ path: String, is text: String) throws(StepFailure) {
        let content = try read(path)
        if content != text {
            let shown = content.count > 200 ? String(content.prefix(200)) + "…" : content
            throw StepFailure(expected: "\(path) to be \"\(text)\"", found: "\"\(shown)\"")
        }
    }

    /// `write file "Notes/Trip.md" "Passport"`: the file written in place (made when missing, its
    /// folders too), as another program — an editor, a sync tool — would, behind the apps' backs.
    func writeFile(_ path: String, text: String) throws(StepFailure) {
        let url = try fileURL(path)
        do {
            try FileManager.default.createDirectory(
                at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(text.utf8).write(to: url)
        } catch {
            throw StepFailure(expected: "\(path) written", found: "\(error.localizedDescription)")
        }
    }

    private func fileURL(_ path: String) throws(StepFailure) -> URL {
        let url = path.hasPrefix("/") ? URL(fileURLWithPath: path) : filesRoot?.appendingPathComponent(path)
        guard let url else {
            throw StepFailure(expected: "a file \(path)", found: "no folder for relative paths")
        }
        return url
    }

    private func read(_ path: String) throws(StepFailure) -> String {
        let url = try fileURL(path)
        guard let data = FileManager.default.contents(atPath: url.path) else {
            throw StepFailure(expected: "a file \(path)", found: "no such file")
        }
        return String(decoding: data, as: UTF8.self)
    }
}
