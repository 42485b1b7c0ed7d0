import Foundation

// What the shell reads of the machine it runs on — the battery, the network, the screen's brightness,
// the sound, Bluetooth, the accelerometer, the time of day — each behind a protocol that a host-layer
// module implements over the real service (UPower, NetworkManager, logind, PulseAudio, BlueZ,
// iio-sensor-proxy; `SessionServices`), and that headless runs fill with fixed values (9:41, full
// bars: `SystemServices.fixed`). A service the machine lacks is nil, and the shell shows nothing for
// it: no battery on a desktop, no Bluetooth tile without an adapter.

/// A service whose state the shell shows: it changes on the main actor, and `onChange` is told.
@MainActor public protocol ObservedService: AnyObject {
    /// Called on the main actor after the service's state changed (the shell sets it).
    var onChange: (@MainActor () -> Void)? { get set }
    /// Reads the state again where the service sends no news of it (the backlight's level, changed by
    /// the brightness keys): the shell asks as Control Center opens. By default nothing.
    func refresh()
}

extension ObservedService {
    /// Nothing to read again: the service tells of every change.
    public func refresh() {}
}

/// The battery (UPower's display device).
@MainActor public protocol PowerService: ObservedService {
    /// The battery now; nil when the machine has none (or UPower is not running).
    var battery: BatteryStatus? { get }
}

/// The network (NetworkManager).
@MainActor public protocol NetworkService: ObservedService {
    /// What the status bar shows; nil when the network's state is unknown (NetworkManager is not running).
    var status: NetworkStatus? { get }
    /// Wi-Fi, when the machine has a Wi-Fi device; nil otherwise.
    var wifi: WiFiState? { get }
    /// Whether every radio is off now; nil when the radios cannot be known or set (then there is no
    /// Airplane Mode to turn on). Airplane Mode itself is the person's setting, which the shell keeps.
    var airplaneMode: Bool? { get }
    /// Turns Wi-Fi on or off.
    func setWiFiEnabled(_ on: Bool)
    /// Turns every radio off, or lets them on again.
    func setAirplaneMode(_ on: Bool)
    /// Joins `network` (a network with a saved connection, or an open one).
    func connect(to network: WiFiNetwork)
    /// Asks the Wi-Fi device to look for networks again (the list is updated as they are found).
    func scan()
}

/// The screen's brightness (the backlight, set through logind).
@MainActor public protocol BrightnessService: ObservedService {
    /// The brightness, 0…1; nil when the screen has no backlight to set.
    var brightness: Double? { get }
    /// Sets the brightness, 0…1.
    func setBrightness(_ level: Double)
}

/// The sound output (the default sink of PulseAudio or PipeWire).
@MainActor public protocol AudioService: ObservedService {
    /// The output's volume and mute; nil when there is no sound server or no output.
    var output: AudioOutput? { get }
    /// Sets the volume, 0…1.
    func setVolume(_ level: Double)
    /// Mutes or unmutes the output.
    func setMuted(_ muted: Bool)
}

/// Bluetooth (BlueZ's first adapter).
@MainActor public protocol BluetoothService: ObservedService {
    /// Whether the adapter is on; nil when there is no adapter (or BlueZ is not running).
    var isPowered: Bool? { get }
    /// Turns the adapter on or off.
    func setPowered(_ on: Bool)
}

/// The accelerometer (iio-sensor-proxy): which side of the screen is up.
@MainActor public protocol OrientationService: ObservedService {
    /// The orientation now; nil when there is no accelerometer or it cannot tell (flat on a table).
    var orientation: DeviceOrientation? { get }
}

/// The time of day, as the person's clock shows it.
@MainActor public protocol TimeService: AnyObject {
    /// The date and time now (the wall clock; a fixed date in headless runs).
    func now() -> Date
    /// The hour and minute now, and the seconds until the minute changes.
    func timeOfDay() -> TimeOfDay
    /// Whether the clock shows 24 hours (the locale's or the person's setting) rather than 12.
    var uses24HourTime: Bool { get }
    /// The time zone dates are shown in (a screenshot's name).
    var timeZone: TimeZone { get }
}

/// Every service the shell reads; a nil one the machine does not have.
@MainActor public struct SystemServices {
    /// The clock the status bar shows.
    public var time: any TimeService
    /// The battery.
    public var power: (any PowerService)?
    /// The network.
    public var network: (any NetworkService)?
    /// The backlight.
    public var brightness: (any BrightnessService)?
    /// The sound output.
    public var audio: (any AudioService)?
    /// Bluetooth.
    public var bluetooth: (any BluetoothService)?
    /// The accelerometer.
    public var orientation: (any OrientationService)?
    /// The session's notification server (nil: the shell shows only its own apps' notifications).
    public var notifications: (any NotificationService)?
    /// The login manager: lock requests, sleep, the power key (nil: the shell locks only on its own).
    public var session: (any SessionManagerService)?
    /// Checks the person's password on the lock screen (nil: it cannot be checked, and the lock
    /// screen says so and stays locked).
    public var passwords: (any PasswordChecking)?

    /// Services as given; those left out the machine does not have.
    public init(
        time: any TimeService, power: (any PowerService)? = nil, network: (any NetworkService)? = nil,
        brightness: (any BrightnessService)? = nil, audio: (any AudioService)? = nil,
        bluetooth: (any BluetoothService)? = nil, orientation: (any OrientationService)? = nil,
        notifications: (any NotificationService)? = nil, session: (any SessionManagerService)? = nil,
        passwords: (any PasswordChecking)? = nil
    ) {
        self.time = time
        self.power = power
        self.network = network
        self.brightness = brightness
        self.audio = audio
        self.bluetooth = bluetooth
        self.orientation = orientation
        self.notifications = notifications
        self.session = session
        self.passwords = passwords
    }

