import Foundation

/// The engine of one app's windows, shared by `LocalSceneSystem` and the shell: it owns the app's
/// sessions, runs their scenes' lifecycle in the iPad order with the delegate callbacks, routes
/// activation requests, keeps the background budget and the recently-closed list, and saves the
/// state on every change that matters. Where windows go on screen is the `hosting`'s business.
///
/// The shell (or `LocalSceneSystem`) calls `restore()` at launch, then `setForeground(_:active:)`,
/// `moveToBackground(_:)` as people move between windows, and the `SceneSystem` operations on the
/// app's behalf.
@MainActor public final class SceneRuntime {
    /// The app whose windows these are.
    public let application: any Application
    public let settings: SceneSettings
    /// Where the state is saved; nil keeps nothing.
    public let store: RestorationStore?
    /// Told where windows go.
    public weak var hosting: (any SceneHosting)?
    /// The system the app's scenes talk to (`WindowScene.sceneSystem`); the app is told of it
    /// (`Application.didConnect(to:)`), so that it may post notifications with no window open.
    public weak var system: (any SceneSystem)? {
        didSet { if let system, system !== oldValue { application.didConnect(to: system) } }
    }
    /// Where problems are reported, one line each (by default the store's log, else standard error).
    public var log: @Sendable (String) -> Void

    /// The sessions, front first (connected or not).
    public private(set) var openSessions: [SceneSession] = []
    /// The last destroyed sessions, newest first, at most `settings.recentlyClosedLimit`.
    public private(set) var recentlyClosed: [ClosedSession] = []
    /// False after `terminate()`: requests throw `appNotRunning`.
    public private(set) var isRunning = true
    /// The error of the last save that failed, until a save succeeds.
    public private(set) var lastSaveError: SceneError?

    private var sessionsByID: [String: SceneSession] = [:]
    /// The connected scenes, kept here (a session holds its scene weakly).
    private var scenesByID: [String: WindowScene] = [:]
    /// When each background scene went to the background, in steps; the oldest are disconnected first.
    private var backgroundSince: [String: Int] = [:]
    private var step = 0
    /// Sessions whose record must be written.
    private var dirty: Set<String> = []
    private var needsSave = false
    private var manifestNeedsSave = false
    private var batchDepth = 0
    private let makeIdentifier: () -> String

    /// A runtime for `application`, saving to `store`. `makeIdentifier` names new sessions (tests
    /// may make them predictable); a name that is taken or cannot name a file is replaced by a UUID.
    public init(
        application: any Application, store: RestorationStore?, settings: SceneSettings = .standard,
        makeIdentifier: @escaping () -> String = { UUID().uuidString }
    ) {
        self.application = application
        self.store = store
        self.settings = settings
        self.makeIdentifier = makeIdentifier
        self.log = store?.log ?? RestorationStore.defaultLog
    }

    /// The scenes connected now, front first.
    public var connectedScenes: [WindowScene] {
        openSessions.compactMap { scenesByID[$0.persistentIdentifier] }
    }

    /// The scene taking input, if any.
    public var activeScene: WindowScene? {
        connectedScenes.first { $0.activationState == .foregroundActive }
    }

    /// The open session with `id`, if any.
    public func session(withIdentifier id: String) -> SceneSession? { sessionsByID[id] }

    // MARK: Launch and termination

