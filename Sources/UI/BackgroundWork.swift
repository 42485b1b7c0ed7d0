import Foundation

/// Work a view hands off the main thread — reading a folder, parsing a large file — whose result
/// comes back on the main actor, at the start of a frame of the screen the view is on.
///
/// Where the work runs is the screen's choice (`ScreenEnvironment.backgroundWork`):
/// - `.threads`: on two worker threads at a lower priority than the main thread, so frames go on
///   while it runs (a real window); a frame delivers at most `deliveriesPerFrame` results.
/// - `.frames(jobsPerFrame:)`: on the main thread, at most that many jobs as each frame is prepared,
///   so a run on the virtual clock is repeatable frame by frame (headless runs and tests).
/// - `.automatic`, the default: frames on a virtual clock, threads on any other.
///
/// Either way a result is delivered at one point only: while the screen prepares a frame (the work
/// keeps an animation running while any job is outstanding, so every host draws frames until it is
/// done, and stops when nothing is left). A view on no screen has no frames: its job runs at once and
/// is delivered before `run` returns, as plain code would.
@MainActor public final class BackgroundWork {
    /// Where jobs run.
    public enum Mode: Sendable, Equatable {
        /// Frames on a `VirtualClock`, threads on any other clock.
        case automatic
        /// On a background thread; the result is delivered at the next frame after it is ready.
        case threads
        /// On the main thread, at most `jobsPerFrame` jobs in each frame, in the order given.
        case frames(jobsPerFrame: Int)
    }

    /// A job handed off. Cancelling it drops its result (a job already running on a thread finishes,
    /// unseen).
    @MainActor public final class Ticket {
        fileprivate let id: Int
        fileprivate weak var owner: BackgroundWork?
        /// Whether the result was delivered.
        public fileprivate(set) var isDelivered = false
        /// Whether the job was cancelled before its result was delivered.
        public fileprivate(set) var isCancelled = false

        fileprivate init(id: Int, owner: BackgroundWork?) {
            self.id = id
            self.owner = owner
        }

        /// Drops the job's result; nothing is delivered after this.
        public func cancel() {
            guard !isDelivered, !isCancelled else { return }
            isCancelled = true
            owner?.drop(id)
        }
    }

    /// Where jobs run (see `Mode`); changing it affects jobs handed off afterwards.
    public var mode: Mode
    /// The most results finished on threads that one frame delivers; the rest wait for the next
    /// frames, so a burst of results (rows read together) fills in over a few frames, not one long one.
    public var deliveriesPerFrame = 1
    /// Jobs handed off and not yet delivered.
    public var outstanding: Int { deliveries.count }

    private var nextID = 1
    /// How each outstanding job's result reaches its caller, by ticket id.
    private var deliveries: [Int: (any Sendable) -> Void] = [:]
    /// Jobs waiting for a frame to run on the main thread (`.frames`), in order.
    private var queued: [(id: Int, job: @Sendable () -> any Sendable)] = []
    /// Results finished on threads, waiting for a frame.
    private let inbox = Inbox()
    private var pump: Animation?
    private weak var pumpRoot: RootView?
    private var startingPump = false

    /// Work that runs where `mode` says.
    public init(mode: Mode = .automatic) {
        self.mode = mode
    }

    /// Runs `job` away from the frame being drawn and hands its result to `deliver` on the main actor,
    /// as a frame of `view`'s screen is prepared (at once when the view is on no screen).
    @discardableResult
    public func run<T: Sendable>(
        for view: View, _ job: @escaping @Sendable () -> T, deliver: @escaping @MainActor (T) -> Void
    ) -> Ticket {
        let id = nextID
        nextID += 1
        let ticket = Ticket(id: id, owner: self)
        guard let root = view.root else {
            ticket.isDelivered = true
            deliver(job())
            return ticket
        }
        deliveries[id] = { [weak ticket] value in
            ticket?.isDelivered = true
            // The value is the job's own result: it is a T.
            if let v = value as? T { deliver(v) }
        }
        let erased: @Sendable () -> any Sendable = { job() }
        switch resolvedMode(root) {
        case .threads, .automatic: dispatch(id, erased)
        case .frames: queued.append((id, erased))
        }
        startPump(on: root)
        return ticket
    }

    private func dispatch(_ id: Int, _ job: @escaping @Sendable () -> any Sendable) {
        let inbox = self.inbox
        BackgroundWorkers.shared.submit {
            let value = job()
            inbox.put(id, value)
        }
    }

