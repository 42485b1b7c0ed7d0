import Foundation
import SessionBus

/// One system service followed from a bus worker of its own: its state is read again (once, however
/// many signals came together) when one of its signals comes or its name changes hands, and handed to
/// the main actor. A service that is not running reads as its absence (nil), and comes back when it
/// starts. Every call is bounded by `ServiceWatcher.timeout`.
final class ServiceWatcher<State: Sendable>: @unchecked Sendable {
    /// The longest a call to a service may take (Slate's: a service slower than this is as good as
    /// absent to a status bar).
    static var timeout: Double { 0.5 }

    private let worker: BusWorker
    private let lock = NSLock()
    private var pending = false
    private let read: @Sendable (BusConnection) -> State
    private let deliver: @Sendable (State) -> Void

    /// Follows the service `busName` on `bus`: `rules` are its signals (its `NameOwnerChanged` is
    /// added), `read` reads its state on the worker's thread, `deliver` takes it there (and posts it
    /// to the main actor). `setUp` runs first, and again whenever the service (re)starts.
    init(
        thread: String, bus: BusConnection.Bus, busName: String, rules: [MatchRule],
        setUp: (@Sendable (BusConnection) -> Void)? = nil,
        read: @escaping @Sendable (BusConnection) -> State, deliver: @escaping @Sendable (State) -> Void,
        onBusMissing: @escaping @Sendable () -> Void
    ) {
        worker = BusWorker(name: thread, bus: bus) { _ in onBusMissing() }
        self.read = read
        self.deliver = deliver
        worker.subscribe(.nameOwnerChanged(busName)) { [weak self] _, bus in
            setUp?(bus)
            self?.refresh()
        }
        for rule in rules { worker.subscribe(rule) { [weak self] _, _ in self?.refresh() } }
        worker.perform { [weak self] bus in
            setUp?(bus)
            self?.readNow(bus)
        }
    }

    /// Reads the state again soon (once for any number of asks before it does).
    func refresh() {
        let first = lock.withLock {
            defer { pending = true }
            return !pending
        }
        guard first else { return }
        worker.perform { [weak self] bus in self?.readNow(bus) }
    }

    private func readNow(_ bus: BusConnection) {
        lock.withLock { pending = false }
        deliver(read(bus))
    }

    /// Runs `job` on the service's thread (a command: set a property, call a method).
    func perform(_ job: @escaping @Sendable (BusConnection) -> Void) { worker.perform(job) }

    /// Stops following the service.
    func stop() { worker.stop() }
}
