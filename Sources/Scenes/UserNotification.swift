/// A notification a Slate app posts (as `UNNotificationRequest`): a title, a body, and the
/// activity a tap opens — the window that shows what it is about, the way every window is opened
/// (W2d). The system shows it as a banner and keeps it in Notification Center.
///
/// ```swift
/// try system.post(UserNotification(
///     identifier: "message-\(id)", title: "Anna Petrova", body: "Lunch at one?",
///     userActivity: MailApp.messageActivity(for: message)))
/// ```
public struct UserNotification: Hashable, Sendable {
    /// The app's own name for it: posting another with the same replaces it.
    public var identifier: String
    /// The title (plain text).
    public var title: String
    /// The body (plain text).
    public var body: String
    /// What a tap opens; nil: the app's most recent window.
    public var userActivity: UserActivity?

    /// A notification with every field given.
    public init(
        identifier: String, title: String, body: String = "", userActivity: UserActivity? = nil
    ) {
        self.identifier = identifier
        self.title = title
        self.body = body
        self.userActivity = userActivity
    }
}
