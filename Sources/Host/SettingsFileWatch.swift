import Foundation

/// Notices when a file in the settings folder (`$XDG_CONFIG_HOME/slate`) is written or replaced —
/// Settings saving `settings.json` in another process — through inotify, so a poll loop wakes at
/// once and reads it again (`SettingsStore.reloadIfChanged`), with no timer.
public final class SettingsFileWatch {
    /// The inotify descriptor to poll for reading.
    public let fileDescriptor: Int32

    /// Watches `folder` (made when missing, so that a first save is noticed too); nil when inotify
    /// cannot watch it (the settings are then read when the app starts only).
    public init?(folder: URL) {
        // Absent is fine: the folder may exist already; a failure shows as inotify_add_watch's.
        try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_CREATE | IN_DELETE)
        guard inotify_add_watch(fd, folder.path, mask) >= 0 else {
            close(fd)
            return nil
        }
        fileDescriptor = fd
    }

    deinit { close(fileDescriptor) }

    /// Reads what inotify has to say; returns whether anything changed since the last call.
    public func drain() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard n > 0 else { break }
            changed = true
        }
        return changed
    }
}
