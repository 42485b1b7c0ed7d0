/// Opens a user activity in whichever app declares its type — the way an app asks another app for a
/// window (Notes asking for Mail's compose window) without linking it. The app's own types go to its
/// own scene system; others go to the system that hosts several apps, which sets `handler`.
@MainActor public enum ActivityRouter {
    /// The hosting system's way to open an activity of another app; nil when an app runs alone
    /// (tests set it to see what was asked).
    public static var handler: ((ActivationRequest) throws(SceneError) -> SceneSession)?

    /// Shows a window for `request`: in `scene`'s app when it declares the activity's type, else in
    /// the app the system finds for it. Throws `activityTypeNotDeclared` when no app declares it.
    @discardableResult
    public static func open(_ request: ActivationRequest, from scene: WindowScene?) throws(SceneError) -> SceneSession {
        let type = request.userActivity?.activityType ?? ""
        if let scene, let app = scene.application, app.activityTypes.contains(type), let system = scene.sceneSystem {
            var r = request
            r.requestingScene = scene
            return try system.activate(r)
        }
        guard let handler else {
            throw .activityTypeNotDeclared(type: type, app: scene?.application?.identifier ?? "")
        }
        var r = request
        // A window of another app cannot be the requester of this one.
        r.requestingScene = nil
        return try handler(r)
    }
}
