/// A request to show a window (as `UISceneSessionActivationRequest`): an existing session, or none
/// for a new window, with the user activity that says what to show.
///
/// A request for content a window already shows (the same target content identifier, accepted by
/// that window's activation conditions) brings that window forward instead of opening a twin, unless
/// `forcesNewWindow` is set.
public struct ActivationRequest {
    /// The session to show again, or nil to open a new window (or reuse one showing the content).
    public var session: SceneSession?
    /// What to show; its type must be one of the application's `activityTypes`.
    public var userActivity: UserActivity?
    /// The window the request comes from; placements are relative to it.
    public var requestingScene: WindowScene?
    /// Where the app would like the window.
    public var placement: Placement
    /// Open a new window even when one already shows the content.
    public var forcesNewWindow: Bool
    /// The role of a new window. Nil: primary with no activity, else `Application.role(for:)`.
    public var role: SceneSession.Role?

    public init(
        session: SceneSession? = nil, userActivity: UserActivity? = nil, requestingScene: WindowScene? = nil,
        placement: Placement = .automatic, forcesNewWindow: Bool = false, role: SceneSession.Role? = nil
    ) {
        self.session = session
        self.userActivity = userActivity
        self.requestingScene = requestingScene
        self.placement = placement
        self.forcesNewWindow = forcesNewWindow
        self.role = role
    }
}
