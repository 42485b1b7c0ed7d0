import Foundation
import Graphics
import Menus
import Scenes
import Search
import ShellPorts
import SystemUI
import UI
import Windowing

/// The screen of an iPad that runs Slate apps: wallpaper, Home screen and Dock, the windows in full
/// screen, Split View, Slide Over or centred on top, App Exposé and the switcher, and the drop targets
/// at the screen's sides. It implements the system side of every app's `SceneSystem`.
@MainActor public final class Shell: RootView {
    /// The iPad the screen is, in its orientation now (a turn of the tablet swaps it).
    public internal(set) var device: Device
    /// The state home (`$XDG_STATE_HOME`); apps keep their windows under `slate/<app-id>/` in it.
    /// Nil keeps state in memory only.
    public let stateHome: URL?

    /// The installed apps: each has an icon on the Home screen, in the App Library and in Spotlight.
    public internal(set) var apps: [ShellApp] = []
    /// Apps uninstalled while windows of theirs were open (a program removed while it runs): the
    /// windows stay and work until they close, and the app goes with the last. They have no icon
    /// anywhere — not on the Home screen, in the Dock, the App Library or Spotlight.
    public internal(set) var departingApps: [ShellApp] = []
    /// The apps whose windows the shell shows: the installed ones, then the departing ones.
    var hostedApps: [ShellApp] { departingApps.isEmpty ? apps : apps + departingApps }

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
    /// Tells a person what could not be done (a window that could not open), for a few seconds.
    let banner = BannerView()
    /// Windows that asked to come forward without the person's say (`programAskedToComeForward`):
    /// their apps' icons carry a badge until they are shown.
    public internal(set) var windowsWantingAttention: Set<String> = []
    /// The questions about programs' privileges waiting for the person, the one shown first.
    var permissionQuestions: [(key: String, program: String, privilege: Privilege, answer: (Bool) -> Void)] = []
    /// What the banner says now; nil while none is shown.
    @_spi(Testing) public var bannerMessage: String? { banner.isHidden ? nil : banner.message }

    /// The windows on screen or kept for showing again, by session identifier.
    public internal(set) var windows: [String: WindowFrameView] = [:]
    /// The window manager: where every window is in each multitasking mode, which one is in front
    /// and which takes input. Changed only through its operations (`manage`); the views show its
    /// layout.
    public internal(set) var windowManager: WindowManager
    /// Whether the Dock is shown over the apps (it always is on the Home screen).
    public internal(set) var dockRevealed = false
    /// App Exposé or the switcher, when open.
    public internal(set) var expose: ExposeView? {
        didSet {
            guard expose !== oldValue else { return }
            keyboardPresenter.updateOnScreenKeyboard()
            updateDockMaterial()
        }
    }
    /// The keyboard on the glass (`KeyboardPresenter`).
    private(set) lazy var keyboardPresenter = KeyboardPresenter(shell: self)

    /// The drag sources of the icons (a drag interaction holds its delegate weakly).
    /// While set, installing an app does not make the icons again (`ProgramsController.install(catalog:)`).
    var iconsHeld = false
    /// Where the divider was when a drag of it began.
    var dividerStart = 0.0
    /// Ends the live resize of Split View's windows when they have settled after the divider's release.
    var liveResizeEnd: Animation?
    /// Hides the wallpaper once a full-screen window over it has come to rest.
    var wallpaperCheck: Animation?
    /// Where the windows were, as saved and restored across the shell's restarts.
    let savedLayout = SavedLayoutState()
    /// Drags between programs, as the compositor tells them (nil: the shell runs no compositor).
    public weak var programDrags: (any ProgramDragSource)?
    /// Who starts the apps' programs (the compositor's launcher sets itself); none: they do not start.
    public weak var programLauncher: (any ProgramLauncher)? { didSet { programs.connectLaunches() } }
    /// The recently used apps the Dock shows after its divider (identifiers).
    var dockRecents: [String] = []
    /// The menu bar, the shortcuts panel and the system's context menus (`SystemMenusController`).
    private(set) lazy var systemMenus = SystemMenusController(shell: self)
    /// Windowed Apps' gestures under way: a window moved or resized, windows minimizing.
    private(set) lazy var windowing = WindowedAppsController(shell: self)
    /// Exposé's snapshots, by window, with the content version they were made from.
    var snapshotCache: [String: (generation: Int, image: PixelImage)] = [:]
    /// The snapshots Exposé keeps now, one a window (for measuring what they cost).
    @_spi(Testing) public var snapshotImages: [PixelImage] { snapshotCache.values.map(\.image) }

