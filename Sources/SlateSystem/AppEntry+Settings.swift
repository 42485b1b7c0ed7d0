import Foundation
import Scenes
import SessionServices
import Settings

extension AppEntry {
    /// Slate's Settings over the person's settings file (`$XDG_CONFIG_HOME/slate/settings.json`);
    /// a system that keeps settings of its own (the shell's, an app process's) gives them when the
    /// app connects. Scratch runs keep them in memory.
    public static let settings = AppEntry(name: "Settings") { places in
        let configHome = places.isScratch ? nil : SettingsStore.defaultConfigHome(environment: places.environment)
        // Wallpaper's pictures: the person's Pictures folder; a scratch run's own (empty) one.
        let home = HomeFolder.url(environment: places.environment)
        let pictures =
            places.isScratch
            ? places.documentsDirectory.deletingLastPathComponent().appendingPathComponent("Pictures")
            : UserDirectories.pictures(environment: places.environment, home: home)
        // (The shell names the file's unusable keys; the app reading it again does not.)
        return SettingsApp(
            store: SettingsStore(configHome: configHome, namesUnusableKeys: false), picturesFolder: pictures)
    }
}
