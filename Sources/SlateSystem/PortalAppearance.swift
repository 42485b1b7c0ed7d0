import Foundation
import Scenes
import SessionBus
import SessionServices

/// Tells other programs Slate's appearance the way their toolkits listen for it: Slate's own backend
/// of the Settings portal (`SettingsPortal`: `org.freedesktop.appearance color-scheme` and its
/// `SettingChanged`, which GTK 4, libadwaita, Qt 6 and Firefox follow), and the GNOME interface
/// setting `color-scheme` (through `gsettings`, into dconf) for libadwaita's programs with no portal
/// and for xdg-desktop-portal-gtk where that is the portal's backend.
///
/// Only in Slate's own session (`XDG_CURRENT_DESKTOP` names Slate): nested in another desktop, the
/// setting is that desktop's, and Slate leaves it alone.
@MainActor final class PortalAppearance {
    /// `gsettings`, when installed (libglib2.0-bin).
    private let program: String?
    private var told: Bool?
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
        portal = SettingsPortal(dark: settings[.darkMode], mailbox: mailbox)
        publish(dark: settings[.darkMode])
        settings.observe { [weak settings] key in
            guard key == SettingKey<Bool>.darkMode.name, let settings else { return }
            self.publish(dark: settings[.darkMode])
        }
    }

    /// Tells the portal's programs, and sets `color-scheme` to `prefer-dark` or `default` (without
    /// waiting for `gsettings`).
    func publish(dark: Bool) {
        portal?.setDark(dark)
        guard told != dark, let program else { return }
        told = dark
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = ["set", "org.gnome.desktop.interface", "color-scheme", dark ? "prefer-dark" : "default"]
        do {
            try process.run()
        } catch {
            guard !saidFailure else { return }
            saidFailure = true
            SettingsStore.standardError("cannot tell other programs the appearance (gsettings: \(error))")
        }
    }
}
