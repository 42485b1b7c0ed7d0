import Graphics
import Scenes
import UI

/// A foreign window's content in its Slate window: the client's picture scaled into the space below
/// the status bar, its popups above it, and the finger, the wheel and the keys forwarded to it. Each
/// change of the view's size is sent to the client as a configure (tiled, so it drops its shadows).
@MainActor public final class ForeignSurfaceView: View, DrawnElsewhere {
    public let toplevel: any ForeignToplevel
    /// The size last asked of the client, in points.
    public private(set) var requestedSize: Size?
    /// Whether the window is the one taking input.
    public var isActive = false {
        didSet { if isActive != oldValue { sendConfigure(force: true) } }
    }
    /// The size of the picture last drawn whole, in points (a new size redraws everything).
    private var shownSize: Size?
    /// Pictures drawn since the view was made (each one a frame the client may follow).
    public private(set) var picturesShown = 0
    /// The program's name, for the note shown when it stops answering.
    public var appName = ""
    /// Whether the banner said the program's window cannot be shown (said again only once it could be;
    /// a window that could not be shown from its first buffer was named as it opened).
    private lazy var saidCannotBeShown = toplevel.cannotBeShown
    /// Shown over the window while the program does not answer.
    public private(set) var notResponding: NotRespondingView?

    public init(toplevel: any ForeignToplevel) {
        self.toplevel = toplevel
        super.init()
        backgroundColor = .systemBackground
        accessibilityLabel = toplevel.title
        identifier = "foreign-surface"
    }

    /// Where the client's window goes: the bounds without the status bar and home indicator.
    public var surfaceRect: Rect {
        let i = safeAreaInsets
        return Rect(bounds.minX, bounds.minY + i.top, bounds.width, max(0, bounds.height - i.top - i.bottom))
    }

    public override var canBecomeFocused: Bool { true }

    public override func layoutSubviews() {
        sendConfigure(force: false)
        notResponding?.frame = surfaceRect
    }

    private func sendConfigure(force: Bool) {
        let r = surfaceRect
        guard r.width >= 1, r.height >= 1 else { return }
        let size = Size(r.width.rounded(), r.height.rounded())
        if !force, size == requestedSize { return }
        requestedSize = size
        toplevel.configure(size: size, tiled: true, activated: isActive)
    }

    /// The client drew something new, or changed otherwise (its title, whether it answers).
    func pictureChanged() {
        updateResponding()
        if toplevel.cannotBeShown != saidCannotBeShown {
            saidCannotBeShown = toplevel.cannotBeShown
            if saidCannotBeShown { (root as? Shell)?.programCannotBeShown(appName.isEmpty ? toplevel.title : appName) }
        }
        if accessibilityLabel != toplevel.title { accessibilityLabel = toplevel.title }
        let r = surfaceRect
        guard let d = toplevel.damage, toplevel.popups.isEmpty, let size = toplevel.pictureSize,
            size == shownSize, size.width > 0, size.height > 0
        else {
            shownSize = toplevel.pictureSize
            setNeedsDisplay()
            return
        }
        // Only what the client redrew (a pixel more around it, for filtering at the edges).
        let sx = r.width / size.width
        let sy = r.height / size.height
        setNeedsDisplay(
            Rect(r.minX + d.minX * sx, r.minY + d.minY * sy, d.width * sx, d.height * sy).insetBy(dx: -1, dy: -1))
    }

    private func updateResponding() {
        if toplevel.isResponding {
            notResponding?.removeFromSuperview()
            notResponding = nil
        } else if notResponding == nil {
            let v = NotRespondingView(name: appName.isEmpty ? toplevel.title : appName) { [weak self] in
                self?.toplevel.forceQuit()
            }
            notResponding = v
            addSubview(v)
            setNeedsLayout()
        }
    }

    public override func draw(in canvas: any Canvas) {
        let r = surfaceRect
        // At its size and the screen's scale, the window is drawn straight from the program's
        // buffers (nothing was copied at its commit); else its picture fills the window: while it
        // has not caught up with a new size it is stretched to it, as iPadOS stretches a snapshot
        // during a resize.
        if let live = toplevel.livePixels, abs(Double(live.pixelWidth) / live.scale - r.width) < 0.01,
            abs(Double(live.pixelHeight) / live.scale - r.height) < 0.01
        {
            if !canvas.drawPixels(live, at: r.origin, opacity: 1) { Self.drawPart(of: live, in: r, on: canvas) }
        } else {
            guard let picture = toplevel.picture else { return }
            canvas.drawImage(picture, in: r, opacity: 1)
        }
        for popup in toplevel.popups {
            guard let p = popup.picture else { continue }
            let f = popup.frame.offsetBy(dx: r.minX, dy: r.minY)
            canvas.drawImage(p, in: f, opacity: 1)
        }
        picturesShown += 1
    }

