import Foundation
import UI

/// The one door from an app to the system that shows its windows: the shell, or `LocalSceneSystem`
/// in tests and apps run without the shell. Every failure comes back as a `SceneError`, never a crash.
@MainActor public protocol SceneSystem: AnyObject {
    /// Shows a window: the request's session again, a window that already shows the requested
    /// content, or a new one. Returns the session shown.
    @discardableResult
    func activate(_ request: ActivationRequest) throws(SceneError) -> SceneSession

    /// Shows a window of whichever app declares the activity's type: this app's own (as `activate`),
    /// or another app the system knows — the way an app asks another for a window without linking it
    /// (Notes asking for Mail's compose window). A window of another app is never the requester.
    /// Returns the session shown when it is known at once; nil when another app's process opens the
    /// window (it comes a moment later, and that session is that app's to hold).
    /// Throws `activityTypeNotDeclared` when no app declares the type.
    @discardableResult
    func open(_ request: ActivationRequest) throws(SceneError) -> SceneSession?
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

    /// The language of the screen the app's windows are on: what the app says outside a window (a
    /// notification) is said in it.
    var language: Language { get }

    /// The last destroyed sessions, newest first.
    var recentlyClosed: [ClosedSession] { get }

    /// Shows the app's notification as a banner and keeps it in Notification Center (replacing the
    /// app's one of its identifier); a tap opens its activity. Throws
    /// `SceneError.notificationsUnavailable` where the system shows none.
    func post(_ notification: UserNotification) throws(SceneError)
    /// Changes the app's items in Spotlight's index (`indexSearchableItems`, `deleteSearchableItems`).
    /// A system with no Spotlight keeps nothing and says nothing.
    func changeSearchableItems(_ change: SearchableChange) throws(SceneError)
    /// The person's system settings as this system keeps them (`settings.json`, observed live), for
    /// an app that shows or changes them (Settings); nil where the system keeps none.
    var systemSettings: SettingsStore? { get }
    /// Tells the app of changes in the folder tree at `url` (8 folders deep) as they are made, by
    /// another program or by the app: `onChange` on the main actor, once a burst is over
    /// (`FolderObservationTiming`). Nil where the system watches no folders (a system in the
    /// shell's own process, or none left to the person): the app then looks when its windows come
    /// to the foreground.
    func observeFolder(at url: URL, onChange: @escaping @MainActor (FolderChange) -> Void) -> FolderObservation?
}

extension SceneSystem {
    /// A system that keeps no settings has none to give.
    public var systemSettings: SettingsStore? { nil }

    /// A system that watches no folders says nil.
    public func observeFolder(at url: URL, onChange: @escaping @MainActor (FolderChange) -> Void)
        -> FolderObservation?
    { nil }

    /// A system with no Spotlight keeps nothing.
    public func changeSearchableItems(_ change: SearchableChange) throws(SceneError) {}

    /// A system that shows no notifications says so.
    public func post(_ notification: UserNotification) throws(SceneError) {
        throw .notificationsUnavailable(app: "The app")
    }

    /// The activity in this app when it declares the type; a system of one app knows no other.
    public func openOwn(_ request: ActivationRequest, app: any Application) throws(SceneError) -> SceneSession? {
        let type = request.userActivity?.activityType ?? ""
        return app.activityTypes.contains(type) ? try activate(request) : nil
    }
}

/// A scene system whose sessions a `SceneRuntime` keeps (the shell's, an app process's, the local
/// one): the runtime answers what the system is asked, unless the system says otherwise.
@MainActor public protocol RuntimeBackedSceneSystem: SceneSystem {
    /// The engine that keeps the app's sessions.
    var runtime: SceneRuntime { get }
}

extension RuntimeBackedSceneSystem {
    @discardableResult
    public func activate(_ request: ActivationRequest) throws(SceneError) -> SceneSession {
        try runtime.activate(request)
    }

    public func destroy(_ session: SceneSession, animation: DismissalAnimation) throws(SceneError) {
        try runtime.destroy(session, animation: animation)
    }

    @discardableResult
    public func reopen(_ closed: ClosedSession) throws(SceneError) -> SceneSession {
        try runtime.reopen(closed)
    }

    public var openSessions: [SceneSession] { runtime.openSessions }
    public var connectedScenes: [WindowScene] { runtime.connectedScenes }
    public var recentlyClosed: [ClosedSession] { runtime.recentlyClosed }
}
