import Foundation

/// A folder where writing fails as it does on a real machine, for the tests of every write path:
/// a full disk, a read-only folder, a file standing where the folder should be.
///
/// Made writable first (so a test puts its files there), then `breakWrites()` makes writes fail,
/// and `fixWrites()` makes them work again (space freed, the folder writable, the file moved away).
///
/// Each kind is made the real way: a full disk is a small tmpfs filled up, and a read-only folder
/// is a read-only bind mount — both need root. Without root a read-only folder is one the user may
/// not write (mode 0500), and a full disk, which cannot be made, is replaced by the other failure
/// that can (a file in place of the folder); `way` says which way was taken, and the test prints it,
/// so nothing is skipped silently.
public final class FailingFolder {
    /// What makes the writes fail.
    public enum Kind: String, CaseIterable, Sendable {
        /// No space left on the disk the folder is on (ENOSPC).
        case diskFull
        /// The folder cannot be written (EROFS as root, EACCES otherwise).
        case readOnly
        /// A file stands where the folder should be (ENOTDIR).
        case fileInPlaceOfFolder
    }

    /// The kind asked for.
    public let kind: Kind
    /// The kind made (a full disk without root is made as a file in place of the folder).
    public let madeKind: Kind
    /// The folder.
    public let folder: URL
    /// How the failure is made, in words, for the test's output.
    public let way: String
    private var mounted = false
    private var filler: Int32 = -1
    private var broken = false
    /// The folders made read-only, and their modes before.
    private var modes: [String: mode_t] = [:]

    /// Whether this process runs as root (the real full disk and read-only mount need it).
    public static var isRoot: Bool { geteuid() == 0 }

    /// A writable folder at `folder` (made) that `breakWrites()` will break as `kind` says.
    public init(_ kind: Kind, at folder: URL) throws {
        self.kind = kind
        self.folder = folder
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        switch kind {
        case .diskFull where Self.isRoot:
            try Self.run("/bin/mount", "-t", "tmpfs", "-o", "size=1m,mode=0755", "tmpfs", folder.path)
            mounted = true
            madeKind = .diskFull
            way = "a 1 MiB tmpfs filled up (root)"
        case .diskFull:
            madeKind = .fileInPlaceOfFolder
            way = "no root, so no tmpfs: a file in place of the folder instead"
        case .readOnly where Self.isRoot:
            madeKind = .readOnly
            way = "a read-only bind mount (root)"
        case .readOnly:
            madeKind = .readOnly
            way = "its folders made read-only, chmod -R a-w (not root)"
        case .fileInPlaceOfFolder:
            madeKind = .fileInPlaceOfFolder
            way = "a file in place of the folder"
        }
        print("FailingFolder \(kind.rawValue): \(way)")
    }

    deinit { tearDown() }

    /// Makes writes in the folder fail; a full disk keeps `leaving` bytes free (a small write then
    /// works, a larger one does not — the issue's 8 KiB left, 24 KB typed).
    public func breakWrites(leaving: Int = 0) throws {
        guard !broken else { return }
        broken = true
        switch madeKind {
        case .diskFull:
            // Filled until the disk says it is full, then `leaving` given back: a save of more fails.
            let path = folder.appendingPathComponent(".filler").path
            filler = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
            guard filler >= 0 else { throw Failure("cannot make \(path): \(String(cString: strerror(errno)))") }
            let block = [UInt8](repeating: 0x55, count: 4096)
            var size = 0
            while true {
                let n = block.withUnsafeBytes { write(filler, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                size += n
            }
            guard errno == ENOSPC else { throw Failure("filling the tmpfs: \(String(cString: strerror(errno)))") }
            if leaving > 0 { _ = ftruncate(filler, off_t(max(0, size - leaving))) }
        case .readOnly where Self.isRoot:
            try Self.run("/bin/mount", "--bind", folder.path, folder.path)
            mounted = true
            try Self.run("/bin/mount", "-o", "remount,bind,ro", folder.path)
        case .readOnly:
            // Every folder of the tree, as `chmod -R a-w` would: nothing can be made or replaced in it.
            modes = [:]
            var folders = [folder.path]
            if let walker = FileManager.default.enumerator(atPath: folder.path) {
                while let sub = walker.nextObject() as? String {
                    var info = stat()
                    let path = folder.path + "/" + sub
                    if lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFDIR { folders.append(path) }
                }
            }
            for path in folders {
                var info = stat()
                guard stat(path, &info) == 0 else { continue }
                modes[path] = info.st_mode & 0o7777
                chmod(path, info.st_mode & 0o7555)
            }
        case .fileInPlaceOfFolder:
            let aside = folder.path + ".aside"
            guard rename(folder.path, aside) == 0 else { throw Failure("cannot move \(folder.path) aside") }
            guard FileManager.default.createFile(atPath: folder.path, contents: Data("not a folder\n".utf8)) else {
                throw Failure("cannot put a file at \(folder.path)")
            }
        }
    }

    /// Makes writes in the folder work again, with what was there before.
    public func fixWrites() throws {
        guard broken else { return }
        broken = false
        switch madeKind {
        case .diskFull:
            close(filler)
            filler = -1
            unlink(folder.appendingPathComponent(".filler").path)
        case .readOnly where Self.isRoot:
            try Self.run("/bin/umount", folder.path)
            mounted = false
        case .readOnly:
            for (path, mode) in modes { chmod(path, mode) }
            modes = [:]
        case .fileInPlaceOfFolder:
            unlink(folder.path)
            rename(folder.path + ".aside", folder.path)
        }
    }

    /// Undoes everything (unmounts), leaving the folder's files where the test can remove them.
    public func tearDown() {
        try? fixWrites()  // Teardown: a folder already fixed is fine.
        if mounted {
            try? Self.run("/bin/umount", "-l", folder.path)  // Teardown: already unmounted is fine.
            mounted = false
        }
    }

    /// A step of making the folder that did not work.
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
        init(_ description: String) { self.description = description }
    }

    private static func run(_ arguments: String...) throws {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: arguments[0])
        p.arguments = Array(arguments.dropFirst())
        try p.run()
        p.waitUntilExit()
        guard p.terminationStatus == 0 else { throw Failure("\(arguments.joined(separator: " ")) failed") }
    }
}