    /// Draws the part of a window's live pixels that the clip shows (a rounded corner's, which
    /// `drawPixels` cannot take) through a picture of just that part: a corner's few pixels, not
    /// the window's.
    private static func drawPart(of live: any PixelSource, in r: Rect, on canvas: any Canvas) {
        let part = canvas.clipBounds.intersection(r)
        guard !part.isEmpty else { return }
        let s = live.scale
        let x0 = max(0, Int(((part.minX - r.minX) * s).rounded(.down)))
        let y0 = max(0, Int(((part.minY - r.minY) * s).rounded(.down)))
        let x1 = min(live.pixelWidth, Int(((part.maxX - r.minX) * s).rounded(.up)))
        let y1 = min(live.pixelHeight, Int(((part.maxY - r.minY) * s).rounded(.up)))
        guard x1 > x0, y1 > y0 else { return }
        var image = PixelImage(width: x1 - x0, height: y1 - y0, scale: s)
        image.pixels.withUnsafeMutableBytes { raw in
            live.write(
                PixelRect(x: x0, y: y0, width: x1 - x0, height: y1 - y0),
                to: raw.baseAddress!.assumingMemoryBound(to: UInt32.self), stride: x1 - x0)
        }
        let placed = Rect(
            r.minX + Double(x0) / s, r.minY + Double(y0) / s, Double(x1 - x0) / s, Double(y1 - y0) / s)
        canvas.drawImage(image, in: placed, opacity: 1)
    }

    /// A point of the view in the client's window points.
    func clientPoint(_ p: Point) -> Point {
        let r = surfaceRect
        guard let want = requestedSize, want.width > 0, want.height > 0 else {
            return Point(p.x - r.minX, p.y - r.minY)
        }
        return Point((p.x - r.minX) * want.width / r.width, (p.y - r.minY) * want.height / r.height)
    }

    public override func touchBegan(_ touch: Touch, at point: Point) {
        (root as? Shell)?.programTouchPoint = convert(point, to: nil)
        let p = clientPoint(point)
        if touch.type == .direct {
            toplevel.pointer(.touchDown(id: touch.id, p))
        } else {
            toplevel.pointer(.moved(p))
            toplevel.pointer(.down(p))
        }
    }

    public override func touchMoved(_ touch: Touch, at point: Point) {
        (root as? Shell)?.programTouchPoint = convert(point, to: nil)
        // A drag between programs: a side of the screen may take it (W2b); else the window under
        // the finger gets the pointer (its program sees the drag enter and move), whichever it is.
        if toplevel.isDraggingBetweenPrograms, let root {
            let p = convert(point, to: nil)
            if (root as? Shell)?.programDragMoved(to: p) == true { return }
            if let other = Self.surface(at: p, in: root), other !== self {
                other.toplevel.pointer(Self.motion(of: touch, to: other.clientPoint(other.convert(p, from: nil))))
                return
            }
        }
        toplevel.pointer(Self.motion(of: touch, to: clientPoint(point)))
    }

    /// A touch's move to a window point, as the device that made it moves.
    private static func motion(of touch: Touch, to p: Point) -> ForeignPointerEvent {
        touch.type == .direct ? .touchMoved(id: touch.id, p) : .moved(p)
    }

    /// The program's window at a screen point, if one is there.
    static func surface(at p: Point, in root: RootView) -> ForeignSurfaceView? {
        var v = root.hitTest(p)
        while let cur = v {
            if let s = cur as? ForeignSurfaceView { return s }
            v = cur.superview
        }
        return nil
    }

    public override func touchEnded(_ touch: Touch, at point: Point) {
        (root as? Shell)?.programTouchPoint = nil
        // Over a side that takes the drag, the shell opens its object; the release drops nowhere.
        _ = (root as? Shell)?.programDragEnded(at: convert(point, to: nil))
        let p = clientPoint(point)
        toplevel.pointer(touch.type == .direct ? .touchUp(id: touch.id, p) : .up(p))
    }

    public override func touchCancelled(_ touch: Touch) {
        (root as? Shell)?.programTouchPoint = nil
        (root as? Shell)?.programDragCancelled()
        toplevel.pointer(touch.type == .direct ? .touchCancelled : .leave)
    }

    /// The mouse over the window with no button held: the program sees the pointer move (its
    /// hover effects, tooltips, a menu's row under the pointer).
    public override func hoverMoved(to point: Point) {
        guard surfaceRect.contains(point) else { return }
        toplevel.pointer(.moved(clientPoint(point)))
    }

    public override func hoverChanged(_ inside: Bool) {
        if !inside { toplevel.pointer(.leave) }
    }

    public override func handleSecondaryClick(at point: Point) -> Bool {
        guard surfaceRect.contains(point) else { return false }
        toplevel.pointer(.secondaryClick(clientPoint(point)))
        return true
    }

    public override func handleScroll(dx: Double, dy: Double) -> Bool {
        toplevel.pointer(.scroll(.zero, dx: dx, dy: dy))
        return true
    }

    public override func handleKey(_ press: KeyPress) -> Bool {
        toplevel.key(press)
    }

    public override func handleText(_ text: String) -> Bool {
        var sent = false
        for c in text { sent = toplevel.key(KeyPress(.character(c))) || sent }
        return sent
    }
}
