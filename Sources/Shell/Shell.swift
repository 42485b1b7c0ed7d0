import Foundation
import Graphics
import Scenes
import UI

/// The screen of an iPad that runs Slate apps: wallpaper, Home screen and Dock, the windows in full
/// screen, Split View, Slide Over or centred on top, App Exposé and the switcher, and the drop targets
/// at the screen's sides. It implements the system side of every app's `SceneSystem`.
@MainActor public final class Shell: RootView {
    public let device: Device
    /// The state home (`$XDG_STATE_HOME`); apps keep their windows under `slate/<app-id>/` in it.
    /// Nil keeps state in memory only.
    public let stateHome: URL?

    public private(set) var apps: [ShellApp] = []

    let wallpaper = WallpaperView()
    public let home = HomeScreenView()
    public let dock = DockView()
    let windowLayer = PassthroughView()
    let dividerView = DividerView()
    let statusBar = StatusBarView()
    let homeIndicator = HomeIndicatorView()
    let overlayLayer = PassthroughView()
    let edgeTargets = (left: EdgeDropTargetView(side: .left), right: EdgeDropTargetView(side: .right))
    let slideOverTab = View()

    /// The windows on screen or kept for showing again, by session identifier.
    public private(set) var windows: [String: WindowFrameView] = [:]
    /// What the main screen shows.
    public private(set) var arrangement: Arrangement<String> = .empty
    /// The Slide Over window and whether it is pushed off the screen.
    public private(set) var slideOver: String?
    public private(set) var slideOverHidden = false
    /// A window opened centred on top (placement prominent).
    public private(set) var centerWindow: String?
    /// The window that takes input.
    public private(set) var focusedWindow: String?
    /// Windows, most recently used first.
    public private(set) var recency: [String] = []
    /// Whether the Dock is shown over the apps (it always is on the Home screen).
    public private(set) var dockRevealed = false
    /// App Exposé or the switcher, when open.
    public private(set) var expose: ExposeView?

    /// Where the next window of an app goes: set by a drop on a screen edge or a choice in Exposé.
    var pendingSide: (app: String, side: EdgeSide)?
    var pendingSlideOver: String?
    /// The drag sources of the icons (a drag interaction holds its delegate weakly).
    private var iconDragSources: [AppIconDragSource] = []
    /// Exposé's snapshots, by window, with the content version they were made from.
    var snapshotCache: [String: (generation: Int, image: PixelImage)] = [:]
    /// The snapshots Exposé keeps now, one a window (for measuring what they cost).
    public var snapshotImages: [PixelImage] { snapshotCache.values.map(\.image) }

