import UI

/// One window of an app, connected to its session (as `UIWindowScene`). The system makes it when the
/// window is shown and releases it when the window goes away or is disconnected to free memory; the
/// session stays.
@MainActor public final class WindowScene {
    /// Where a scene is in its life (as `UIScene.ActivationState`).
    public enum ActivationState: String, Sendable, Hashable, Codable {
        /// Connected but not yet shown, or disconnected.
        case unattached
        /// Seen and taking input.
        case foregroundActive
        /// Seen but not taking input.
        case foregroundInactive
        /// Not seen.
        case background

        /// Whether the window is seen.
        public var isForeground: Bool { self == .foregroundActive || self == .foregroundInactive }
    }

    init(session: SceneSession, configuration: SceneConfiguration, system: (any SceneSystem)?) {
        self.session = session
        self.sceneSystem = system
        self.closingButtonStyle = configuration.closingButtonStyle
        windowView = WindowView(title: session.title)
        rootView = View()
        windowView.scene = self
        applyRootView()
    }

    /// The session the scene shows.
    public let session: SceneSession

    /// The system that owns the window: where the window asks to open others or to close.
    public private(set) weak var sceneSystem: (any SceneSystem)?

    /// The app's object for this window; the scene keeps it.
    public internal(set) var delegate: (any SceneDelegate)?

    public internal(set) var activationState: ActivationState = .unattached

    /// The language of the screen the window is on (before it is placed: the screen it will go on).
    /// Strings a delegate makes as it builds the window are said in it.
    public var language: Language { windowView.language }

    /// The window's title; it is the session's title, stored with it.
    public var title: String {
        get { session.title }
        set { session.title = newValue }
    }

    /// A second line under the title where the system lists windows (App Exposé, the switcher), as
    /// `UIWindowScene.subtitle`: what tells two windows with one title apart. Empty by default.
    public var subtitle = ""

    /// The window's content. For an auxiliary window, a view that is not a `NavigationContainer` is
    /// put in one (with the window's title and its closing button), so reading it back gives the
    /// container; a container given is used, and its closing button is kept. A view `DrawnElsewhere`
    /// (another process's window, with its own bars) is used as it is.
    public var rootView: View {
        didSet { applyRootView() }
    }

    /// The navigation container at the root, if the window has one (every auxiliary window does).
    public var navigationContainer: NavigationContainer? { rootView as? NavigationContainer }

    /// The window's root view for the shell: holds `rootView` and is the `.window` element of the
    /// accessibility tree, labelled with the title.
    public let windowView: WindowView

    /// Which requests bring this window forward; kept with the session.
    public var activationConditions: ActivationConditions {
        get { session.activationConditions }
        set { session.activationConditions = newValue }
    }

    /// The scene whose window holds `view`, if any.
    public static func containing(_ view: View) -> WindowScene? {
        var v: View? = view
        while let cur = v {
            if let w = cur as? WindowView { return w.scene }
            v = cur.superview
        }
        return nil
    }

    /// The app the window belongs to.
    public var application: (any Application)? { session.runtime?.application }

    /// The closing button of an auxiliary window (from its configuration, by default).
    public var closingButtonStyle: ClosingButtonStyle {
        didSet { navigationContainer?.closingButtonStyle = closingButtonStyle }
    }

    private var isApplyingRootView = false

    private func applyRootView() {
        guard !isApplyingRootView else { return }
        isApplyingRootView = true
        defer { isApplyingRootView = false }
        if session.role == .auxiliary && !(rootView is NavigationContainer) && !(rootView is any DrawnElsewhere) {
            rootView = NavigationContainer(root: Page(content: rootView))
        }
        if let container = navigationContainer {
            if session.role == .auxiliary {
                if let chosen = container.closingButtonStyle {
                    closingButtonStyle = chosen
                } else {
                    container.closingButtonStyle = closingButtonStyle
                }
                container.requiresClosingButton = true
            }
            container.fallbackTitle = title
            if container.onClose == nil {
                container.onClose = { [weak self] style in self?.close(style.animation) }
            }
        }
        windowView.content = rootView
    }

    func titleDidChange() {
        windowView.accessibilityLabel = title
        navigationContainer?.fallbackTitle = title
    }

    /// Asks the system to close this window for good, as Done, Close or a finished task does (as
    /// `requestSceneSessionDestruction`); with no system (a runtime used on its own), the runtime does
    /// it. A failure goes to the screen's error reporter and is shown to the person, who asked.
    public func close(_ animation: DismissalAnimation) {
        // A second Done while the window leaves (its session is already closed) asks nothing.
        guard session.runtime != nil else { return }
        windowView.environment.errors.attempt(SceneStrings.closeTheWindow, userAction: true) {
            if let sceneSystem {
                try sceneSystem.destroy(session, animation: animation)
            } else {
                try session.runtime?.destroy(session, animation: animation)
            }
        }
    }
}

extension WindowScene {
    /// The alert shown over the window now, if any.
    public var presentedAlert: AlertView? { windowView.overlay as? AlertView }

    /// Shows `alert` over the whole window (its bars too), in place of one shown before; a choice
    /// takes it away.
    public func present(_ alert: AlertView) {
        presentedAlert?.onDismiss = nil
        windowView.overlay = alert
        alert.onDismiss = { [weak self, weak alert] in
            guard let self, let alert, self.windowView.overlay === alert else { return }
            self.windowView.overlay = nil
        }
    }
}

/// A window's content drawn by another process, bars and closing button included (an app process's
/// window in the shell): the scene shows it as it is.
@MainActor public protocol DrawnElsewhere: View {}
