import Foundation
import Graphics
import UI

/// A scene system in the app's own process that lays windows out nowhere: for tests, and for apps run
/// without the shell. It is a `SceneRuntime` with a hosting that records every request it gets
/// (`events`), and it keeps one window active at a time: a window it shows becomes foreground-active
/// and the one active before becomes inactive.
@MainActor public final class LocalSceneSystem: RuntimeBackedSceneSystem, SceneHosting {
    /// One request the runtime made of the hosting.
    public enum HostingEvent: Hashable, Sendable {
        /// A window was placed: its session, the placement asked for, the session it goes beside.
        case place(session: String, placement: Placement, beside: String?)
        case bringForward(session: String)
        case remove(session: String, animation: DismissalAnimation)
        case disconnect(session: String)
    }

    /// The size every window gets, so its views lay out: an 11-inch iPad Pro in landscape, in points.
    public static let windowSize = Size(1194, 834)

    /// The engine.
    public let runtime: SceneRuntime

    /// What the windows share, as a screen's views do (they are on no screen): the language, the
    /// text measurer, where errors go.
    public let environment: ScreenEnvironment

    /// Opens activities of other apps (`open(_:)` for a type this app does not declare); nil: there are
    /// none. A test sets it to see what was asked.
    public var otherApps: ((ActivationRequest) throws(SceneError) -> SceneSession)?

    /// Every request the runtime made of the hosting, in order.
    public private(set) var events: [HostingEvent] = []
    /// The notifications the app posted, in order (nothing shows them here).
    public private(set) var postedNotifications: [UserNotification] = []
    /// The changes of the app's Spotlight items, in order (nothing finds them here).
    public private(set) var searchableChanges: [SearchableChange] = []
    /// The folders the app observes, by standardized path, and what to tell it (`changeFolder`).
    private var folderObservers: [String: [ObjectIdentifier: @MainActor (FolderChange) -> Void]] = [:]

    /// A system for `application`, saving to `store` (nil: nothing is saved), its windows in
    /// `language`.
    public init(
        application: any Application, store: RestorationStore? = nil, settings: SceneSettings = .standard,
        language: Language = .en, makeIdentifier: @escaping () -> String = { UUID().uuidString }
    ) {
        environment = ScreenEnvironment(language: language)
        runtime = SceneRuntime(
            application: application, store: store, settings: settings, makeIdentifier: makeIdentifier)
        runtime.hosting = self
        runtime.system = self
    }

    // MARK: SceneSystem

    public func post(_ notification: UserNotification) throws(SceneError) {
        postedNotifications.append(notification)
    }

    public func changeSearchableItems(_ change: SearchableChange) throws(SceneError) {
        searchableChanges.append(change)
    }

    /// Keeps the observer: this system watches no disk itself, a test (or whoever runs the app)
    /// says what changed with `changeFolder(at:_:)`.
    public func observeFolder(at url: URL, onChange: @escaping @MainActor (FolderChange) -> Void)
        -> FolderObservation?
    {
        let path = url.standardizedFileURL.path
        let token = FolderObservationToken()
        let identifier = ObjectIdentifier(token)
        folderObservers[path, default: [:]][identifier] = onChange
        return FolderObservation { [weak self] in
            _ = token
            self?.folderObservers[path]?[identifier] = nil
        }
    }

    /// Whether the app observes the folder at `url` now.
    public func isObservingFolder(at url: URL) -> Bool {
        !(folderObservers[url.standardizedFileURL.path] ?? [:]).isEmpty
    }

    /// Tells the app's observers of the folder at `url` that `change` was made there.
    public func changeFolder(at url: URL, _ change: FolderChange) {
        for onChange in (folderObservers[url.standardizedFileURL.path] ?? [:]).values { onChange(change) }
    }

    @discardableResult
    public func open(_ request: ActivationRequest) throws(SceneError) -> SceneSession? {
        if let s = try openOwn(request, app: runtime.application) { return s }
        let type = request.userActivity?.activityType ?? ""
        guard let otherApps else { throw .activityTypeNotDeclared(type: type, app: runtime.application.identifier) }
        var r = request
        r.requestingScene = nil
        return try otherApps(r)
    }

    @discardableResult
    public func activate(_ request: ActivationRequest) throws(SceneError) -> SceneSession {
        let session = try runtime.activate(request)
        if let scene = session.scene { focus(scene) }
        return session
    }

    public func destroy(_ session: SceneSession, animation: DismissalAnimation) throws(SceneError) {
        try runtime.destroy(session, animation: animation)
        activateFrontmostIfNone()
    }

    @discardableResult
    public func reopen(_ closed: ClosedSession) throws(SceneError) -> SceneSession {
        let session = try runtime.reopen(closed)
        if let scene = session.scene { focus(scene) }
        return session
    }

    // MARK: What a person would do

    /// Launches the app: brings back its saved windows (or opens a first one).
    @discardableResult
    public func restore() -> [SceneSession] {
        runtime.restore()
    }

    /// Makes `scene` the active window; the one active before becomes inactive.
    public func focus(_ scene: WindowScene) {
        runtime.performBatchUpdates {
            for other in runtime.connectedScenes where other !== scene && other.activationState == .foregroundActive {
                runtime.setForeground(other, active: false)
            }
            runtime.setForeground(scene, active: true)
        }
    }

    /// Sends `scene`'s window to the background (the person switched away from it); the front-most
    /// window still seen becomes active.
    public func moveToBackground(_ scene: WindowScene) {
        runtime.performBatchUpdates {
            runtime.moveToBackground(scene)
            activateFrontmostIfNone()
        }
    }

    /// Quits the app (its state is saved as it is).
    public func terminate() {
        runtime.terminate()
    }

    private func activateFrontmostIfNone() {
        guard runtime.activeScene == nil,
            let next = runtime.connectedScenes.first(where: { $0.activationState == .foregroundInactive })
        else { return }
        runtime.setForeground(next, active: true)
    }

    // MARK: SceneHosting

    public func place(_ scene: WindowScene, placement: Placement, beside: WindowScene?) {
        scene.windowView.detachedEnvironment = environment
        events.append(
            .place(
                session: scene.session.persistentIdentifier, placement: placement,
                beside: beside?.session.persistentIdentifier))
        scene.windowView.frame = Rect(size: Self.windowSize)
    }

    public func bringForward(_ scene: WindowScene, placement: Placement) {
        events.append(.bringForward(session: scene.session.persistentIdentifier))
    }

    public func remove(_ scene: WindowScene, animation: DismissalAnimation) {
        events.append(.remove(session: scene.session.persistentIdentifier, animation: animation))
    }

    public func didDisconnect(_ scene: WindowScene) {
        events.append(.disconnect(session: scene.session.persistentIdentifier))
    }
}

/// What tells one folder observation from another.
private final class FolderObservationToken {}
