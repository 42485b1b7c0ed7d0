import SessionBus
import ShellPorts

/// The accelerometer from iio-sensor-proxy (`net.hadess.SensorProxy`): claimed while the shell runs
/// (the proxy reads the sensor only for claimants), its `AccelerometerOrientation` followed; absent
/// (nil) where there is no accelerometer or the proxy does not run, and nil while it reads "undefined"
/// (the tablet flat).
@MainActor public final class SensorProxyClient: OrientationService {
    /// Told after the orientation changed.
    public var onChange: (@MainActor () -> Void)?
    /// Which side is up, or nil.
    public private(set) var orientation: DeviceOrientation?
    private var watcher: ServiceWatcher<DeviceOrientation?>?

    nonisolated static let name = "net.hadess.SensorProxy"
    nonisolated static let path = "/net/hadess/SensorProxy"

    /// Follows the accelerometer through iio-sensor-proxy on `bus` (the system bus).
    public init(bus: BusConnection.Bus, mailbox: MainMailbox) {
        watcher = ServiceWatcher(
            thread: "slate-orientation", bus: bus, busName: Self.name,
            rules: [.propertiesChanged(sender: Self.name, path: Self.path, interface: Self.name)],
            setUp: { bus in
                // Claimed again whenever the proxy (re)starts; a proxy without an accelerometer refuses.
                _ = try? bus.call(
                    destination: Self.name, path: Self.path, interface: Self.name, method: "ClaimAccelerometer",
                    timeout: ServiceWatcher<Int>.timeout, autoStart: false)
            },
            read: { bus in Self.read(bus) },
            deliver: { [weak self] o in mailbox.post { self?.update(o) } },
            onBusMissing: {})
    }

    isolated deinit { watcher?.stop() }

    private func update(_ o: DeviceOrientation?) {
        guard o != orientation else { return }
        orientation = o
        onChange?()
    }

    /// The orientation now, or nil (no proxy, no accelerometer, undefined).
    nonisolated static func read(_ bus: BusConnection) -> DeviceOrientation? {
        guard let p = try? bus.properties(of: name, at: path, on: name, timeout: ServiceWatcher<Int>.timeout),
            p["HasAccelerometer"]?.bool == true, let o = p["AccelerometerOrientation"]?.string
        else { return nil }
        return DeviceOrientation(rawValue: o)
    }
}
