/// How a window goes away when its session is destroyed (as `UIWindowScene.DismissalAnimation`).
public enum DismissalAnimation: String, Sendable, Hashable, Codable, CaseIterable {
    /// The window simply closes (Close).
    case standard
    /// The window's task was done (Done, Send): it leaves as accepted.
    case commit
    /// The window's task was dropped (Cancel, Delete draft): it leaves as declined.
    case decline
}
