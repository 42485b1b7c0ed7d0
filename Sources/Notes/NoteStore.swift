import Foundation
import Scenes

/// One note in a listing: its file, when it last changed, and (read when first shown) its title and
/// first line.
public struct NoteSummary: Hashable, Sendable {
    /// The file's path from the notes folder: `Ideas/Trip.md`.
    public var path: String
    /// When the file last changed.
    public var modified: Date
    /// The first line without `#` marks; "" until read, or when the note has no text.
    public var title: String
    /// The first line of text after the title.
    public var preview: String

    /// The folder the note is in, from the notes folder ("" for the notes folder itself).
    public var folder: String {
        guard let slash = path.lastIndex(of: "/") else { return "" }
        return String(path[..<slash])
    }
}

/// The stamp of a file on disk: a change by another program changes it.
public struct FileStamp: Hashable, Sendable {
    var seconds: Int
    var nanoseconds: Int
    var size: Int
    var inode: UInt
}

/// Notes as files: plain text and Markdown files in a folder and its subfolders, as on disk. Saves are
/// atomic (a temporary file, fsync, rename, fsync of the folder); Delete moves a note to the
/// freedesktop Trash with its `.trashinfo`, never unlinks it.
@MainActor public final class NoteStore {
    /// The notes folder.
    public let root: URL
    /// The Trash (`$XDG_DATA_HOME/Trash`), with `files/` and `info/` in it.
    public let trash: URL
    /// The time of the app (what the host says it is), for the Trash's deletion dates.
    public let now: @Sendable () -> Date
    let rootPath: String
    private var observers: [UUID: () -> Void] = [:]
    private var summaries: [String: NoteSummary] = [:]
    private var heads: [String: (modified: Date, text: String)] = [:]
    /// What the store itself last did to each path it wrote, moved or trashed: the file's stamp after,
    /// or nil for gone. A change seen on disk that matches is the store's own, not another program's.
    private var ownChanges: [String: FileStamp?] = [:]

    /// The extensions of note files.
    public static let extensions: Set<String> = ["md", "txt", "markdown"]
    /// How much of a file a listing reads for its title and first line.
    static let headLength = 2048

    /// Where the text of a note that could not be saved is kept until it is (nil: in memory only).
    public let recovery: NoteRecovery?

    /// A store over the notes folder `root` (made when missing), deleting into `trash`, on the app's
    /// time; text that cannot be saved is kept in `recoveryFolder` (the app's state folder) meanwhile.
    public init(root: URL, trash: URL, recoveryFolder: URL? = nil, now: @escaping @Sendable () -> Date) {
        self.root = root
        self.trash = trash
        self.now = now
        rootPath = root.standardizedFileURL.path
        recovery = recoveryFolder.map { NoteRecovery(folder: $0, now: now) }
        // Absent is fine here: a notes folder that cannot be made is said by the list ("could not be
        // read", with why) and by the first save, each on the screen.
        try? FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
    }

    // MARK: Observing

    /// Calls `f` after every change made through the store.
    public func observe(_ f: @escaping () -> Void) -> UUID {
        let id = UUID()
        observers[id] = f
        return id
    }

    /// Stops calling the observer `id`.
    public func stopObserving(_ id: UUID) { observers[id] = nil }

    func changed() {
        for f in Array(observers.values) { f() }
    }

    /// Whether a change seen on disk at `absolutePath` (a file or folder under the notes folder) was
    /// made by another program: a note or folder came, changed or went other than as this store last
    /// left it. Hidden files (a save's temporary file) and files that are not notes do not count.
    public func isOutsideChange(at absolutePath: String) -> Bool {
        guard absolutePath.hasPrefix(rootPath + "/") else { return absolutePath == rootPath }
        let rel = String(absolutePath.dropFirst(rootPath.count + 1))
        let name = rel.split(separator: "/").last.map(String.init) ?? rel
        guard !name.hasPrefix(".") else { return false }
        if Self.isNoteName(name) {
            guard let own = ownChanges[rel] else { return true }
            return own != stamp(rel)
        }
        // Not a note: a folder that came or went counts; any other file does not.
        var st = stat()
        let isFile = stat(path(rel), &st) == 0 && (st.st_mode & S_IFMT) != S_IFDIR
        return !isFile
    }

