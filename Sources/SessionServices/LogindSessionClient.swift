import Foundation
import SessionBus
import ShellPorts
import UI

/// The login manager (systemd-logind, `org.freedesktop.login1`) as the lock screen needs it, as
/// GNOME Shell and Phosh use it:
/// - the **power key** held by the shell while it runs (a `handle-power-key` block inhibitor), so
///   that a press reaches the shell and locks instead of logind powering the machine off;
/// - a **sleep delay** inhibitor, released once the lock screen shows after `PrepareForSleep(true)`,
///   so the machine never wakes showing the apps; taken again on `PrepareForSleep(false)`;
/// - the session's `Lock` and `Unlock` signals (`loginctl lock-session`), and `SetLockedHint`;
/// - `PowerOff` and `Reboot` (interactive: polkit may ask).
///
/// Everything runs on a bus worker of its own; news reaches the main actor through the mailbox. When
/// logind restarts, the inhibitors are taken again; without logind, `holdsPowerKey` is false and
/// nothing else happens.
@MainActor public final class LogindSessionClient: SessionManagerService {
    /// Told when logind asks the session to lock.
    public var onLock: (@MainActor () -> Void)?
    /// Told when logind asks the session to unlock.
    public var onUnlock: (@MainActor () -> Void)?
    /// Told just before the machine sleeps; `ready` lets it.
    public var onPrepareForSleep: (@MainActor (_ ready: @escaping @MainActor () -> Void) -> Void)?
    /// Whether the power-key inhibitor is held.
    public private(set) var holdsPowerKey = false

    private let worker: BusWorker
    private let mailbox: MainMailbox
    private let state: LoginState
    private let report: @MainActor (any Error, LocalizedString) -> Void

    nonisolated static let name = "org.freedesktop.login1"
    nonisolated static let managerPath = "/org/freedesktop/login1"
    nonisolated static let manager = "org.freedesktop.login1.Manager"
    nonisolated static let session = "org.freedesktop.login1.Session"
    /// How long a call to logind may take.
    nonisolated static let timeout = 2.0
    /// Who holds the inhibitors, as `systemd-inhibit --list` shows it.
    nonisolated static let who = "Slate"

    /// Follows logind on `bus` (the system bus) for the session `sessionID` (by default
    /// `$XDG_SESSION_ID`, else logind's `auto`: the caller's own session); `report` hears of a call
    /// that failed where a person acted (Power Off refused).
    public init(
        bus: BusConnection.Bus, sessionID: String? = nil, mailbox: MainMailbox,
        report: @escaping @MainActor (any Error, LocalizedString) -> Void
    ) {
        self.mailbox = mailbox
        self.report = report
        let state = LoginState(sessionID: sessionID ?? ProcessInfo.processInfo.environment["XDG_SESSION_ID"] ?? "auto")
        self.state = state
        worker = BusWorker(name: "slate-logind", bus: bus)
        worker.subscribe(.nameOwnerChanged(Self.name)) { [weak self] message, bus in
            // arg2, the new owner: empty when logind went away.
            // A NameOwnerChanged of another shape (never sent by the bus) reads as logind gone.
            let reader = message.reader()
            _ = try? reader.string()
            _ = try? reader.string()
            let owner = (try? reader.string()) ?? ""
            state.dropInhibitors()
            if !owner.isEmpty { Self.setUp(bus, state: state) }
            let held = state.holdsPowerKey
            mailbox.post { self?.holdsPowerKey = held }
        }
        worker.subscribe(MatchRule(sender: Self.name, interface: Self.manager, member: "PrepareForSleep")) {
            [weak self] message, bus in
            // A PrepareForSleep without its boolean (never sent by logind) reads as waking.
            let sleeping = (try? message.reader().bool()) ?? false
            if sleeping {
                mailbox.post { self?.prepareForSleep() }
            } else {
                state.takeSleepDelay(bus)
            }
        }
        worker.subscribe(MatchRule(sender: Self.name, interface: Self.session, member: "Lock")) {
            [weak self] message, _ in
            guard message.path == state.sessionPath else { return }
            mailbox.post { self?.onLock?() }
        }
        worker.subscribe(MatchRule(sender: Self.name, interface: Self.session, member: "Unlock")) {
            [weak self] message, _ in
            guard message.path == state.sessionPath else { return }
            mailbox.post { self?.onUnlock?() }
        }
        worker.perform { [weak self] bus in
            Self.setUp(bus, state: state)
            let held = state.holdsPowerKey
            mailbox.post { self?.holdsPowerKey = held }
        }
    }

    isolated deinit {
        worker.stop()
        state.dropInhibitors()
    }

