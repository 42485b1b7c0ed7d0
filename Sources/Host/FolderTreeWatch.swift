import Foundation

/// Notices files coming, changing and going in folder trees through inotify — a program installed
/// or removed while the shell runs (its `.desktop` file under `applications/`) — so a poll loop
/// wakes at once, with no timer. Every folder of each tree is watched (a file's place in a subfolder
/// matters: `kde/foo.desktop` is `kde-foo`); a tree whose root does not exist yet is waited for at
/// its nearest existing parent, and watched whole once it comes (a first install into a missing
/// `~/.local/share/applications`). Folders that come and go inside a tree are watched and
/// forgotten as they do; symbolic links to folders are not followed (as the catalog reads them).
///
/// One instance for any number of trees; `SettingsFileWatch` stays the settings folder's own (one
/// folder, made when missing).
public final class FolderTreeWatch {
    /// Why there is no watch: inotify could not be had (the person's instances used up, a kernel
    /// without it).
    public struct Unavailable: Error, CustomStringConvertible, Sendable {
        /// What the kernel said.
        public var reason: String
        public var description: String { "inotify is not available: \(reason)" }
    }

    /// The inotify descriptor to poll for reading.
    public let fileDescriptor: Int32
    /// The trees' roots, whether they exist or not.
    public let roots: [String]
    /// The folders that could not be watched now (the person's inotify watches used up): changes
    /// in them are seen at the next change elsewhere, or not at all.
    public private(set) var unwatchable: Set<String> = []

    /// Only files whose name ends so count as a change (nil: every file): `mimeinfo.cache`, which
    /// `update-desktop-database` writes after every install, is not a program.
    private let fileSuffix: String?
    /// What each inotify watch is on, by its watch descriptor.
    private var watched: [Int32: Folder] = [:]
    /// The watch descriptor of each folder watched, by path.
    private var descriptors: [String: Int32] = [:]

    /// One folder watched: in a tree (every change in it counts) or a parent waiting for a tree's
    /// root (only the names on the way to a root count), or both.
    private struct Folder: Equatable {
        var path: String
        var inTree = false
        /// The names of this folder's children that lead to a root not there yet.
        var awaited: Set<String> = []
    }

    /// The deepest folder watched under a root: deeper ones are not programs' folders.
    public static let maximumDepth = 8
    /// The most folders watched in all: a tree of thousands of folders is not `applications/`, and
    /// the person's inotify watches are shared with every program.
    public static let maximumFolders = 1024