    /// Brings back the saved sessions at launch, in their saved order: the windows that were seen
    /// connect (`willConnectTo` with their saved activity, reason `.restore`) and come back to the
    /// foreground, the one that took input active; the others stay as sessions until shown. With
    /// nothing saved and `openingNewWindowIfEmpty`, a new primary window opens. Returns the sessions.
    @discardableResult
    public func restore(openingNewWindowIfEmpty: Bool = true) -> [SceneSession] {
        guard isRunning, openSessions.isEmpty else { return openSessions }
        let state = store?.load() ?? RestoredState()
        for r in state.openSessions {
            guard configuration(for: r) != nil else {
                log(
                    "slate: session \(r.id) has no configuration '\(r.configurationName)' in \(application.identifier); skipped"
                )
                continue
            }
            let s = SceneSession(record: r)
            s.runtime = self
            openSessions.append(s)
            sessionsByID[r.id] = s
        }
        recentlyClosed = Array(state.recentlyClosed.prefix(settings.recentlyClosedLimit))
        performBatchUpdates {
            let seen = state.manifest.foreground.compactMap { sessionsByID[$0] }
            for s in seen.reversed() {
                guard let config = configuration(for: s.record) else { continue }
                let scene = connect(
                    s, config, ConnectionOptions(userActivities: s.userActivity.map { [$0] } ?? [], reason: .restore))
                hosting?.place(scene, placement: .automatic, beside: nil)
            }
            for s in seen.reversed() { if let scene = s.scene { transition(scene, to: .foregroundInactive) } }
            if let id = state.manifest.active, let scene = sessionsByID[id]?.scene {
                transition(scene, to: .foregroundActive)
            }
            if openSessions.isEmpty && openingNewWindowIfEmpty {
                do {
                    let s = try activate(ActivationRequest())
                    if let scene = s.scene { transition(scene, to: .foregroundActive) }
                } catch {
                    log("slate: \(application.identifier) could not open its first window: \(error)")
                }
            }
            orderDidChange()
        }
        return openSessions
    }

    /// The app quits: the state is saved as it is (the windows seen now come back seen), then every
    /// scene goes to the background and disconnects. Later requests throw `appNotRunning`.
    public func terminate() {
        guard isRunning else { return }
        for scene in connectedScenes { captureRestorationActivity(scene) }
        saveIfNeeded()
        isRunning = false
        for scene in connectedScenes {
            disconnect(scene)
            hosting?.didDisconnect(scene)
        }
    }

    // MARK: Requests (the SceneSystem operations)

    /// Shows a window for `request` (see `SceneSystem.activate(_:)`): the request's session again,
    /// a session that already shows the requested content and whose conditions accept it, or a new
    /// session. A new or reconnected scene is placed with the hosting and stays `unattached` until the
    /// hosting makes it foreground; a connected one is brought forward and its delegate gets
    /// `scene(_:continue:)` with the request's activity.
    @discardableResult
    public func activate(_ request: ActivationRequest) throws(SceneError) -> SceneSession {
        guard isRunning else { throw .appNotRunning(application.identifier) }
        if let a = request.userActivity, !application.activityTypes.contains(a.activityType) {
            throw .activityTypeNotDeclared(type: a.activityType, app: application.identifier)
        }
        if let r = request.requestingScene, !owns(r) { throw .unknownSession(r.session.persistentIdentifier) }
        let beside = request.requestingScene
        return try performBatchUpdates { () throws(SceneError) -> SceneSession in
            if let s = request.session {
                guard sessionsByID[s.persistentIdentifier] === s else { throw .unknownSession(s.persistentIdentifier) }
                try show(s, activity: request.userActivity, placement: request.placement, beside: beside)
                return s
            }
            if !request.forcesNewWindow, let a = request.userActivity, let target = a.targetContentIdentifier,
                let s = session(showing: target, role: request.role)
            {
                try show(s, activity: a, placement: request.placement, beside: beside)
                return s
            }
            let role = request.role ?? request.userActivity.map { application.role(for: $0) } ?? .primary
            guard let config = application.configuration(for: role) else {
                throw .noConfiguration(role: role, app: application.identifier)
            }
            let a = request.userActivity
            let s = SceneSession(
                record: SessionRecord(
                    id: newIdentifier(), role: role, configurationName: config.name, title: a?.title ?? "",
                    userActivity: a, targetContentIdentifier: a?.targetContentIdentifier))
            s.runtime = self
            openSessions.insert(s, at: 0)
            sessionsByID[s.persistentIdentifier] = s
            dirty.insert(s.persistentIdentifier)
            orderDidChange()
            let scene = connect(s, config, ConnectionOptions(userActivities: a.map { [$0] } ?? [], reason: .request))
            hosting?.place(scene, placement: request.placement, beside: beside)
            return s
        }
    }

