/// A window that was closed and can be opened again as it was (the recently-closed list, which
/// iPadOS lacks and people asked for). The system keeps the last few, newest first
/// (`SceneSettings.recentlyClosedLimit`).
public struct ClosedSession: Hashable, Sendable {
    /// The closed session's identifier; reopening brings back a session with the same one.
    public var persistentIdentifier: String { record.id }
    public var role: SceneSession.Role { record.role }
    public var title: String { record.title }
    /// What the window showed when it closed.
    public var userActivity: UserActivity? { record.userActivity }
    public var targetContentIdentifier: String? { record.targetContentIdentifier }
    public var userInfo: [String: String] { record.userInfo }
    /// How it closed: `.commit` when its task was done, `.decline` when dropped, `.standard` otherwise.
    public let animation: DismissalAnimation
    /// Everything stored for it.
    public let record: SessionRecord

    public init(record: SessionRecord, animation: DismissalAnimation) {
        self.record = record
        self.animation = animation
    }
}
