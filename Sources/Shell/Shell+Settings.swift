import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI
import Windowing

// What Settings changes, followed by the shell at once: the language of every window, the Dock,
// the multitasking mode, the wallpaper, the text size, and the appearance by the time of day.
extension Shell {
    /// A setting Settings keeps changed (`change`; `.all`: a new store, read whole).
    func settingsOfSettingsDidChange(_ change: SettingChange) {
        /// Whether `setting` changed, or (read whole) the file sets it.
        func changed<Value>(_ setting: SettingKey<Value>) -> Bool {
            change == .all ? settings.isSet(setting) : change.is(setting)
        }
        if changed(.language) {
            setLanguage(settings[.language].language ?? Language.fromEnvironment(ProcessInfo.processInfo.environment))
        }
        if change.is(.dockApps) || change.is(.dockShowsRecents) { rebuildIcons() }
        if changed(.multitasking), let mode = MultitaskingMode(settings[.multitasking]) { setMultitasking(mode) }
        if change.includes(.wallpaper) { showWallpaper(settings[.wallpaper]) }
        if change.includes(.textSize) { setContentSizeCategory(ContentSizeCategory(bodySize: settings[.textSize])) }
        if change.is(.keyboardSuggestions) || change.is(.keyboardLayouts) { keyboardSettingsDidChange() }
    }

    /// Every window of the shell's screen in `language`: the Home screen and Dock, and each app in
    /// the shell's process made again in it (an app process follows the settings file itself).
    public func setLanguage(_ language: Language) {
        guard environment.language != language else { return }
        switchLanguage(to: language)
        rebuildIcons()
        for app in apps where !(app.application is ProcessApp) && !(app.application is ForeignApp) {
            app.runtime.languageDidChange()
        }
    }

    /// Settings › Wallpaper: a built-in one by name, or a PNG file by its path (read once, at the
    /// screen's scale; one that cannot be read is said in a line and Slate's gradient shows).
    func showWallpaper(_ chosen: String) {
        wallpaper.style = chosen
        guard chosen.hasPrefix("/"), let renderer = environment.renderer else {
            wallpaper.picture = nil
            return
        }
        wallpaper.picture = environment.errors.attempt(ShellStrings.showTheWallpaper) {
            try renderer.readPNG(chosen, scale: 1)
        }
    }

    /// Settings › Keyboard: suggestions follow at once; the layouts when the keyboard next shows (a
    /// keyboard put away is made again with them).
    func keyboardSettingsDidChange() {
        let s = keyboardState
        s.keyboard?.suggester = settings[.keyboardSuggestions] ? s.suggester : nil
        if let kb = s.keyboard, !s.isShown, kb.layouts.map(\.language.rawValue) != settings[.keyboardLayouts] {
            kb.view.removeFromSuperview()
            s.keyboard = nil
        }
    }

    /// Settings › Display & Brightness › Automatic: dark from 19:00 to 7:00, written as Dark Mode so
    /// that every app process follows it too.
    func followTimeOfDay(_ time: TimeOfDay) {
        guard settings[.appearanceAutomatic] else { return }
        let dark = time.hour >= ShellMetrics.automaticDarkHour || time.hour < ShellMetrics.automaticLightHour
        if settings[.darkMode] != dark { settings[.darkMode] = dark }
    }
}
