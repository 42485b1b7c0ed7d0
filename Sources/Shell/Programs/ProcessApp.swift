import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

/// A Slate app that runs as a process of its own. The shell knows it before it runs — its name, icon
/// and the activity types it declares, as an iPad knows an app from its `Info.plist` — and starts it
/// when one of its windows must be shown. Each of the app's windows is a scene of this app in the
/// shell with the same session identifier as in the app; the app draws it (context menus and all)
/// and the shell places it. When the process ends or crashes its windows stay, with their last
/// picture dimmed; showing one starts the app again, and it connects the same sessions.
@MainActor public final class ProcessApp: Application {
    public let identifier: String
    public let displayName: LocalizedString
    public let icon: AppIcon
    public let activityTypes: Set<String>
    /// The declared activity types whose windows are auxiliary (the others open primary windows).
    public let auxiliaryActivityTypes: Set<String>
    /// The program and its arguments that start the app.
    public let command: [String]
    /// Starts the program (set by whoever can: the compositor's launcher). Returns false when it
    /// could not start.
    public var launch: (@MainActor (ProcessApp) -> Bool)?
    /// The running process's connection, once it announced itself; nil while it does not run.
    public internal(set) var channel: (any AppChannel)?
    /// Whether the program was started and has not connected yet.
    public internal(set) var isLaunching = false

    /// The toplevel showing each session now.
    public internal(set) var toplevels: [String: any SceneToplevel] = [:]
    /// Sessions the shell asked for that wait for the process to connect them.
    var waiting: [(session: String, role: SceneSession.Role, activity: UserActivity?)] = []
    /// The session identifier the shell's runtime gives the next new session (the app's own).
    var nextIdentifier: String?
    /// The delegates of the scenes connected in the shell, by session.
    var delegates: [String: ProcessSceneDelegate] = [:]
    /// The picture a window had when the shell last ended, by session (set by the shell).
    var keptPicture: ((String) -> PixelImage?)?

    /// An app started with `command`, known by its identifier, name, icon and activity types (and
    /// which of them open auxiliary windows).
    public init(
        identifier: String, displayName: LocalizedString, icon: AppIcon, activityTypes: Set<String>,
        auxiliaryActivityTypes: Set<String> = [], command: [String]
    ) {
        self.identifier = identifier
        self.displayName = displayName
        self.icon = icon
        self.activityTypes = activityTypes
        self.auxiliaryActivityTypes = auxiliaryActivityTypes
        self.command = command
    }

    /// The role the app gives a window of `activity` (as it declared it).
    public func role(for activity: UserActivity) -> SceneSession.Role {
        auxiliaryActivityTypes.contains(activity.activityType) ? .auxiliary : .primary
    }

    /// Whether the process runs and has connected.
    public var isRunning: Bool { channel != nil }

    /// A primary and an auxiliary configuration: the app's windows of either role.
    public var configurations: [SceneConfiguration] {
        [
            SceneConfiguration(name: "Primary", role: .primary) { [unowned self] in ProcessSceneDelegate(app: self) },
            SceneConfiguration(name: "Auxiliary", role: .auxiliary) { [unowned self] in
                ProcessSceneDelegate(app: self)
            },
        ]
    }

    /// Sessions closed in the shell while the app did not run: the app destroys them when it is back.
    public internal(set) var discardedWhileAway: Set<String> = []

    /// Windows closed in the shell (Ctrl+W, Exposé) are closed in the app too: it destroys the sessions
    /// (at once, or when it runs again: until then they stay in its saved state).
    public func didDiscard(_ sessions: [SceneSession]) {
        for s in sessions {
            let id = s.persistentIdentifier
            waiting.removeAll { $0.session == id }
            if let t = toplevels.removeValue(forKey: id) {
                t.discardScene()
            } else {
                discardedWhileAway.insert(id)
            }
        }
    }

