import Graphics
import Scenes
import ShellPorts
import UI

/// A foreign window's content in its Slate window: the client's picture scaled into the space below
/// the status bar, its popups above it, and the finger, the wheel and the keys forwarded to it. Each
/// change of the view's size is sent to the client as a configure (tiled, so it drops its shadows).
@MainActor public final class ForeignSurfaceView: View, DrawnElsewhere {
    public let toplevel: any ForeignToplevel
    /// The size last asked of the client, in points.
    public private(set) var requestedSize: Size?
    /// The states last told the client.
    public private(set) var requestedStates: ToplevelStates?
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
    /// The finger (or the pointer's press) down on the window now: its touch, where it is on the
    /// screen, and how fast it moved last.
    private var activeTouch: (touch: Touch, screen: Point, velocity: Point)?
    /// The fingers (and the pointer's press) down on the window now, by touch id.
    private var touchesDown: Set<Int> = []
    /// The finger that moves or resizes the window now (the program asked), rather than the program
    /// seeing it.
    private var drivingTouch: Int?
    /// Whether a finger moves or resizes the window now (the program asked).
    public var isDrivingWindowDrag: Bool { drivingTouch != nil }

    /// The window keeps the size its program chooses (the conformance suite's test mode,
    /// `Shell.placeProgramWindowsFreely`): it is asked for no size, its frame is what its surfaces
    /// cover (`programBounds`), and it takes input only where the program does: elsewhere input
    /// falls through to what is below.
    var keepsProgramSize = false {
        didSet { sendConfigure(force: true) }
    }

    /// `programLayout` as the window was last laid out with.
    private var placedLayout: ForeignSurfaceLayout?

    /// Where the program's surfaces are, in its window's points.
    var programLayout: ForeignSurfaceLayout {
        toplevel.surfaceLayout
            ?? ForeignSurfaceLayout(bounds: Rect(origin: .zero, size: toplevel.pictureSize ?? .zero), corner: .zero)
    }

    /// What the program's surfaces cover, in its window's points.
    var programBounds: Rect { programLayout.bounds }

    public override func point(inside point: Point) -> Bool {
        guard bounds.contains(point) else { return false }
        return !keepsProgramSize || toplevel.acceptsInput(at: clientPoint(point))
    }

