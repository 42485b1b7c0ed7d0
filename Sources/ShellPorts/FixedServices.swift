import Foundation

// The services of a headless run: fixed values, as in Apple's marketing pictures, that hold what a
// person (or a script) sets. Tests set their state to show the status bar and Control Center in
// every state.

/// The time in headless runs: 9:41 on a fixed date, on a 12-hour clock, never ticking.
@MainActor public final class FixedTime: TimeService {
    /// The date `now()` returns.
    public var date: Date
    /// The time of day shown.
    public var hour: Int
    /// The minute shown.
    public var minute: Int
    /// Whether the clock shows 24 hours.
    public var uses24HourTime: Bool
    /// UTC, the same on every machine.
    public var timeZone: TimeZone { TimeZone(identifier: "UTC") ?? .current }

    /// `hour`:`minute` on `date` (by default 9:41 on 29 November 2026), 12-hour unless told.
    public init(
        date: Date = Date(timeIntervalSince1970: 1_795_945_260), hour: Int = 9, minute: Int = 41,
        uses24HourTime: Bool = false
    ) {
        self.date = date
        self.hour = hour
        self.minute = minute
        self.uses24HourTime = uses24HourTime
    }

    /// The fixed date.
    public func now() -> Date { date }

    /// The fixed time; the next minute never comes (an hour away).
    public func timeOfDay() -> TimeOfDay { TimeOfDay(hour: hour, minute: minute, secondsToNextMinute: .infinity) }
}

/// A battery that is what it is set to (full, not charging, by default).
@MainActor public final class FixedPower: PowerService {
    /// Told after `battery` changes.
    public var onChange: (@MainActor () -> Void)?
    /// The battery shown; nil: none (a desktop).
    public var battery: BatteryStatus? = BatteryStatus(level: 1, state: .discharging) {
        didSet { if battery != oldValue { onChange?() } }
    }

    /// A full battery.
    public init() {}
}

/// A network that is what it is set to (full Wi-Fi, joined to "Slate", by default).
@MainActor public final class FixedNetwork: NetworkService {
    /// Told after anything changes.
    public var onChange: (@MainActor () -> Void)?
    /// What the status bar shows.
    public var status: NetworkStatus? = .wifi(bars: 3) { didSet { if status != oldValue { onChange?() } } }
    /// Wi-Fi and the networks in reach.
    public var wifi: WiFiState? = WiFiState(
        isEnabled: true,
        networks: [
            WiFiNetwork(id: "1", name: "Slate", strength: 90, isSecured: true, isJoined: true),
            WiFiNetwork(id: "2", name: "Кафе «Север»", strength: 62, isSecured: false, isJoined: false),
            WiFiNetwork(id: "3", name: "Library", strength: 35, isSecured: true, isJoined: false),
        ]
    )
    {
        didSet { if wifi != oldValue { onChange?() } }
    }
    /// Whether every radio is off.
    public var airplaneMode: Bool? = false { didSet { if airplaneMode != oldValue { onChange?() } } }

    /// Full Wi-Fi.
    public init() {}

    /// Turns Wi-Fi on (joined to the first network again) or off (not connected).
    public func setWiFiEnabled(_ on: Bool) {
        guard var w = wifi, w.isEnabled != on else { return }
        w.isEnabled = on
        for i in w.networks.indices { w.networks[i].isJoined = on && i == 0 }
        wifi = w
        status = on ? .wifi(bars: 3) : .disconnected
    }

    /// Every radio off (Wi-Fi off, not connected), or on again (Wi-Fi back).
    public func setAirplaneMode(_ on: Bool) {
        airplaneMode = on
        setWiFiEnabled(!on)
    }

    /// Joins `network`.
    public func connect(to network: WiFiNetwork) {
        guard var w = wifi else { return }
        for i in w.networks.indices { w.networks[i].isJoined = w.networks[i].id == network.id }
        wifi = w
        status = .wifi(bars: NetworkStatus.wifiBars(strength: network.strength))
    }

    /// Nothing to look for.
    public func scan() {}
}

/// A backlight that holds what it is set to (half, by default).
@MainActor public final class FixedBrightness: BrightnessService {
    /// Told after the brightness changes.
    public var onChange: (@MainActor () -> Void)?
    /// The brightness, 0…1.
    public var brightness: Double? = 0.5 { didSet { if brightness != oldValue { onChange?() } } }

    /// Half brightness.
    public init() {}

    /// Holds `level`.
    public func setBrightness(_ level: Double) { brightness = min(1, max(0, level)) }
}

/// A sound output that holds what it is set to (half volume, by default).
@MainActor public final class FixedAudio: AudioService {
    /// Told after the volume or mute changes.
    public var onChange: (@MainActor () -> Void)?
    /// The output.
    public var output: AudioOutput? = AudioOutput(volume: 0.5, isMuted: false) {
        didSet { if output != oldValue { onChange?() } }
    }

    /// Half volume.
    public init() {}

    /// Holds `level`.
    public func setVolume(_ level: Double) { output?.volume = min(1, max(0, level)) }

    /// Holds `muted`.
    public func setMuted(_ muted: Bool) { output?.isMuted = muted }
}

/// Bluetooth that holds what it is set to (on, by default).
@MainActor public final class FixedBluetooth: BluetoothService {
    /// Told after it is turned on or off.
    public var onChange: (@MainActor () -> Void)?
    /// Whether it is on.
    public var isPowered: Bool? = true { didSet { if isPowered != oldValue { onChange?() } } }

    /// Bluetooth on.
    public init() {}

    /// Holds `on`.
    public func setPowered(_ on: Bool) { isPowered = on }
}

/// An accelerometer that reports what it is set to (tests turn the tablet with it).
@MainActor public final class FixedOrientation: OrientationService {
    /// Told after the orientation changes.
    public var onChange: (@MainActor () -> Void)?
    /// The orientation.
    public var orientation: DeviceOrientation? { didSet { if orientation != oldValue { onChange?() } } }

    /// An accelerometer reporting `orientation`.
    public init(_ orientation: DeviceOrientation? = .normal) { self.orientation = orientation }
}
