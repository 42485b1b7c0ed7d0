import Foundation
import Host
import Scenes
import SessionBus

// A Slate app process's notifications go to the shell's notification server over the session bus:
// to the server's own name the shell handed the process (`SLATE_NOTIFICATIONS`), so that they reach
// Slate even nested in a desktop whose server holds `org.freedesktop.Notifications`; without it, to
// that well-known name. The app's identifier goes as the desktop entry and its activity as
// `x-slate-activity`, so that a tap opens the activity's window through the shell.
extension AppProcess {
    /// Sends `notification` to the shell's notification server (on the bus thread; a failure is a line
    /// in the app's log).
    public func post(_ notification: UserNotification) throws(SceneError) {
        let activity = notification.userActivity.flatMap { try? JSONEncoder().encode($0) }.map {
            String(decoding: $0, as: UTF8.self)
        }
        notifier.post(
            notification, app: runtime.application.identifier,
            name: runtime.application.displayName.resolved(language), activity: activity ?? "")
    }
}

/// A thread of the app process's own on the session bus that calls `Notify`, keeping the number the
/// server gave each of the app's notifications (a second post of the same identifier replaces it).
final class AppNotifier: Sendable {
    private let worker: BusWorker
    private let destination: String
    private let numbers = Numbers()
    private let log: @Sendable (String) -> Void

    private final class Numbers: @unchecked Sendable {
        let lock = NSLock()
        var byIdentifier: [String: UInt32] = [:]
    }

    /// The name any notification server takes.
    static let wellKnownName = "org.freedesktop.Notifications"
    /// How long a post waits for the shell's server to take the name the shell gave (seconds).
    static let ownerWait = 2.0

    init(destination: String, log: @escaping @Sendable (String) -> Void) {
        self.destination = destination.isEmpty ? Self.wellKnownName : destination
        self.log = log
        worker = BusWorker(name: "slate-app-notifications", bus: .session) { error in
            log("notifications cannot be shown: \(error)")
        }
    }

    deinit { worker.stop() }

    func post(_ n: UserNotification, app: String, name: String, activity: String) {
        let destination = destination
        let numbers = numbers
        let log = log
        worker.perform { bus in
            let replaces = numbers.lock.withLock { numbers.byIdentifier[n.identifier] ?? 0 }
            if destination != Self.wellKnownName { Self.waitForOwner(of: destination, on: bus) }
            do throws(BusError) {
                let reply = try bus.call(
                    destination: destination, path: "/org/freedesktop/Notifications",
                    interface: "org.freedesktop.Notifications", method: "Notify", timeout: 2
                ) { w in
                    w.string(name)
                    w.uint32(replaces)
                    w.string("")
                    w.string(n.title)
                    w.string(Self.escaped(n.body))
                    w.array("s") {
                        w.string("default")
                        w.string("")
                    }
                    w.array("{sv}") {
                        w.dictEntry {
                            w.string("desktop-entry")
                            w.variant("s") { w.string(app) }
                        }
                        w.dictEntry {
                            w.string("x-slate-activity")
                            w.variant("s") { w.string(activity) }
                        }
                    }
                    w.int32(-1)
                }
                let id = try reply.reader().uint32()
                numbers.lock.withLock { numbers.byIdentifier[n.identifier] = id }
            } catch {
                log("cannot show the notification “\(n.title)”: \(error)")
            }
        }
    }

    /// Waits, at most `ownerWait`, until someone owns `name`: the shell names its server to its app
    /// processes before the server holds that name on the bus, and an app may post as it starts.
    static func waitForOwner(of name: String, on bus: BusConnection) {
        let until = MonotonicClock.read() + ownerWait
        while (try? bus.nameHasOwner(name, timeout: 1)) == false, MonotonicClock.read() < until { usleep(20_000) }
    }

    /// Plain text as the spec's body markup (`&`, `<` and `>` written as entities).
    static func escaped(_ text: String) -> String {
        text.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
            .replacingOccurrences(of: ">", with: "&gt;")
    }
}
