import Foundation
import Graphics
import Host
import Scenes
import UI

// The person's settings in an app process: read when the app starts, and again each time the file
// changes (Settings, in its own process, saved it), so that every window follows a change of
// appearance, language or text size at once.
extension AppProcess {
    /// The settings this process keeps, for an app that shows them (Settings).
    public var systemSettings: SettingsStore? { settings }

    /// Watches the settings file's folder and follows the settings' appearance, language and text
    /// size.
    func watchSettings() {
        guard let settings else {
            settingsWatch = nil
            return
        }
        settingsWatch = settings.file.flatMap { SettingsFileWatch(folder: $0.deletingLastPathComponent()) }
        settings.observe { [weak self] change in self?.settingChanged(change) }
    }

    /// A setting changed in the file: the windows follow Dark Mode, the language and the text size.
    func settingChanged(_ change: SettingChange) {
        guard let settings else { return }
        if change.is(.darkMode) {
            appearance = settings[.darkMode] ? .dark : .light
        } else if change.is(.language) {
            language = settings[.language].language ?? Language.fromEnvironment(ProcessInfo.processInfo.environment)
        } else if change.is(.textSize) {
            contentSizeCategory = ContentSizeCategory(bodySize: settings[.textSize])
        }
    }
}
