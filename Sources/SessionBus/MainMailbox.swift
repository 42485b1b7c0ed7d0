import Foundation

/// Work that other threads (a `BusWorker`, a sound server's thread) send to the main actor. The
/// main loop waits on `fileDescriptor` with its other descriptors and calls `drain()` when it can be
/// read; the work runs there, in the order it was posted.
///
/// ```swift
/// let mailbox = MainMailbox()
/// host.watch([mailbox.fileDescriptor]) { mailbox.drain() }
/// worker.perform { bus in
///     let level = readLevel(bus)
///     mailbox.post { statusBar.level = level }
/// }
/// ```
public final class MainMailbox: @unchecked Sendable {
    private let lock = NSLock()
    private var pending: [@MainActor @Sendable () -> Void] = []
    private let wake = WakePipe()
    /// Readable while work waits (a pipe's read end).
    public var fileDescriptor: Int32 { wake.readEnd }

    /// An empty mailbox.
    public init() {}

    /// Sends `work` to the main actor; it runs at the next `drain()`.
    public func post(_ work: @escaping @MainActor @Sendable () -> Void) {
        lock.withLock { pending.append(work) }
        wake.signal()
    }

    /// Whether work waits.
    public var hasWork: Bool { lock.withLock { !pending.isEmpty } }

    /// Runs the work posted so far, oldest first; returns how many ran.
    @MainActor @discardableResult
    public func drain() -> Int {
        wake.clear()
        let now = lock.withLock {
            defer { pending.removeAll() }
            return pending
        }
        for w in now { w() }
        return now.count
    }

    /// Waits up to `timeout` seconds for work and runs it (tests and headless loops); returns how
    /// many ran.
    @MainActor @discardableResult
    public func wait(timeout: Double) -> Int {
        var fd = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
        _ = poll(&fd, 1, Int32(max(0, timeout) * 1000))
        return drain()
    }
}