    private func resolvedMode(_ root: RootView) -> Mode {
        guard mode == .automatic else { return mode }
        return root.clock is VirtualClock ? .frames(jobsPerFrame: Self.defaultJobsPerFrame) : .threads
    }

    /// How many jobs a frame runs on the virtual clock by default.
    public static let defaultJobsPerFrame = 4

    fileprivate func drop(_ id: Int) {
        deliveries[id] = nil
        queued.removeAll { $0.id == id }
        stopPumpIfIdle()
    }

    private func startPump(on root: RootView) {
        guard pump == nil || pump?.isFinished == true else { return }
        startingPump = true
        // A pump that never ends by itself: each frame it runs or collects what is ready; it is
        // cancelled when nothing is outstanding.
        pumpRoot = root
        pump = root.animator.animate(duration: .infinity, curve: .linear) { [weak self] _ in self?.step() }
        startingPump = false
    }

    private func stopPumpIfIdle() {
        guard deliveries.isEmpty, let p = pump else { return }
        pump = nil
        p.cancel()
    }

    /// One frame's share: the queued jobs this frame runs, then the results threads finished (at most
    /// `deliveriesPerFrame`).
    private func step() {
        guard !startingPump else { return }
        // Jobs queued for frames go to threads if the mode changed to threads since (a bench sets it
        // after the screen is made).
        if let root = pumpRoot, resolvedMode(root) == .threads {
            for (id, job) in queued { dispatch(id, job) }
            queued.removeAll()
        }
        var perFrame = Self.defaultJobsPerFrame
        if case .frames(let n) = mode { perFrame = max(1, n) }
        let now = queued.prefix(perFrame)
        queued.removeFirst(now.count)
        for (id, job) in now {
            let value = job()
            deliveries.removeValue(forKey: id)?(value)
        }
        for (id, value) in inbox.take(max(1, deliveriesPerFrame)) {
            deliveries.removeValue(forKey: id)?(value)
        }
        stopPumpIfIdle()
    }
}

/// A value only touched under its lock. A pthread mutex (`NSLock`) rather than Synchronization's
/// `Mutex`: that one is a futex the toolchain builds without ThreadSanitizer, which then cannot see
/// the order it gives and reports every access under it as a race (`make tsan`).
private final class Locked<Value>: @unchecked Sendable {
    private let lock = NSLock()
    private var value: Value

    init(_ value: Value) { self.value = value }

    func withLock<R>(_ body: (inout Value) -> R) -> R {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}

/// Results handed over from worker threads to the main actor. The array is only touched under its
/// lock.
private final class Inbox: Sendable {
    private let results = Locked<[(Int, any Sendable)]>([])

    func put(_ id: Int, _ value: any Sendable) {
        results.withLock { $0.append((id, value)) }
    }

    /// The first `n` results, oldest first (results of cancelled jobs included: they are dropped).
    func take(_ n: Int) -> [(Int, any Sendable)] {
        results.withLock { r in
            let out = Array(r.prefix(n))
            r.removeFirst(out.count)
            return out
        }
    }
}

/// The threads background jobs run on: two, at a lower priority than the main thread (nice 10), so
/// a long parse takes the time frames leave over rather than the frames' own. Shared by every
/// screen of the process; they sleep when there is nothing to do.
private final class BackgroundWorkers: Sendable {
    static let shared = BackgroundWorkers(count: 2)

    private let jobs = Locked<[@Sendable () -> Void]>([])
    private let ready = DispatchSemaphore(value: 0)

    private init(count: Int) {
        for i in 0..<count {
            let t = Thread { [self] in
                #if os(Linux)
                    // Linux gives each thread its own nice value, set by its id (/proc/thread-self
                    // names it: "PID/task/TID").
                    var link = [CChar](repeating: 0, count: 64)
                    if readlink("/proc/thread-self", &link, 63) > 0,
                        let tid = String(decoding: link.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
                            .split(separator: "/").last.flatMap({ id_t($0) })
                    {
                        _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), tid, 10)
                    }
                #endif
                while true {
                    ready.wait()
                    let job = jobs.withLock { $0.isEmpty ? nil : $0.removeFirst() }
                    job?()
                }
            }
            t.name = "slate-work-\(i)"
            t.start()
        }
    }

    func submit(_ job: @escaping @Sendable () -> Void) {
        jobs.withLock { $0.append(job) }
        ready.signal()
    }
}
