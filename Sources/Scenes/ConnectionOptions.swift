/// Why and for what a scene is connecting (as `UIScene.ConnectionOptions`).
public struct ConnectionOptions: Hashable, Sendable {
    /// Why the scene connects.
    public enum Reason: String, Hashable, Sendable {
        /// An activation request opened a new window.
        case request
        /// A window that was disconnected in the background (or restored but not shown) is shown again.
        case reconnect
        /// The window comes back at launch as it was.
        case restore
        /// A recently closed window is opened again.
        case reopen
    }

    /// The activities that asked for the window; for a reconnect, restore or reopen, the activity
    /// the session saved.
    public var userActivities: [UserActivity]
    public var reason: Reason

    public init(userActivities: [UserActivity] = [], reason: Reason = .request) {
        self.userActivities = userActivities
        self.reason = reason
    }
}
