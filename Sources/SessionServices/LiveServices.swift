import Foundation
import SessionBus
import ShellPorts
import UI

/// The machine's real services for the shell: the wall clock, UPower, NetworkManager, the backlight
/// through logind, PulseAudio or PipeWire, BlueZ and iio-sensor-proxy, the session's notification
/// server, logind's session (lock, sleep, the power key) and the lock screen's password through PAM
/// (`slate`'s service, `/etc/pam.d/slate`) — each on a thread of its own,
/// every call bounded, their changes handed to the main actor through `mailbox` (the host's loop
/// watches its descriptor). A service that is not there is nil in `services`, or reads nil until it
/// appears.
///
/// ```swift
/// let live = LiveServices(report: { error, what in shell.environment.errors.report(error, while: what, userAction: true) })
/// shell.services = live.services
/// host.watch([live.mailbox.fileDescriptor]) { live.mailbox.drain() }
/// ```
@MainActor public final class LiveServices {
    /// Where the services' threads hand their news to the main actor.
    public let mailbox = MainMailbox()
    /// The services, for `Shell.services`.
    public private(set) var services: SystemServices

    /// Where the services are: the system bus (or a test's), the backlight's sysfs folder, the sound
    /// server.
    public struct Places: Sendable {
        /// The bus UPower, NetworkManager, logind, BlueZ and iio-sensor-proxy are on.
        public var systemBus: BusConnection.Bus
        /// The bus the notification server serves on (nil: none is served).
        public var sessionBus: BusConnection.Bus?
        /// `/sys/class/backlight`.
        public var backlights: URL
        /// The sound server (nil: the user's).
        public var soundServer: String?
        /// The process's environment (the clock's locale, `XDG_SESSION_ID`).
        public var environment: [String: String]
        /// The PAM service the lock screen's password is checked against.
        public var passwordService: String

        /// The machine's own: the system bus, `/sys/class/backlight`, the user's sound server.
        public init(
            systemBus: BusConnection.Bus = .system, sessionBus: BusConnection.Bus? = .session,
            backlights: URL = URL(fileURLWithPath: "/sys/class/backlight"), soundServer: String? = nil,
            environment: [String: String] = ProcessInfo.processInfo.environment,
            passwordService: String = PAMPasswordChecker.defaultService
        ) {
            self.systemBus = systemBus
            self.sessionBus = sessionBus
            self.backlights = backlights
            self.soundServer = soundServer
            self.environment = environment
            self.passwordService = passwordService
        }
    }

    /// Connects to every service at `places`; `report` hears, on the main actor, of a change a person
    /// asked for that could not be made (with what was being done).
    public init(
        places: Places = Places(), report: @escaping @MainActor (any Error, LocalizedString) -> Void
    ) {
        let m = mailbox
        let backlight = BacklightClient(sysfs: places.backlights, bus: places.systemBus, mailbox: m, report: report)
        services = SystemServices(
            time: WallTime(environment: places.environment),
            power: UPowerClient(bus: places.systemBus, mailbox: m),
            network: NetworkManagerClient(bus: places.systemBus, mailbox: m, report: report),
            brightness: backlight.device == nil ? nil : backlight,
            audio: PulseAudioClient(server: places.soundServer, mailbox: m),
            bluetooth: BlueZClient(bus: places.systemBus, mailbox: m, report: report),
            orientation: SensorProxyClient(bus: places.systemBus, mailbox: m),
            notifications: places.sessionBus.map { NotificationServer(bus: $0, mailbox: m, report: report) },
            session: LogindSessionClient(
                bus: places.systemBus, sessionID: places.environment["XDG_SESSION_ID"], mailbox: m, report: report),
            passwords: PAMPasswordChecker(service: places.passwordService, mailbox: m))
    }

    /// The name Slate's app processes post their notifications to (`SLATE_NOTIFICATIONS`), at once,
    /// without waiting for the bus: the server's own name for this Slate, which it takes as it
    /// connects (nil: no server). Where the bus refuses that name, `changed` hears the server's unique
    /// name, for the app processes started after.
    public func notificationServerName(changed: @escaping @MainActor (String) -> Void) -> String? {
        guard let server = services.notifications as? NotificationServer else { return nil }
        server.onSlateNameRefused = changed
        return server.slateName
    }
}
