import Graphics
import SystemUI
import UI

/// A window's controls in Windowed Apps, at its top left (iPadOS 26's, as macOS's): close, minimize
/// into the Dock, and full screen — which, touched and held, offers the tiling layouts.
@MainActor public final class WindowControlsView: View {
    /// The three controls, left to right.
    public let close = WindowControlButton(kind: .close)
    public let minimize = WindowControlButton(kind: .minimize)
    public let fullScreen = WindowControlButton(kind: .fullScreen)

    /// Whether the window is the one taking input (the others' controls are grey).
    public var isActive = true {
        didSet {
            guard isActive != oldValue else { return }
            for b in buttons { b.isActive = isActive }
        }
    }

    /// Whether the window is full screen (its third control takes it out again).
    public var isFullScreen = false {
        didSet {
            guard isFullScreen != oldValue else { return }
            fullScreen.localizedAccessibilityLabel =
                isFullScreen ? ShellStrings.exitFullScreen : ShellStrings.fullScreen
        }
    }

    /// Touched and held, the full-screen control asks for the tiling layouts.
    public var onHold: (() -> Void)?

    var buttons: [WindowControlButton] { [close, minimize, fullScreen] }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for b in buttons { addSubview(b) }
        let hold = LongPressGestureRecognizer()
        hold.action = { [weak self] g in
            if g.state == .began { self?.onHold?() }
        }
        fullScreen.addGestureRecognizer(hold)
        fullScreen.tap.require(toFail: hold)
    }

    /// The controls' width: one touch target each.
    public static var preferredSize: Size {
        Size(WindowMetrics.controlTarget.width * 3, WindowMetrics.controlTarget.height)
    }

    public override func layoutSubviews() {
        let t = WindowMetrics.controlTarget
        for (i, b) in buttons.enumerated() {
            b.frame = Rect(Double(i) * t.width, 0, t.width, t.height)
        }
    }
}

/// One of a window's three controls: a coloured circle, its glyph shown while a finger or the
/// pointer is on the controls.
@MainActor public final class WindowControlButton: View {
    public enum Kind: Sendable { case close, minimize, fullScreen }
    public let kind: Kind
    /// What a tap does.
    public var action: (() -> Void)?
    let tap = TapGestureRecognizer()
    var isActive = true { didSet { if isActive != oldValue { setNeedsDisplay() } } }
    private var showsGlyph = false { didSet { if showsGlyph != oldValue { setNeedsDisplay() } } }

    init(kind: Kind) {
        self.kind = kind
        super.init()
        accessibilityTraits = .button
        localizedAccessibilityLabel =
            switch kind {
            case .close: ShellStrings.closeControl
            case .minimize: ShellStrings.minimize
            case .fullScreen: ShellStrings.fullScreen
            }
        tap.action = { [weak self] _ in self?.action?() }
        addGestureRecognizer(tap)
    }

    public override var handlesOwnTaps: Bool { true }

    public override func touchBegan(_ touch: Touch, at point: Point) { showsGlyph = true }
    public override func touchEnded(_ touch: Touch, at point: Point) { showsGlyph = false }
    public override func touchCancelled(_ touch: Touch) { showsGlyph = false }
    public override func hoverChanged(_ inside: Bool) { showsGlyph = inside }

    public override func draw(in canvas: any Canvas) {
        let d = WindowMetrics.controlDiameter
        let circle = Rect(center: bounds.center, size: Size(d, d))
        let own: Color =
            switch kind {
            case .close: WindowMetrics.closeColor
            case .minimize: WindowMetrics.minimizeColor
            case .fullScreen: WindowMetrics.fullScreenColor
            }
        let color = !isActive && !showsGlyph ? WindowMetrics.inactiveControlColor : own
        canvas.fill(Path.ellipse(in: circle), with: color)
        guard showsGlyph else { return }
        let ink = Color.black.withAlpha(0.55)
        let c = circle.center
        let r = d * 0.22
        var glyph = Path()
        switch kind {
        case .close:
            glyph.move(to: Point(c.x - r, c.y - r))
            glyph.line(to: Point(c.x + r, c.y + r))
            glyph.move(to: Point(c.x + r, c.y - r))
            glyph.line(to: Point(c.x - r, c.y + r))
            canvas.stroke(glyph, with: ink, lineWidth: 1.2)
        case .minimize:
            glyph.move(to: Point(c.x - r * 1.2, c.y))
            glyph.line(to: Point(c.x + r * 1.2, c.y))
            canvas.stroke(glyph, with: ink, lineWidth: 1.4)
        case .fullScreen:
            // Two triangles pointing to opposite corners (macOS's green control).
            let a = r * 1.15
            glyph.move(to: Point(c.x - a, c.y - a))
            glyph.line(to: Point(c.x + a * 0.35, c.y - a))
            glyph.line(to: Point(c.x - a, c.y + a * 0.35))
            glyph.close()
            glyph.move(to: Point(c.x + a, c.y + a))
            glyph.line(to: Point(c.x - a * 0.35, c.y + a))
            glyph.line(to: Point(c.x + a, c.y - a * 0.35))
            glyph.close()
            canvas.fill(glyph, with: ink)
        }
    }
}

