import Foundation

/// A thread that owns one bus connection, so that the main thread never waits on the bus: jobs
/// run on it in order (their calls may block, each for its own timeout), the signals it subscribed
/// to reach their handlers on it, and calls to the objects its `server` serves are answered on it.
/// Results go to the main actor through a `MainMailbox`.
///
/// When the bus cannot be reached, or goes away, `isConnected` turns false, `onDisconnect` is
/// called on the thread, and later jobs are dropped: a client built on a worker sees no service.
///
/// ```swift
/// let worker = BusWorker(name: "slate-power", bus: .system)
/// worker.subscribe(.propertiesChanged(sender: "org.freedesktop.UPower")) { signal, bus in
///     let percentage = try? bus.property("Percentage", of: device, at: path, on: name, timeout: 0.5)
///     mailbox.post { status.update(percentage) }
/// }
/// ```
public final class BusWorker: @unchecked Sendable {
    /// A job, run on the worker's thread with its connection.
    public typealias Job = @Sendable (BusConnection) -> Void
    /// A signal's handler, run on the worker's thread.
    public typealias SignalHandler = @Sendable (Message, BusConnection) -> Void

    private let lock = NSLock()
    private var jobs: [Job] = []
    private var subscriptions: [(rule: MatchRule, handler: SignalHandler)] = []
    private var stopping = false
    private var connected = false
    private var ended = false
    private let wake = WakePipe()
    private let finished = DispatchSemaphore(value: 0)
    /// The objects the worker serves; touch it only from jobs (on the worker's thread).
    public let server = BusObjectServer()
    /// Called on the worker's thread when the bus cannot be reached or went away.
    private let onDisconnect: (@Sendable (BusError) -> Void)?

    /// Starts a thread named `name` connected to `bus`; `onDisconnect` hears (on that thread) when
    /// the bus cannot be reached or goes away.
    public init(name: String, bus: BusConnection.Bus, onDisconnect: (@Sendable (BusError) -> Void)? = nil) {
        self.onDisconnect = onDisconnect
        let thread = Thread { [self] in run(bus) }
        thread.name = name
        thread.start()
    }

    /// Whether the worker is connected to its bus now (false before it connected, and after it lost
    /// the bus or was stopped).
    public var isConnected: Bool { lock.withLock { connected } }

    /// Runs `job` on the worker's thread, after the jobs before it; dropped when the worker has no bus.
    public func perform(_ job: @escaping Job) {
        let accepted = lock.withLock {
            guard !ended else { return false }
            jobs.append(job)
            return true
        }
        if accepted { signalWake() }
    }

    /// Asks the bus for the signals `rule` matches and hands each one that arrives to `handler`, on
    /// the worker's thread. A rule the bus refuses is reported to `onError` (on that thread).
    public func subscribe(
        _ rule: MatchRule, onError: (@Sendable (BusError) -> Void)? = nil, handler: @escaping SignalHandler
    ) {
        perform { [self] bus in
            do throws(BusError) {
                try bus.addMatch(rule)
                lock.withLock { subscriptions.append((rule, handler)) }
            } catch {
                onError?(error)
            }
        }
    }

    /// Ends the thread after the job under way, and waits for it (at most `timeout` seconds).
    public func stop(timeout: Double = 2) {
        let first = lock.withLock {
            defer { stopping = true }
            return !stopping
        }
        guard first else { return }
        signalWake()
        _ = finished.wait(timeout: .now() + timeout)
    }

    private func signalWake() { wake.signal() }

    private func run(_ bus: BusConnection.Bus) {
        defer {
            lock.withLock {
                connected = false
                ended = true
                jobs.removeAll()
            }
            finished.signal()
        }
        let connection: BusConnection
        do throws(BusError) {
            connection = try BusConnection(bus)
        } catch {
            onDisconnect?(error)
            return
        }
        lock.withLock { connected = true }
        guard let busFD = connection.fileDescriptor else {
            onDisconnect?(.disconnected("the bus connection has no socket"))
            return
        }
        while true {
            // Jobs, then what arrived (calls made by jobs and handlers queue what came meanwhile),
            // until nothing is left; then sleep until the bus or a new job wakes the thread.
            var idle = false
            while !idle {
                if lock.withLock({ stopping }) { return }
                let now = lock.withLock {
                    defer { jobs.removeAll() }
                    return jobs
                }
                for job in now { job(connection) }
                connection.flush()
                let messages = connection.receive()
                if !messages.isEmpty {
                    let subs = lock.withLock { subscriptions }
                    for m in server.handle(messages, on: connection) where m.kind == .signal {
                        for s in subs where s.rule.matches(m) { s.handler(m, connection) }
                    }
                }
                guard connection.isConnected else {
                    onDisconnect?(.disconnected("the bus went away"))
                    return
                }
                idle = now.isEmpty && messages.isEmpty
            }
            var fds = [
                pollfd(fd: busFD, events: Int16(POLLIN), revents: 0),
                pollfd(fd: wake.readEnd, events: Int16(POLLIN), revents: 0),
            ]
            _ = poll(&fds, 2, -1)
            if fds[1].revents != 0 { wake.clear() }
        }
    }
}