    // MARK: Reading

    /// The file of the note or folder at `path`.
    public func url(_ path: String) -> URL { root.appendingPathComponent(path) }

    /// The folders, the notes folder first ("") and then every subfolder by path; hidden ones skipped.
    /// Entries named like notes are taken for files without asking the disk, so a folder of 10,000
    /// notes costs one listing.
    public func folders() -> [String] {
        var out = [""]
        func walk(_ rel: String) {
            // A subfolder that cannot be listed shows no subfolders; its own list says why when opened.
            let names = (try? FileManager.default.contentsOfDirectory(atPath: path(rel))) ?? []
            let dirs = names.filter { n in
                guard !n.hasPrefix("."), !Self.isNoteName(n) else { return false }
                var st = stat()
                return stat(path(rel.isEmpty ? n : rel + "/" + n), &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
            }
            for n in dirs.sorted(by: { $0.localizedStandardCompare($1) == .orderedAscending }) {
                let p = rel.isEmpty ? n : rel + "/" + n
                out.append(p)
                walk(p)
            }
        }
        walk("")
        return out
    }

    /// The file system path of `rel` (a plain string: cheaper than a URL for each of 10,000 files).
    func path(_ rel: String) -> String { rel.isEmpty ? rootPath : rootPath + "/" + rel }

    static func isNoteName(_ n: String) -> Bool {
        guard let dot = n.lastIndex(of: ".") else { return false }
        return extensions.contains(n[n.index(after: dot)...].lowercased())
    }

    /// The notes of `folder`, newest first. Only names and dates are read; titles wait for `summary`.
    public func notes(in folder: String) throws -> [NoteSummary] {
        let names = try FileManager.default.contentsOfDirectory(atPath: path(folder))
        var out: [NoteSummary] = []
        out.reserveCapacity(names.count)
        for n in names where !n.hasPrefix(".") && Self.isNoteName(n) {
            let p = folder.isEmpty ? n : folder + "/" + n
            guard let st = stamp(p) else { continue }
            out.append(
                NoteSummary(
                    path: p,
                    modified: Date(
                        timeIntervalSince1970: Double(st.seconds) + Double(st.nanoseconds) / 1_000_000_000),
                    title: "", preview: ""))
        }
        out.sort { ($0.modified, $1.path) > ($1.modified, $0.path) }
        return out
    }

    /// `s` with its title and first line, read from the file's beginning (kept until the file changes).
    public func summary(_ s: NoteSummary) -> NoteSummary {
        if let c = summaries[s.path], c.modified == s.modified { return c }
        var out = s
        let head = readHead(s.path)
        out.title = NoteText.title(of: head[...])
        out.preview = NoteText.preview(of: head[...])
        if out.title.isEmpty { out.title = "" }
        summaries[s.path] = out
        return out
    }

    /// What the search field looks through: the note's beginning (its first 2 KB), lowercased, read
    /// once until the file changes — so each keystroke in the search of 10,000 notes reads no file.
    public func searchableText(_ s: NoteSummary) -> String {
        if let c = heads[s.path], c.modified == s.modified { return c.text }
        let text = readHead(s.path).lowercased()
        heads[s.path] = (s.modified, text)
        return text
    }

    /// The note's beginning (its first 2 KB, cut at a line), as written: what Spotlight is offered of
    /// its text.
    public func head(_ s: NoteSummary) -> String { readHead(s.path) }

    private func readHead(_ path: String) -> String {
        let fd = open(self.path(path), O_RDONLY)
        guard fd >= 0 else { return "" }
        defer { close(fd) }
        var buf = [UInt8](repeating: 0, count: Self.headLength)
        let n = buf.withUnsafeMutableBytes { Foundation.read(fd, $0.baseAddress, Self.headLength) }
        guard n > 0 else { return "" }
        // Cut at the last whole line so a character split by the limit is not shown broken.
        var bytes = buf[0..<n]
        if n == Self.headLength, let nl = bytes.lastIndex(of: 10) { bytes = bytes[0..<nl] }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// A note's whole text; Windows line ends read as newlines.
    public func read(_ path: String) throws -> String {
        let data = try Data(contentsOf: url(path))
        let text = String(decoding: data, as: UTF8.self)
        // Looking for the byte, not the character: a character search breaks 1 MB into graphemes.
        let hasCR = data.withUnsafeBytes { raw in raw.baseAddress.map { memchr($0, 13, raw.count) != nil } ?? false }
        return hasCR ? text.replacing("\r\n", with: "\n") : text
    }

    /// The file's stamp now, or nil when it is gone.
    public func stamp(_ path: String) -> FileStamp? {
        var st = stat()
        guard stat(self.path(path), &st) == 0 else { return nil }
        return FileStamp(
            seconds: Int(st.st_mtim.tv_sec), nanoseconds: Int(st.st_mtim.tv_nsec), size: Int(st.st_size),
            inode: UInt(st.st_ino))
    }

    /// Whether a note or folder is at `path`.
    public func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: self.path(path)) }