    public init(device: Device = Device(), clock: any Clock, stateHome: URL?) {
        self.device = device
        self.stateHome = stateHome
        super.init(size: device.size, clock: clock)
        backgroundColor = .black
        addSubview(wallpaper)
        addSubview(home)
        addSubview(windowLayer)
        windowLayer.addSubview(dividerView)
        dividerView.isHidden = true
        addSubview(slideOverTab)
        addSubview(dock)
        addSubview(edgeTargets.left)
        addSubview(edgeTargets.right)
        addSubview(overlayLayer)
        addSubview(statusBar)
        addSubview(homeIndicator)
        edgeTargets.left.isHidden = true
        edgeTargets.right.isHidden = true
        slideOverTab.isHidden = true
        slideOverTab.backgroundColor = Color.white.withAlpha(0.6)
        slideOverTab.cornerRadius = 3
        slideOverTab.accessibilityLabel = ShellStrings.slideOver.text
        slideOverTab.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.setSlideOverHidden(false) })
        installDividerGesture()
        dragCoordinator.systemTargets = [EdgeDropTarget(shell: self)]
        dispatcher.touchFilter = { [weak self] t in self?.filter(t) ?? false }
        dispatcher.keyFilters.append { [weak self] k in self?.shortcut(k) ?? false }
        relayout(animated: false)
    }

    // MARK: Apps

    /// Adds an app to the Home screen and the Dock and brings back the windows it had.
    @discardableResult
    public func install(_ application: any Application, restoring: Bool = true) -> ShellApp {
        var store: RestorationStore? = nil
        if let home = stateHome {
            do {
                store = try RestorationStore(appIdentifier: application.identifier, stateHome: home)
            } catch {
                FileHandle.standardError.write(
                    Data("slate: \(error); \(application.identifier) keeps its windows in memory only\n".utf8))
            }
        }
        let app = ShellApp(application: application, store: store, shell: self)
        apps.append(app)
        rebuildIcons()
        if restoring, store != nil {
            _ = app.runtime.restore(openingNewWindowIfEmpty: false)
        }
        return app
    }

    public func app(_ identifier: String) -> ShellApp? {
        apps.first {
            $0.identifier == identifier || $0.application.displayName.en == identifier
                || $0.application.displayName.ru == identifier
        }
    }

    func rebuildIcons() {
        func icon(_ app: ShellApp, dock: Bool) -> AppIconView {
            let a = app.application
            let v = AppIconView(
                appIdentifier: a.identifier, name: a.displayName.text, symbol: a.icon.symbol,
                colors: (a.icon.topColor, a.icon.bottomColor), showsName: !dock)
            v.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.openApp(app) })
            let source = AppIconDragSource(app: app)
            iconDragSources.append(source)
            let drag = DragInteraction(delegate: source)
            drag.appIdentifier = a.identifier
            v.addInteraction(drag)
            iconDecorator?(v, app)
            return v
        }
        iconDragSources.removeAll()
        home.setIcons(apps.map { icon($0, dock: false) })
        dock.setIcons(apps.map { icon($0, dock: true) })
        relayout(animated: false)
    }

    /// Told each time a window of an app appears (the guideline monitor checks it then).
    public var onWindowPlaced: ((ShellApp) -> Void)?

    /// Lets the menus layer add the icon's context menu (W2c) without the shell knowing menus.
    public var iconDecorator: ((AppIconView, ShellApp) -> Void)? {
        didSet { rebuildIcons() }
    }

    /// The app's windows, most recently used first.
    public func windows(of app: ShellApp) -> [WindowFrameView] {
        let ids = app.openSessions.map(\.persistentIdentifier)
        return (recency.filter { ids.contains($0) } + ids.filter { !recency.contains($0) }).compactMap { windows[$0] }
    }

    /// Tap on an icon: the app's most recent window full screen, or a new primary window.
    public func openApp(_ app: ShellApp) {
        closeExpose()
        let ids = Set(app.openSessions.map(\.persistentIdentifier))
        if let last = recency.first(where: { ids.contains($0) }) ?? app.openSessions.first?.persistentIdentifier,
            let session = app.runtime.session(withIdentifier: last)
        {
            if let w = windows[last], isOnScreen(last) {
                focus(w.id)
                return
            }
            _ = try? app.activate(ActivationRequest(session: session))
            if let w = windows[session.persistentIdentifier] { show(fullScreen: w.id) }
        } else {
            newWindow(of: app)
        }
    }

    /// A new primary window of the app, full screen (or on the pending side).
    @discardableResult
    public func newWindow(of app: ShellApp, requesting: WindowScene? = nil) -> SceneSession? {
        closeExpose()
        return try? app.activate(ActivationRequest(requestingScene: requesting, forcesNewWindow: true, role: .primary))
    }

    // MARK: Hosting

    func place(_ scene: WindowScene, of app: ShellApp, placement: Placement, beside: WindowScene?) {
        let frame = windows[scene.session.persistentIdentifier] ?? WindowFrameView(scene: scene, app: app)
        let id = frame.id
        windows[id] = frame
        if frame.superview == nil { windowLayer.addSubview(frame) }
        frame.control.onTap = { [weak self] in self?.multitaskingRequested(id) }
        if let p = pendingSide, p.app == app.identifier {
            pendingSide = nil
            arrangement = SpaceLayout.arrangement(arrangement, dropping: id, on: p.side)
        } else if pendingSlideOver == app.identifier {
            pendingSlideOver = nil
            slideOver = id
            slideOverHidden = false
        } else {
            let besideID = beside?.session.persistentIdentifier
            switch placement {
            case .prominent:
                centerWindow = id
            case .standard, .automatic:
                if let b = besideID, arrangement.windows.contains(b) {
                    arrangement = SpaceLayout.arrangement(.fullScreen(b), dropping: id, on: .right)
                } else {
                    arrangement = .fullScreen(id)
                }
            }
        }
        frame.alpha = 0
        frame.transform = Transform(scale: 0.92)
        focus(id, animated: false)
        relayout(animated: true)
        onWindowPlaced?(app)
        animator.animate(
            duration: ShellMetrics.windowAnimationDuration, curve: .spring(response: 0.35, dampingRatio: 0.86)
        ) { p in
            frame.alpha = min(1, p * 1.5)
            frame.transform = Transform(scale: lerp(0.92, 1, p))
        }
    }

    func bringForward(_ scene: WindowScene, of app: ShellApp) {
        let id = scene.session.persistentIdentifier
        if windows[id] == nil {
            place(scene, of: app, placement: .automatic, beside: nil)
            return
        }
        if !isOnScreen(id) { arrangement = .fullScreen(id) }
        if slideOver == id { slideOverHidden = false }
        focus(id)
        relayout(animated: true)
    }

    func remove(_ scene: WindowScene, animation: DismissalAnimation) {
        let id = scene.session.persistentIdentifier
        guard let frame = windows[id] else { return }
        detach(id)
        frame.isUserInteractionEnabled = false
        // Done slides the finished task away downward; Close and declines fade and shrink.
        animator.animate(duration: 0.3, curve: .easeIn) { p in
            frame.alpha = 1 - p
            switch animation {
            case .commit:
                frame.transform = Transform(translationX: 0, y: p * frame.bounds.height * 0.3).concatenating(
                    Transform(scale: 1 - 0.1 * p))
            case .standard, .decline: frame.transform = Transform(scale: 1 - 0.12 * p)
            }
        } completion: { _ in
            frame.removeFromSuperview()
        }
        windows[id] = nil
        snapshotCache[id] = nil
        relayout(animated: true)
    }

    /// A scene disconnected in the background: its frame goes, the session stays.
    func forget(_ scene: WindowScene) {
        let id = scene.session.persistentIdentifier
        detach(id)
        windows[id]?.removeFromSuperview()
        windows[id] = nil
    }

    /// Takes a window out of every place on the screen.
    private func detach(_ id: String) {
        switch arrangement {
        case .fullScreen(let w) where w == id: arrangement = .empty
        case .split(let l, let r, _) where l == id: arrangement = .fullScreen(r)
        case .split(let l, let r, _) where r == id: arrangement = .fullScreen(l)
        default: break
        }
        if slideOver == id { slideOver = nil }
        if centerWindow == id { centerWindow = nil }
        recency.removeAll { $0 == id }
        if focusedWindow == id {
            focusedWindow = nil
            if let next = visibleWindows.first { focus(next, animated: false) }
        }
    }

    // MARK: Arrangement

    /// The windows on screen, front first.
    public var visibleWindows: [String] {
        var out: [String] = []
        if let c = centerWindow { out.append(c) }
        if let s = slideOver, !slideOverHidden { out.append(s) }
        out += arrangement.windows
        return out
    }

    public func isOnScreen(_ id: String) -> Bool { visibleWindows.contains(id) }

    public func show(fullScreen id: String) {
        detachFloating(id)
        arrangement = .fullScreen(id)
        focus(id)
        relayout(animated: true)
    }

    /// Puts `id` in Split View beside what is on screen now, on `side`.
    public func show(split id: String, on side: EdgeSide) {
        detachFloating(id)
        arrangement = SpaceLayout.arrangement(arrangement, dropping: id, on: side)
        focus(id)
        relayout(animated: true)
    }

    /// Makes `id` the Slide Over window.
    public func show(slideOver id: String) {
        switch arrangement {
        case .fullScreen(let w) where w == id: arrangement = .empty
        case .split(let l, let r, _) where l == id: arrangement = .fullScreen(r)
        case .split(let l, let r, _) where r == id: arrangement = .fullScreen(l)
        default: break
        }
        if centerWindow == id { centerWindow = nil }
        slideOver = id
        slideOverHidden = false
        focus(id)
        relayout(animated: true)
    }

    private func detachFloating(_ id: String) {
        if slideOver == id { slideOver = nil }
        if centerWindow == id { centerWindow = nil }
    }

    public func setSlideOverHidden(_ hidden: Bool) {
        guard slideOver != nil, slideOverHidden != hidden else { return }
        slideOverHidden = hidden
        if hidden, let s = slideOver, focusedWindow == s, let next = arrangement.windows.first { focus(next) }
        if !hidden, let s = slideOver { focus(s) }
        relayout(animated: true)
    }

    /// Gives a window input focus; the others on screen stay seen but inactive.
    public func focus(_ id: String, animated: Bool = true) {
        guard let w = windows[id] else { return }
        focusedWindow = id
        recency.removeAll { $0 == id }
        recency.insert(id, at: 0)
        for (other, f) in windows { f.isFocusedWindow = other == id }
        if w.superview === windowLayer { windowLayer.bringSubviewToFront(w) }
        if let c = centerWindow, let cf = windows[c] { windowLayer.bringSubviewToFront(cf) }
        if let s = slideOver, let sf = windows[s] { windowLayer.bringSubviewToFront(sf) }
        updateLifecycle()
    }

    /// Tells each app which of its windows are seen, which one is active and which went away.
    func updateLifecycle() {
        let visible = Set(visibleWindows)
        for (id, f) in windows {
            if visible.contains(id) {
                f.app.runtime.setForeground(f.scene, active: id == focusedWindow)
            } else if f.scene.activationState.isForeground || f.scene.activationState == .unattached {
                f.app.runtime.moveToBackground(f.scene)
            }
        }
    }

    /// Puts every view where the state says, animating windows that move.
    func relayout(animated: Bool) {
        let size = bounds.size
        wallpaper.frame = bounds
        home.frame = Rect(
            0, ShellMetrics.statusBarHeight, size.width,
            size.height - ShellMetrics.statusBarHeight - ShellMetrics.dockHeight - 20)
        statusBar.frame = Rect(0, 0, size.width, ShellMetrics.statusBarHeight)
        homeIndicator.frame = Rect(
            0, size.height - ShellMetrics.homeIndicatorArea, size.width, ShellMetrics.homeIndicatorArea)
        windowLayer.frame = bounds
        overlayLayer.frame = bounds
        edgeTargets.left.frame = SpaceLayout.edgeTargetFrame(.left, screen: size)
        edgeTargets.right.frame = SpaceLayout.edgeTargetFrame(.right, screen: size)
        let dockW = dock.preferredWidth
        let showsHome = visibleWindows.isEmpty
        let dockShown = showsHome || dockRevealed
        let dockY =
            dockShown ? size.height - ShellMetrics.dockBottomMargin - ShellMetrics.dockHeight - 6 : size.height + 10
        dock.frame = Rect((size.width - dockW) / 2, dockY, dockW, ShellMetrics.dockHeight)
        home.isHidden = !showsHome
        // Light status bar and home indicator over the wallpaper and Exposé, dark over windows.
        let light = showsHome || expose != nil
        statusBar.lightContent = light
        homeIndicator.lightContent = light

        var targets: [(WindowFrameView, Rect, WindowFrameView.Style)] = []
        let (frames, divider) = SpaceLayout.frames(arrangement, screen: size)
        for (id, r) in frames {
            if let w = windows[id] { targets.append((w, r, arrangement.windows.count > 1 ? .tiled : .fullScreen)) }
        }
        if let d = divider {
            dividerView.frame = d
            dividerView.isHidden = false
            windowLayer.bringSubviewToFront(dividerView)
        } else {
            dividerView.isHidden = true
        }
        if let c = centerWindow, let w = windows[c] {
            let r = Rect(
                center: Point(size.width / 2, size.height / 2 + 6),
                size: Size((size.width * 0.7).rounded(), (size.height * 0.82).rounded()))
            targets.append((w, r, .floating))
        }
        if let s = slideOver, let w = windows[s] {
            targets.append((w, SpaceLayout.slideOverFrame(screen: size, hidden: slideOverHidden), .floating))
        }
        slideOverTab.isHidden = !(slideOver != nil && slideOverHidden)
        slideOverTab.frame = Rect(size.width - 10, size.height / 2 - 40, 6, 80)
        let placed = Set(targets.map { ObjectIdentifier($0.0) })
        for (_, w) in windows where !placed.contains(ObjectIdentifier(w)) {
            w.isHidden = true
        }
        for (w, r, style) in targets {
            w.style = style
            let wasHidden = w.isHidden || w.frame.isEmpty
            w.isHidden = false
            if animated && !wasHidden && w.frame != r {
                let from = w.frame
                animator.animate(
                    duration: ShellMetrics.windowAnimationDuration, curve: .spring(response: 0.35, dampingRatio: 0.9)
                ) { p in
                    w.frame = lerp(from, r, p)
                }
            } else {
                w.frame = r
            }
        }
        if expose != nil { overlayLayer.bringSubviewToFront(expose!) }
        updateLifecycle()
    }

    // MARK: The divider

    private var dividerStart = 0.0

    private func installDividerGesture() {
        let pan = PanGestureRecognizer()
        pan.minimumDistance = 2
        pan.action = { [weak self] g in self?.dividerPanned(g as! PanGestureRecognizer) }
        dividerView.addGestureRecognizer(pan)
    }

    private func dividerPanned(_ g: PanGestureRecognizer) {
        guard case .split(let l, let r, let f) = arrangement else { return }
        let w = bounds.width
        switch g.state {
        case .began:
            dividerStart = SpaceLayout.dividerX(fraction: f, width: w)
        case .changed:
            let x = SpaceLayout.clampDivider(dividerStart + g.translation().x, width: w)
            arrangement = .split(left: l, right: r, fraction: x / w)
            relayout(animated: false)
        case .ended, .cancelled:
            let x = dividerStart + g.translation().x
            setDivider(released: x)
        default: break
        }
    }

    /// Lets the divider go at `x`: it snaps to a Split View width or closes the side it was pushed into.
    public func setDivider(released x: Double) {
        guard case .split(let l, let r, _) = arrangement else { return }
        switch SpaceLayout.snap(dividerAt: x, width: bounds.width) {
        case .fraction(let f): arrangement = .split(left: l, right: r, fraction: f)
        case .closeLeft:
            arrangement = .fullScreen(r)
            if focusedWindow == l { focus(r, animated: false) }
        case .closeRight:
            arrangement = .fullScreen(l)
            if focusedWindow == r { focus(l, animated: false) }
        }
        relayout(animated: true)
    }

    // MARK: The Dock

    /// Shows or hides the Dock over the apps (a short swipe up from the bottom edge shows it).
    public func setDockRevealed(_ shown: Bool) {
        guard dockRevealed != shown else { return }
        dockRevealed = shown
        relayout(animated: false)
    }

    /// Where a touch began, for system gestures: the bottom edge reveals the Dock; a touch in a
    /// window focuses it; a touch elsewhere hides the revealed Dock.
    private var bottomSwipe: (id: Int, start: Point)?

    /// A horizontal swipe on the Slide Over window's top bar pushes it off the side; one from the
    /// screen's side (where it waits) brings it back.
    private var slideSwipe: (id: Int, start: Point)?

    private func slideOverSwipe(_ t: Touch) -> Bool {
        switch t.phase {
        case .began:
            guard let s = slideOver, let w = windows[s], expose == nil else { return false }
            let grip = Rect(w.frame.minX, w.frame.minY, w.frame.width, 44)
            let edge = Rect(bounds.width - 20, ShellMetrics.statusBarHeight, 20, bounds.height - 60)
            if (!slideOverHidden && grip.contains(t.location)) || (slideOverHidden && edge.contains(t.location)) {
                slideSwipe = (t.id, t.location)
            }
            return false
        case .moved, .stationary:
            return false
        case .ended, .cancelled:
            guard let sw = slideSwipe, sw.id == t.id else { return false }
            slideSwipe = nil
            let dx = t.location.x - sw.start.x
            if !slideOverHidden && dx > 60 {
                setSlideOverHidden(true)
                return true
            }
            if slideOverHidden && dx < -40 {
                setSlideOverHidden(false)
                return true
            }
            return false
        }
    }

    private func filter(_ t: Touch) -> Bool {
        if slideOverSwipe(t) { return true }
        switch t.phase {
        case .began:
            if t.location.y >= bounds.height - ShellMetrics.homeIndicatorArea && !visibleWindows.isEmpty {
                bottomSwipe = (t.id, t.location)
                return true
            }
            if dockRevealed && !dock.frameInRoot.contains(t.location) && dragCoordinator.session == nil {
                setDockRevealed(false)
            }
            if expose == nil {
                for id in visibleWindows {
                    if let w = windows[id], w.frameInRoot.contains(t.location) {
                        if focusedWindow != id { focus(id) }
                        break
                    }
                }
            }
            return false
        case .moved:
            if let b = bottomSwipe, b.id == t.id {
                if b.start.y - t.location.y > 30 { setDockRevealed(true) }
                return true
            }
            return false
        case .ended, .cancelled:
            if let b = bottomSwipe, b.id == t.id {
                bottomSwipe = nil
                if b.start.y - t.location.y > 30 { setDockRevealed(true) }
                return true
            }
            return false
        case .stationary:
            return bottomSwipe?.id == t.id
        }
    }

    // MARK: Keyboard

    private func shortcut(_ k: KeyPress) -> Bool {
        let focusedApp = focusedWindow.flatMap { windows[$0]?.app }
        switch (k.key, k.modifiers) {
        case (.character("n"), .control):
            guard let app = focusedApp ?? apps.first else { return false }
            newWindow(of: app, requesting: focusedWindow.flatMap { windows[$0]?.scene })
            return true
        case (.character("w"), .control):
            guard let id = focusedWindow, let w = windows[id] else { return false }
            try? w.app.destroy(w.scene.session, animation: .standard)
            return true
        case (.up, .control):
            showSwitcher()
            return true
        case (.character("h"), .control):
            goHome()
            return true
        case (.escape, []):
            if expose != nil {
                closeExpose()
                return true
            }
            return false
        default:
            return false
        }
    }

    /// Back to the Home screen: every window goes to the background.
    public func goHome() {
        closeExpose()
        arrangement = .empty
        centerWindow = nil
        slideOverHidden = slideOver != nil ? true : slideOverHidden
        focusedWindow = nil
        for (_, f) in windows { f.isFocusedWindow = false }
        relayout(animated: false)
    }

    // MARK: Multitasking

    /// What the multitasking control's menu does; the menus layer presents it (Full Screen, Split
    /// View, Slide Over), falling back to cycling through them.
    public var multitaskingPresenter: ((WindowFrameView) -> Void)?

    func multitaskingRequested(_ id: String) {
        guard let w = windows[id] else { return }
        if let p = multitaskingPresenter {
            p(w)
            return
        }
        if arrangement.windows == [id] {
            show(slideOver: id)
        } else {
            show(fullScreen: id)
        }
    }

    // MARK: Exposé and the switcher

    /// App Exposé: the app's windows as snapshots, with + for a new primary window (W2c).
    public func showExpose(for app: ShellApp, choosingFor side: EdgeSide? = nil) {
        presentExpose(app: app, side: side)
    }

    /// The switcher: every window of every app.
    public func showSwitcher() {
        presentExpose(app: nil, side: nil)
    }

    private func presentExpose(app: ShellApp?, side: EdgeSide?) {
        closeExpose()
        let v = ExposeView(shell: self, app: app, side: side)
        v.frame = bounds
        overlayLayer.addSubview(v)
        expose = v
        v.reload()
        windowLayer.isHidden = true
    }

    public func closeExpose() {
        expose?.removeFromSuperview()
        expose = nil
        windowLayer.isHidden = false
    }

    /// Opens a window chosen in Exposé: on the side it was chosen for, else full screen.
    func choose(_ id: String, side: EdgeSide?) {
        closeExpose()
        guard let w = windows[id] ?? connect(id) else { return }
        if let side { show(split: w.id, on: side) } else { show(fullScreen: w.id) }
    }

    /// Connects a session that has no window now (disconnected in the background) and returns its window.
    func connect(_ id: String) -> WindowFrameView? {
        for app in apps {
            if let s = app.runtime.session(withIdentifier: id) {
                _ = try? app.activate(ActivationRequest(session: s))
                return windows[id]
            }
        }
        return nil
    }

    // MARK: Drops on the screen's sides

    /// Shows or hides the side targets while something droppable is dragged near them.
    func setEdgeTargets(visible: Bool, armed: EdgeSide?) {
        edgeTargets.left.isHidden = !visible
        edgeTargets.right.isHidden = !visible
        edgeTargets.left.isArmed = armed == .left
        edgeTargets.right.isArmed = armed == .right
    }

    /// The app that can open a dragged user activity.
    func app(for activity: UserActivity) -> ShellApp? {
        apps.first { $0.application.activityTypes.contains(activity.activityType) }
    }

    /// A drop on a side: an app from the Dock (W2a) or an object that an app can open (W2b).
    func perform(drop session: DragSession, on side: EdgeSide) {
        setEdgeTargets(visible: false, armed: nil)
        for item in session.items {
            if let bytes = try? item.provider.load(ItemType.application),
                let app = app(String(decoding: bytes, as: UTF8.self))
            {
                let existing = app.openSessions
                if existing.isEmpty {
                    pendingSide = (app.identifier, side)
                    newWindow(of: app)
                } else {
                    // Pick one of its windows or make a new one, on that side.
                    showExpose(for: app, choosingFor: side)
                }
                return
            }
            if let bytes = try? item.provider.load(ItemType.userActivity),
                let activity = try? JSONDecoder().decode(UserActivity.self, from: Data(bytes)),
                let app = app(for: activity)
            {
                pendingSide = (app.identifier, side)
                let requesting = focusedWindow.flatMap { windows[$0]?.scene }
                do {
                    _ = try app.activate(ActivationRequest(userActivity: activity, requestingScene: requesting))
                } catch {
                    pendingSide = nil
                    FileHandle.standardError.write(Data("slate: cannot open the dropped item: \(error)\n".utf8))
                }
                // A window already showing that content came forward instead: put it on the side.
                if pendingSide != nil {
                    pendingSide = nil
                    if let s = app.connectedScenes.first(where: {
                        $0.session.targetContentIdentifier == activity.targetContentIdentifier
                            && activity.targetContentIdentifier != nil
                    }) {
                        show(split: s.session.persistentIdentifier, on: side)
                    }
                }
                return
            }
        }
    }

    public override func layoutSubviews() {
        relayout(animated: false)
    }
}

