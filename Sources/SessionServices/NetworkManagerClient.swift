import Foundation
import SessionBus
import ShellPorts
import UI

/// The network from NetworkManager (`org.freedesktop.NetworkManager`): what the primary connection is
/// (Wi-Fi with its signal, Ethernet, none), whether the radios are off, the Wi-Fi device's networks;
/// and Wi-Fi on or off, airplane mode, joining a network, scanning.
@MainActor public final class NetworkManagerClient: NetworkService {
    /// Told after anything changed.
    public var onChange: (@MainActor () -> Void)?
    /// The primary connection as the status bar shows it; nil without NetworkManager.
    public var status: NetworkStatus? { state?.status }
    /// Wi-Fi and its networks; nil without a Wi-Fi device.
    public var wifi: WiFiState? { state?.wifi }
    /// Whether every radio is off; nil without NetworkManager.
    public var airplaneMode: Bool? { state?.airplaneMode }

    private var state: NetworkState?
    private var watcher: ServiceWatcher<NetworkState?>?
    private let report: @MainActor (any Error, LocalizedString) -> Void
    private let mailbox: MainMailbox

    nonisolated static let name = "org.freedesktop.NetworkManager"
    nonisolated static let path = "/org/freedesktop/NetworkManager"
    nonisolated static let manager = "org.freedesktop.NetworkManager"
    nonisolated static let device = "org.freedesktop.NetworkManager.Device"
    nonisolated static let wireless = "org.freedesktop.NetworkManager.Device.Wireless"
    nonisolated static let accessPoint = "org.freedesktop.NetworkManager.AccessPoint"
    nonisolated static let activeConnection = "org.freedesktop.NetworkManager.Connection.Active"
    nonisolated static let settings = "org.freedesktop.NetworkManager.Settings"
    nonisolated static let connectionSettings = "org.freedesktop.NetworkManager.Settings.Connection"

    /// What NetworkManager says, read whole.
    struct NetworkState: Sendable, Equatable {
        var status: NetworkStatus
        var wifi: WiFiState?
        var airplaneMode: Bool
        /// The Wi-Fi device's object path.
        var wifiDevice: String?
    }

    /// Follows NetworkManager on `bus` (the system bus); `report` hears of a command that failed (with
    /// what was being done), on the main actor.
    public init(
        bus: BusConnection.Bus, mailbox: MainMailbox,
        report: @escaping @MainActor (any Error, LocalizedString) -> Void
    ) {
        self.report = report
        self.mailbox = mailbox
        watcher = ServiceWatcher(
            thread: "slate-network", bus: bus, busName: Self.name,
            rules: [MatchRule(sender: Self.name, pathNamespace: Self.path)],
            read: { bus in Self.read(bus) },
            deliver: { [weak self] s in mailbox.post { self?.update(s) } },
            onBusMissing: { [weak self] in mailbox.post { self?.update(nil) } })
    }

    isolated deinit { watcher?.stop() }

    private func update(_ s: NetworkState?) {
        guard s != state else { return }
        state = s
        onChange?()
    }

    // MARK: Commands

    /// Turns Wi-Fi on or off (NetworkManager's `WirelessEnabled`).
    public func setWiFiEnabled(_ on: Bool) {
        command(NetworkStrings.turnWiFi(on)) { bus in
            try bus.setProperty(
                "WirelessEnabled", to: .bool(on), of: Self.manager, at: Self.path, on: Self.name, timeout: Self.timeout)
        }
    }

    /// Turns every radio off (Wi-Fi and mobile broadband), or on again.
    public func setAirplaneMode(_ on: Bool) {
        command(NetworkStrings.turnAirplaneMode(on)) { bus in
            for property in ["WirelessEnabled", "WwanEnabled"] {
                try bus.setProperty(
                    property, to: .bool(!on), of: Self.manager, at: Self.path, on: Self.name, timeout: Self.timeout)
            }
        }
    }

