import Scenes

/// The shell's line to a running app process (the scene protocol's manager, for one client).
@MainActor public protocol AppChannel: AnyObject {
    /// The process id.
    var processID: Int32 { get }
    /// Asks the app to connect a new session with this identifier, for `activity` and `role`.
    func connect(session: String, role: SceneSession.Role, activity: UserActivity?)
}
