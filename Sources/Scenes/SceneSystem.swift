/// The one door from an app to the system that shows its windows: the shell, or `LocalSceneSystem`
/// in tests and apps run without the shell. Every failure comes back as a `SceneError`, never a crash.
@MainActor public protocol SceneSystem: AnyObject {
    /// Shows a window: the request's session again, a window that already shows the requested
    /// content, or a new one. Returns the session shown.
    @discardableResult
    func activate(_ request: ActivationRequest) throws(SceneError) -> SceneSession

    /// Closes a window for good: its scene disconnects, the app is told the session is discarded, and
    /// the session joins the recently-closed list.
    func destroy(_ session: SceneSession, animation: DismissalAnimation) throws(SceneError)

    /// Opens a recently closed window again as it was, with its identifier.
    @discardableResult
    func reopen(_ closed: ClosedSession) throws(SceneError) -> SceneSession

    /// The app's sessions, front first (connected or not).
    var openSessions: [SceneSession] { get }

    /// The app's scenes connected now, front first.
    var connectedScenes: [WindowScene] { get }

    /// The last destroyed sessions, newest first.
    var recentlyClosed: [ClosedSession] { get }
}