    /// Joins `network`: through the connection saved for its name, or, for an open network, a new one.
    public func connect(to network: WiFiNetwork) {
        guard let device = state?.wifiDevice else { return }
        let name = network.name
        let ap = network.id
        command(NetworkStrings.join(name)) { bus in
            if let saved = try Self.savedConnection(named: name, bus: bus) {
                try bus.call(
                    destination: Self.name, path: Self.path, interface: Self.manager, method: "ActivateConnection",
                    timeout: Self.timeout,
                    arguments: { w in
                        w.objectPath(saved)
                        w.objectPath(device)
                        w.objectPath(ap)
                    })
            } else if !network.isSecured {
                try bus.call(
                    destination: Self.name, path: Self.path, interface: Self.manager,
                    method: "AddAndActivateConnection", timeout: Self.timeout,
                    arguments: { w in
                        w.array("{sa{sv}}") {}
                        w.objectPath(device)
                        w.objectPath(ap)
                    })
            } else {
                throw NetworkFailure.needsPassword(name)
            }
        }
    }

    /// Asks the Wi-Fi device to look for networks.
    public func scan() {
        guard let device = state?.wifiDevice else { return }
        watcher?.perform { bus in
            // A scan asked for too soon after the last is refused; nothing a person needs to hear.
            _ = try? bus.call(
                destination: Self.name, path: device, interface: Self.wireless, method: "RequestScan",
                timeout: Self.timeout, arguments: { w in w.properties([]) })
        }
    }

    /// Runs `body` on the service's thread; a failure is reported as `what` failing, then the state read again.
    private func command(_ what: LocalizedString, _ body: @escaping @Sendable (BusConnection) throws -> Void) {
        let mailbox = self.mailbox
        let watcher = self.watcher
        watcher?.perform { [weak self, weak watcher] bus in
            do {
                try body(bus)
            } catch {
                let e = error
                mailbox.post { self?.report(e, what) }
            }
            watcher?.refresh()
        }
    }

    nonisolated static var timeout: Double { ServiceWatcher<Int>.timeout }

    // MARK: Reading

    /// The connection saved for the Wi-Fi network `name`, if any.
    nonisolated static func savedConnection(named name: String, bus: BusConnection) throws -> String? {
        let list = try bus.call(
            destination: Self.name, path: Self.path + "/Settings", interface: settings, method: "ListConnections",
            timeout: timeout)
        for case .objectPath(let c) in try list.reader().value().elements ?? [] {
            let s = try bus.call(
                destination: Self.name, path: c, interface: connectionSettings, method: "GetSettings", timeout: timeout)
            let settings = try s.reader().value()
            if let ssid = settings["802-11-wireless"]?["ssid"]?.bytes, String(decoding: ssid, as: UTF8.self) == name {
                return c
            }
        }
        return nil
    }

