// The lock screen's settings (Settings → Display & Brightness → Auto-Lock, and Lock Screen), read
// by the shell and written by Settings.

extension SettingKey where Value == Double {
    /// Seconds without input before the screen locks by itself; 0: never. iPadOS offers 2, 5, 10 and
    /// 15 minutes and Never, and starts at 2 minutes.
    public static let autoLockSeconds = SettingKey("autoLockSeconds", default: 120)
}

extension SettingKey where Value == Bool {
    /// Whether the session starts locked (the password asked before the apps show), for a tablet
    /// that logs in by itself.
    public static let lockAtStart = SettingKey("lockAtStart", default: false)
}

/// When notifications show their bodies (iPadOS's Show Previews).
public enum NotificationPreviews: String, SettingChoice {
    case always
    /// While locked only the app and title show (the default).
    case whenUnlocked
    case never
}

extension SettingKey where Value == NotificationPreviews {
    /// When notifications show their bodies: `always`, `whenUnlocked` or `never`.
    public static let notificationPreviews = SettingKey("notificationPreviews", default: .whenUnlocked)
}