    /// Asks the app to connect `session` (a window the shell shows before the app drew it), starting
    /// the program when it does not run.
    func requestConnect(_ session: String, role: SceneSession.Role, activity: UserActivity?) {
        if let channel {
            channel.connect(session: session, role: role, activity: activity)
            return
        }
        if !waiting.contains(where: { $0.session == session }) {
            waiting.append((session, role, activity))
        }
        startIfNeeded()
    }

    /// Starts the program unless it runs or is starting.
    @discardableResult
    func startIfNeeded() -> Bool {
        guard channel == nil, !isLaunching else { return true }
        isLaunching = launch?(self) ?? false
        return isLaunching
    }
}

/// One window of an app process in the shell: the app's picture while it runs, its last picture
/// dimmed (or the app's icon, before it ever drew) while it does not.
@MainActor final class ProcessSceneDelegate: SceneDelegate {
    unowned let app: ProcessApp
    weak var scene: WindowScene?
    private(set) var surface: ForeignSurfaceView?
    /// The last picture the window had, kept when the process goes.
    private var lastPicture: PixelImage?

    init(app: ProcessApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        self.scene = scene
        let id = session.persistentIdentifier
        app.delegates[id] = self
        if let t = app.toplevels[id] {
            show(t)
        } else {
            // Its picture from before the shell's restart, at once, while the app starts behind it.
            lastPicture = lastPicture ?? app.keptPicture?(id)
            showPlaceholder(starting: true)
            app.requestConnect(id, role: session.role, activity: options.userActivities.first)
        }
    }

    /// The window's picture now: the app's, or the last one it had.
    var currentPicture: PixelImage? { surface?.toplevel.picture ?? lastPicture }

    /// The app's toplevel for this session arrived (again): show it.
    func show(_ toplevel: any SceneToplevel) {
        guard let scene else { return }
        surface?.toplevel.onChange = nil
        let v = ForeignSurfaceView(toplevel: toplevel)
        v.appName = app.displayName.resolved(scene.language)
        surface = v
        scene.rootView = v
        scene.title = toplevel.title
        scene.subtitle = toplevel.subtitle
        // Nothing strong in it: the toplevel keeps this closure, and would keep itself through it.
        toplevel.onChange = { [weak self, weak v, weak toplevel] in
            guard let self, let v, let toplevel, let scene = self.scene else { return }
            if scene.title != toplevel.title { scene.title = toplevel.title }
            if scene.subtitle != toplevel.subtitle { scene.subtitle = toplevel.subtitle }
            self.lastPicture = toplevel.picture ?? self.lastPicture
            v.pictureChanged()
        }
        lastPicture = toplevel.picture ?? lastPicture
        sendState()
        // A window that took input before the app drew it takes the keys now.
        if scene.activationState == .foregroundActive {
            v.isActive = true
            toplevel.setKeyboardFocus(true)
            _ = v.root?.setFocus(v)
        }
    }

    /// The process went away: the window keeps its last picture, dimmed; a tap starts the app again.
    /// While the app is `starting`, the picture shows as it was (or the app's icon, as a launch
    /// screen), with no note.
    func showPlaceholder(starting: Bool = false) {
        guard let scene else { return }
        surface?.toplevel.onChange = nil
        lastPicture = surface?.toplevel.picture ?? lastPicture
        surface = nil
        let v = ProcessPlaceholderView(
            picture: lastPicture, icon: app.icon, name: app.displayName, starting: starting)
        v.onTap = { [weak self] in self?.relaunch() }
        scene.rootView = v
    }

    private func relaunch() {
        guard let scene else { return }
        app.requestConnect(scene.session.persistentIdentifier, role: scene.session.role, activity: nil)
    }

    /// Tells the app how the window is shown now.
    func sendState() {
        guard let scene, let t = surface?.toplevel as? SceneToplevel else { return }
        switch scene.activationState {
        case .foregroundActive: t.setSceneState(.active)
        case .foregroundInactive: t.setSceneState(.inactive)
        default: t.setSceneState(.background)
        }
    }

    func sceneDidBecomeActive(_ scene: WindowScene) {
        sendState()
        guard let surface else { return }
        surface.isActive = true
        surface.toplevel.setKeyboardFocus(true)
        _ = surface.root?.setFocus(surface)
    }