    /// Everything the status bar and Control Center show, or nil without NetworkManager.
    nonisolated static func read(_ bus: BusConnection) -> NetworkState? {
        let t = timeout
        guard let m = try? bus.properties(of: manager, at: path, on: name, timeout: t) else { return nil }
        let wirelessOn = m["WirelessEnabled"]?.bool ?? true
        let wwanOn = m["WwanEnabled"]?.bool ?? false
        let airplane = !wirelessOn && !wwanOn
        // The Wi-Fi device and its networks.
        var wifiDevice: String?
        var networks: [WiFiNetwork] = []
        var joinedAP: String?
        for case .objectPath(let d) in m["Devices"]?.elements ?? [] {
            guard let dp = try? bus.properties(of: device, at: d, on: name, timeout: t), dp["DeviceType"]?.integer == 2
            else { continue }
            wifiDevice = d
            let wp = (try? bus.properties(of: wireless, at: d, on: name, timeout: t)) ?? [:]
            joinedAP = wp["ActiveAccessPoint"]?.string
            for case .objectPath(let a) in wp["AccessPoints"]?.elements ?? [] {
                guard let ap = try? bus.properties(of: accessPoint, at: a, on: name, timeout: t),
                    let ssid = ap["Ssid"]?.bytes, !ssid.isEmpty
                else { continue }
                let secured =
                    (ap["Flags"]?.integer ?? 0) & 1 != 0 || (ap["WpaFlags"]?.integer ?? 0) != 0
                    || (ap["RsnFlags"]?.integer ?? 0) != 0
                networks.append(
                    WiFiNetwork(
                        id: a, name: String(decoding: ssid, as: UTF8.self), strength: ap["Strength"]?.integer ?? 0,
                        isSecured: secured, isJoined: false))
            }
            break
        }
        // The primary connection: NetworkManager's, else the default one activated.
        var primary = m["PrimaryConnection"]?.string ?? "/"
        if primary == "/" {
            for case .objectPath(let a) in m["ActiveConnections"]?.elements ?? [] {
                guard let ac = try? bus.properties(of: activeConnection, at: a, on: name, timeout: t),
                    ac["State"]?.integer == 2
                else { continue }
                primary = a
                if ac["Default"]?.bool == true { break }
            }
        }
        var status = NetworkStatus.disconnected
        if primary != "/", let ac = try? bus.properties(of: activeConnection, at: primary, on: name, timeout: t) {
            switch ac["Type"]?.string ?? "" {
            case "802-11-wireless":
                let ap = ac["SpecificObject"]?.string.flatMap { $0 == "/" ? nil : $0 } ?? joinedAP
                joinedAP = ap ?? joinedAP
                let strength = networks.first { $0.id == ap }?.strength ?? 100
                status = .wifi(bars: NetworkStatus.wifiBars(strength: strength))
            default:
                status = .wired
            }
        } else if primary == "/" {
            joinedAP = nil
        }
        for i in networks.indices { networks[i].isJoined = networks[i].id == joinedAP }
        let wifi = wifiDevice.map { _ in WiFiState(isEnabled: wirelessOn, networks: sortedNetworks(networks)) }
        return NetworkState(status: status, wifi: wifi, airplaneMode: airplane, wifiDevice: wifiDevice)
    }

    /// One entry a name (the strongest access point of it), the joined one first, then strongest first.
    nonisolated static func sortedNetworks(_ all: [WiFiNetwork]) -> [WiFiNetwork] {
        var best: [String: WiFiNetwork] = [:]
        for n in all {
            if let b = best[n.name], b.isJoined || (!n.isJoined && b.strength >= n.strength) { continue }
            best[n.name] = n
        }
        return best.values.sorted {
            if $0.isJoined != $1.isJoined { return $0.isJoined }
            if $0.strength != $1.strength { return $0.strength > $1.strength }
            return $0.name < $1.name
        }
    }
}

/// Why a network could not be joined.
enum NetworkFailure: LocalizedFailure {
    /// A secured network with no saved connection: its password would have to be asked.
    case needsPassword(String)

    var message: LocalizedString {
        switch self {
        case .needsPassword(let name):
            LocalizedString(
                en: "“%@” needs a password, and Slate cannot ask for one yet (join it once with nmcli or Settings)",
                ru:
                    "для «%@» нужен пароль, а Slate пока не умеет его спрашивать (подключитесь один раз через nmcli или Настройки)"
            ).formatted(name)
        }
    }
}

/// What the network's commands were doing, for a failure's line.
enum NetworkStrings {
    static func turnWiFi(_ on: Bool) -> LocalizedString {
        on
            ? LocalizedString(en: "turn Wi-Fi on", ru: "включить Wi-Fi")
            : LocalizedString(en: "turn Wi-Fi off", ru: "выключить Wi-Fi")
    }
    static func turnAirplaneMode(_ on: Bool) -> LocalizedString {
        on
            ? LocalizedString(en: "turn Airplane Mode on", ru: "включить авиарежим")
            : LocalizedString(en: "turn Airplane Mode off", ru: "выключить авиарежим")
    }
    static func join(_ name: String) -> LocalizedString {
        LocalizedString(en: "join “%@”", ru: "подключиться к «%@»").formatted(name)
    }
}