    public init(toplevel: any ForeignToplevel) {
        self.toplevel = toplevel
        super.init()
        // It paints every pixel itself: the background only where the program's window does not
        // paint opaquely (a full-window video is not filled first and then copied over).
        isOpaqueCover = true
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

    /// Tells the program its window's size and states again, whether or not they changed (xdg-shell
    /// answers a request for a state with a configure, granted or not).
    func configureAgain() { sendConfigure(force: true) }

    private func sendConfigure(force: Bool) {
        let shell = root as? Shell
        let id = ancestor(of: WindowFrameView.self)?.id
        let activated: ToplevelStates = isActive ? .activated : []
        if keepsProgramSize {
            // The suite's windows: the size their program chooses, unless it asked to fill the screen
            // or a resize it asked for gave it one.
            let placed = id.flatMap { shell?.programs.placedConfiguration(of: $0) } ?? (.zero, [])
            let states = placed.states.union(activated)
            if force || requestedSize != placed.size || requestedStates != states {
                toplevel.configure(size: placed.size, states: states)
            }
            requestedSize = placed.size
            requestedStates = states
            return
        }
        let r = surfaceRect
        guard r.width >= 1, r.height >= 1 else { return }
        let size = Size(r.width.rounded(), r.height.rounded())
        // The shell draws every window's frame: each is tiled, filling its place, or the whole screen.
        let wholeScreen = id.map { shell?.isShownWholeScreen($0) ?? false } ?? false
        let states = ToplevelStates([.tiled, wholeScreen ? .fullScreen : .maximized]).union(activated)
        if !force, size == requestedSize, states == requestedStates { return }
        requestedSize = size
        requestedStates = states
        toplevel.configure(size: size, states: states)
    }

    /// The client drew something new, or changed otherwise (its title, whether it answers).
    func pictureChanged() {
        updateResponding()
        if keepsProgramSize, programLayout != placedLayout {
            placedLayout = programLayout
            (root as? Shell)?.relayout(animated: false)
        }
        if toplevel.cannotBeShown != saidCannotBeShown {
            saidCannotBeShown = toplevel.cannotBeShown
            if saidCannotBeShown { (root as? Shell)?.programCannotBeShown(appName.isEmpty ? toplevel.title : appName) }
        }
        if accessibilityLabel != toplevel.title { accessibilityLabel = toplevel.title }
        guard let d = toplevel.damage, toplevel.popups.isEmpty, let size = toplevel.pictureSize,
            size == shownSize, size.width > 0, size.height > 0
        else {
            shownSize = toplevel.pictureSize
            setNeedsDisplay()
            return
        }
        // Only what the client redrew (stretched, a pixel more around it, for filtering at the
        // edges; drawn as it is, just that: the status bar above it is not drawn again).
        let placed = pictureRect(for: size)
        let sx = placed.width / size.width
        let sy = placed.height / size.height
        let redrawn = Rect(placed.minX + d.minX * sx, placed.minY + d.minY * sy, d.width * sx, d.height * sy)
        setNeedsDisplay(sx == 1 && sy == 1 ? redrawn.intersection(surfaceRect) : redrawn.insetBy(dx: -1, dy: -1))
    }

    /// Where a picture of the program's window of `size` points goes in the view. It fills the
    /// space below the status bar when it fits, and while the program has not caught up with the
    /// size it was asked for (stretched, as iPadOS stretches a snapshot during a resize). Once the
    /// program has answered, a picture of another size is its own choice (it ignores the size, or
    /// keeps to its limits): shown as drawn, centred where it is smaller than the space, from the
    /// top and the leading edge where it is larger (cut at the others), as iPadOS shows an app
    /// that keeps its own size.
    public func pictureRect(for size: Size) -> Rect {
        // Keeping its program's size, the view is what its surfaces cover: the window is inside.
        if keepsProgramSize { return Rect(origin: Point(-programBounds.minX, -programBounds.minY), size: size) }
        let r = surfaceRect
        let fits = abs(size.width - r.width) < 0.01 && abs(size.height - r.height) < 0.01
        if fits || toplevel.isCatchingUp || size.width <= 0 || size.height <= 0 { return r }
        let x = size.width < r.width ? r.minX + ((r.width - size.width) / 2).rounded() : r.minX
        let y = size.height < r.height ? r.minY + ((r.height - size.height) / 2).rounded() : r.minY
        return Rect(x, y, size.width, size.height)
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
        // At the screen's scale the window is drawn straight from the program's buffers (nothing
        // was copied at its commit), unless its picture is stretched (`pictureRect`).
        var origin = r.origin
        if let live = toplevel.livePixels {
            let s = live.scale
            let placed = pictureRect(for: Size(Double(live.pixelWidth) / s, Double(live.pixelHeight) / s))
            if abs(placed.width * s - Double(live.pixelWidth)) < 0.5,
                abs(placed.height * s - Double(live.pixelHeight)) < 0.5
            {
                let o = live.opaquePart
                let opaque = Rect(
                    placed.minX + Double(o.x) / s, placed.minY + Double(o.y) / s, Double(o.width) / s,
                    Double(o.height) / s
                ).intersection(r)
                fillBackground(around: opaque, in: canvas)
                canvas.withState {
                    canvas.clip(to: r)
                    if !canvas.drawPixels(live, at: placed.origin, opacity: 1) {
                        Self.drawPart(of: live, in: placed, on: canvas)
                    }
                }
                origin = placed.origin
                drawPopups(at: origin, in: canvas)
                picturesShown += 1
                return
            }
        }
        fillBackground(around: .zero, in: canvas)
        if let picture = toplevel.picture {
            let placed = pictureRect(for: picture.size)
            origin = placed.origin
            canvas.withState {
                canvas.clip(to: r)
                canvas.drawImage(picture, in: placed, opacity: 1)
            }
        }
        drawPopups(at: origin, in: canvas)
        picturesShown += 1
    }

    /// The program's popups (menus, tooltips), placed from the corner of its window's picture.
    private func drawPopups(at origin: Point, in canvas: any Canvas) {
        for popup in toplevel.popups {
            guard let p = popup.picture else { continue }
            canvas.drawImage(p, in: popup.frame.offsetBy(dx: origin.x, dy: origin.y), opacity: 1)
        }
    }

    /// Fills the view with the system background except `hole` (what the program paints opaquely).
    private func fillBackground(around hole: Rect, in canvas: any Canvas) {
        let b = bounds
        guard !hole.isEmpty else {
            canvas.fill(b, with: .systemBackground)
            return
        }
        let h = hole.intersection(b)
        let bands = [
            Rect(b.minX, b.minY, b.width, h.minY - b.minY), Rect(b.minX, h.maxY, b.width, b.maxY - h.maxY),
            Rect(b.minX, h.minY, h.minX - b.minX, h.height), Rect(h.maxX, h.minY, b.maxX - h.maxX, h.height),
        ]
        for band in bands where band.width > 0 && band.height > 0 { canvas.fill(band, with: .systemBackground) }
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

    /// A point of the view in the client's window points: from where its picture is placed, in
    /// the picture's points (while it is stretched, scaled back).
    func clientPoint(_ p: Point) -> Point {
        if keepsProgramSize { return Point(p.x + programBounds.minX, p.y + programBounds.minY) }
        guard let size = toplevel.pictureSize, size.width > 0, size.height > 0 else {
            let r = surfaceRect
            return Point(p.x - r.minX, p.y - r.minY)
        }
        let placed = pictureRect(for: size)
        return Point(
            (p.x - placed.minX) * size.width / placed.width, (p.y - placed.minY) * size.height / placed.height)
    }

    /// The program asked to move its window (`resize`: from these edges) with the finger or pointer
    /// down on it: from now until it lifts, that finger moves the window (Windowed Apps), and the
    /// program forgets it, as it expects. With more than one down, which one it means is not known:
    /// the request is not acted on (a finger does not take over a move the pointer began).
    func beginWindowDrag(edges: WindowEdges?) {
        guard let active = activeTouch, touchesDown == [active.touch.id], drivingTouch == nil,
            let shell = root as? Shell, let frame = ancestor(of: WindowFrameView.self)
        else { return }
        toplevel.pointer(.cancelled(active.touch))
        drivingTouch = active.touch.id
        if keepsProgramSize {
            shell.programs.beginPlacedDrag(frame.id, resizing: edges, at: active.screen)
        } else {
            shell.windowing.beginWindowDrag(frame.id, resizing: edges, at: active.screen)
        }
    }

    /// The finger driving the window's move or resize went to `p` (screen points).
    private func windowDragMoved(to p: Point) {
        guard let shell = root as? Shell else { return }
        if keepsProgramSize {
            shell.programs.placedDragMoved(to: p)
        } else {
            shell.windowing.windowDragMoved(to: p)
        }
    }

    /// The finger driving the window's move or resize lifted at `p` (screen points).
    private func windowDragEnded(at p: Point, velocity: Point) {
        drivingTouch = nil
        guard let shell = root as? Shell else { return }
        if keepsProgramSize {
            shell.programs.placedDragEnded()
        } else {
            shell.windowing.windowDragEnded(at: p, velocity: velocity)
        }
    }

    /// The nearest view of type `T` this one is inside.
    private func ancestor<T: View>(of type: T.Type) -> T? {
        var v = superview
        while let cur = v {
            if let t = cur as? T { return t }
            v = cur.superview
        }
        return nil
    }

    /// Follows the finger down on the window (for a move its program asks for).
    private func track(_ touch: Touch, at screen: Point) {
        var velocity = Point.zero
        if let last = activeTouch, touch.timestamp > last.touch.timestamp {
            let dt = touch.timestamp - last.touch.timestamp
            velocity = Point((screen.x - last.screen.x) / dt, (screen.y - last.screen.y) / dt)
        }
        activeTouch = (touch, screen, velocity)
    }

    public override func touchBegan(_ touch: Touch, at point: Point) {
        // None was down (each lift lets `activeTouch` go): none is left from a touch whose end this
        // view was not told.
        if activeTouch == nil, drivingTouch == nil { touchesDown.removeAll() }
        touchesDown.insert(touch.id)
        track(touch, at: convert(point, to: nil))
        (root as? Shell)?.programs.programTouchPoint = convert(point, to: nil)
        let p = clientPoint(point)
        for event in ForeignPointerEvent.began(touch, at: p) { toplevel.pointer(event) }
    }

    public override func touchMoved(_ touch: Touch, at point: Point) {
        track(touch, at: convert(point, to: nil))
        if drivingTouch == touch.id {
            windowDragMoved(to: convert(point, to: nil))
            return
        }
        (root as? Shell)?.programs.programTouchPoint = convert(point, to: nil)
        // A drag between programs: a side of the screen may take it (W2b); else the window under
        // the finger gets the pointer (its program sees the drag enter and move), whichever it is.
        if toplevel.isDraggingBetweenPrograms, let root {
            let p = convert(point, to: nil)
            if (root as? Shell)?.programs.programDragMoved(to: p) == true { return }
            if let other = Self.surface(at: p, in: root), other !== self {
                other.toplevel.pointer(.moved(touch, to: other.clientPoint(other.convert(p, from: nil))))
                return
            }
        }
        toplevel.pointer(.moved(touch, to: clientPoint(point)))
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
        let velocity = activeTouch?.velocity ?? .zero
        activeTouch = nil
        touchesDown.remove(touch.id)
        if drivingTouch == touch.id {
            windowDragEnded(at: convert(point, to: nil), velocity: velocity)
            return
        }
        (root as? Shell)?.programs.programTouchPoint = nil
        // Over a side that takes the drag, the shell opens its object; the release drops nowhere.
        _ = (root as? Shell)?.programs.programDragEnded(at: convert(point, to: nil))
        let p = clientPoint(point)
        toplevel.pointer(.ended(touch, at: p))
    }

    public override func touchCancelled(_ touch: Touch) {
        let last = activeTouch?.screen
        activeTouch = nil
        touchesDown.remove(touch.id)
        if drivingTouch == touch.id {
            windowDragEnded(at: last ?? convert(bounds.center, to: nil), velocity: .zero)
            return
        }
        (root as? Shell)?.programs.programTouchPoint = nil
        (root as? Shell)?.programs.programDragCancelled()
        toplevel.pointer(.cancelled(touch))
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

    public override func handleMiddleClick(at point: Point) -> Bool {
        guard surfaceRect.contains(point) else { return false }
        toplevel.pointer(.middleClick(clientPoint(point)))
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
