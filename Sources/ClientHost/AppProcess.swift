import Foundation
import Graphics
import Host
import Scenes
import SlateClientShim
import UI

/// Why an app process could not start.
public struct AppProcessError: Error, CustomStringConvertible {
    /// What went wrong, in one line.
    public var description: String
}

/// A Slate app running as a process of its own, its windows shown by Slate's shell (a Wayland
/// compositor). The app's code is the same as in the shell's process: it talks to a `SceneSystem`,
/// and this one speaks Slate's scene protocol. The app keeps its sessions and their state (its
/// `SceneRuntime` and `RestorationStore`); the shell decides where windows go, tells the app which
/// one is active or in the background, and asks it to connect sessions (a window asked for from the
/// Dock or by another app, or brought back after a crash).
@MainActor public final class AppProcess: RuntimeBackedSceneSystem, SceneHosting {
    /// The app's sessions and their lifecycle.
    public let runtime: SceneRuntime
    /// The windows on the shell's screen, by session identifier.
    var windows: [String: AppWindow] = [:]
    var client: OpaquePointer?
    var callbacks = slate_client_callbacks()
    let clock = VirtualClock()
    let origin = MonotonicClock.read()
    var running = true
    /// When the app last looked for news (`Application.refreshInterval`).
    var lastRefresh = 0.0
    /// The pasteboard every window of the app cuts, copies and pastes with: the system's clipboard
    /// (the Wayland selection, shared with every program) once connected.
    var pasteboard: any PasteboardStore = ProcessPasteboard()
    /// Light or dark, as the system is (the shell passes it when it starts the app).
    public var appearance: Appearance = .light {
        didSet { for w in windows.values { w.root.appearance = appearance } }
    }
    /// What the app's windows share before each is placed on its own root: above all the language.
    public let environment: ScreenEnvironment
    /// The language the windows speak: the run's (`--locale` or the environment's) at the start,
    /// then the person's settings'. A change makes every window again in it.
    public var language: Language {
        get { environment.language }
        set {
            guard newValue != environment.language else { return }
            environment.language = newValue
            for w in windows.values { w.root.switchLanguage(to: newValue) }
            runtime.languageDidChange()
        }
    }
    /// The text size the windows show (Settings › Display & Brightness › Text Size). A change lays
    /// every window out again at it.
    public var contentSizeCategory: ContentSizeCategory {
        get { environment.contentSizeCategory }
        set {
            guard newValue != environment.contentSizeCategory else { return }
            environment.contentSizeCategory = newValue
            for w in windows.values { w.root.setContentSizeCategory(newValue) }
        }
    }
    /// The person's settings, read again when the file changes (another process's Settings saved
    /// it): appearance and language follow them live (`AppProcess+Settings`).
    public var settings: SettingsStore? {
        didSet { watchSettings() }
    }
    /// Wakes the loop when the settings file is written.
    var settingsWatch: SettingsFileWatch?
    /// The folders the app observes (`AppProcess+Folders`), by their watch.
    var observedFolders: [ObjectIdentifier: ObservedFolder] = [:]
    /// Told each time a window is placed (a debug build checks the guidelines then).
    public var onWindowPlaced: ((WindowScene) -> Void)?
    /// Where problems go, one line each.
    let log: @Sendable (String) -> Void
    /// Spotlight changes the app made before the shell was reached (`changeSearchableItems`).
    var searchChangesBeforeConnecting: [SearchableChange] = []
    /// The app's line to the shell's notification server, made at the first notification.
    lazy var notifier = AppNotifier(
        destination: ProcessInfo.processInfo.environment["SLATE_NOTIFICATIONS"] ?? "", log: log)

    /// Connects `application` to the shell at `$WAYLAND_DISPLAY`, keeping its state in `store`, its
    /// windows in `language`.
    public init(application: any Application, store: RestorationStore?, language: Language) throws(AppProcessError) {
        environment = ScreenEnvironment(language: language)
        let pending = PendingIdentifier()
        runtime = SceneRuntime(application: application, store: store) { pending.take() ?? UUID().uuidString }
        log = runtime.log
        self.pendingIdentifier = pending
        runtime.system = self
        runtime.hosting = self
        callbacks.user = Unmanaged.passUnretained(box).toOpaque()
        installCallbacks()
        // The shell may ask for windows as soon as it accepts the announce (inside the connect).
        box.current = self
        var err = [CChar](repeating: 0, count: 256)
        guard let c = slate_client_connect(application.identifier, &callbacks, &err, err.count) else {
            throw AppProcessError(description: String(decoding: err.prefix { $0 != 0 }.map(UInt8.init), as: UTF8.self))
        }
        client = c
        // Copy and paste go through the system's clipboard, shared with every program.
        pasteboard = WaylandPasteboard(client: c)
        // What the app offered Spotlight as it connected to its system (before the shell was reached).
        let early = searchChangesBeforeConnecting
        searchChangesBeforeConnecting = []
        for change in early { send(searchChange: change) }
    }