    /// Closes `session`'s window for good (see `SceneSystem.destroy(_:animation:)`): the delegate is
    /// asked for its restoration activity, the hosting removes the window with `animation`, the scene
    /// resigns, goes to the background and disconnects, the app is told the session is discarded,
    /// and the session heads the recently-closed list.
    public func destroy(_ session: SceneSession, animation: DismissalAnimation) throws(SceneError) {
        guard isRunning else { throw .appNotRunning(application.identifier) }
        let id = session.persistentIdentifier
        guard sessionsByID[id] === session else { throw .unknownSession(id) }
        performBatchUpdates {
            if let scene = scenesByID[id] {
                captureRestorationActivity(scene)
                hosting?.remove(scene, animation: animation)
                disconnect(scene)
            }
            openSessions.removeAll { $0 === session }
            sessionsByID[id] = nil
            session.runtime = nil
            recentlyClosed.insert(ClosedSession(record: session.record, animation: animation), at: 0)
            for dropped in recentlyClosed.dropFirst(settings.recentlyClosedLimit) {
                dirty.remove(dropped.persistentIdentifier)
            }
            recentlyClosed = Array(recentlyClosed.prefix(settings.recentlyClosedLimit))
            orderDidChange()
            application.didDiscard([session])
        }
    }

    /// Opens a recently closed window again as it was, with the same identifier (reason `.reopen`),
    /// placed automatically.
    @discardableResult
    public func reopen(_ closed: ClosedSession) throws(SceneError) -> SceneSession {
        guard isRunning else { throw .appNotRunning(application.identifier) }
        let id = closed.persistentIdentifier
        guard let i = recentlyClosed.firstIndex(where: { $0.persistentIdentifier == id }), sessionsByID[id] == nil
        else { throw .unknownSession(id) }
        let record = recentlyClosed[i].record
        guard let config = configuration(for: record) else {
            throw .noConfiguration(role: record.role, app: application.identifier)
        }
        return performBatchUpdates {
            recentlyClosed.remove(at: i)
            let s = SceneSession(record: record)
            s.runtime = self
            openSessions.insert(s, at: 0)
            sessionsByID[id] = s
            orderDidChange()
            let scene = connect(
                s, config, ConnectionOptions(userActivities: record.userActivity.map { [$0] } ?? [], reason: .reopen))
            hosting?.place(scene, placement: .automatic, beside: nil)
            return s
        }
    }

    // MARK: What the shell reports

    /// The window is seen: taking input (`active`) or not. Callbacks follow the iPad order from
    /// where the scene is (`sceneWillEnterForeground`, `sceneDidBecomeActive`, or
    /// `sceneWillResignActive`). An active window moves to the front of `openSessions`.
    public func setForeground(_ scene: WindowScene, active: Bool) {
        guard isRunning, owns(scene) else { return }
        performBatchUpdates {
            transition(scene, to: active ? .foregroundActive : .foregroundInactive)
            if active { moveToFront(scene.session) }
            orderDidChange()
        }
    }

    /// The window is no longer seen: the delegate is asked for its restoration activity, the scene
    /// goes to the background, and background scenes beyond `settings.backgroundSceneBudget` are
    /// disconnected, the longest in the background first.
    public func moveToBackground(_ scene: WindowScene) {
        guard isRunning, owns(scene) else { return }
        performBatchUpdates {
            captureRestorationActivity(scene)
            transition(scene, to: .background)
            orderDidChange()
            let waiting = connectedScenes.filter { $0.activationState == .background }
                .sorted {
                    backgroundSince[$0.session.persistentIdentifier, default: 0]
                        < backgroundSince[$1.session.persistentIdentifier, default: 0]
                }
            for old in waiting.prefix(max(0, waiting.count - settings.backgroundSceneBudget)) {
                disconnect(old)
                hosting?.didDisconnect(old)
            }
        }
    }

