import UI

/// A command on the app icon's context menu (as `UIApplicationShortcutItem`): choosing it asks the
/// app for a window showing `activity`.
public struct QuickAction: Hashable, Sendable {
    public var title: LocalizedString
    /// An SF-Symbol name.
    public var symbol: String
    /// What to open; its type must be one of the app's `activityTypes`.
    public var activity: UserActivity

    public init(title: LocalizedString, symbol: String, activity: UserActivity) {
        self.title = title
        self.symbol = symbol
        self.activity = activity
    }
}
