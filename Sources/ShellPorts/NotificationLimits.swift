/// The bounds on what a notification may bring (the bad input): text cut, pictures scaled, a
/// sender that floods held back, a bounded number kept. Not presentation: what keeps the shell quick
/// whatever a program sends.
public enum NotificationLimits {
    /// UTF-8 bytes of a body read before its markup (a 1 MB body is cut here first; GNOME Shell's
    /// banners show far less).
    public static let bodyBytes = 16_384
    /// Characters of a body kept after its markup is read (what Notification Center can show).
    public static let bodyCharacters = 2_000
    /// Characters of a title or an app name kept.
    public static let titleCharacters = 200
    /// Actions kept (the spec sets no bound; iPadOS shows at most four).
    public static let actions = 4
    /// Pixels a side of a picture kept (scaled down once, on the server's thread).
    public static let imagePixels = 128
    /// Notifications a sender may post in a burst before it is held back.
    public static let burst = 20
    /// Notifications a sender may post a second after its burst.
    public static let perSecond = 5.0
    /// Notifications kept per app in Notification Center (the oldest go).
    public static let perApp = 50
    /// Notifications kept in all (the oldest go).
    public static let total = 500
}