    /// Disconnects a scene to free memory (the shell under memory pressure); its session stays and
    /// reconnects when activated again.
    public func disconnectToFreeMemory(_ scene: WindowScene) {
        guard isRunning, owns(scene) else { return }
        performBatchUpdates {
            captureRestorationActivity(scene)
            disconnect(scene)
            orderDidChange()
            hosting?.didDisconnect(scene)
        }
    }

    // MARK: Saving

    /// Runs `body` and saves once at the end, however many changes it made.
    public func performBatchUpdates<R, E: Error>(_ body: () throws(E) -> R) throws(E) -> R {
        batchDepth += 1
        defer {
            batchDepth -= 1
            if batchDepth == 0 { saveIfNeeded() }
        }
        return try body()
    }

    /// Saves now what changed since the last save: the changed sessions' files and, if the order or
    /// the set of sessions changed, the manifest.
    public func save() throws(SceneError) {
        guard let store, isRunning else { return }
        var records: [SessionRecord] = []
        for id in dirty {
            if let s = sessionsByID[id] {
                records.append(s.record)
            } else if let c = recentlyClosed.first(where: { $0.persistentIdentifier == id }) {
                records.append(c.record)
            }
        }
        do {
            try store.save(records: records, manifest: manifestNeedsSave ? manifest : nil)
            dirty.removeAll()
            manifestNeedsSave = false
            needsSave = false
            lastSaveError = nil
        } catch {
            if error != lastSaveError { log("slate: \(error)") }
            lastSaveError = error
            throw error
        }
    }

    /// The manifest of the state now.
    public var manifest: RestorationManifest {
        RestorationManifest(
            order: openSessions.map(\.persistentIdentifier),
            foreground: connectedScenes.filter { $0.activationState.isForeground }.map(\.session.persistentIdentifier),
            active: activeScene?.session.persistentIdentifier,
            recentlyClosed: recentlyClosed.map {
                RestorationManifest.ClosedEntry(id: $0.persistentIdentifier, animation: $0.animation)
            })
    }

    func sessionDidChange(_ session: SceneSession) {
        guard sessionsByID[session.persistentIdentifier] === session else { return }
        dirty.insert(session.persistentIdentifier)
        needsSave = true
        if batchDepth == 0 { saveIfNeeded() }
    }

    /// The order, the foreground, the set of sessions or the recently-closed list changed: the
    /// manifest is written at the next save (a change inside a session writes only its file).
    private func orderDidChange() {
        manifestNeedsSave = true
        needsSave = true
    }

    private func saveIfNeeded() {
        guard needsSave, isRunning, let store, !store.isReadOnly else { return }
        // Said by save() itself, once (`lastSaveError`), and kept to be written at the next save.
        try? save()
    }

    // MARK: Lifecycle

    private func owns(_ scene: WindowScene) -> Bool {
        scenesByID[scene.session.persistentIdentifier] === scene
    }

    private func configuration(for record: SessionRecord) -> SceneConfiguration? {
        if let c = application.configuration(named: record.configurationName), c.role == record.role { return c }
        return application.configuration(for: record.role)
    }

    private func newIdentifier() -> String {
        let id = makeIdentifier()
        if SessionRecord.isValidIdentifier(id) && sessionsByID[id] == nil
            && !recentlyClosed.contains(where: { $0.persistentIdentifier == id })
        {
            return id
        }
        return UUID().uuidString
    }

