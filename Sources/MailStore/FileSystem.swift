import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Small POSIX helpers with errno-based errors. Stateless.
enum FileSystem {
    /// A directory entry.
    struct Entry {
        var name: String
        /// Whether the entry is a directory (after following symlinks).
        var isDirectory: Bool
        var isRegularFile: Bool
    }

    /// The text for the current `errno`.
    static func errnoText(_ code: Int32 = errno) -> String {
        String(cString: strerror(code))
    }

    /// Lists `path`, skipping "." and ".." and names that are not valid UTF-8.
    /// Throws the errno text when the directory cannot be opened.
    static func list(_ path: String) throws(ErrnoError) -> [Entry] {
        guard let dir = opendir(path) else { throw ErrnoError(code: errno) }
        defer { closedir(dir) }
        var entries: [Entry] = []
        while true {
            errno = 0
            guard let entry = readdir(dir) else {
                if errno != 0 { throw ErrnoError(code: errno) }
                break
            }
            let name: String? = withUnsafePointer(to: &entry.pointee.d_name) { pointer in
                pointer.withMemoryRebound(to: CChar.self, capacity: Int(NAME_MAX) + 1) {
                    String(validatingCString: $0)
                }
            }
            guard let name, name != ".", name != ".." else { continue }
            let type = Int32(entry.pointee.d_type)
            var isDirectory = type == Int32(DT_DIR)
            var isRegular = type == Int32(DT_REG)
            if type == Int32(DT_UNKNOWN) || type == Int32(DT_LNK) {
                var st = stat()
                if stat(path + "/" + name, &st) == 0 {
                    isDirectory = (st.st_mode & S_IFMT) == S_IFDIR
                    isRegular = (st.st_mode & S_IFMT) == S_IFREG
                }
            }
            entries.append(Entry(name: name, isDirectory: isDirectory, isRegularFile: isRegular))
        }
        return entries
    }

    /// Whether something (file, directory, dangling link) exists at `path`.
    static func exists(_ path: String) -> Bool {
        var st = stat()
        return lstat(path, &st) == 0
    }

    /// Whether `path` is a directory.
    static func isDirectory(_ path: String) -> Bool {
        var st = stat()
        return stat(path, &st) == 0 && (st.st_mode & S_IFMT) == S_IFDIR
    }

    /// Creates a directory unless it already exists as one.
    static func makeDirectory(_ path: String) throws(MaildirError) {
        if mkdir(path, 0o700) != 0 {
            let code = errno
            if code == EEXIST && isDirectory(path) { return }
            // A file where the folder should be is said as such, not as "File exists".
            throw .cannotWrite(path: path, code: code == EEXIST ? ENOTDIR : code)
        }
    }

    /// Renames `from` to `to` with rename(2), refusing to replace an existing file.
    ///
    /// The existence check and the rename are two steps; Maildir unique names
    /// make a clash in between practically impossible.
    static func renameNoReplace(_ from: String, _ to: String) throws(MaildirError) {
        if exists(to) { throw .nameClash(path: to) }
        if rename(from, to) != 0 {
            throw .ioFailure(operation: "rename to \(to)", path: from, reason: errnoText())
        }
    }

    /// Creates `path` exclusively, writes `data`, fsyncs and closes it.
    /// Returns false (writing nothing) if the file already exists.
    static func writeNew(_ path: String, _ data: Data, sync: Bool) throws(MaildirError) -> Bool {
        let fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        if fd < 0 {
            if errno == EEXIST { return false }
            throw .cannotWrite(path: (path as NSString).deletingLastPathComponent, code: errno)
        }
        var failure: Int32 = 0
        data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
            var offset = 0
            while offset < buffer.count {
                let n = write(fd, buffer.baseAddress! + offset, buffer.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0, sync, fsync(fd) != 0 { failure = errno }
        if close(fd) != 0, failure == 0 { failure = errno }
        if failure != 0 {
            unlink(path)  // our own partial file in tmp/, never a delivered message
            throw .cannotWrite(path: (path as NSString).deletingLastPathComponent, code: failure)
        }
        return true
    }

    /// fsyncs a directory so a rename into it is durable.
    static func syncDirectory(_ path: String) {
        let fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard fd >= 0 else { return }
        _ = fsync(fd)
        close(fd)
    }

    /// Reads up to `limit` bytes from the start of `path` (the whole file when nil).
    /// `complete` tells whether the whole file was read.
    static func read(_ path: String, limit: Int? = nil) throws(ErrnoError) -> (data: Data, complete: Bool) {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { throw ErrnoError(code: errno) }
        defer { close(fd) }
        var st = stat()
        var size = 64 * 1024
        if fstat(fd, &st) == 0, (st.st_mode & S_IFMT) == S_IFREG { size = Int(st.st_size) }
        let cap = limit ?? Int.max
        // One spare byte lets a single extra read() see the end of the file.
        var buffer = [UInt8](repeating: 0, count: min(size, cap) + 1)
        var total = 0
        while total < cap {
            if total == buffer.count {
                buffer.append(contentsOf: repeatElement(0, count: min(max(64 * 1024, buffer.count), cap - total)))
            }
            let want = min(buffer.count, cap) - total
            let n = buffer.withUnsafeMutableBytes { posixRead(fd, $0.baseAddress! + total, want) }
            if n < 0 {
                if errno == EINTR { continue }
                throw ErrnoError(code: errno)
            }
            if n == 0 { return (Data(buffer[0..<total]), true) }
            total += n
        }
        // Stopped at the limit: complete only if the file ends exactly here.
        return (Data(buffer[0..<total]), size <= total)
    }
}

/// An errno value from a failed system call.
struct ErrnoError: Error {
    var code: Int32
    var text: String { FileSystem.errnoText(code) }
}

/// `read(2)`, under a name that does not clash with `FileSystem.read`.
private func posixRead(_ fd: Int32, _ buffer: UnsafeMutableRawPointer, _ count: Int) -> Int {
    read(fd, buffer, count)
}