    /// What headless runs show, as Apple's marketing pictures do: 9:41, a full battery, full Wi-Fi;
    /// brightness, volume and Bluetooth that hold what they are set to. The same every run.
    public static func fixed() -> SystemServices {
        SystemServices(
            time: FixedTime(), power: FixedPower(), network: FixedNetwork(), brightness: FixedBrightness(),
            audio: FixedAudio(), bluetooth: FixedBluetooth(), orientation: nil)
    }
}

// MARK: Values

/// The battery's charge and whether it is charging.
public struct BatteryStatus: Hashable, Sendable {
    /// How full, 0…1.
    public var level: Double
    /// Charging, full on the charger, or running on the battery.
    public var state: State
    /// Whether the battery is low (the status bar shows it red): UPower's warning level, or 20 % and
    /// less while discharging (iOS turns the battery red at 20 %).
    public var isLow: Bool

    /// Where the charge is going.
    public enum State: Hashable, Sendable {
        /// On the battery.
        case discharging
        /// On the charger, filling.
        case charging
        /// On the charger, full.
        case charged
    }

    /// A battery `level` full (0…1), in `state`, low or not (by default: 20 % or less, discharging).
    public init(level: Double, state: State, isLow: Bool? = nil) {
        self.level = min(1, max(0, level))
        self.state = state
        self.isLow = isLow ?? (state == .discharging && level <= 0.2)
    }

    /// The level in whole percent.
    public var percent: Int { Int((level * 100).rounded()) }
}

/// The network the status bar shows.
public enum NetworkStatus: Hashable, Sendable {
    /// Connected over Wi-Fi, with `bars` (0…3) of signal.
    case wifi(bars: Int)
    /// Connected by cable.
    case wired
    /// Not connected.
    case disconnected
    /// Every radio off (Airplane Mode, and nothing joined).
    case airplane

    /// Bars of Wi-Fi (iOS shows three) for a signal strength of 0…100 % (NetworkManager's
    /// `Strength`): GNOME Shell's levels folded into three — excellent and good (over 55) three, ok
    /// (over 30) two, weak and none one.
    public static func wifiBars(strength: Int) -> Int {
        switch strength {
        case 56...: 3
        case 31...: 2
        default: 1
        }
    }
}

/// Wi-Fi: on or off, and the networks in reach.
public struct WiFiState: Hashable, Sendable {
    /// Whether Wi-Fi is on.
    public var isEnabled: Bool
    /// The networks in reach, strongest first (the one joined first of all).
    public var networks: [WiFiNetwork]

    /// Wi-Fi on or off with `networks` in reach.
    public init(isEnabled: Bool, networks: [WiFiNetwork]) {
        self.isEnabled = isEnabled
        self.networks = networks
    }

    /// The network joined now, if any.
    public var joined: WiFiNetwork? { networks.first(where: \.isJoined) }
}

/// One Wi-Fi network in reach.
public struct WiFiNetwork: Hashable, Sendable {
    /// What tells it from the others to the service (an access point's object path).
    public var id: String
    /// Its name.
    public var name: String
    /// Signal strength, 0…100 %.
    public var strength: Int
    /// Whether joining it asks for a password.
    public var isSecured: Bool
    /// Whether the machine is joined to it now.
    public var isJoined: Bool

    /// A network named `name` of `strength` (0…100).
    public init(id: String, name: String, strength: Int, isSecured: Bool, isJoined: Bool) {
        self.id = id
        self.name = name
        self.strength = strength
        self.isSecured = isSecured
        self.isJoined = isJoined
    }
}

/// The sound output's volume and mute.
public struct AudioOutput: Hashable, Sendable {
    /// The volume, 0…1 (1: the output's 100 %).
    public var volume: Double
    /// Whether it is muted.
    public var isMuted: Bool

    /// An output at `volume` (0…1), muted or not.
    public init(volume: Double, isMuted: Bool) {
        self.volume = min(1, max(0, volume))
        self.isMuted = isMuted
    }
}

/// Which side of the panel is up, as iio-sensor-proxy's `AccelerometerOrientation` names it.
public enum DeviceOrientation: String, Hashable, Sendable {
    /// The panel upright, as it is mounted.
    case normal
    /// Upside down.
    case bottomUp = "bottom-up"
    /// Turned a quarter clockwise: its left edge up.
    case leftUp = "left-up"
    /// Turned a quarter counter-clockwise: its right edge up.
    case rightUp = "right-up"

    /// How far the picture must turn on the panel, counter-clockwise, in quarter turns, to stand
    /// upright (as `wl_output`'s transforms count them; GNOME's mutter maps them the same way).
    public var quarterTurns: Int {
        switch self {
        case .normal: 0
        case .leftUp: 1
        case .bottomUp: 2
        case .rightUp: 3
        }
    }
}

/// The hour and minute, and when the minute changes.
public struct TimeOfDay: Hashable, Sendable {
    /// 0…23.
    public var hour: Int
    /// 0…59.
    public var minute: Int
    /// Seconds until the next minute begins (0 < s ≤ 60).
    public var secondsToNextMinute: Double

    /// `hour`:`minute`, the next minute `secondsToNextMinute` away.
    public init(hour: Int, minute: Int, secondsToNextMinute: Double) {
        self.hour = hour
        self.minute = minute
        self.secondsToNextMinute = secondsToNextMinute
    }
}
