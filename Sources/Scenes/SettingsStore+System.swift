// The settings Settings writes beside Control Center's: language, appearance, the Dock, the
// multitasking mode, keyboard layouts, notifications per app, wallpaper; read by the shell and by
// every app process (`SceneLanguage`, `AppProcess`).

extension SettingKey where Value == String {
    /// The language Slate speaks: `en`, `ru`, or "" (the default: the locale's, from `LC_ALL`,
    /// `LC_MESSAGES` or `LANG`). `--locale` overrides it for a run until the person changes it.
    public static let language = SettingKey("language", default: "")
    /// The multitasking mode to use: `full-screen`, `windowed`, or "" (the mode last used).
    public static let multitasking = SettingKey("multitasking", default: "")
    /// The wallpaper: "" (Slate's gradient), `dusk`, `graphite`, or a picture file's absolute path.
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