    /// The windows on the shell's screen, in the order the app's scenes connected.
    var connectedWindows: [AppWindow] {
        runtime.connectedScenes.compactMap { windows[$0.session.persistentIdentifier] }
    }

    /// Pixels a point of the shell's output.
    var scale: Double { client.map { Double(max(1, slate_client_scale($0))) } ?? 1 }

    /// The MIME types of the drag over one of the app's windows now, and the data of another
    /// program's drag by MIME type (filled on drop).
    var incomingTypes: [String] = []
    var incomingData: [String: DroppedData] = [:]
    /// The app's drag handed to the system, and what to call when it ends.
    var drag: (session: DragSession, finish: @MainActor (DropOperation) -> Void)?

    /// Something happened that may change what the windows' menu bars offer.
    var menuBarsStale = true
    /// When the menu bars were last looked at, and the longest they wait while windows keep drawing
    /// (a menu animating in a window draws 60 frames a second; its menu bar does not change with them).
    var menuBarsChecked = -Double.infinity
    static let menuBarRecheck = 0.5

    /// The identifier the shell chose for the session being connected, taken by the next new session.
    let pendingIdentifier: PendingIdentifier
    let box = Box()

    /// Brings back the app's windows (or opens a first one) and serves the shell until it goes away
    /// or SIGTERM or SIGINT arrives; then the state is saved and the run ends.
    public func run() {
        TerminationRequest.install()
        // Started to show particular windows: those, and no blank first window besides.
        runtime.restore(openingNewWindowIfEmpty: queuedConnects.isEmpty)
        // Started from its icon with windows kept but none seen (it was quit, then the shell
        // restarted): its most recent window comes back, as iPadOS shows an app's most recent window
        // when its icon is tapped — not nothing, and not a new window on a second tap.
        if queuedConnects.isEmpty, runtime.connectedScenes.isEmpty, let recent = runtime.openSessions.first {
            do {
                try runtime.activate(ActivationRequest(session: recent))
            } catch {
                log("slate: \(runtime.application.identifier) could not bring back its window: \(error)")
            }
        }
        isRestored = true
        for c in queuedConnects { connect(session: c.session, role: c.role, payload: c.payload) }
        queuedConnects.removeAll()
        // Screen readers (AT-SPI), when an accessibility bus runs.
        let accessibility = connectAccessibility()
        let alwaysWatched = (accessibility?.fileDescriptors ?? []) + (settingsWatch.map { [$0.fileDescriptor] } ?? [])
        var seen: [ObjectIdentifier] = []
        while running, !TerminationRequest.isRequested, let c = client {
            let busy = windows.values.contains { $0.needsFrameNow && !$0.framePending }
            let timer =
                (windows.values.compactMap { $0.root.dispatcher.nextTimerTime } + [nextFolderChange].compactMap { $0 })
                .min()
            // The folders the app observes come and go as it asks.
            let watched = alwaysWatched + observedFolderDescriptors
            let wait = busy ? 0 : Int32((min(timer.map { max(0, $0 - clock.now) } ?? 0.5, 0.5) * 1000).rounded(.up))
            var ready: Int32 = 0
            if slate_client_dispatch_watching(c, wait, watched, Int32(watched.count), &ready) < 0 {
                log("slate: \(runtime.application.identifier): the shell closed the connection")
                break
            }
            if ready != 0 {
                accessibility?.pump()
                if settingsWatch?.drain() == true { settings?.reloadIfChanged() }
            }
            // Without an inotify watch (the user's inotify instances all taken), the file is looked
            // at each turn instead: one stat, at most twice a second at rest.
            if settingsWatch == nil { settings?.reloadIfChanged() }
            catchUpClock()
            if ready != 0 { drainObservedFolders(now: clock.now) }
            deliverFolderChanges(now: clock.now)
            if let interval = runtime.application.refreshInterval, clock.now - lastRefresh >= interval {
                lastRefresh = clock.now
                runtime.application.refresh()
            }
            var drew = false
            for w in windows.values where w.needsFrameNow { drew = w.present() || drew }
            // What the windows' menu bars offer follows what happened (a row selected, text typed, a
            // list filled): declared once the windows are at rest, so that it never holds a frame
            // back (an animation's frames come first), or after `menuBarRecheck` at the latest.
            if drew { menuBarsStale = true }
            let atRest = !windows.values.contains { $0.needsFrame }
            if menuBarsStale, atRest || clock.now - menuBarsChecked >= Self.menuBarRecheck {
                menuBarsStale = false
                menuBarsChecked = clock.now
                for w in windows.values where w.scene.activationState.isForeground { w.declareMenuBar() }
            }
            if let accessibility {
                // What changed on the screen, or which windows are seen (the shell's Home, Exposé).
                let now = seenWindows.map { ObjectIdentifier($0) }
                if drew || now != seen { accessibility.refresh() }
                seen = now
            }
        }
        runtime.terminate()
        pasteboard = ProcessPasteboard()
        for w in windows.values { slate_window_destroy(w.handle) }
        windows.removeAll()
        if let c = client { slate_client_destroy(c) }
        client = nil
    }

