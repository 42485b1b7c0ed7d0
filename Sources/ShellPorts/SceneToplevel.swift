import Menus
import Scenes

/// A toplevel of a Slate app running as its own process: a foreign window that shows one of the app's
/// scene sessions (Slate's scene protocol), so the shell knows its session, role and wishes, and can
/// tell the app how the window is shown.
@MainActor public protocol SceneToplevel: ForeignToplevel {
    /// The session the window shows.
    var sessionIdentifier: String { get }
    /// Its role.
    var role: SceneSession.Role { get }
    /// Where the app asked the window to go (when it opened, or in its last bring-forward).
    var placement: Placement { get }
    /// The session of the window it opened beside, if any.
    var besideSession: String? { get }
    /// What tells this window from others with the same title.
    var subtitle: String { get }
    /// Tells the app how the window is shown now.
    func setSceneState(_ state: SceneToplevelState)
    /// Tells the app that a person closed the window: it destroys the session.
    func discardScene()
    /// The menu bar the app last declared for this window (version 2 of the scene protocol), or nil
    /// when it declared none (or one the shell could not read: said once, in one line).
    var menuBarDeclaration: MenuBarDeclaration? { get }
    /// Asks the app to perform the declared command at `path` (child indices from its bar).
    func performMenuCommand(_ path: [Int])
}

extension SceneToplevel {
    public var menuBarDeclaration: MenuBarDeclaration? { nil }
    public func performMenuCommand(_ path: [Int]) {}
}

/// How a scene's window is shown (the scene protocol's `slate_scene_v1.state`).
public enum SceneToplevelState: Int, Sendable {
    case background = 0
    case inactive = 1
    case active = 2
}