    func sceneWillResignActive(_ scene: WindowScene) {
        guard let surface else { return }
        surface.isActive = false
        surface.toplevel.setKeyboardFocus(false)
        (surface.toplevel as? SceneToplevel)?.setSceneState(.inactive)
    }

    func sceneDidEnterBackground(_ scene: WindowScene) {
        (surface?.toplevel as? SceneToplevel)?.setSceneState(.background)
    }

    func sceneWillEnterForeground(_ scene: WindowScene) {
        sendState()
    }

    func sceneDidDisconnect(_ scene: WindowScene) {
        surface?.toplevel.onChange = nil
        if app.delegates[scene.session.persistentIdentifier] === self {
            app.delegates[scene.session.persistentIdentifier] = nil
        }
    }
}

/// A window of an app that does not run now: its last picture dimmed, or its icon on the window's
/// background before it ever drew; a tap starts the app again.
@MainActor final class ProcessPlaceholderView: View, DrawnElsewhere {
    let picture: PixelImage?
    /// The app is starting: the picture is shown as it was, with no note.
    let starting: Bool
    var onTap: (() -> Void)?
    private let iconView: ImageView
    private let label: Label
    /// A dark pill behind the note, so it reads over any picture.
    private let pill = View()

    init(picture: PixelImage?, icon: AppIcon, name: LocalizedString, starting: Bool = false) {
        self.picture = picture
        self.starting = starting
        iconView = ImageView(symbol: icon.symbol, tint: icon.bottomColor)
        label = Label(
            ShellStrings.tapToReopen.formatted(name), style: .subheadline, color: ShellMetrics.recentlyClosedText)
        super.init()
        backgroundColor = .systemBackground
        identifier = "process-placeholder"
        localizedAccessibilityLabel = ShellStrings.tapToReopen.formatted(name)
        iconView.isHidden = picture != nil
        label.isHidden = starting
        pill.isHidden = starting
        pill.backgroundColor = ShellMetrics.recentlyClosedChip
        pill.cornerRadius = ShellMetrics.recentlyClosedChipRadius
        addSubview(iconView)
        addSubview(pill)
        addSubview(label)
        addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onTap?() })
    }

    override func layoutSubviews() {
        let s = ShellMetrics.placeholderIconSize
        iconView.frame = Rect(bounds.midX - s / 2, bounds.midY - s / 2 - 20, s, s)
        let size = label.sizeThatFits(Size(bounds.width - 64, 60))
        label.frame = Rect(bounds.midX - size.width / 2, bounds.midY + s / 2, size.width, size.height)
        pill.frame = label.frame.insetBy(dx: -16, dy: -8)
    }

    override func draw(in canvas: any Canvas) {
        guard let picture else { return }
        let i = safeAreaInsets
        let r = Rect(bounds.minX, bounds.minY + i.top, bounds.width, max(0, bounds.height - i.top - i.bottom))
        canvas.drawImage(picture, in: r, opacity: 1)
        if !starting { canvas.fill(r, with: Color.black.withAlpha(ShellMetrics.suspendedWindowDim)) }
    }
}

extension ShellStrings {
    public static let tapToReopen = LocalizedString(
        en: "%@ is not running. Tap to open it again.", ru: "%@ не запущено. Коснитесь, чтобы открыть снова.")
    public static let openTheWindow = LocalizedString(en: "open the window", ru: "открыть окно")
}

extension ProcessApp {
    /// A Slate app process from its `.desktop` file (its Exec line starts it).
    public convenience init?(entry: DesktopEntry) {
        // An Exec that does not split was refused by the parser already; none here is not an app.
        guard let info = entry.slate, let command = try? entry.command(), !command.isEmpty else { return nil }
        self.init(
            identifier: info.identifier, displayName: entry.name, icon: info.icon ?? ForeignApp.defaultIcon,
            activityTypes: info.activityTypes, auxiliaryActivityTypes: info.auxiliaryActivityTypes, command: command)
    }
}