/// The grab handle at a window's bottom-right corner: an arc along the corner, which a finger drags
/// to resize the window.
@MainActor public final class GrabHandleView: View {
    /// Called with the pan's state as a finger drags the handle.
    public var onPan: ((PanGestureRecognizer) -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        localizedAccessibilityLabel = ShellStrings.resizeHandle
        accessibilityTraits = .button
        let pan = PanGestureRecognizer()
        pan.minimumDistance = 2
        pan.action = { [weak self] g in self?.onPan?(g as! PanGestureRecognizer) }
        addGestureRecognizer(pan)
    }

    public override func draw(in canvas: any Canvas) {
        // A quarter circle concentric with the window's corner, inset from its edge.
        let radius = WindowMetrics.cornerRadius
        let centre = Point(bounds.maxX - radius, bounds.maxY - radius)
        let t = WindowMetrics.handleThickness
        let outer = radius - WindowMetrics.handleInset
        let inner = outer - t
        let mid = (outer + inner) / 2
        let cap = t / 2
        let k = 0.5523 * cap
        // One path (a translucent colour drawn once): the outer arc, a round end, the inner arc back,
        // the other round end.
        var arc = Path()
        Self.quarter(&arc, centre: centre, radius: outer, start: true)
        let bottom = Point(centre.x, centre.y + mid)
        arc.curve(
            to: Point(bottom.x - cap, bottom.y), control1: Point(bottom.x - k, bottom.y + cap),
            control2: Point(bottom.x - cap, bottom.y + k))
        arc.curve(
            to: Point(bottom.x, bottom.y - cap), control1: Point(bottom.x - cap, bottom.y - k),
            control2: Point(bottom.x - k, bottom.y - cap))
        Self.quarter(&arc, centre: centre, radius: inner, start: false)
        let right = Point(centre.x + mid, centre.y)
        arc.curve(
            to: Point(right.x, right.y - cap), control1: Point(right.x - cap, right.y - k),
            control2: Point(right.x - k, right.y - cap))
        arc.curve(
            to: Point(right.x + cap, right.y), control1: Point(right.x + k, right.y - cap),
            control2: Point(right.x + cap, right.y - k))
        arc.close()
        canvas.fill(arc, with: WindowMetrics.handleColor)
    }

    /// The quarter circle from the right of `centre` to below it (`start`), or back.
    private static func quarter(_ p: inout Path, centre c: Point, radius r: Double, start: Bool) {
        let k = 0.5523 * r
        if start {
            p.move(to: Point(c.x + r, c.y))
            p.curve(to: Point(c.x, c.y + r), control1: Point(c.x + r, c.y + k), control2: Point(c.x + k, c.y + r))
        } else {
            p.curve(to: Point(c.x + r, c.y), control1: Point(c.x + k, c.y + r), control2: Point(c.x + r, c.y + k))
        }
    }
}

/// The band at a window's top in Windowed Apps: dragged, it moves the window.
@MainActor public final class WindowGripView: View {
    /// Called with the pan's state as a finger drags the band.
    public var onPan: ((PanGestureRecognizer) -> Void)?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isAccessibilityElement = false
        let pan = PanGestureRecognizer()
        pan.action = { [weak self] g in self?.onPan?(g as! PanGestureRecognizer) }
        addGestureRecognizer(pan)
    }
}

/// Where a dragged window would tile if let go now: a translucent panel with the window's corners.
@MainActor final class DropZoneView: View {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        isHidden = true
    }

    override func draw(in canvas: any Canvas) {
        let r = bounds.insetBy(dx: 1, dy: 1)
        canvas.fillRoundedRect(r, radius: WindowMetrics.cornerRadius, with: WindowMetrics.dropZoneColor)
        canvas.strokeRoundedRect(
            r, radius: WindowMetrics.cornerRadius, with: WindowMetrics.dropZoneBorder, lineWidth: 1)
    }
}
