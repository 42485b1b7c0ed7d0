import Compositor
import Foundation
import Host
import Scenes
import SessionServices
import Shell
import SlateLog
import UI

/// Gives the shell of `slate run` and `slate session` the machine: the person's settings
/// (`$XDG_CONFIG_HOME/slate/settings.json`), the real services — the wall clock, UPower,
/// NetworkManager, the backlight through logind, PulseAudio or PipeWire, BlueZ, iio-sensor-proxy —
/// and the screenshots folder (`$XDG_PICTURES_DIR/Screenshots`). Headless runs keep the fixed ones
/// (9:41, full bars, settings in memory).
@MainActor enum SessionWiring {
    /// The person's settings file, read now (before the command line's options, which win for the run).
    static func settings(environment: [String: String]) -> SettingsStore {
        SettingsStore(configHome: SettingsStore.defaultConfigHome(environment: environment))
    }

    /// The scale Settings › Display & Brightness › Display Scale chose: 1 or 2, or nil for "as the
    /// display says" (and for any other number a hand-edited file holds, which is said once).
    static func displayScale(_ settings: SettingsStore) -> Double? {
        let chosen = settings[.displayScale]
        if chosen == 1 || chosen == 2 { return chosen }
        if chosen != 0 {
            Logger("settings").notice("displayScale \(chosen) in settings.json is not 1 or 2; the display's is used")
        }
        return nil
    }

    /// Connects the services and has the host's loop take their news; returns what keeps them.
    static func attach(shell: Shell, host: LiveHost, environment: [String: String]) -> LiveServices {
        let live = LiveServices(
            places: LiveServices.Places(environment: environment),
            report: { [weak shell] error, what in shell?.environment.errors.report(error, while: what, userAction: true)
            })
        shell.services = live.services
        shell.preparesControlCenterAtRest = true
        host.watch([live.mailbox.fileDescriptor]) { [weak live] in live?.mailbox.drain() }
        // Other programs' toolkits hear Slate's appearance: the Settings portal and GNOME's
        // color-scheme (in Slate's own session only).
        PortalAppearance(environment: environment)?.follow(shell.settings, mailbox: live.mailbox)
        // Settings in an app process saves the file: the shell reads it again at once.
        if let folder = shell.settings.file?.deletingLastPathComponent(), let watch = SettingsFileWatch(folder: folder)
        {
            host.watch([watch.fileDescriptor]) { [weak shell] in
                if watch.drain() { shell?.settings.reloadIfChanged() }
            }
        }
        let home = HomeFolder.url(environment: environment)
        shell.screenshotsFolder = UserDirectories.screenshots(environment: environment, home: home)
        return live
    }
}
