import Foundation
import Scenes

/// Tells other programs Slate's appearance the way their toolkits listen for it: the GNOME interface
/// setting `color-scheme` (through `gsettings`, into dconf), which xdg-desktop-portal-gtk serves as
/// the Settings portal's `org.freedesktop.appearance color-scheme` and signals when it changes —
/// libadwaita's programs (and GTK 4's that follow the portal) turn dark or light at once.
///
/// Only in Slate's own session (`XDG_CURRENT_DESKTOP` names Slate): nested in another desktop, the
/// setting is that desktop's, and Slate leaves it alone.
@MainActor final class PortalAppearance {
    private let program: String
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

    /// Follows `settings`' Dark Mode from now on (and says what it is now).
    func follow(_ settings: SettingsStore) {
        publish(dark: settings[.darkMode])
        settings.observe { [weak settings] key in
            guard key == SettingKey<Bool>.darkMode.name, let settings else { return }
            self.publish(dark: settings[.darkMode])
        }
    }

    /// Sets `color-scheme` to `prefer-dark` or `default` (without waiting for `gsettings`).
    func publish(dark: Bool) {
        guard told != dark else { return }
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