    /// The session's object path, once known (for tests and `loginctl`'s view).
    public var sessionPath: String? { state.sessionPath }

    /// Finds the session and takes the inhibitors (on the worker's thread).
    nonisolated static func setUp(_ bus: BusConnection, state: LoginState) {
        // Absent is fine: without logind (or a session of ours) there is nothing to lock on its word.
        if let reply = try? bus.call(
            destination: name, path: managerPath, interface: manager, method: "GetSession", timeout: timeout,
            arguments: { $0.string(state.sessionID) }),
            let path = try? reply.reader().objectPath()
        {
            state.sessionPath = path
        }
        state.takePowerKey(bus)
        state.takeSleepDelay(bus)
    }

    /// Asks the shell to lock, and lets the machine sleep once it has (or at once with no shell told).
    private func prepareForSleep() {
        let state = self.state
        let ready: @MainActor () -> Void = { state.releaseSleepDelay() }
        if let onPrepareForSleep { onPrepareForSleep(ready) } else { ready() }
    }

    /// Tells logind whether the session is locked.
    public func setLockedHint(_ locked: Bool) {
        let state = self.state
        worker.perform { bus in
            guard let path = state.sessionPath else { return }
            // A hint logind did not take leaves only `loginctl` unaware: nothing a person sees.
            _ = try? bus.call(
                destination: Self.name, path: path, interface: Self.session, method: "SetLockedHint",
                timeout: Self.timeout, arguments: { $0.bool(locked) })
        }
    }

    /// Powers off through logind.
    public func powerOff() {
        managerCall("PowerOff", what: LocalizedString(en: "power off", ru: "выключить устройство"))
    }

    /// Restarts through logind.
    public func reboot() { managerCall("Reboot", what: LocalizedString(en: "restart", ru: "перезагрузить устройство")) }

    private func managerCall(_ method: String, what: LocalizedString) {
        let mailbox = self.mailbox
        worker.perform { [weak self] bus in
            do throws(BusError) {
                _ = try bus.call(
                    destination: Self.name, path: Self.managerPath, interface: Self.manager, method: method,
                    timeout: Self.timeout, arguments: { $0.bool(true) })
            } catch {
                mailbox.post { self?.report(error, what) }
            }
        }
    }
}

/// What the worker knows of logind: the session's path and the inhibitors' descriptors (closing one
/// releases it).
final class LoginState: @unchecked Sendable {
    let sessionID: String
    private let lock = NSLock()
    private var path: String?
    private var powerKey: Int32 = -1
    private var sleepDelay: Int32 = -1

    init(sessionID: String) { self.sessionID = sessionID }

    var sessionPath: String? {
        get { lock.withLock { path } }
        set { lock.withLock { path = newValue } }
    }

    var holdsPowerKey: Bool { lock.withLock { powerKey >= 0 } }
    var holdsSleepDelay: Bool { lock.withLock { sleepDelay >= 0 } }

    func takePowerKey(_ bus: BusConnection) {
        guard !holdsPowerKey,
            let fd = Self.inhibit(bus, what: "handle-power-key", why: "The power key locks the screen", mode: "block")
        else { return }
        lock.withLock { powerKey = fd }
    }

    func takeSleepDelay(_ bus: BusConnection) {
        guard !holdsSleepDelay,
            let fd = Self.inhibit(bus, what: "sleep", why: "The screen locks before sleep", mode: "delay")
        else { return }
        lock.withLock { sleepDelay = fd }
    }

    func releaseSleepDelay() {
        lock.withLock {
            if sleepDelay >= 0 { close(sleepDelay) }
            sleepDelay = -1
        }
    }

    func dropInhibitors() {
        lock.withLock {
            if powerKey >= 0 { close(powerKey) }
            if sleepDelay >= 0 { close(sleepDelay) }
            powerKey = -1
            sleepDelay = -1
        }
    }

    /// logind's `Inhibit(what, who, why, mode)`: the descriptor that holds it, or nil.
    static func inhibit(_ bus: BusConnection, what: String, why: String, mode: String) -> Int32? {
        // Absent is fine: an inhibitor refused (no logind, polkit says no) leaves the key to logind.
        guard
            let reply = try? bus.call(
                destination: LogindSessionClient.name, path: LogindSessionClient.managerPath,
                interface: LogindSessionClient.manager, method: "Inhibit", timeout: LogindSessionClient.timeout,
                arguments: {
                    $0.string(what)
                    $0.string(LogindSessionClient.who)
                    $0.string(why)
                    $0.string(mode)
                }),
            let fd = try? reply.reader().fileDescriptor(), fd >= 0
        else { return nil }
        return fd
    }
}
