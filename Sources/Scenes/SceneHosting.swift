import UI

/// Where windows go: implemented by the shell (and by `LocalSceneSystem`, which lays them out
/// nowhere). The runtime decides what happens to sessions and scenes; the hosting shows it.
@MainActor public protocol SceneHosting: AnyObject {
    /// What the screen the windows go on shares with their views — above all its language. A
    /// scene's views are made in it (its window's `detachedEnvironment`) before the window is placed.
    var environment: ScreenEnvironment { get }
    /// A scene connected and wants a window: `placement` as the app asked, `beside` the requesting
    /// window (nil for none). The hosting makes the window foreground when it is shown, with
    /// `SceneRuntime.setForeground(_:active:)`.
    func place(_ scene: WindowScene, placement: Placement, beside: WindowScene?)
    /// A request for a window that is already connected: bring it to the front, where `placement`
    /// says when it names a side.
    func bringForward(_ scene: WindowScene, placement: Placement)
    /// The window's session was destroyed: take the window away with `animation`.
    func remove(_ scene: WindowScene, animation: DismissalAnimation)
    /// The scene was disconnected in the background to free memory; its session stays and will
    /// be placed again when shown. Default: nothing.
    func didDisconnect(_ scene: WindowScene)
}

extension SceneHosting {
    public func didDisconnect(_ scene: WindowScene) {}
}

extension SceneSystem where Self: SceneHosting {
    /// The language of the screen the hosting puts the windows on.
    public var language: Language { environment.language }
}