    /// Ends `run()` after the current turn.
    public func stop() { running = false }

    /// Brings the clock to the real one before input is stamped (left as the last turn set it, a tap
    /// read after a 0.5 s wait was taken for a long press).
    func catchUpClock() { clock.set(max(clock.now, MonotonicClock.read() - origin)) }

    // MARK: SceneSystem

    @discardableResult
    public func open(_ request: ActivationRequest) throws(SceneError) -> SceneSession? {
        if let s = try openOwn(request, app: runtime.application) { return s }
        guard let activity = request.userActivity, let c = client else {
            throw .activityTypeNotDeclared(
                type: request.userActivity?.activityType ?? "", app: runtime.application.identifier)
        }
        // The shell finds the app that declares it; its window is that app's, not this one's.
        // An activity always encodes (its payload is already data); the fallback is never taken.
        let json = (try? JSONEncoder().encode(activity)).map { String(decoding: $0, as: UTF8.self) } ?? "{}"
        slate_client_open_activity(c, activity.activityType, json, slate_client_placement(request.placement))
        return nil
    }

    /// Sends the shell one change of the app's Spotlight items (as JSON in a memfd, `change_search`).
    /// Where the shell's protocol has no Spotlight (an older Slate), or none is connected, nothing.
    public func changeSearchableItems(_ change: SearchableChange) throws(SceneError) {
        guard client != nil else {
            // Offered as the app connects to its system, before the shell is reached: sent once it is.
            searchChangesBeforeConnecting.append(change)
            return
        }
        send(searchChange: change)
    }

    private func send(searchChange change: SearchableChange) {
        guard let c = client else { return }
        // Items of strings, dates and activities always encode; the fallback is never taken.
        guard let json = try? JSONEncoder().encode(change) else { return }
        let sent = json.withUnsafeBytes { slate_client_change_search(c, $0.baseAddress, $0.count) }
        if sent != 0 {
            log("Spotlight's items not sent (\(json.count) bytes): the shell has no Spotlight, or no memory")
        }
    }

    // MARK: SceneHosting

    public func place(_ scene: WindowScene, placement: Placement, beside: WindowScene?) {
        guard let c = client else { return }
        let id = scene.session.persistentIdentifier
        if let old = windows.removeValue(forKey: id) { slate_window_destroy(old.handle) }
        guard
            let handle = slate_window_create(
                c, scene.title, id, slate_client_role(scene.session.role), slate_client_placement(placement),
                beside?.session.persistentIdentifier ?? "")
        else { return }
        let scale = Double(max(1, slate_client_scale(c)))
        let window = AppWindow(scene: scene, handle: handle, size: Self.defaultSize, clock: clock, scale: scale)
        window.root.appearance = appearance
        window.root.switchLanguage(to: language)
        window.root.setContentSizeCategory(contentSizeCategory)
        window.root.environment.pasteboard = pasteboard
        // A drag that leaves the window goes on as the system's (other programs, the shell's edges).
        window.root.dragCoordinator.handOff = { [weak self, weak window] session, finish in
            guard let self, let window else { return false }
            return self.startDrag(session, from: window, finish: finish)
        }
        windows[id] = window
        onWindowPlaced?(scene)
    }

    public func bringForward(_ scene: WindowScene, placement: Placement) {
        guard let w = windows[scene.session.persistentIdentifier] else {
            place(scene, placement: placement, beside: nil)
            return
        }
        slate_window_bring_forward(w.handle, slate_client_placement(placement))
    }

    public func remove(_ scene: WindowScene, animation: DismissalAnimation) {
        guard let w = windows.removeValue(forKey: scene.session.persistentIdentifier) else { return }
        slate_window_remove(w.handle, slate_client_animation(animation))
        slate_window_destroy(w.handle)
    }

