import Graphics
import Scenes
import SystemUI
import UI
import Windowing

/// A window on the screen: the scene's window view, with rounded corners when it does not fill the
/// screen, a shadow when it floats, and the multitasking control at its top — or, in Windowed Apps,
/// the window controls at its top left, the band at its top that moves it and the grab handle at its
/// bottom right. The content is kept as a cached picture and drawn again only when something in it
/// changes.
@MainActor public final class WindowFrameView: View {
    public let scene: WindowScene
    public unowned let app: ShellApp
    public let control = MultitaskingControl()
    let content = WindowContentView()
    /// Windowed Apps' controls, the band that moves the window and the handle that resizes it.
    public let windowControls = WindowControlsView()
    public let grip = WindowGripView()
    public let handle = GrabHandleView()

    /// How the window looks where it is (the window manager's layout says).
    public typealias Style = WindowStyle

    public var style: Style = .fullScreen {
        didSet {
            if style != oldValue {
                restyle()
                setNeedsLayout()
            }
        }
    }

    /// The controls the window shows: the multitasking control, Windowed Apps' window controls, or
    /// none (a window the conformance suite places).
    public var chrome: WindowChrome = .multitaskingControl {
        didSet {
            if chrome != oldValue {
                restyle()
                setNeedsLayout()
            }
        }
    }

    /// The size limits of the program the window shows (`xdg_toplevel`), in its content's points;
    /// nil for a window of a Slate app, or a program with none.
    public var programSizeLimits: SizeLimits? {
        (scene.rootView as? ForeignSurfaceView)?.toplevel.sizeLimits
    }

    public var isFocusedWindow = false {
        didSet {
            control.isActive = isFocusedWindow
            windowControls.isActive = isFocusedWindow
            if style == .window, isFocusedWindow != oldValue { restyle() }
        }
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
        control.localizedAccessibilityLabel = ShellStrings.multitasking
        addSubview(grip)
        addSubview(windowControls)
        addSubview(handle)
        identifier = "window-frame"
        restyle()
    }

    public var id: String { scene.session.persistentIdentifier }

    /// Placed by the conformance suite's test mode (`Shell.placeProgramWindowsFreely`): only the
    /// program's content takes input; elsewhere it falls through to what is below, as between a
    /// desktop's windows.
    var passesInputThrough = false

    public override func hitTest(_ p: Point) -> View? {
        let hit = super.hitTest(p)
        guard passesInputThrough, hit === self || hit === content || hit === scene.windowView else { return hit }
        return nil
    }

    /// Changes whenever the window's content changes.
    public var contentGeneration: Int { content.contentVersion }

    private func restyle() {
        switch style {
        case .fullScreen:
            content.cornerRadius = 0
            cornerRadius = 0
            shadow = nil
        case .tiled:
            content.cornerRadius = ShellMetrics.windowCornerRadius
            cornerRadius = liveResize == nil ? 0 : ShellMetrics.windowCornerRadius
            shadow = nil
        case .floating:
            content.cornerRadius = ShellMetrics.windowCornerRadius
            cornerRadius = ShellMetrics.windowCornerRadius
            shadow = Shadow(color: Color.black.withAlpha(0.3), blur: 24, offset: Point(0, 6))
        case .window:
            content.cornerRadius = WindowMetrics.cornerRadius
            cornerRadius = WindowMetrics.cornerRadius
            shadow = isFocusedWindow ? WindowMetrics.activeShadow : WindowMetrics.inactiveShadow
        }
        let windowed = chrome == .windowControls
        control.isHidden = chrome != .multitaskingControl
        windowControls.isHidden = !windowed
        grip.isHidden = !windowed
        handle.isHidden = !windowed
        setNeedsDisplay()
    }

    /// Whether a finger resizes the window by its handle now (Windowed Apps): its content is laid
    /// out and drawn at each size straight onto the screen, with no cached picture of a size that
    /// lasts one frame in between.
    public var isResizingLive = false {
        didSet { if isResizingLive != oldValue { content.rasterizes = !isResizingLive } }
    }

    /// Which edge of the frame a live-resized window's content keeps to.
    public enum ResizeAnchor: Sendable { case left, right }

    /// While the Split View divider moves, the window's content keeps the size it had (the app is not
    /// laid out, and its cached picture is not drawn again); the picture stays put on its side away
    /// from the divider, clipped to the frame, and the window's background fills what it leaves. The
    /// content is laid out once, at its new size, when the live resize ends (as on iPadOS).
    public private(set) var liveResize: (size: Size, anchor: ResizeAnchor)?

    func beginLiveResize(anchor: ResizeAnchor) {
        guard liveResize == nil else { return }
        liveResize = (content.frame.size, anchor)
        content.movesQuietly = true
        clipsToBounds = true
        cornerRadius = content.cornerRadius
        backgroundColor = scene.windowView.backgroundColor
        setNeedsLayout()
    }

