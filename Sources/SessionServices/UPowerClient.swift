import SessionBus
import ShellPorts

/// The battery from UPower's display device (`org.freedesktop.UPower`, the device GNOME's and Phosh's
/// status bars show): its percentage, state and warning level; nil where the machine has no battery
/// or UPower does not run.
@MainActor public final class UPowerClient: PowerService {
    /// Told after the battery changed.
    public var onChange: (@MainActor () -> Void)?
    /// The battery now.
    public private(set) var battery: BatteryStatus?
    private var watcher: ServiceWatcher<BatteryStatus?>?

    nonisolated static let name = "org.freedesktop.UPower"
    nonisolated static let displayDevice = "/org/freedesktop/UPower/devices/DisplayDevice"
    nonisolated static let deviceInterface = "org.freedesktop.UPower.Device"

    /// Follows UPower on `bus` (the system bus), handing changes over through `mailbox`.
    public init(bus: BusConnection.Bus, mailbox: MainMailbox) {
        watcher = ServiceWatcher(
            thread: "slate-upower", bus: bus, busName: Self.name,
            rules: [.propertiesChanged(sender: Self.name, path: Self.displayDevice, interface: Self.deviceInterface)],
            read: { bus in Self.read(bus) },
            deliver: { [weak self] status in mailbox.post { self?.update(status) } },
            onBusMissing: { [weak self] in mailbox.post { self?.update(nil) } })
    }

    isolated deinit { watcher?.stop() }

    private func update(_ status: BatteryStatus?) {
        guard status != battery else { return }
        battery = status
        onChange?()
    }

    /// The display device's battery, or nil (no battery, no UPower).
    nonisolated static func read(_ bus: BusConnection) -> BatteryStatus? {
        guard
            let p = try? bus.properties(
                of: deviceInterface, at: displayDevice, on: name, timeout: ServiceWatcher<Int>.timeout)
        else { return nil }
        return battery(from: p)
    }

    /// A battery from the display device's properties: `IsPresent`, `Type` (2: battery), `Percentage`,
    /// `State` (1 charging, 2 discharging, 3 empty, 4 full, 5 pending charge, 6 pending discharge) and
    /// `WarningLevel` (3 low, 4 critical, 5 action).
    nonisolated static func battery(from p: [String: BusValue]) -> BatteryStatus? {
        guard p["IsPresent"]?.bool == true, p["Type"]?.integer == 2, let percentage = p["Percentage"]?.double else {
            return nil
        }
        let state: BatteryStatus.State =
            switch p["State"]?.integer ?? 0 {
            case 1: .charging
            case 4, 5: .charged
            default: .discharging
            }
        let warning = p["WarningLevel"]?.integer ?? 0
        let level = percentage / 100
        return BatteryStatus(
            level: level, state: state, isLow: warning >= 3 || (state == .discharging && level <= 0.2))
    }
}
