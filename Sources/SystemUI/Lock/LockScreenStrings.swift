import UI

/// What the lock screen says, in English and Russian.
public enum LockScreenStrings {
    /// The screen's name for a screen reader.
    public static let lockScreen = LocalizedString(en: "Lock Screen", ru: "Экран блокировки")
    /// The hint at the bottom.
    public static let swipeUp = LocalizedString(en: "Swipe up to open", ru: "Смахните вверх, чтобы открыть")
    /// The password page's title.
    public static let enterPassword = LocalizedString(en: "Enter Password", ru: "Введите пароль")
    /// The field, for a screen reader, with how many characters are typed.
    public static let passwordField = LocalizedString(en: "Password", ru: "Пароль")
    public static let charactersTyped = LocalizedString(en: "%@ characters", ru: "Символов: %@")
    /// Said while the password is being checked.
    public static let checking = LocalizedString(en: "Checking…", ru: "Проверка…")
    /// A wrong password.
    public static let wrongPassword = LocalizedString(en: "Wrong password", ru: "Неверный пароль")
    /// No password checker: the screen stays locked.
    public static let cannotCheck = LocalizedString(
        en: "The password cannot be checked on this system; the screen stays locked",
        ru: "Пароль нельзя проверить в этой системе; экран остаётся заблокированным")
    /// The lock screen could not be drawn: the plain one instead.
    public static let showTheLockScreen = LocalizedString(
        en: "show the lock screen", ru: "показать экран блокировки")
    /// A program locked the screen (swaylock, over ext-session-lock) and ended without unlocking.
    public static let lockerEnded = LocalizedString(
        en: "The program that locked the screen ended; enter your password",
        ru: "Программа, заблокировавшая экран, завершилась; введите пароль")
    /// The power menu.
    public static let powerOff = LocalizedString(en: "Power Off", ru: "Выключить")
    public static let restart = LocalizedString(en: "Restart", ru: "Перезагрузить")
    public static let cancel = LocalizedString(en: "Cancel", ru: "Отменить")
    /// Powering off with no login manager to do it through: what, and why not.
    public static let powerOffOrRestart = LocalizedString(
        en: "power off or restart", ru: "выключить или перезагрузить")
    public static let noLoginManager = LocalizedString(
        en: "no login manager (logind) answers", ru: "менеджер входа (logind) не отвечает")
}
