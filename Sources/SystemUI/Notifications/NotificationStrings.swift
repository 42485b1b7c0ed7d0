import UI

/// What notifications say, in English and Russian.
public enum NotificationStrings {
    public static let now = LocalizedString(en: "now", ru: "сейчас")
    public static let minutesAgo = LocalizedString(en: "%@m ago", ru: "%@ мин назад")
    public static let hoursAgo = LocalizedString(en: "%@h ago", ru: "%@ ч назад")
    public static let notificationCenter = LocalizedString(en: "Notification Center", ru: "Центр уведомлений")
    public static let noNotifications = LocalizedString(en: "No Notifications", ru: "Нет уведомлений")
    public static let clear = LocalizedString(en: "Clear", ru: "Очистить")
    public static let readTheNotifications = LocalizedString(
        en: "read the kept notifications", ru: "прочитать сохранённые уведомления")
    public static let openTheNotification = LocalizedString(
        en: "open the notification's window", ru: "открыть окно уведомления")
    public static let keepTheNotifications = LocalizedString(
        en: "keep the notifications", ru: "сохранить уведомления")
}