    /// What the shell reads of the machine: the clock, battery, network, brightness, sound, Bluetooth
    /// and accelerometer (fixed values, 9:41 and full bars, unless the host gives real ones).
    public var services = SystemServices.fixed() { didSet { connectServices() } }
    /// The person's settings (rotation lock, Do Not Disturb, Dark Mode); in memory unless the host
    /// gives the file's.
    public var settings = SettingsStore(configHome: nil) { didSet { watchSettings() } }
    /// The system's own UI around the apps: Control Center, the screenshot's thumbnail, rotation.
    let system = SystemUIState()
    /// Notifications: their banners, their list and Notification Center (`NotificationController`).
    private(set) lazy var notificationController = NotificationController(shell: self)
    /// Other programs: their windows, layer surfaces, app processes and drags (`ProgramsController`).
    private(set) lazy var programs = ProgramsController(shell: self)
    /// Control Center (`ControlCenterController`).
    private(set) lazy var controlCenterController = ControlCenterController(shell: self)
    /// Screenshots, the system keys and the recording indicator (`ScreenCaptureController`).
    private(set) lazy var screenCapture = ScreenCaptureController(shell: self)
    /// The lock, the lock screen and the screen's sleep (`LockController`).
    private(set) lazy var lockController = LockController(shell: self)
    /// The Home screen's arrangement of icons over its pages.
    private(set) lazy var homeController = HomeController(shell: self)
    /// The Home screen's edit mode and its folders (`HomeEditor`).
    public private(set) lazy var homeEditor = HomeEditor(shell: self)
    /// Spotlight and its index (`SpotlightController`).
    private(set) lazy var spotlight = SpotlightController(shell: self)

