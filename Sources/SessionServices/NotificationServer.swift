import Foundation
import SessionBus
import ShellPorts
import UI

/// Slate as the session's notification server: `org.freedesktop.Notifications` at
/// `/org/freedesktop/Notifications` (Desktop Notifications Specification 1.2), on a thread of its own
/// (`BusWorker`), so that a program that floods or sends a huge picture never holds the screen. Each
/// `Notify` is read and bounded there (`NotificationServer.notification(from:)`: text cut, markup read,
/// the picture scaled once), a sender posting too fast is refused (`LimitsExceeded`), and what is left
/// reaches the shell through the mailbox. The person's taps go back as `ActionInvoked`,
/// `ActivationToken` and `NotificationClosed`.
///
/// When another server already holds the name (Slate nested in a desktop), it says so once through
/// `report`, and the shell shows only Slate's own apps' notifications.
@MainActor public final class NotificationServer: NotificationService {
    /// The well-known name and the object's path and interface.
    public nonisolated static let name = "org.freedesktop.Notifications"
    nonisolated static let path = "/org/freedesktop/Notifications"
    nonisolated static let interface = "org.freedesktop.Notifications"

    /// Told of each notification posted (or replacing the one of its number).
    public var onNotify: (@MainActor (ShellNotification) -> Void)?
    /// Told of each `CloseNotification`.
    public var onClose: (@MainActor (UInt32) -> Void)?
    /// Whether Slate holds the name now (false: another server does, or the bus is not there).
    public private(set) var ownsName = false
    /// This Slate's own name for the server (`org.slate.Notifications.Shell_<pid>_<random>`), known
    /// before the bus answers: Slate's app processes post there (`SLATE_NOTIFICATIONS`), so that their
    /// notifications reach Slate even where another server holds the well-known name, and the shell
    /// starts them without waiting for the bus. The server asks for it first, as it connects.
    public nonisolated let slateName = NotificationServer.makeSlateName()
    /// Told, once, where the bus refused `slateName`: the connection's unique name, for app processes
    /// started after to post to instead.
    public var onSlateNameRefused: (@MainActor (String) -> Void)?
    /// The server's connection's unique name on the bus (":1.42"), once connected.
    public private(set) var uniqueName: String?
    private let worker: BusWorker
    private let state = ServerState()

    /// Serves on `bus` (the session bus), handing news over through `mailbox`; `report` hears, once,
    /// that another server holds the name.
    public init(
        bus: BusConnection.Bus = .session, mailbox: MainMailbox,
        report: @escaping @MainActor (any Error, LocalizedString) -> Void
    ) {
        worker = BusWorker(name: "slate-notifications", bus: bus)
        let state = self.state
        let slateName = slateName
        worker.perform { [weak self, worker] bus in
            worker.server.serve([Self.interface(owner: self, state: state, mailbox: mailbox)], at: Self.path)
            let unique = bus.uniqueName
            let owned = (try? bus.requestName(slateName)) ?? false
            mailbox.post {
                self?.uniqueName = unique
                if !owned { self?.onSlateNameRefused?(unique) }
            }
        }
        worker.perform { [weak self] bus in
            bus.flush()
            let owned: Bool
            var failure: BusError?
            do throws(BusError) {
                owned = try bus.requestName(Self.name)
            } catch {
                owned = false
                failure = error
            }
            // Served either way: a program that calls Slate's connection by its unique name still gets
            // answers (Slate's own app processes, nested).
            mailbox.post {
                self?.ownsName = owned
                guard !owned else { return }
                report(
                    failure ?? BusError.failed("another notification server holds \(Self.name)"),
                    LocalizedString(
                        en: "show other programs' notifications (Slate shows its own apps')",
                        ru: "показывать уведомления других программ (Slate показывает уведомления своих)"))
            }
        }
    }

    isolated deinit { worker.stop() }

    /// A name no other Slate on the bus has: the process's number and 32 random bits.
    nonisolated static func makeSlateName() -> String {
        "org.slate.Notifications.Shell_\(getpid())_\(String(UInt32.random(in: .min ... .max), radix: 16))"
    }