    public func didDisconnect(_ scene: WindowScene) {
        // The shell keeps the window's last picture; it asks for the session again when shown.
        guard let w = windows.removeValue(forKey: scene.session.persistentIdentifier) else { return }
        slate_window_destroy(w.handle)
    }

    /// A window's size before the shell gives it one: an 11-inch iPad Pro in landscape, in points.
    static let defaultSize = Size(1194, 834)

    // MARK: The shell's side

    func window(_ handle: OpaquePointer?) -> AppWindow? {
        guard let handle else { return nil }
        return windows.values.first { $0.handle == handle }
    }

    /// Sessions the shell asked for before the app restored its own, in order.
    var queuedConnects: [(session: String, role: SceneSession.Role, payload: String)] = []
    var isRestored = false

    func connect(session id: String, role: SceneSession.Role, payload: String) {
        guard isRestored else {
            queuedConnects.append((id, role, payload))
            return
        }
        if windows[id] != nil { return }
        if let existing = runtime.session(withIdentifier: id) {
            // A session the app has (its window was disconnected, or the shell lost it): show it.
            do {
                try runtime.activate(ActivationRequest(session: existing))
            } catch {
                log("slate: \(runtime.application.identifier) cannot show session \(id): \(error)")
            }
            return
        }
        let activity = payload.isEmpty ? nil : try? JSONDecoder().decode(UserActivity.self, from: Data(payload.utf8))
        if !payload.isEmpty, activity == nil {
            log(
                "slate: \(runtime.application.identifier): the shell sent an activity that does not decode; a plain window opens"
            )
        }
        pendingIdentifier.set(id)
        defer { pendingIdentifier.set(nil) }
        do {
            try runtime.activate(
                ActivationRequest(
                    userActivity: activity, forcesNewWindow: true, role: role))
        } catch {
            log("slate: \(runtime.application.identifier) cannot connect session \(id): \(error)")
        }
    }

    func sceneState(_ w: AppWindow, _ state: slate_client_scene_state) {
        switch state {
        case .active: runtime.setForeground(w.scene, active: true)
        case .inactive: runtime.setForeground(w.scene, active: false)
        case .background: runtime.moveToBackground(w.scene)
        }
    }

    func discard(_ w: AppWindow) {
        guard runtime.session(withIdentifier: w.scene.session.persistentIdentifier) != nil else { return }
        do {
            try runtime.destroy(w.scene.session, animation: .standard)
        } catch {
            log("slate: \(runtime.application.identifier) cannot close a window: \(error)")
        }
    }
}

/// The session identifier the shell chose, handed to the runtime's identifier maker once.
@MainActor final class PendingIdentifier {
    var value: String?
    func set(_ v: String?) { value = v }
    func take() -> String? {
        defer { value = nil }
        return value
    }
}

extension AppProcess {
    /// Hands `session` to the shell as a Wayland drag from `window`'s held press, its lifted
    /// preview as the icon under the finger; false when it cannot go (no press held, nothing a
    /// Linux program could take).
    func startDrag(
        _ session: DragSession, from window: AppWindow, finish: @escaping @MainActor (DropOperation) -> Void
    ) -> Bool {
        guard drag == nil, let c = client else { return false }
        let mimes = WaylandDrag.offeredTypes(session)
        guard !mimes.isEmpty else { return false }
        let icon = session.items.first.map { WaylandDrag.icon(for: $0, scale: scale) }
        let ok = withCStrings(mimes) { list in
            (icon?.pixels ?? []).withUnsafeBufferPointer { px in
                slate_client_start_drag(
                    c, window.handle, list, Int32(mimes.count), icon == nil ? nil : px.baseAddress,
                    Int32(icon?.width ?? 0), Int32(icon?.height ?? 0), Int32((icon?.width ?? 0) * 4),
                    Int32(scale.rounded()), Int32((icon?.width ?? 0) / 2), Int32((icon?.height ?? 0) / 2))
            }
        }
        guard ok == 0 else { return false }
        drag = (session, finish)
        return true
    }

    /// Calls `body` with `strings` as a C array of C strings (valid only inside it).
    func withCStrings<R>(_ strings: [String], _ body: (UnsafePointer<UnsafePointer<CChar>?>) -> R) -> R {
        let copies = strings.map { strdup($0) }
        defer { copies.forEach { free($0) } }
        let pointers = copies.map { UnsafePointer<CChar>($0) }
        return pointers.withUnsafeBufferPointer { body($0.baseAddress!) }
    }
}
