import Graphics
import Scenes
import UI

/// A window on the screen: the scene's window view, with rounded corners when it does not fill the
/// screen, a shadow when it floats, and the multitasking control at its top. The content is kept as
/// a cached picture and drawn again only when something in it changes.
@MainActor public final class WindowFrameView: View {
    public let scene: WindowScene
    public unowned let app: ShellApp
    public let control = MultitaskingControl()
    let content = View()

    public enum Style: Sendable { case fullScreen, tiled, floating }

    public var style: Style = .fullScreen {
        didSet {
            if style != oldValue {
                restyle()
                setNeedsLayout()
            }
        }
    }

    public var isFocusedWindow = false {
        didSet { control.isActive = isFocusedWindow }
    }

    init(scene: WindowScene, app: ShellApp) {
        self.scene = scene
        self.app = app
        super.init()
        content.rasterizes = true
        content.clipsToBounds = true
        addSubview(content)
        content.addSubview(scene.windowView)
        addSubview(control)
        control.accessibilityLabel = ShellStrings.multitasking.text
        identifier = "window-frame"
        restyle()
    }

    public var id: String { scene.session.persistentIdentifier }

    /// Changes whenever the window's content changes.
    public var contentGeneration: Int { content.contentVersion }

    private func restyle() {
        switch style {
        case .fullScreen:
            content.cornerRadius = 0
            shadow = nil
        case .tiled:
            content.cornerRadius = ShellMetrics.windowCornerRadius
            shadow = nil
        case .floating:
            content.cornerRadius = ShellMetrics.windowCornerRadius
            cornerRadius = ShellMetrics.windowCornerRadius
            shadow = Shadow(color: Color.black.withAlpha(0.3), blur: 24, offset: Point(0, 6))
        }
        setNeedsDisplay()
    }

    public override func layoutSubviews() {
        content.frame = bounds
        scene.windowView.frame = content.bounds
        // A window that reaches the top of the screen keeps its content below the status bar.
        scene.windowView.safeAreaInsets = EdgeInsets(
            top: style == .floating ? 0 : ShellMetrics.statusBarHeight,
            bottom: style == .floating ? 0 : ShellMetrics.homeIndicatorArea)
        let s = ShellMetrics.multitaskingControlSize
        // Just below the status bar in a window that reaches the top of the screen.
        let top = style == .floating ? 4 : ShellMetrics.statusBarHeight - 18
        control.frame = Rect(bounds.midX - s.width / 2, top, s.width, s.height)
    }
}