    // MARK: Writing

    /// Writes `text` to the note atomically (`AtomicFile`: a temporary file beside it, fsync, rename
    /// over the note, fsync of the folder), dated with the app's time. A crash leaves the old text or
    /// the new, never half of one; a failure (a full disk, a read-only folder) throws a
    /// `FileWriteError` and leaves the old text.
    public func write(_ text: String, to path: String) throws(FileWriteError) {
        try Self.writeAtomically(Array(text.utf8), to: url(path), modified: now())
        summaries[path] = nil
        ownChanges[path] = .some(stamp(path))
        changed()
    }

    /// The atomic write itself, the file dated `modified` (nil: now, by the disk's clock).
    nonisolated static func writeAtomically(_ bytes: [UInt8], to target: URL, modified: Date? = nil)
        throws(FileWriteError)
    {
        try AtomicFile.write(Data(bytes), to: target.path, modificationDate: modified)
    }

    /// A path in `folder` for a file named `stem` that no file has yet.
    func freePath(in folder: String, stem: String, ext: String = "md") -> String {
        let base = stem.isEmpty ? "Note" : stem
        var n = 1
        while true {
            let name = n == 1 ? "\(base).\(ext)" : "\(base) \(n).\(ext)"
            let p = folder.isEmpty ? name : folder + "/" + name
            if !exists(p) { return p }
            n += 1
        }
    }

    /// Makes a note in `folder` with `text`, named after its title (or `fallbackName`); returns its path.
    @discardableResult
    public func create(in folder: String, text: String, fallbackName: String) throws -> String {
        let title = NoteText.title(of: text[...])
        let p = freePath(in: folder, stem: NoteText.fileStem(for: title.isEmpty ? fallbackName : title))
        try write(text, to: p)
        return p
    }

    /// Copies a note beside itself as "NAME copy"; returns the copy's path.
    @discardableResult
    public func duplicate(_ path: String, suffix: String) throws -> String {
        let text = try read(path)
        let (folder, stem, ext) = Self.split(path)
        let p = freePath(in: folder, stem: "\(stem) \(suffix)", ext: ext)
        try write(text, to: p)
        return p
    }

    /// Keeps `text` beside the note as "NAME (conflicted copy)"; returns its path.
    @discardableResult
    public func writeConflictedCopy(of path: String, text: String, suffix: String) throws -> String {
        let (folder, stem, ext) = Self.split(path)
        let p = freePath(in: folder, stem: "\(stem) (\(suffix))", ext: ext)
        try write(text, to: p)
        return p
    }

