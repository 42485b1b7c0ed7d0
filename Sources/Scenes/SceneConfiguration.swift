/// How the app makes windows of one role (as `UISceneConfiguration`): a name, the role, and the
/// scene delegate each window of it gets.
public struct SceneConfiguration {
    public var name: String
    public var role: SceneSession.Role
    /// Makes the delegate of a new scene; called each time a scene connects.
    public var makeDelegate: @MainActor () -> any SceneDelegate
    /// The closing button auxiliary windows of this configuration carry (W6).
    public var closingButtonStyle: ClosingButtonStyle

    public init(
        name: String, role: SceneSession.Role, closingButtonStyle: ClosingButtonStyle = .done,
        makeDelegate: @escaping @MainActor () -> any SceneDelegate
    ) {
        self.name = name
        self.role = role
        self.closingButtonStyle = closingButtonStyle
        self.makeDelegate = makeDelegate
    }
}
