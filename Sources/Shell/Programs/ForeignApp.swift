import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

/// Another program on the Home screen and in the Dock — from its `.desktop` file, or known only by
/// the app id of a window it opened. Its windows are foreign toplevels; to the shell each is a scene
/// of this app (one primary configuration, nothing restored), so full screen, Split View, Slide
/// Over, Exposé and focus treat them as they treat Slate's own windows.
@MainActor public final class ForeignApp: Application {
    /// The desktop entry it came from, if any (the latest, when its file changed: `update(entry:)`).
    public private(set) var entry: DesktopEntry?
    /// `desktop:` and the desktop-file id (or the app id of a window with no desktop file).
    public let identifier: String
    /// The `.desktop` Name, or the app id.
    public private(set) var displayName: LocalizedString
    /// A neutral symbol, drawn when the program's own icon (`iconImage`) could not be found.
    public let icon: AppIcon
    /// The icon from the icon theme, drawn in place of the symbol when there is one.
    public var iconImage: PixelImage?
    /// None: a program's windows are opened by the program, not by user activities.
    public let activityTypes: Set<String> = []
    /// Starts the program (set by whoever can: the compositor's launcher). Returns false when it
    /// could not start.
    public var launch: (@MainActor (ForeignApp) -> Bool)?
    /// Starts one of its `.desktop` file's actions (set with `launch`).
    public var launchAction: (@MainActor (ForeignApp, DesktopEntry.Action) -> Bool)?

    /// Toplevels that arrived and wait for their scene.
    var pending: [any ForeignToplevel] = []
    /// The toplevel each session shows.
    public private(set) var toplevels: [String: any ForeignToplevel] = [:]
    /// The session showing each toplevel, by the toplevel's identity, kept beside `toplevels`: a
    /// window is found from its toplevel in one step, whatever the number of windows (the loop asks
    /// for every shown one each frame).
    private var sessions: [ObjectIdentifier: String] = [:]

    /// Makes `toplevel` the one session `id` shows.
    private func setToplevel(_ toplevel: any ForeignToplevel, for id: String) {
        if let old = toplevels[id] { sessions[ObjectIdentifier(old)] = nil }
        toplevels[id] = toplevel
        sessions[ObjectIdentifier(toplevel)] = id
    }

    /// Forgets the toplevel session `id` shows, returning it.
    @discardableResult
    private func removeToplevel(for id: String) -> (any ForeignToplevel)? {
        guard let old = toplevels.removeValue(forKey: id) else { return nil }
        sessions[ObjectIdentifier(old)] = nil
        return old
    }

    /// An app for a desktop entry.
    public init(entry: DesktopEntry) {
        self.entry = entry
        identifier = ForeignApp.identifier(desktopID: entry.id)
        displayName = LocalizedString(en: entry.name.en, ru: entry.name.ru)
        icon = ForeignApp.defaultIcon
    }

    /// The program's desktop file changed (or one came for a program known by its window alone): its
    /// name, icon, actions and command are the new file's from now on; its windows stay as they are.
    func update(entry: DesktopEntry) {
        self.entry = entry
        displayName = LocalizedString(en: entry.name.en, ru: entry.name.ru)
    }

    /// An app known only by a window's app id (or, with none, by its title).
    public init(appID: String, name: String) {
        entry = nil
        identifier = ForeignApp.identifier(desktopID: appID)
        displayName = LocalizedString(verbatim: name)
        icon = ForeignApp.defaultIcon
    }

    /// The shell's identifier for the program with this desktop-file id (without `.desktop`).
    public static func identifier(desktopID: String) -> String { "desktop:" + desktopID }

    /// A neutral icon for programs whose own cannot be found.
    static let defaultIcon = AppIcon(symbol: "macwindow.badge.plus", topColor: .systemGray, bottomColor: .systemGray2)

    /// One primary configuration: each of the program's windows is a scene of it.
    public var configurations: [SceneConfiguration] {
        [SceneConfiguration(name: "Window", role: .primary) { [unowned self] in ForeignSceneDelegate(app: self) }]
    }

    /// Windows closed from the shell are asked to close in the program too.
    public func didDiscard(_ sessions: [SceneSession]) {
        // Closed from the shell (Ctrl+W, Exposé): ask the client to close that window.
        for s in sessions {
            removeToplevel(for: s.persistentIdentifier)?.close()
        }
    }

    /// Takes the toplevel waiting for a new scene, or the one a session already showed.
    func bind(_ session: SceneSession, reason: ConnectionOptions.Reason) -> (any ForeignToplevel)? {
        if let t = toplevels[session.persistentIdentifier] { return t }
        guard reason == .request, !pending.isEmpty else { return nil }
        let t = pending.removeFirst()
        setToplevel(t, for: session.persistentIdentifier)
        return t
    }

    /// The session showing `toplevel`, if any.
    func sessionID(of toplevel: any ForeignToplevel) -> String? {
        sessions[ObjectIdentifier(toplevel)]
    }

    /// Forgets a toplevel the client took away, so closing its session asks nothing more of it.
    func unbind(_ toplevel: any ForeignToplevel) {
        pending.removeAll { $0 === toplevel }
        if let id = sessionID(of: toplevel) { removeToplevel(for: id) }
    }
}

/// One foreign window's scene: its root view shows the toplevel; activation is forwarded to it.
@MainActor final class ForeignSceneDelegate: SceneDelegate {
    unowned let app: ForeignApp
    var view: ForeignSurfaceView?

    init(app: ForeignApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        guard let toplevel = app.bind(session, reason: options.reason) else {
            // A window that cannot come back (the program's windows live in the program): a note.
            scene.rootView = Label(ShellStrings.windowIsGone, style: .body, color: .secondaryLabel)
            return
        }
        let v = ForeignSurfaceView(toplevel: toplevel)
        v.appName = app.displayName.resolved(scene.language)
        view = v
        scene.rootView = v
        scene.title = toplevel.title
        toplevel.onChange = { [weak v, weak scene] in
            guard let v, let scene else { return }
            if scene.title != v.toplevel.title { scene.title = v.toplevel.title }
            v.pictureChanged()
        }
    }

    func sceneDidBecomeActive(_ scene: WindowScene) {
        guard let view else { return }
        view.isActive = true
        view.toplevel.setKeyboardFocus(true)
        _ = view.root?.setFocus(view)
    }

    func sceneWillResignActive(_ scene: WindowScene) {
        guard let view else { return }
        view.isActive = false
        view.toplevel.setKeyboardFocus(false)
    }

    func sceneDidDisconnect(_ scene: WindowScene) {
        view?.toplevel.onChange = nil
    }
}
