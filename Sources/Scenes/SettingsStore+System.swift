import UI

// The settings Settings writes beside Control Center's: language, appearance, the Dock, the
// multitasking mode, keyboard layouts, notifications per app, wallpaper; read by the shell and by
// every app process (`SceneLanguage`, `AppProcess`).

/// The language Slate speaks (Settings › General › Language & Region).
public enum LanguageSetting: String, SettingChoice {
    /// The locale's, from `LC_ALL`, `LC_MESSAGES` or `LANG` (the default).
    case locale = ""
    case english = "en"
    case russian = "ru"

    /// The language chosen, nil for the locale's.
    public var language: Language? { Language(rawValue: rawValue) }

    /// The setting that chooses `language`.
    public init(_ language: Language) { self = language == .ru ? .russian : .english }
}

/// The multitasking mode to start in (Settings › Multitasking & Gestures).
public enum MultitaskingSetting: String, SettingChoice {
    /// The mode last used (the default).
    case lastUsed = ""
    /// Full-Screen Apps: one app full screen, Split View and Slide Over.
    case fullScreen = "full-screen"
    /// Windowed Apps.
    case windowed
}

extension SettingKey where Value == LanguageSetting {
    /// The language Slate speaks: `en`, `ru`, or "" (the locale's). `--locale` overrides it for a run
    /// until the person changes it.
    public static let language = SettingKey("language", default: .locale)
}

extension SettingKey where Value == MultitaskingSetting {
    /// The multitasking mode to use: `full-screen`, `windowed`, or "" (the mode last used).
    public static let multitasking = SettingKey("multitasking", default: .lastUsed)
}

extension SettingKey where Value == String {
    /// The wallpaper: "" (Slate's gradient), `dusk`, `graphite`, or a picture file's absolute path (a
    /// string, not a choice: a path is the person's own).
    public static let wallpaper = SettingKey("wallpaper", default: "")
}

extension SettingKey where Value == Bool {
    /// Appearance follows the time of day (dark from sunset to sunrise: 19:00 to 7:00), as iPadOS's
    /// Automatic; Light and Dark set `darkMode` and turn this off.
    public static let appearanceAutomatic = SettingKey("appearanceAutomatic", default: false)
    /// Whether the keyboard on the glass offers word suggestions (Predictive).
    public static let keyboardSuggestions = SettingKey("keyboardSuggestions", default: true)
    /// Whether the Dock shows recently used apps after its divider.
    public static let dockShowsRecents = SettingKey("dockShowsRecents", default: true)
    /// Whether screen readers find Slate over AT-SPI (read when Slate starts; `SLATE_ACCESSIBILITY`
    /// overrides it).
    public static let accessibilityBus = SettingKey("accessibilityBus", default: true)
}

extension SettingKey where Value == Double {
    /// The body text size in points (iOS's content-size categories: 15, 16, 17 — the default —, 19,
    /// 21, 23).
    public static let textSize = SettingKey("textSize", default: 17)
    /// Device pixels per point on the next start (1 or 2); 0: the display's own (`--scale` wins).
    public static let displayScale = SettingKey("displayScale", default: 0)
}

extension SettingKey where Value == [String] {
    /// The keyboard layouts the globe key cycles through, in order (`en`, `ru`).
    public static let keyboardLayouts = SettingKey("keyboardLayouts", default: ["en", "ru"])
}

extension SettingKey where Value == [String: Bool] {
    /// Apps in the Dock by identifier (a Slate app's, or a program's desktop-file id): true keeps
    /// one there, false keeps it out; an app not named keeps its place (Slate's own are in it, a
    /// program when the dock file names it).
    public static let dockApps = SettingKey("dockApps", default: [:])
    /// Apps whose notifications are allowed, by identifier; unnamed: allowed.
    public static let notificationsAllowed = SettingKey("notifications.allow", default: [:])
    /// Apps whose notifications show as banners, by identifier; unnamed: banners show (with banners
    /// off a notification goes to Notification Center only).
    public static let notificationBanners = SettingKey("notifications.banners", default: [:])
}

/// A list of strings, as the keyboard's layouts are kept.
extension Array: SettingRepresentable where Element == String {
    /// A list of strings.
    public static var settingKind: SettingKind { .strings }
    /// A JSON array of strings (other elements are left out).
    public init?(setting: SettingValue) {
        guard case .array(let items) = setting else { return nil }
        self = items.compactMap { if case .string(let s) = $0 { s } else { nil } }
    }

    /// The strings as a JSON array.
    public var settingValue: SettingValue { .array(map { .string($0) }) }
}