    /// A screen of `device` on `clock`, keeping apps' state under `stateHome`; `environment` is what
    /// its views share (the host puts its text engine and renderer there).
    public init(
        device: Device = Device(), clock: any Clock, stateHome: URL?,
        environment: ScreenEnvironment = ScreenEnvironment()
    ) {
        self.device = device
        self.stateHome = stateHome
        windowManager = WindowManager(screen: device.size, chrome: ShellMetrics.windowChrome)
        super.init(size: device.size, clock: clock, environment: environment)
        environment.safeAreaInsets = device.safeAreaInsets
        environment.errors.present = { [weak self] message in self?.showBanner(message) }
        backgroundColor = .black
        addSubview(wallpaper)
        addSubview(home)
        home.onPullDown = { [weak self] in self?.spotlight.show() }
        homeController.installEditing()
        home.library.makeIcon = { [weak self] identifier, showsName in
            guard let self, let app = self.apps.first(where: { $0.identifier == identifier }) else { return nil }
            return self.makeIcon(app, showsName: showsName)
        }
        home.library.listed = { [weak self] query in
            guard let self else { return [] }
            return self.spotlight.index.alphabetical(kinds: [.app, .program], language: self.language, matching: query)
                .map { String($0.id.dropFirst(SpotlightController.appSource.count)) }
        }
        addSubview(windowLayer)
        // Exposé hides the windows for a moment: they keep their pictures for when it closes.
        windowLayer.releasesPicturesWhenHidden = false
        windowLayer.addSubview(dividerView)
        dividerView.isHidden = true
        addSubview(slideOverTab)
        addSubview(dock)
        addSubview(edgeTargets.left)
        addSubview(edgeTargets.right)
        addSubview(overlayLayer)
        addSubview(statusBar)
        addSubview(homeIndicator)
        addSubview(banner)
        banner.isHidden = true
        edgeTargets.left.isHidden = true
        edgeTargets.right.isHidden = true
        slideOverTab.isHidden = true
        slideOverTab.backgroundColor = Color.white.withAlpha(0.6)
        slideOverTab.cornerRadius = 3
        slideOverTab.localizedAccessibilityLabel = ShellStrings.slideOver
        slideOverTab.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.setSlideOverHidden(false) })
        installDividerGesture()
        dragCoordinator.systemTargets = [EdgeDropTarget(shell: self)]
        installSystemGestures()
        systemMenus.installMenuBar()
        programs.installLayers()
        keyboardPresenter.installOnScreenKeyboard()
        dispatcher.keyFilters.append { [weak self] k in self?.shortcut(k) ?? false }
        lockController.installLock()
        connectServices()
        watchSettings()
        relayout(animated: false)
    }

    // MARK: Apps

    /// Adds an app to the Home screen and the Dock and brings back the windows it had.
    @discardableResult
    public func install(_ application: any Application, restoring: Bool = true) -> ShellApp {
        var store: RestorationStore? = nil
        // Another program's windows live in the program: nothing of them is stored.
        // An app process keeps its own state (the shell only shows its windows).
        if let home = stateHome, !(application is ForeignApp), !(application is ProcessApp) {
            do {
                store = try RestorationStore(appIdentifier: application.identifier, stateHome: home)
            } catch {
                environment.errors.log("\(error); \(application.identifier) keeps its windows in memory only")
            }
        }
        let app = ShellApp(application: application, store: store, shell: self)
        if let p = application as? ProcessApp {
            p.keptPicture = { [weak self] session in self?.programs.windowPictures?.picture(for: session) }
        }
        apps.append(app)
        // What it offered Spotlight before is found before it runs again.
        if !(application is ForeignApp) { spotlight.loadKeptItems(of: app.identifier) }
        if programLauncher != nil { programs.connectLaunch(of: app) }
        rebuildIcons()
        scheduleRefresh(of: app)
        if restoring, store != nil {
            _ = app.runtime.restore(openingNewWindowIfEmpty: false)
        }
        return app
    }

    /// Takes `app` off the Home screen (its place there given up), the Dock, the App Library and
    /// Spotlight: it is no longer installed. Nothing is ended: windows of it that are open stay and
    /// work (`departingApps`) until they close, and the app goes with the last.
    public func uninstall(_ app: ShellApp) {
        guard let index = apps.firstIndex(where: { $0 === app }) else { return }
        apps.remove(at: index)
        if programs.hasWindows(app) { departingApps.append(app) }
        // Many apps uninstalled at once (the programs' catalog) give up their icons once, after.
        guard !iconsHeld else { return }
        rebuildIcons()
        homeController.pruneGone()
    }

    public func app(_ identifier: String) -> ShellApp? {
        apps.first {
            $0.identifier == identifier || $0.application.displayName.en == identifier
                || $0.application.displayName.ru == identifier
        }
    }

    func rebuildIcons() {
        // Many apps installed at once (the programs' catalog) make their icons once, after.
        guard !iconsHeld else { return }
        home.setIcons(apps.map { makeIcon($0, showsName: true) }, pages: homeController.pages(for: apps))
        rebuildRecents()
    }

    /// What follows the recently used apps — the Dock (kept and recent), the App Library's groups
    /// (the most recent first) and Spotlight's ranking — made again; the Home screen's icons stay.
    func rebuildRecents() {
        spotlight.appsChanged()
        home.library.setGroups(AppLibrary.groups(libraryEntries, recent: recentApps, language: language))
        dockRecents = recentAppsForDock()
        // The Dock's order as the person arranged it (the Dock puts its places in it); an app added
        // otherwise (Settings) at its end.
        let order = homeController.layout?.dockOrder ?? []
        let kept = apps.filter(programs.isInDock)
        // The folders kept in the Dock: a tap opens one, as on a page.
        let folders = (homeController.layout?.dockFolders ?? []).compactMap { folder -> FolderIconView? in
            guard let icon = home.makeFolderIcon?(folder) else { return nil }
            icon.showsName = false
            icon.addGestureRecognizer(
                TapGestureRecognizer { [weak self] _ in self?.homeEditor.open(folder) })
            return icon
        }
        dock.setIcons(
            kept.map { makeIcon($0, showsName: false) }, folders: folders, order: order,
            recent: dockRecents.compactMap { id in
                apps.first { $0.identifier == id }.map { makeIcon($0, showsName: false) }
            })
        homeEditor.dockChanged()
        relayout(animated: false)
    }

    /// An app's icon: a tap opens it, a touch and hold lifts it to be dragged or shows its menu.
    func makeIcon(_ app: ShellApp, showsName: Bool) -> AppIconView {
        let application = app.application
        let view = AppIconView(
            appIdentifier: application.identifier, name: application.displayName.resolved(environment.language),
            symbol: application.icon.symbol, colors: (application.icon.topColor, application.icon.bottomColor),
            showsName: showsName)
        view.image = (application as? ForeignApp)?.iconImage
        view.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.openApp(app) })
        let source = AppIconDragSource(app: app)
        view.dragSource = source
        let drag = DragInteraction(delegate: source)
        drag.appIdentifier = application.identifier
        view.addInteraction(drag)
        let menu = ContextMenuInteraction { [weak self, weak app] _ in
            guard let self, let app else { return nil }
            return self.systemMenus.iconMenu(for: app)
        }
        view.addInteraction(menu)
        view.removeBadge.onTap = { [weak self, weak app] in
            guard let self, let app else { return }
            self.homeEditor.askToRemove(app, inDock: !showsName)
        }
        view.removeBadge.localizedAccessibilityLabel = HomeStrings.removeNamed.formatted(application.displayName)
        return view
    }

    /// What the App Library knows of each app.
    var libraryEntries: [AppLibrary.Entry] {
        apps.map { app in
            let foreign = app.application as? ForeignApp
            return AppLibrary.Entry(
                id: app.identifier, name: app.application.displayName, categories: foreign?.entry?.categories ?? [],
                isSlate: foreign == nil)
        }
    }

    /// The apps whose windows were used, the most recent first.
    var recentApps: [String] {
        var seen = Set<String>()
        return recency.compactMap { windows[$0]?.app.identifier }.filter { seen.insert($0).inserted }
    }

    /// Told each time a window of an app appears (the guideline monitor checks it then).
    public var onWindowPlaced: ((ShellApp) -> Void)?

    /// The app's windows, most recently used first.
    public func windows(of app: ShellApp) -> [WindowFrameView] {
        let ids = app.openSessions.map(\.persistentIdentifier)
        return (recency.filter { ids.contains($0) } + ids.filter { !recency.contains($0) }).compactMap { windows[$0] }
    }

    /// Tap on an icon: the app's most recent window full screen (Windowed Apps: where it was, out of
    /// the Dock), or a new primary window.
    public func openApp(_ app: ShellApp) {
        closeExpose()
        homeEditor.closeFolder()
        homeEditor.end()
        if let p = app.application as? ProcessApp, !p.isRunning {
            // Started, it brings back its windows itself (or opens a first one).
            if app.openSessions.isEmpty {
                if !p.startIfNeeded() { showBanner(ShellStrings.couldNotOpen.formatted(p.displayName)) }
                return
            }
            p.startIfNeeded()
        }
        let ids = Set(app.openSessions.map(\.persistentIdentifier))
        if let last = recency.first(where: { ids.contains($0) }) ?? app.openSessions.first?.persistentIdentifier,
            let session = app.runtime.session(withIdentifier: last)
        {
            if let w = windows[last], isOnScreen(last) {
                focus(w.id)
                return
            }
            environment.errors.attempt(ShellStrings.openTheApp, userAction: true) {
                try app.activate(ActivationRequest(session: session))
            }
            if let w = windows[session.persistentIdentifier] { present(w.id) }
        } else {
            newWindow(of: app)
        }
    }

    /// A new primary window of the app: full screen, or where `placement` says (a side of Split View).
    @discardableResult
    public func newWindow(
        of app: ShellApp, requesting: WindowScene? = nil, placement: Placement = .automatic
    ) -> SceneSession? {
        closeExpose()
        // Another program makes its own windows: start it (again).
        if app.application is ForeignApp {
            launch(app)
            return nil
        }
        return environment.errors.attempt(ShellStrings.openANewWindow, userAction: true) {
            try app.activate(
                ActivationRequest(
                    requestingScene: requesting, placement: placement, forcesNewWindow: true, role: .primary))
        }
    }

    public override func layoutSubviews() {
        relayout(animated: false)
    }
}
