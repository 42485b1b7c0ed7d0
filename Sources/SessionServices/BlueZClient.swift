import SessionBus
import ShellPorts
import UI

/// Bluetooth from BlueZ (`org.bluez`): the first adapter's `Powered`, read and set; absent (nil)
/// where there is no adapter or BlueZ does not run.
@MainActor public final class BlueZClient: BluetoothService {
    /// Told after the adapter changed.
    public var onChange: (@MainActor () -> Void)?
    /// Whether the adapter is on.
    public var isPowered: Bool? { adapter?.powered }

    private var adapter: (path: String, powered: Bool)?
    private var watcher: ServiceWatcher<Adapter?>?
    private let report: @MainActor (any Error, LocalizedString) -> Void
    private let mailbox: MainMailbox

    nonisolated static let name = "org.bluez"
    nonisolated static let adapterInterface = "org.bluez.Adapter1"

    /// An adapter read: its object path and whether it is on.
    struct Adapter: Sendable, Equatable {
        var path: String
        var powered: Bool
    }

    /// Follows BlueZ on `bus` (the system bus); `report` hears of a change that could not be made.
    public init(
        bus: BusConnection.Bus, mailbox: MainMailbox,
        report: @escaping @MainActor (any Error, LocalizedString) -> Void
    ) {
        self.report = report
        self.mailbox = mailbox
        watcher = ServiceWatcher(
            thread: "slate-bluetooth", bus: bus, busName: Self.name,
            rules: [
                .propertiesChanged(sender: Self.name, pathNamespace: "/org/bluez", interface: Self.adapterInterface),
                MatchRule(sender: Self.name, interface: "org.freedesktop.DBus.ObjectManager"),
            ],
            read: { bus in Self.read(bus) },
            deliver: { [weak self] a in mailbox.post { self?.update(a) } },
            onBusMissing: { [weak self] in mailbox.post { self?.update(nil) } })
    }

    isolated deinit { watcher?.stop() }

    private func update(_ a: Adapter?) {
        let new = a.map { ($0.path, $0.powered) }
        guard new?.0 != adapter?.path || new?.1 != adapter?.powered else { return }
        adapter = new
        onChange?()
    }

    /// The first adapter (by path) of BlueZ's objects, or nil.
    nonisolated static func read(_ bus: BusConnection) -> Adapter? {
        guard
            let reply = try? bus.call(
                destination: name, path: "/", interface: "org.freedesktop.DBus.ObjectManager",
                method: "GetManagedObjects", timeout: ServiceWatcher<Int>.timeout, autoStart: false),
            case .dictionary(_, _, let objects) = (try? reply.reader().value()) ?? .bool(false)
        else { return nil }
        let adapters = objects.compactMap { entry -> Adapter? in
            guard let path = entry.key.string, let props = entry.value[adapterInterface] else { return nil }
            return Adapter(path: path, powered: props["Powered"]?.bool ?? false)
        }
        return adapters.min { $0.path < $1.path }
    }

    /// Turns the adapter on or off.
    public func setPowered(_ on: Bool) {
        guard let path = adapter?.path else { return }
        let mailbox = self.mailbox
        let watcher = self.watcher
        watcher?.perform { [weak self, weak watcher] bus in
            do {
                try bus.setProperty(
                    "Powered", to: .bool(on), of: Self.adapterInterface, at: path, on: Self.name,
                    timeout: ServiceWatcher<Int>.timeout)
            } catch {
                let e = error
                let what =
                    on
                    ? LocalizedString(en: "turn Bluetooth on", ru: "включить Bluetooth")
                    : LocalizedString(en: "turn Bluetooth off", ru: "выключить Bluetooth")
                mailbox.post { self?.report(e, what) }
            }
            watcher?.refresh()
        }
    }
}