    func endLiveResize() {
        guard liveResize != nil else { return }
        liveResize = nil
        content.movesQuietly = false
        clipsToBounds = false
        backgroundColor = nil
        restyle()
        setNeedsLayout()
    }

    /// In a live resize only the edges that moved change on the screen (the picture stays put):
    /// just they are drawn again, with the rounded corners' squares beside them.
    public override func damageForFrameChange(from old: Rect) {
        // A window that moves (into its place in Split View) lays out again while the keyboard is
        // docked: what the keyboard covers of it changes with where it is.
        if old.origin != frame.origin, root?.keyboardFrame != nil { setNeedsLayout() }
        guard liveResize != nil, let sv = superview, !isHidden, transform.isIdentity, old.minY == frame.minY,
            old.height == frame.height
        else { return super.damageForFrameChange(from: old) }
        let pad = (cornerRadius * 1.528665).rounded(.up) + 1
        for (a, b) in [(old.minX, frame.minX), (old.maxX, frame.maxX)] where a != b {
            sv.setNeedsDisplay(Rect(min(a, b) - pad, frame.minY, abs(a - b) + 2 * pad, frame.height))
        }
    }

    /// The window's content keeps clear of these: the status bar and the home indicator where the
    /// window reaches them, and Windowed Apps' top band with the controls.
    var contentInsets: EdgeInsets {
        // The bars only where the window reaches the screen's edge: not under a panel's zone, which
        // keeps it from the edge. (Its frame where its layout puts it, not where an animation's
        // transform shows it now.)
        let screen = root?.bounds ?? .zero
        let minY = superview.map { $0.convert(Point(frame.minX, frame.minY), to: nil).y } ?? 0
        let reachesTop = root == nil || minY <= 0.5
        let reachesBottom = root == nil || minY + frame.height >= screen.height - 0.5
        let bars = EdgeInsets(
            top: reachesTop ? ShellMetrics.statusBarHeight : 0,
            bottom: reachesBottom ? ShellMetrics.homeIndicatorArea : 0)
        switch (style, chrome) {
        case (.window, _): return EdgeInsets(top: WindowMetrics.controlBarHeight)
        case (.floating, _): return .zero
        case (_, .windowControls):
            return EdgeInsets(top: bars.top + WindowMetrics.controlBarHeight, bottom: bars.bottom)
        default: return bars
        }
    }

    public override func layoutSubviews() {
        let s = ShellMetrics.multitaskingControlSize
        // Just below the status bar in a window that reaches the top of the screen.
        let top = style == .floating || style == .window ? 4 : ShellMetrics.statusBarHeight - 18
        control.frame = Rect(bounds.midX - s.width / 2, top, s.width, s.height)
        // Windowed Apps: the band (below the status bar in a full-screen window), the controls in it.
        let band = style == .fullScreen ? ShellMetrics.statusBarHeight : 0
        grip.frame = Rect(0, band, bounds.width, WindowMetrics.controlBarHeight)
        let c = WindowControlsView.preferredSize
        let x = WindowMetrics.controlLeading + WindowMetrics.controlDiameter / 2 - WindowMetrics.controlTarget.width / 2
        windowControls.frame = Rect(x, band, c.width, c.height)
        windowControls.isFullScreen = style == .fullScreen
        let h = WindowMetrics.handleTarget
        handle.frame = Rect(bounds.maxX - h, bounds.maxY - h, h, h)
        if let live = liveResize {
            let x = live.anchor == .left ? 0 : bounds.width - live.size.width
            content.frame = Rect(x, 0, live.size.width, live.size.height)
            return
        }
        content.frame = bounds
        scene.windowView.frame = content.bounds
        // A window that reaches the top of the screen keeps its content below the status bar — and
        // above the docked keyboard, which goes into its safe area (a program's window is made that
        // much shorter).
        var insets = contentInsets
        insets.bottom = max(insets.bottom, settledKeyboardOverlap)
        scene.windowView.safeAreaInsets = insets
    }

    /// What the docked keyboard covers of the window where it is going: its frame, without the
    /// transform of an animation that moves it there.
    var settledKeyboardOverlap: Double {
        guard let kb = root?.keyboardFrame, let sv = superview else { return 0 }
        let f = sv.convert(frame, to: nil)
        guard f.maxX > kb.minX, f.minX < kb.maxX, f.maxY > kb.minY else { return 0 }
        return max(0, f.maxY - max(f.minY, kb.minY))
    }

    /// The keyboard came or went: the window's safe area follows.
    public override func keyboardFrameDidChange() { setNeedsLayout() }
}

/// A window's content: its cached picture. In a live resize it moves within its frame exactly as
/// much as the frame moves the other way, so it stays put on the screen and marks nothing damaged.
@MainActor final class WindowContentView: View {
    var movesQuietly = false

    override func damageForFrameChange(from old: Rect) {
        if movesQuietly, old.size == frame.size { return }
        super.damageForFrameChange(from: old)
    }
}
