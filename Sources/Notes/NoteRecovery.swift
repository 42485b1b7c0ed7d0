import Foundation
import Scenes

/// The text of notes that could not be saved, kept in the app's state folder
/// (`$XDG_STATE_HOME/slate/org.slate.notes/recovery/`) until the note is saved — so a full disk, a
/// read-only notes folder or a crash meanwhile never costs what was typed. One file a note, written
/// atomically each time a save fails and removed when a save succeeds; at the next start a kept
/// text newer than its note is offered back.
///
/// A file is the text after a two-line head naming the note:
///
/// ```
/// Slate note recovery 1
/// Path: "Travel/Trip.md"
///
/// (the text)
/// ```
public struct NoteRecovery: Sendable {
    /// The folder the kept texts are in.
    public let folder: URL
    /// The app's time, for the files' dates.
    let now: @Sendable () -> Date

    /// A kept text: the note it belongs to, the text, and when it was kept.
    public struct Kept: Sendable, Equatable {
        /// The note's path from the notes folder.
        public var path: String
        /// The text that could not be saved.
        public var text: String
        /// When it was kept.
        public var date: Date
    }

    /// The first line of every recovery file, with the format's version.
    static let signature = "Slate note recovery 1"

    /// Kept texts in `folder`, dated by `now`.
    public init(folder: URL, now: @escaping @Sendable () -> Date) {
        self.folder = folder
        self.now = now
    }

    /// Keeps `text` for the note at `path` (replacing what was kept for it), atomically; the folder
    /// is made (private) when missing.
    public func keep(_ text: String, for path: String) throws(FileWriteError) {
        // A string always encodes as JSON; the fallback is never taken.
        let pathLine = (try? JSONEncoder().encode(path)).map { String(decoding: $0, as: UTF8.self) } ?? "\"\""
        let body = Self.signature + "\nPath: " + pathLine + "\n\n" + text
        try AtomicFile.write(
            Data(body.utf8), to: file(for: path).path, permissions: 0o600, makingFolders: 0o700,
            modificationDate: now())
    }

    /// Forgets what was kept for `path` (its note was saved). A file that cannot be removed is
    /// harmless: at the next start it holds the note's own text and is removed then.
    public func discard(_ path: String) {
        unlink(file(for: path).path)
    }

    /// What is kept for the note at `path`, if anything.
    public func kept(for path: String) -> Kept? {
        read(file(for: path)).flatMap { $0.path == path ? $0 : nil }
    }

    /// Every kept text, by the notes' paths.
    public func all() -> [Kept] {
        // Absent is fine: no folder means nothing was ever kept.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0.hasSuffix(".txt") }
            .compactMap { read(folder.appendingPathComponent($0)) }
            .sorted { $0.path < $1.path }
    }

    /// The file kept for `path`: a readable stem and a hash of the whole path, so any path has one
    /// file name of a bounded length.
    public func file(for path: String) -> URL {
        let last = path.split(separator: "/").last.map(String.init) ?? path
        let stem = last.split(separator: ".").first.map(String.init) ?? last
        let readable = String(
            stem.unicodeScalars.filter {
                CharacterSet.alphanumerics.contains($0) || $0 == " " || $0 == "-" || $0 == "_"
            }.prefix(40).map(Character.init))
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325  // FNV-1a, 64 bits
        for byte in path.utf8 {
            hash ^= UInt64(byte)
            hash = hash &* 0x100_0000_01b3
        }
        let hex = String(hash, radix: 16)
        let name = (readable.isEmpty ? "note" : readable) + "-" + String(repeating: "0", count: 16 - hex.count) + hex
        return folder.appendingPathComponent(name + ".txt")
    }

    private func read(_ url: URL) -> Kept? {
        guard let data = FileManager.default.contents(atPath: url.path) else { return nil }
        let whole = String(decoding: data, as: UTF8.self)
        let parts = whole.split(separator: "\n", maxSplits: 3, omittingEmptySubsequences: false)
        guard parts.count == 4, parts[0] == Self.signature, parts[1].hasPrefix("Path: "), parts[2].isEmpty,
            // A head that does not read is not a recovery file of Slate's: passed over.
            let path = try? JSONDecoder().decode(String.self, from: Data(parts[1].dropFirst(6).utf8))
        else { return nil }
        var info = stat()
        let date =
            stat(url.path, &info) == 0
            ? Date(timeIntervalSince1970: Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9) : now()
        return Kept(path: path, text: String(parts[3]), date: date)
    }
}