    /// The open session showing `target` whose conditions accept it (one that prefers it first, then
    /// the front-most), of `role` when one is asked for.
    private func session(showing target: String, role: SceneSession.Role?) -> SceneSession? {
        let candidates = openSessions.filter {
            $0.targetContentIdentifier == target && $0.activationConditions.canActivate(for: target)
                && (role == nil || $0.role == role)
        }
        return candidates.first { $0.activationConditions.prefers(target) } ?? candidates.first
    }

    private func moveToFront(_ session: SceneSession) {
        guard let i = openSessions.firstIndex(where: { $0 === session }), i != 0 else { return }
        openSessions.remove(at: i)
        openSessions.insert(session, at: 0)
        orderDidChange()
    }

    /// Shows an existing session: brings its scene forward, or connects a new scene to it.
    private func show(
        _ s: SceneSession, activity: UserActivity?, placement: Placement, beside: WindowScene?
    ) throws(SceneError) {
        moveToFront(s)
        if let scene = scenesByID[s.persistentIdentifier] {
            hosting?.bringForward(scene, placement: placement)
            if let activity { scene.delegate?.scene(scene, continue: activity) }
            return
        }
        guard let config = configuration(for: s.record) else {
            throw .noConfiguration(role: s.role, app: application.identifier)
        }
        let activities = (activity ?? s.userActivity).map { [$0] } ?? []
        let scene = connect(s, config, ConnectionOptions(userActivities: activities, reason: .reconnect))
        hosting?.place(scene, placement: placement, beside: beside)
    }

    private func connect(_ s: SceneSession, _ config: SceneConfiguration, _ options: ConnectionOptions) -> WindowScene {
        let scene = WindowScene(session: s, configuration: config, system: system)
        // The delegate makes the window's views before it is placed: in the screen's language.
        scene.windowView.detachedEnvironment = hosting?.environment
        scenesByID[s.persistentIdentifier] = scene
        s.scene = scene
        let delegate = config.makeDelegate()
        scene.delegate = delegate
        delegate.scene(scene, willConnectTo: s, options: options)
        return scene
    }

    /// Resign and background as needed, then `sceneDidDisconnect`; the session stays.
    private func disconnect(_ scene: WindowScene) {
        transition(scene, to: .background)
        let id = scene.session.persistentIdentifier
        scene.activationState = .unattached
        scenesByID[id] = nil
        backgroundSince[id] = nil
        scene.delegate?.sceneDidDisconnect(scene)
        if scene.session.scene === scene { scene.session.scene = nil }
    }

    private func captureRestorationActivity(_ scene: WindowScene) {
        if let a = scene.delegate?.stateRestorationActivity(for: scene) { scene.session.userActivity = a }
    }

    /// Walks the iPad state graph from the scene's state to `target`, with a callback at each step:
    /// a "will" callback before the state changes, a "did" callback after.
    private func transition(_ scene: WindowScene, to target: WindowScene.ActivationState) {
        var guardSteps = 0
        while scene.activationState != target && guardSteps < 4 {
            guardSteps += 1
            let delegate = scene.delegate
            switch scene.activationState {
            case .foregroundActive:
                delegate?.sceneWillResignActive(scene)
                scene.activationState = .foregroundInactive
            case .foregroundInactive:
                if target == .foregroundActive {
                    scene.activationState = .foregroundActive
                    delegate?.sceneDidBecomeActive(scene)
                } else {
                    scene.activationState = .background
                    step += 1
                    backgroundSince[scene.session.persistentIdentifier] = step
                    delegate?.sceneDidEnterBackground(scene)
                }
            case .background, .unattached:
                if target == .background {
                    scene.activationState = .background
                    step += 1
                    backgroundSince[scene.session.persistentIdentifier] = step
                } else if target == .unattached {
                    scene.activationState = .unattached
                } else {
                    delegate?.sceneWillEnterForeground(scene)
                    scene.activationState = .foregroundInactive
                }
            }
        }
    }
}