    /// The interface the server serves, built on its thread: the spec's methods; the news handed to
    /// `owner` through `mailbox`.
    private nonisolated static func interface(
        owner: NotificationServer?, state: ServerState, mailbox: MainMailbox
    ) -> BusInterface {
        var interface = BusInterface(name: Self.interface, introspection: Self.introspection)
        interface.methods["GetCapabilities"] = { _, _ in
            { w in w.array("s") { for c in Self.capabilities { w.string(c) } } }
        }
        interface.methods["GetServerInformation"] = { _, _ in
            { w in
                w.string("Slate")
                w.string("Slate")
                w.string("1.0")
                w.string("1.2")
            }
        }
        interface.methods["Notify"] = { [weak owner] call, arguments in
            let sender = call.sender
            guard state.allow(sender) else {
                throw BusError(
                    name: "org.freedesktop.DBus.Error.LimitsExceeded",
                    message: "\(sender) posts notifications faster than \(Int(NotificationLimits.perSecond)) a second")
            }
            var n = try Self.notification(from: arguments, sender: sender, date: Date())
            if n.id == 0 { n.id = state.reserve() }
            let posted = n
            mailbox.post { owner?.onNotify?(posted) }
            return { w in w.uint32(posted.id) }
        }
        interface.methods["CloseNotification"] = { [weak owner] _, arguments in
            let id = try arguments.uint32()
            mailbox.post { owner?.onClose?(id) }
            return nil
        }
        return interface
    }

    /// Whether the server's thread is connected to its bus.
    public var isConnected: Bool { worker.isConnected }

    /// A number no notification had (the shell's own apps' take theirs here).
    public nonisolated func reserveID() -> UInt32 { state.reserve() }

    /// Numbers from now on follow `id`.
    public nonisolated func numberAfter(_ id: UInt32) { state.numberAfter(id) }

    /// Sends `ActivationToken` (when there is one) and `ActionInvoked` for notification `id`.
    public func invoke(_ id: UInt32, action: String, activationToken: String?, sender: String) {
        worker.perform { bus in
            if let activationToken {
                Self.emit("ActivationToken", on: bus) { w in
                    w.uint32(id)
                    w.string(activationToken)
                }
            }
            Self.emit("ActionInvoked", on: bus) { w in
                w.uint32(id)
                w.string(action)
            }
        }
    }

    /// Sends `NotificationClosed` for notification `id` with `reason`.
    public func closed(_ id: UInt32, reason: NotificationCloseReason, sender: String) {
        worker.perform { bus in
            Self.emit("NotificationClosed", on: bus) { w in
                w.uint32(id)
                w.uint32(reason.rawValue)
            }
        }
    }

    /// Sends the signal `member` of the interface with the arguments `body` writes.
    private nonisolated static func emit(_ member: String, on bus: BusConnection, _ body: (MessageWriter) -> Void) {
        guard let signal = try? Message.signal(path: path, interface: interface, member: member) else { return }
        signal.append(body)
        bus.send(signal)
        bus.flush()
    }

    /// What the server can do (`GetCapabilities`): actions, bodies with their markup read, a picture,
    /// and notifications kept in Notification Center.
    nonisolated static let capabilities = ["actions", "body", "body-markup", "icon-static", "persistence"]

    nonisolated static let introspection = """
        <interface name="org.freedesktop.Notifications">
          <method name="GetCapabilities"><arg type="as" direction="out"/></method>
          <method name="Notify">
            <arg name="app_name" type="s" direction="in"/><arg name="replaces_id" type="u" direction="in"/>
            <arg name="app_icon" type="s" direction="in"/><arg name="summary" type="s" direction="in"/>
            <arg name="body" type="s" direction="in"/><arg name="actions" type="as" direction="in"/>
            <arg name="hints" type="a{sv}" direction="in"/><arg name="expire_timeout" type="i" direction="in"/>
            <arg name="id" type="u" direction="out"/>
          </method>
          <method name="CloseNotification"><arg name="id" type="u" direction="in"/></method>
          <method name="GetServerInformation">
            <arg name="name" type="s" direction="out"/><arg name="vendor" type="s" direction="out"/>
            <arg name="version" type="s" direction="out"/><arg name="spec_version" type="s" direction="out"/>
          </method>
          <signal name="NotificationClosed"><arg name="id" type="u"/><arg name="reason" type="u"/></signal>
          <signal name="ActionInvoked"><arg name="id" type="u"/><arg name="action_key" type="s"/></signal>
          <signal name="ActivationToken"><arg name="id" type="u"/><arg name="activation_token" type="s"/></signal>
        </interface>
        """
}

/// The server's numbers and its senders' buckets, shared by its thread and the main actor.
final class ServerState: @unchecked Sendable {
    private let lock = NSLock()
    private var last: UInt32 = 0
    private var limiter = NotificationRateLimiter()

    func reserve() -> UInt32 {
        lock.withLock {
            last = last == UInt32.max ? 1 : last + 1
            return last
        }
    }

    func numberAfter(_ id: UInt32) { lock.withLock { last = max(last, id) } }

    func allow(_ sender: String) -> Bool {
        lock.withLock { limiter.allow(sender, at: ProcessInfo.processInfo.systemUptime) }
    }
}
