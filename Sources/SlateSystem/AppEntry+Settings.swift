import Foundation
import Scenes
import Settings

extension AppEntry {
    /// Slate's Settings over the person's settings file (`$XDG_CONFIG_HOME/slate/settings.json`);
    /// a system that keeps settings of its own (the shell's, an app process's) gives them when the
    /// app connects. Scratch runs keep them in memory.
    public static let settings = AppEntry(name: "Settings") { places in
        let configHome = places.isScratch ? nil : SettingsStore.defaultConfigHome(environment: places.environment)
        return SettingsApp(store: SettingsStore(configHome: configHome))
    }
}