    /// Moves a note into `folder` (a rename); returns its new path.
    @discardableResult
    public func move(_ path: String, to folder: String) throws -> String {
        let (_, stem, ext) = Self.split(path)
        let p = freePath(in: folder, stem: stem, ext: ext)
        guard rename(url(path).path, url(p).path) == 0 else {
            throw AtomicFile.failure(errno, at: url(folder).path)
        }
        summaries[path] = nil
        ownChanges[path] = .some(nil)
        ownChanges[p] = .some(stamp(p))
        changed()
        return p
    }

    static func split(_ path: String) -> (folder: String, stem: String, ext: String) {
        let slash = path.lastIndex(of: "/")
        let folder = slash.map { String(path[..<$0]) } ?? ""
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let dot = name.lastIndex(of: "."), dot != name.startIndex else { return (folder, name, "md") }
        return (folder, String(name[..<dot]), String(name[name.index(after: dot)...]))
    }

    // MARK: Trash

    /// Moves a note to the Trash as the freedesktop.org Trash specification says: an `info/NAME.trashinfo`
    /// with the original path and the deletion date is made first (exclusively, so two deletions never
    /// take the same name), then the file is renamed to `files/NAME`. Returns the name in the Trash.
    @discardableResult
    public func moveToTrash(_ path: String) throws(FileWriteError) -> String {
        let files = trash.appendingPathComponent("files")
        let info = trash.appendingPathComponent("info")
        try AtomicFile.makeFolders(files.path, permissions: 0o700)
        try AtomicFile.makeFolders(info.path, permissions: 0o700)
        let source = url(path).standardizedFileURL
        let (_, stem, ext) = Self.split(path)
        var n = 1
        while true {
            let name = n == 1 ? "\(stem).\(ext)" : "\(stem).\(n).\(ext)"
            let infoURL = info.appendingPathComponent(name + ".trashinfo")
            let fd = open(infoURL.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
            if fd < 0 {
                if errno == EEXIST {
                    n += 1
                    continue
                }
                throw AtomicFile.failure(errno, at: info.path)
            }
            if FileManager.default.fileExists(atPath: files.appendingPathComponent(name).path) {
                close(fd)
                unlink(infoURL.path)
                n += 1
                continue
            }
            let body = Self.trashInfo(path: source.path, date: now())
            let bytes = Array(body.utf8)
            _ = bytes.withUnsafeBytes { Foundation.write(fd, $0.baseAddress, $0.count) }
            fsync(fd)
            close(fd)
            let target = files.appendingPathComponent(name)
            if rename(source.path, target.path) != 0 {
                if errno == EXDEV {
                    // Another file system: copy, then remove the original only once the copy is there.
                    do {
                        try FileManager.default.copyItem(at: source, to: target)
                        try FileManager.default.removeItem(at: source)
                    } catch {
                        unlink(infoURL.path)
                        throw FileWriteError(error, path: target.path)
                    }
                } else {
                    let code = errno
                    unlink(infoURL.path)
                    throw AtomicFile.failure(code, at: files.path)
                }
            }
            summaries[path] = nil
            ownChanges[path] = .some(nil)
            changed()
            return name
        }
    }

    /// The `.trashinfo` text: the absolute path percent-encoded, the date in local time without a zone.
    nonisolated static func trashInfo(path: String, date: Date) -> String {
        var allowed = CharacterSet.urlPathAllowed
        allowed.remove(charactersIn: "%")
        let encoded = path.addingPercentEncoding(withAllowedCharacters: allowed) ?? path
        let f = DateFormatter()
        f.locale = Locale(identifier: "en_US_POSIX")
        f.timeZone = .current
        f.dateFormat = "yyyy-MM-dd'T'HH:mm:ss"
        return "[Trash Info]\nPath=\(encoded)\nDeletionDate=\(f.string(from: date))\n"
    }
}
