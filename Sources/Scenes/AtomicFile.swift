import Foundation

/// Files written so that a crash or a power cut leaves the old one or the new one, never half of
/// one: a temporary file in the same folder under a name no other writer uses, written, `fsync`ed,
/// renamed over the file, and the folder `fsync`ed. A failure leaves the old file as it was, removes
/// the temporary one, and says why as a `FileWriteError` (a full disk, a read-only folder, a file
/// where a folder should be).
///
/// ```swift
/// try AtomicFile.write(Data("text".utf8), to: "/home/a/Notes/Ideas.md")
/// ```
public enum AtomicFile {
    /// Writes `data` to `path` atomically. `permissions` are the new file's (an existing file keeps
    /// its own); with `folderPermissions` the missing folders above are made first, with those.
    /// `modificationDate` sets the file's date (an app's own time) before it takes the file's place.
    public static func write(
        _ data: Data, to path: String, permissions: mode_t = 0o644, makingFolders folderPermissions: mode_t? = nil,
        modificationDate: Date? = nil
    ) throws(FileWriteError) {
        let slash = path.lastIndex(of: "/")
        let dir = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        if let folderPermissions { try makeFolders(dir, permissions: folderPermissions) }
        var existing = stat()
        let keepsMode = stat(path, &existing) == 0
        var tmp = ""
        var fd: Int32 = -1
        // A name another process of the same number left behind (a crash) is passed over.
        for _ in 0..<3 {
            tmp = (dir == "/" ? "" : dir) + "/." + name + ".\(getpid())-\(counter.next()).tmp"
            fd = open(tmp, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, permissions)
            if fd >= 0 || errno != EEXIST { break }
        }
        guard fd >= 0 else { throw failure(errno, at: dir) }
        var code: Int32 = 0
        // The file keeps its permissions across saves (a note made private stays private).
        if keepsMode, fchmod(fd, existing.st_mode & 0o7777) != 0 { code = errno }
        if code == 0 {
            data.withUnsafeBytes { buffer in
                var done = 0
                while done < buffer.count {
                    let n = Glibc.write(fd, buffer.baseAddress! + done, buffer.count - done)
                    if n < 0 {
                        if errno == EINTR { continue }
                        code = errno
                        return
                    }
                    done += n
                }
            }
        }
        if code == 0, let modificationDate {
            let seconds = modificationDate.timeIntervalSince1970.rounded(.down)
            let nanoseconds = Int((modificationDate.timeIntervalSince1970 - seconds) * 1e9)
            var times = [
                timespec(tv_sec: 0, tv_nsec: Self.utimeOmit),
                timespec(tv_sec: Int(seconds), tv_nsec: min(999_999_999, max(0, nanoseconds))),
            ]
            if futimens(fd, &times) != 0 { code = errno }
        }
        if code == 0, fsync(fd) != 0 { code = errno }
        if close(fd) != 0, code == 0 { code = errno }
        if code == 0, rename(tmp, path) != 0 { code = errno }
        if code != 0 {
            unlink(tmp)
            throw failure(code, at: code == EISDIR ? path : dir)
        }
        let folder = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard folder >= 0 else { throw failure(errno, at: dir) }
        defer { close(folder) }
        if fsync(folder) != 0 { throw failure(errno, at: dir) }
    }

    /// Makes the folder `path` and the missing ones above it with `permissions`; a file standing
    /// where one of them should be is named in the error.
    public static func makeFolders(_ path: String, permissions: mode_t) throws(FileWriteError) {
        var info = stat()
        if stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { return }
        var made = path.hasPrefix("/") ? "" : "."
        for part in path.split(separator: "/") {
            made += "/" + part
            if mkdir(made, permissions) == 0 || errno == EEXIST {
                guard stat(made, &info) == 0, info.st_mode & S_IFMT == S_IFDIR else {
                    throw FileWriteError(path: made, code: ENOTDIR)
                }
                continue
            }
            throw failure(errno, at: made)
        }
    }

    /// The first part of `path` that exists and is not a folder — the file standing where a folder
    /// should be — or nil when there is none.
    public static func fileInTheWay(of path: String) -> String? {
        var made = path.hasPrefix("/") ? "" : "."
        var info = stat()
        for part in path.split(separator: "/") {
            made += "/" + part
            guard stat(made, &info) == 0 else { return nil }
            if info.st_mode & S_IFMT != S_IFDIR { return made }
        }
        return nil
    }

    /// The error for `code` at `path`; for "not a folder", the file that stands in the way.
    public static func failure(_ code: Int32, at path: String) -> FileWriteError {
        if code == ENOTDIR, let file = fileInTheWay(of: path) { return FileWriteError(path: file, code: code) }
        return FileWriteError(path: path, code: code)
    }

    /// `UTIME_OMIT` of `<sys/stat.h>` (a macro Swift does not import): leaves the access time as it is.
    static let utimeOmit = (1 << 30) - 2

    /// Numbers the temporary files of this process, so no two writers share one.
    private static let counter = TemporaryCounter()
}

/// A counter shared by every thread of the process.
private final class TemporaryCounter: @unchecked Sendable {
    private let lock = NSLock()
    private var value = 0

    func next() -> Int {
        lock.lock()
        defer { lock.unlock() }
        value += 1
        return value
    }
}