/// Drags an app's icon out of the Home screen or the Dock (W2a).
@MainActor final class AppIconDragSource: DragInteractionDelegate {
    let app: ShellApp
    init(app: ShellApp) { self.app = app }

    func itemsForBeginning(_ interaction: DragInteraction, at point: Point) -> [DragItem] {
        let p = ItemProvider()
        let id = app.identifier
        p.register(type: ItemType.application) { Array(id.utf8) }
        p.suggestedName = app.application.displayName.text
        let item = DragItem(provider: p, previewSize: Size(ShellMetrics.dockIconSize, ShellMetrics.dockIconSize))
        return [item]
    }
}

/// The screen's sides as a drop target, for apps and for objects an app can open.
@MainActor final class EdgeDropTarget: SystemDropTarget {
    unowned let shell: Shell
    var side: EdgeSide?

    init(shell: Shell) { self.shell = shell }

    func accepts(_ session: DragSession) -> Bool {
        if session.hasItems(conformingTo: ItemType.application) { return true }
        // An object whose activity type some app declares; the activity travels as the item's local
        // object when the drag started in this process (its data is still given only on drop).
        return session.items.contains { item in
            guard item.provider.hasItem(conformingTo: ItemType.userActivity) else { return false }
            if let a = item.localObject as? any ActivityCarrying { return shell.app(for: a.activity) != nil }
            return true
        }
    }

    func update(_ session: DragSession, at p: Point) -> DropOperation {
        guard accepts(session) else { return .cancel }
        shell.setEdgeTargets(visible: true, armed: SpaceLayout.edgeTarget(at: p, screen: shell.bounds.size))
        side = SpaceLayout.edgeTarget(at: p, screen: shell.bounds.size)
        return side == nil ? .cancel : .copy
    }

    func exit(_ session: DragSession) {
        side = nil
        shell.setEdgeTargets(visible: false, armed: nil)
    }

    func performDrop(_ session: DragSession) {
        guard let side else { return }
        self.side = nil
        shell.perform(drop: session, on: side)
    }
}
