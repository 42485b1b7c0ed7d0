import Foundation

@testable import MailStore

/// A Maildir in a fresh temporary directory, removed when the test ends.
final class TestMaildir {
    let root: URL
    let maildir: Maildir

    /// Creates `root` with cur/new/tmp and the given folders (directory names without the dot).
    init(folders: [String] = [], clock: Date = Date(timeIntervalSince1970: 1_700_000_000)) throws {
        root = FileManager.default.temporaryDirectory
            .appendingPathComponent("mailstore-tests-\(UUID().uuidString)", isDirectory: true)
        for dir in ["cur", "new", "tmp"] {
            try FileManager.default.createDirectory(
                at: root.appendingPathComponent(dir), withIntermediateDirectories: true)
        }
        for folder in folders {
            for dir in ["cur", "new", "tmp"] {
                try FileManager.default.createDirectory(
                    at: root.appendingPathComponent(".\(folder)/\(dir)"),
                    withIntermediateDirectories: true)
            }
        }
        let fixed = clock
        maildir = Maildir(
            root: root, nameGenerator: MaildirNameGenerator(clock: { fixed }, processID: 4242, hostName: "testhost"))
    }

    deinit {
        try? FileManager.default.removeItem(at: root)
    }

    /// Writes a file at `relativePath` (e.g. `.Sent/cur/1.a:2,S`).
    @discardableResult
    func write(_ relativePath: String, _ content: String) throws -> URL {
        let url = root.appendingPathComponent(relativePath)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(content.utf8).write(to: url)
        return url
    }

    /// Every regular file under the root, by path relative to it, with its bytes.
    func snapshot() -> [String: Data] {
        var files: [String: Data] = [:]
        let base = root.standardizedFileURL.path
        guard let enumerator = FileManager.default.enumerator(atPath: base) else { return files }
        while let relative = enumerator.nextObject() as? String {
            var isDirectory: ObjCBool = false
            let full = base + "/" + relative
            if FileManager.default.fileExists(atPath: full, isDirectory: &isDirectory), !isDirectory.boolValue {
                files[relative] = FileManager.default.contents(atPath: full)
            }
        }
        return files
    }

    /// The names in `relativeDirectory`, sorted.
    func names(in relativeDirectory: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(relativeDirectory).path))
            ?? [])
            .sorted()
    }

    /// The bytes of all message files, sorted, regardless of where they are.
    func messageContents() -> [Data] {
        snapshot().filter { !$0.key.hasSuffix("maildirfolder") }.values.sorted { $0.lexicographicallyPrecedes($1) }
    }
}
