/// The app's object for one window: told of the window's life in the iPad order, and asked what to
/// store (as `UIWindowSceneDelegate`). Every method has an empty default.
///
/// Order: `scene(_:willConnectTo:options:)` → `sceneWillEnterForeground` → `sceneDidBecomeActive`;
/// going away: `sceneWillResignActive` → `sceneDidEnterBackground` → `sceneDidDisconnect`.
@MainActor public protocol SceneDelegate: AnyObject {
    /// The scene is about to be shown; set its `rootView` here. `options.userActivities` say what
    /// to show.
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions)
    /// The window takes input now.
    func sceneDidBecomeActive(_ scene: WindowScene)
    /// The window is about to stop taking input (another window became active, or it is leaving).
    func sceneWillResignActive(_ scene: WindowScene)
    /// The window is about to be seen.
    func sceneWillEnterForeground(_ scene: WindowScene)
    /// The window is no longer seen.
    func sceneDidEnterBackground(_ scene: WindowScene)
    /// The scene is released (to free memory, or because the window was closed); its session
    /// lives on unless it was destroyed.
    func sceneDidDisconnect(_ scene: WindowScene)
    /// A request for this window arrived while it was connected (it was brought forward).
    func scene(_ scene: WindowScene, continue userActivity: UserActivity)
    /// What the window shows now, to be stored; asked when the window goes to the background, is
    /// closed, or the app terminates. Nil keeps the session's current activity.
    func stateRestorationActivity(for scene: WindowScene) -> UserActivity?
    /// The language of the window's screen changed (`SceneRuntime.languageDidChange`); by default
    /// the window is connected again from its restoration activity (`SceneLanguage.swift`).
    func sceneLanguageDidChange(_ scene: WindowScene)
}

extension SceneDelegate {
    public func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {}
    public func sceneDidBecomeActive(_ scene: WindowScene) {}
    public func sceneWillResignActive(_ scene: WindowScene) {}
    public func sceneWillEnterForeground(_ scene: WindowScene) {}
    public func sceneDidEnterBackground(_ scene: WindowScene) {}
    public func sceneDidDisconnect(_ scene: WindowScene) {}
    public func scene(_ scene: WindowScene, continue userActivity: UserActivity) {}
    public func stateRestorationActivity(for scene: WindowScene) -> UserActivity? { nil }
}