    /// What a folder in a tree is watched for: files written, moved in or out, made and deleted,
    /// and the folder itself deleted or moved away.
    private static let treeMask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF
            | IN_ONLYDIR)
    /// What a parent waiting for a root is watched for: a child made or moved in, and itself going.
    private static let parentMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE_SELF | IN_MOVE_SELF | IN_ONLYDIR)

    /// Watches the trees under `roots`; `fileSuffix` names the files that count. Throws when inotify
    /// cannot be had at all; a folder that cannot be watched is in `unwatchable`.
    public init(roots: [String], fileSuffix: String? = nil) throws(Unavailable) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw Unavailable(reason: String(cString: strerror(errno))) }
        fileDescriptor = fd
        self.roots = roots
        self.fileSuffix = fileSuffix
        rescan()
    }

    deinit { close(fileDescriptor) }

    /// What came, changed or went in the trees since the last drain.
    public struct Changes: Equatable, Sendable {
        /// The files (those that count) and folders that came, changed or went, by absolute path.
        public var paths: Set<String> = []
        /// Whether anything at all may have changed: events were lost (the kernel's queue overflowed)
        /// or a tree's root came.
        public var everything = false

        /// Changes of these `paths`, or of `everything`.
        public init(paths: Set<String> = [], everything: Bool = false) {
            self.paths = paths
            self.everything = everything
        }
    }

    /// Reads what inotify has to say; returns whether a file that counts (or a folder of a tree)
    /// came, changed or went since the last call. A queue that overflowed counts as a change of
    /// everything. Folders that came are watched before it returns.
    public func drain() -> Bool { drainChanges() != nil }

    /// Reads what inotify has to say: what changed since the last call, or nil when nothing that
    /// counts did. Folders that came are watched before it returns.
    public func drainChanges() -> Changes? {
        var changes = Changes()
        var changed = false
        var needsRescan = false
        // Room for many events at once (each is 16 bytes and its name, NAME_MAX at most).
        var buffer = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (descriptor, mask, nameLength) = buffer.withUnsafeBytes { bytes in
                    (
                        bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                        bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + nameLength)]
                let name = String(decoding: nameBytes.prefix { $0 != 0 }, as: UTF8.self)
                offset += 16 + nameLength
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    // Events were lost: everything may have changed, folders included.
                    changed = true
                    changes.everything = true
                    needsRescan = true
                    continue
                }
                guard let folder = watched[descriptor] else { continue }
                if mask & UInt32(IN_IGNORED | IN_DELETE_SELF | IN_MOVE_SELF) != 0 {
                    // The folder went (or its watch did): what is watched is looked at again.
                    needsRescan = true
                    if folder.inTree {
                        changed = true
                        changes.paths.insert(folder.path)
                    }
                    continue
                }
                if folder.awaited.contains(name) {
                    needsRescan = true
                    changed = true
                    changes.everything = true
                }
                guard folder.inTree else { continue }
                if mask & UInt32(IN_ISDIR) != 0 {
                    needsRescan = true
                    changed = true
                    changes.paths.insert(folder.path + "/" + name)
                } else if fileSuffix.map(name.hasSuffix) ?? true {
                    changed = true
                    changes.paths.insert(folder.path + "/" + name)
                }
            }
        }
        if needsRescan { rescan() }
        return changed ? changes : nil
    }

    /// Watches what should be watched now — every folder of each existing tree, the nearest
    /// existing parent of each missing root — and forgets the rest.
    private func rescan() {
        var wanted: [String: Folder] = [:]
        var order: [String] = []
        func want(_ path: String, _ change: (inout Folder) -> Void) {
            if wanted[path] == nil {
                guard order.count < Self.maximumFolders else { return }
                wanted[path] = Folder(path: path)
                order.append(path)
            }
            change(&wanted[path]!)
        }
        for root in roots {
            if Self.isFolder(root) {
                for path in Self.folders(under: root) { want(path) { $0.inTree = true } }
                continue
            }
            // The nearest existing parent waits for the next folder on the way to the root.
            var child = (root as NSString).lastPathComponent
            var parent = (root as NSString).deletingLastPathComponent
            while !parent.isEmpty, parent != "/", !Self.isFolder(parent) {
                child = (parent as NSString).lastPathComponent
                parent = (parent as NSString).deletingLastPathComponent
            }
            if parent.isEmpty { parent = "/" }
            want(parent) { $0.awaited.insert(child) }
        }
        // Forgotten first: a folder no longer wanted sends no more events that count.
        for (path, descriptor) in descriptors where wanted[path] == nil {
            inotify_rm_watch(fileDescriptor, descriptor)
            watched[descriptor] = nil
            descriptors[path] = nil
        }
        unwatchable = []
        for path in order {
            let folder = wanted[path]!
            let mask = folder.inTree ? Self.treeMask : Self.parentMask
            let descriptor = inotify_add_watch(fileDescriptor, path, mask)
            guard descriptor >= 0 else {
                // Gone since it was listed (nothing to watch), or the person's watches used up.
                if errno != ENOENT, errno != ENOTDIR { unwatchable.insert(path) }
                if let old = descriptors.removeValue(forKey: path) { watched[old] = nil }
                continue
            }
            if let old = descriptors[path], old != descriptor { watched[old] = nil }
            descriptors[path] = descriptor
            watched[descriptor] = folder
        }
    }

    /// Whether `path` is a folder (or a link to one).
    private static func isFolder(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// `root` and its folders, `maximumDepth` deep at most, not through links.
    private static func folders(under root: String) -> [String] {
        var out: [String] = []
        var level = [root]
        for _ in 0...maximumDepth {
            out += level
            var next: [String] = []
            for folder in level {
                // A folder that cannot be listed has no subfolders to watch.
                let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
                for name in names.sorted() {
                    let path = folder + "/" + name
                    let type = (try? FileManager.default.attributesOfItem(atPath: path))?[.type] as? FileAttributeType
                    if type == .typeDirectory { next.append(path) }
                }
            }
            guard !next.isEmpty, out.count < maximumFolders else { break }
            level = next
        }
        return out
    }
}
