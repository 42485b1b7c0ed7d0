import Foundation
import Graphics
import Host
import Scenes
import SessionBus
import SessionServices
import SlateLog

/// Tells other programs Slate's appearance the way their toolkits listen for it: Slate's own backend
/// of the Settings portal (`SettingsPortal`: `org.freedesktop.appearance color-scheme` and its
/// `SettingChanged`, which GTK 4, libadwaita, Qt 6 and Firefox follow), and the GNOME interface
/// setting `color-scheme` (through `gsettings`, into dconf) for libadwaita's programs with no portal
/// and for xdg-desktop-portal-gtk where that is the portal's backend. The text size goes the same
/// way, as GNOME's `text-scaling-factor` (the body's size over the standard 17 pt), which GTK 3 and 4
/// read and follow live.
///
/// Only in Slate's own session (`XDG_CURRENT_DESKTOP` names Slate): nested in another desktop, the
/// setting is that desktop's, and Slate leaves it alone.
@MainActor final class PortalAppearance {
    /// `gsettings`, when installed (libglib2.0-bin).
    private let program: String?
    /// What `gsettings` was last told, by key, so that a setting that did not change is not told again.
    private var told: [String: String] = [:]
    private var saidFailure = false

    /// A publisher for `environment`'s session, or nil outside Slate's own session or without
    /// `gsettings` (libglib2.0-bin).
    init?(environment: [String: String]) {
        let desktops = (environment["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":")
        guard desktops.contains("Slate") else { return nil }
        guard
            let path = (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map({ "\($0)/gsettings" })
                .first(where: { FileManager.default.isExecutableFile(atPath: $0) })
        else { return nil }
        program = path
    }

    /// The Settings portal's backend, served from the first `follow`.
    private var portal: SettingsPortal?

    /// Follows `settings`' Dark Mode from now on (and says what it is now); the portal's news of the
    /// bus comes back through `mailbox`. The store's observer keeps this alive.
    func follow(_ settings: SettingsStore, mailbox: MainMailbox) {
        self.mailbox = mailbox
        portal = SettingsPortal(dark: settings[.darkMode], mailbox: mailbox)
        publish(dark: settings[.darkMode])
        publish(textSize: settings[.textSize])
        settings.observe { [weak settings] change in
            guard let settings else { return }
            if change.is(.darkMode) { self.publish(dark: settings[.darkMode]) }
            if change.is(.textSize) { self.publish(textSize: settings[.textSize]) }
        }
    }

    /// Tells the portal's programs, and sets `color-scheme` to `prefer-dark` or `default`.
    func publish(dark: Bool) {
        portal?.setDark(dark)
        set("color-scheme", dark ? "prefer-dark" : "default")
    }

    /// Sets `text-scaling-factor` to the chosen text size's body over the standard body (1.35 at
    /// the largest), rounded to the hundredth.
    func publish(textSize: Double) {
        let category = ContentSizeCategory(bodySize: textSize)
        let factor = (FontMetrics(category: category).scale * 100).rounded() / 100
        set("text-scaling-factor", String(factor))
    }

    /// The last `gsettings` started, while it may still run, and when it was started.
    private var running: (process: Process, started: Double)?
    /// The settings waiting for it to end, oldest first (a key once, with its latest value).
    private var queued: [(key: String, value: String)] = []
    /// Where a `gsettings`'s end comes back to the main actor (`follow`'s).
    private var mailbox: MainMailbox?
    /// The longest a `gsettings` waits for the one before it (seconds): one takes about 10 ms.
    static let overlapWait = 0.2

    /// Sets GNOME's interface setting `key` to `value`, never waiting for `gsettings`: while one still
    /// runs, the setting waits its turn (the next starts as it ends, or after `Self.overlapWait` should
    /// it hang), as two writing at once may lose one's key (GSettings' keyfile backend writes its whole
    /// file; dconf does not).
    private func set(_ key: String, _ value: String) {
        guard told[key] != value, program != nil else { return }
        told[key] = value
        queued.removeAll { $0.key == key }
        queued.append((key, value))
        startNext()
    }

    /// Starts the first waiting setting's `gsettings`, unless the last one still runs (and has run for
    /// less than `Self.overlapWait`).
    private func startNext() {
        if let running, running.process.isRunning, MonotonicClock.read() - running.started < Self.overlapWait {
            return
        }
        running = nil
        guard let program, !queued.isEmpty else { return }
        let (key, value) = queued.removeFirst()
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["set", "org.gnome.desktop.interface", key, value]
        // Its end, or its time up, starts the next (through the mailbox, on the main actor).
        let next: @Sendable () -> Void = { [mailbox] in mailbox?.post { [weak self] in self?.startNext() } }
        process.terminationHandler = { _ in next() }
        do {
            try process.run()
            running = (process, MonotonicClock.read())
            DispatchQueue.global().asyncAfter(deadline: .now() + Self.overlapWait, execute: next)
        } catch {
            if !saidFailure {
                saidFailure = true
                Logger("appearance").warning("cannot tell other programs the appearance (gsettings: \(error))")
            }
            startNext()
        }
    }
}
