import Foundation

/// The throwaway folders of one run (`$TMPDIR/slate-PID-…`: a sample Maildir and state), removed when
/// the process exits — by returning from `main`, by `exit`, or by a usage error — so that `script`,
/// `render`, `lint` and `tour` leave nothing behind.
final class ScratchFolders: @unchecked Sendable {
    static let shared = ScratchFolders()

    private let lock = NSLock()
    private var folders: [URL] = []
    private var registered = false

    /// Remembers `folder` for removal at exit.
    func add(_ folder: URL) {
        lock.lock()
        defer { lock.unlock() }
        folders.append(folder)
        if !registered {
            registered = true
            atexit { ScratchFolders.shared.removeAll() }
        }
    }

    /// Removes every folder remembered so far.
    func removeAll() {
        lock.lock()
        let all = folders
        folders = []
        lock.unlock()
        for f in all { try? FileManager.default.removeItem(at: f) }
    }
}
