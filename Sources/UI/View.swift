import Graphics

/// What a view is to assistive technologies and to scripts, which find elements by what they say.
public struct AccessibilityTraits: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let button = AccessibilityTraits(rawValue: 1 << 0)
    public static let header = AccessibilityTraits(rawValue: 1 << 1)
    public static let selected = AccessibilityTraits(rawValue: 1 << 2)
    public static let notEnabled = AccessibilityTraits(rawValue: 1 << 3)
    public static let staticText = AccessibilityTraits(rawValue: 1 << 4)
    public static let image = AccessibilityTraits(rawValue: 1 << 5)
    public static let destructive = AccessibilityTraits(rawValue: 1 << 6)
    public static let adjustable = AccessibilityTraits(rawValue: 1 << 7)
    public static let menuItem = AccessibilityTraits(rawValue: 1 << 8)
    public static let window = AccessibilityTraits(rawValue: 1 << 9)
    public static let textEntry = AccessibilityTraits(rawValue: 1 << 10)
}

/// Something that adds behaviour to a view it is attached to (as `UIInteraction`): a context menu,
/// a drag source, a drop target, an edit menu.
@MainActor public protocol Interaction: AnyObject {
    /// The view it is attached to, or nil.
    var view: View? { get }
    func willMove(to view: View?)
    func didMove(to view: View?)
}

/// A rectangle of the screen with content, in a tree: the retained view hierarchy of Slate.
///
/// Like `UIView`: `frame` is in the superview's coordinates, `bounds` in the view's own (its origin
/// scrolls the content), `transform` applies about the centre. Changing what a view shows marks its
/// area damaged, and only damaged areas are drawn again.
@MainActor open class View {
    public init(frame: Rect = .zero) {
        self.frame = frame
        self.bounds = Rect(size: frame.size)
    }

    // MARK: Geometry

    /// The view's rectangle in its superview's coordinates (before `transform`).
    public var frame: Rect {
        didSet {
            guard frame != oldValue else { return }
            if frame.size != oldValue.size {
                bounds.size = frame.size
                setNeedsLayout()
            }
            superview?.damage(shadowed(transform.isIdentity ? oldValue : Self.transformed(oldValue, by: transform)))
            // A move keeps the view's cached picture; a new size does not.
            if frame.size != oldValue.size { damageSelf() } else { damagePlacement() }
        }
    }

    /// The view's own coordinate space; moving its origin scrolls what is inside.
    public var bounds: Rect {
        didSet {
            guard bounds != oldValue else { return }
            if bounds.size != oldValue.size, frame.size != bounds.size { frame.size = bounds.size }
            damageSelf()
        }
    }

    /// A transform applied about the centre of the frame (scale, rotation, translation).
    public var transform: Transform = .identity {
        didSet {
            guard transform != oldValue else { return }
            superview?.damage(shadowed(Self.transformed(frame, by: oldValue)))
            damagePlacement()
        }
    }

    /// The frame after `transform`, in the superview's coordinates.
    public var visualFrame: Rect { Self.transformed(frame, by: transform) }

    static func transformed(_ frame: Rect, by t: Transform) -> Rect {
        if t.isIdentity { return frame }
        let c = frame.center
        let full = Transform(translationX: -c.x, y: -c.y).concatenating(t).concatenating(
            Transform(translationX: c.x, y: c.y))
        return full.apply(to: frame)
    }

    /// Maps the view's own coordinates to its superview's.
    public var transformToSuperview: Transform {
        var t = Transform(translationX: frame.minX - bounds.minX, y: frame.minY - bounds.minY)
        if !transform.isIdentity {
            let c = frame.center
            t = t.concatenating(Transform(translationX: -c.x, y: -c.y)).concatenating(transform)
                .concatenating(Transform(translationX: c.x, y: c.y))
        }
        return t
    }

    /// Maps the view's own coordinates to the root's.
    public var transformToRoot: Transform {
        var t = Transform.identity
        var v: View? = self
        while let cur = v, cur.superview != nil {
            t = t.concatenating(cur.transformToSuperview)
            v = cur.superview
        }
        return t
    }

    public func convert(_ p: Point, to view: View?) -> Point {
        let inRoot = transformToRoot.apply(to: p)
        guard let view else { return inRoot }
        return view.transformToRoot.inverted()?.apply(to: inRoot) ?? inRoot
    }

    public func convert(_ p: Point, from view: View?) -> Point {
        let inRoot = view?.transformToRoot.apply(to: p) ?? p
        return transformToRoot.inverted()?.apply(to: inRoot) ?? inRoot
    }

    public func convert(_ r: Rect, to view: View?) -> Rect {
        let inRoot = transformToRoot.apply(to: r)
        guard let view, let inv = view.transformToRoot.inverted() else { return inRoot }
        return inv.apply(to: inRoot)
    }

    /// The view's bounds in root (screen) coordinates.
    public var frameInRoot: Rect { transformToRoot.apply(to: bounds) }

    // MARK: Appearance

    public var backgroundColor: Color? {
        didSet { if backgroundColor != oldValue { damageSelf() } }
    }

    /// Rounds the background and, with `clipsToBounds`, the content.
    public var cornerRadius: Double = 0 {
        didSet { if cornerRadius != oldValue { damageSelf() } }
    }

    public var cornerStyle: Path.CornerStyle = .continuous

    public var clipsToBounds = false {
        didSet { if clipsToBounds != oldValue { damageSelf() } }
    }

    /// 0 (invisible) … 1 (opaque); the view and its subviews are composited together.
    public var alpha: Double = 1 {
        didSet { if alpha != oldValue { damagePlacement() } }
    }

    public var isHidden = false {
        didSet { if isHidden != oldValue { damageSelf(force: true) } }
    }

    /// A shadow behind the view's (rounded) background.
    public struct Shadow: Hashable, Sendable {
        public var color: Color
        public var blur: Double
        public var offset: Point
        public init(color: Color = Color.black.withAlpha(0.2), blur: Double, offset: Point = .zero) {
            self.color = color
            self.blur = blur
            self.offset = offset
        }
    }

    public var shadow: Shadow? {
        didSet {
            guard shadow != oldValue else { return }
            // The shadow is drawn outside a rasterized view's picture; the old one may reach further.
            if let old = oldValue, let sv = superview, !isHidden {
                sv.damage(transformToSuperview.apply(to: bounds.insetBy(dx: -Self.pad(old), dy: -Self.pad(old))))
            }
            damagePlacement()
        }
    }

    /// A border drawn inside the edge.
    public var border: (color: Color, width: Double)? {
        didSet { damageSelf() }
    }

    /// Draw the view and its subviews once into a cached picture and reuse it until something inside
    /// changes (as `CALayer.shouldRasterize`). Windows are rasterized so that a menu animating above
    /// them does not redraw them.
    public var rasterizes = false {
        didSet { rasterCache = nil }
    }

    /// The view paints every pixel of its frame opaquely (a full-screen backdrop, as a context menu's
    /// blurred screen). Where it covers the area being drawn, its superview draws neither itself nor
    /// the subviews below it: they could not be seen, and drawing them would cost a whole frame.
    public var isOpaqueCover = false {
        didSet { if isOpaqueCover != oldValue { damageSelf() } }
    }

    /// Whether the view is an opaque cover over all of `rect` (its superview's coordinates).
    func covers(_ rect: Rect) -> Bool {
        isOpaqueCover && !isHidden && alpha >= 1 && transform.isIdentity && frame.contains(rect)
    }

    var rasterCache: RasterCache?
    /// The content version at the last render of a rasterized view, and whether it had changed then.
    private var rasterState: (version: Int, changedBefore: Bool) = (-1, false)

    /// For a rasterized view: bumped each time something inside it changes (to key caches made from it).
    public private(set) var contentVersion = 0

    // MARK: Interaction

    public var isUserInteractionEnabled = true

    /// A name for debugging and for the guideline checker's reports.
    public var identifier: String?

    public var accessibilityLabel: String? {
        didSet { if accessibilityLabel != oldValue { root?.accessibilityChanged() } }
    }
    public var accessibilityValue: String?

    /// What the view says to a person who cannot see it: its label, or for text its text.
    open var accessibilityLabelOrText: String? { accessibilityLabel }
    public var accessibilityTraits: AccessibilityTraits = []
    /// Whether the view is an element of the accessibility tree (by default: when it has a label).
    public var isAccessibilityElement: Bool?

    public private(set) var gestureRecognizers: [GestureRecognizer] = []

    public func addGestureRecognizer(_ g: GestureRecognizer) {
        g.view?.removeGestureRecognizer(g)
        gestureRecognizers.append(g)
        g.view = self
    }

    public func removeGestureRecognizer(_ g: GestureRecognizer) {
        gestureRecognizers.removeAll { $0 === g }
        if g.view === self { g.view = nil }
    }

    public private(set) var interactions: [any Interaction] = []

    public func addInteraction(_ i: any Interaction) {
        i.willMove(to: self)
        interactions.append(i)
        i.didMove(to: self)
    }

    public func removeInteraction(_ i: any Interaction) {
        guard interactions.contains(where: { $0 === i }) else { return }
        i.willMove(to: nil)
        interactions.removeAll { $0 === i }
        i.didMove(to: nil)
    }

    // MARK: Hierarchy

    public private(set) weak var superview: View?
    public private(set) var subviews: [View] = []

    public func addSubview(_ v: View) {
        insertSubview(v, at: subviews.count)
    }

    public func insertSubview(_ v: View, at index: Int) {
        let oldRoot = v.root
        v.removeFromSuperview()
        subviews.insert(v, at: min(index, subviews.count))
        v.superview = self
        v.damageSelf(force: true)
        let newRoot = root
        if oldRoot !== newRoot { v.propagateRootChange(from: oldRoot, to: newRoot) }
        setNeedsLayout()
    }

    public func insertSubview(_ v: View, above sibling: View) {
        let i = subviews.firstIndex { $0 === sibling }.map { $0 + 1 } ?? subviews.count
        insertSubview(v, at: i)
    }

    public func insertSubview(_ v: View, below sibling: View) {
        let i = subviews.firstIndex { $0 === sibling } ?? 0
        insertSubview(v, at: i)
    }

    public func bringSubviewToFront(_ v: View) {
        guard let i = subviews.firstIndex(where: { $0 === v }), i != subviews.count - 1 else { return }
        subviews.remove(at: i)
        subviews.append(v)
        v.damageSelf(force: true)
    }

    public func removeFromSuperview() {
        guard let sv = superview else { return }
        damageSelf(force: true)
        let oldRoot = root
        sv.subviews.removeAll { $0 === self }
        superview = nil
        if oldRoot != nil { propagateRootChange(from: oldRoot, to: nil) }
    }

    /// Whether `self` is `view` or inside it.
    public func isDescendant(of view: View) -> Bool {
        var v: View? = self
        while let cur = v {
            if cur === view { return true }
            v = cur.superview
        }
        return false
    }

    /// The root of the tree, if the tree has one.
    public var root: RootView? {
        var v: View = self
        while let s = v.superview { v = s }
        return v as? RootView
    }

    /// Called when the view joins or leaves a root view's tree.
    open func didMoveToRoot() {}

    private func propagateRootChange(from old: RootView?, to new: RootView?) {
        old?.viewLeft(self)
        didMoveToRoot()
        for s in subviews { s.propagateRootChange(from: old, to: new) }
    }

    /// All views of the subtree, depth first, the view itself first.
    public func allViews() -> [View] {
        var out: [View] = [self]
        for s in subviews { out += s.allViews() }
        return out
    }

    /// The first view in the subtree (self included) that satisfies `test`.
    public func firstView(where test: (View) -> Bool) -> View? {
        if test(self) { return self }
        for s in subviews { if let v = s.firstView(where: test) { return v } }
        return nil
    }

    // MARK: Layout

    public private(set) var needsLayout = true

    public func setNeedsLayout() {
        needsLayout = true
        root?.needsLayoutPass = true
    }

    /// Lays out this subtree now if anything in it asked for it.
    public func layoutIfNeeded() {
        if needsLayout {
            needsLayout = false
            layoutSubviews()
        }
        for s in subviews { s.layoutIfNeeded() }
    }

    /// Override to position subviews. Called when the size changes or `setNeedsLayout()` was called.
    open func layoutSubviews() {}

    /// The size the view would like within `size` (as `sizeThatFits`).
    open func sizeThatFits(_ size: Size) -> Size { frame.size }

    /// The size the view would like with no constraint.
    public var intrinsicSize: Size { sizeThatFits(Size(.infinity, .infinity)) }

    // MARK: Drawing

    /// Marks the whole view to be drawn again.
    public func setNeedsDisplay() { damageSelf() }

    /// Marks part of the view (own coordinates) to be drawn again.
    public func setNeedsDisplay(_ rect: Rect) { damage(rect) }

    /// Marks where the view shows in its superview damaged — its visual frame and its shadow — leaving
    /// its cached picture valid: for a change of place, transform, opacity or shadow, which a
    /// rasterized view draws by moving, scaling or fading the same picture (as a `CALayer` does).
    func damagePlacement() {
        guard !isHidden, let sv = superview else { return }
        let t = transformToSuperview
        sv.damage(t.apply(to: bounds))
        if let s = shadow { sv.damage(t.apply(to: bounds.insetBy(dx: -Self.pad(s), dy: -Self.pad(s)))) }
    }

    /// How far a shadow reaches beyond the view.
    static func pad(_ s: Shadow) -> Double { s.blur * 1.5 + max(abs(s.offset.x), abs(s.offset.y)) }

    /// A rectangle of the superview grown by the view's shadow.
    private func shadowed(_ r: Rect) -> Rect {
        guard let s = shadow else { return r }
        return r.insetBy(dx: -Self.pad(s), dy: -Self.pad(s))
    }

    func damageSelf(force: Bool = false) {
        if isHidden && !force { return }
        damage(bounds)
        if let s = shadow {
            damage(bounds.insetBy(dx: -s.blur * 1.5 - abs(s.offset.x), dy: -s.blur * 1.5 - abs(s.offset.y)))
        }
    }

    /// Marks a rectangle in this view's coordinates damaged, up to the root.
    func damage(_ rect: Rect) {
        var r = rect
        var v: View? = self
        while let cur = v {
            if cur.rasterizes {
                cur.rasterCache?.invalidate(r.offsetBy(dx: -cur.bounds.minX, dy: -cur.bounds.minY))
                cur.contentVersion &+= 1
            }
            guard let sv = cur.superview else {
                (cur as? RootView)?.addDamage(r)
                return
            }
            r = cur.transformToSuperview.apply(to: r)
            v = sv
        }
    }

    /// Override to draw the view's own content, in its own coordinates, above its background and
    /// below its subviews.
    open func draw(in canvas: any Canvas) {}

    /// Override to draw above the subviews.
    open func drawOverlay(in canvas: any Canvas) {}

    /// The path of the view's rounded background.
    public var backgroundPath: Path {
        Path.roundedRect(bounds, radius: cornerRadius, style: cornerStyle)
    }

    /// Draws the view and its subtree; the canvas is in the superview's coordinates. Skips what lies
    /// outside the canvas's clip.
    public func render(in canvas: any Canvas, renderer: (any RasterRenderer)? = nil) {
        if isHidden || alpha <= 0.001 { return }
        let clip = canvas.clipBounds
        let vis = visualFrame
        let shadowPad = shadow.map { $0.blur * 1.5 + max(abs($0.offset.x), abs($0.offset.y)) } ?? 0
        if !clipsToBounds || shadowPad > 0 {
            // Subviews may draw outside; test only when clipping.
            if clipsToBounds, !vis.insetBy(dx: -shadowPad, dy: -shadowPad).intersects(clip) { return }
        } else if !vis.intersects(clip) {
            return
        }
        canvas.save()
        canvas.concatenate(transformToSuperview)
        if rasterizes, let renderer {
            renderRasterized(in: canvas, renderer: renderer)
        } else {
            let layered = alpha < 1
            if layered { canvas.beginLayer(opacity: alpha) }
            renderContent(in: canvas, renderer: renderer)
            if layered { canvas.endLayer() }
        }
        canvas.restore()
    }

    /// Draws the view in its own coordinates (background, content, subviews, overlay).
    func renderContent(in canvas: any Canvas, renderer: (any RasterRenderer)?) {
        let own = Rect(origin: bounds.origin, size: bounds.size)
        let clip = canvas.clipBounds
        if let cover = coveringSubview(clip) {
            // Nothing below the cover shows: draw it and what is above it.
            for s in subviews[cover...] { s.render(in: canvas, renderer: renderer) }
            drawOverlay(in: canvas)
            return
        }
        let plan = OcclusionPlan.make(for: self, clip: clip, canvas: canvas)
        // The shadow, the background and the view's drawing, where the subviews leave them seen.
        switch plan?.own ?? .whole {
        case .hidden: break
        case .whole: renderBackground(own, in: canvas)
        case .parts(let parts):
            canvas.save()
            canvas.clip(to: Path(rects: parts))
            renderBackground(own, in: canvas)
            canvas.restore()
        }
        if clipsToBounds && cornerRadius > 0 {
            renderRoundedClip(own, plan, in: canvas, renderer: renderer)
        } else if clipsToBounds {
            canvas.save()
            canvas.clip(to: own)
            renderInside(canvas, plan, renderer: renderer)
            canvas.restore()
        } else {
            renderInside(canvas, plan, renderer: renderer)
        }
        if let b = border {
            canvas.stroke(
                Path.roundedRect(
                    own.insetBy(dx: b.width / 2, dy: b.width / 2), radius: max(0, cornerRadius - b.width / 2),
                    style: cornerStyle),
                with: b.color, lineWidth: b.width)
        }
    }

    private func renderBackground(_ own: Rect, in canvas: any Canvas) {
        if let s = shadow { renderShadow(s, own, in: canvas) }
        if let bg = backgroundColor {
            if cornerRadius > 0 {
                canvas.fill(Path.roundedRect(own, radius: cornerRadius, style: cornerStyle), with: bg)
            } else {
                canvas.fill(own, with: bg)
            }
        }
    }

    /// Draws the shadow. Under an opaque background the middle of the shadow is never seen, so only
    /// the four bands around the inner rectangle are composited (box clips, a fraction of the pixels).
    private func renderShadow(_ s: Shadow, _ own: Rect, in canvas: any Canvas) {
        let path = Path.roundedRect(own, radius: cornerRadius, style: cornerStyle)
        let opaque = (backgroundColor?.resolved(canvas.appearance).alpha ?? 0) >= 1
        guard opaque else {
            canvas.drawShadow(of: path, color: s.color, blur: s.blur, offset: s.offset)
            return
        }
        let c = (cornerRadius * 1.528665).rounded(.up)
        let inner = own.insetBy(dx: c, dy: c)
        let outer = own.offsetBy(dx: s.offset.x, dy: s.offset.y).insetBy(dx: -s.blur * 1.5 - 1, dy: -s.blur * 1.5 - 1)
            .union(own)
        guard !inner.isEmpty else {
            canvas.drawShadow(of: path, color: s.color, blur: s.blur, offset: s.offset)
            return
        }
        let bands = [
            Rect(outer.minX, outer.minY, outer.width, inner.minY - outer.minY),
            Rect(outer.minX, inner.maxY, outer.width, outer.maxY - inner.maxY),
            Rect(outer.minX, inner.minY, inner.minX - outer.minX, inner.height),
            Rect(inner.maxX, inner.minY, outer.maxX - inner.maxX, inner.height),
        ]
        for band in bands where !band.isEmpty {
            canvas.save()
            canvas.clip(to: band)
            if !canvas.clipBounds.isEmpty {
                canvas.drawShadow(of: path, color: s.color, blur: s.blur, offset: s.offset)
            }
            canvas.restore()
        }
    }

    /// The index of the topmost subview that opaquely covers `clip` (own coordinates), if any.
    private func coveringSubview(_ clip: Rect) -> Int? {
        guard !subviews.isEmpty, !clip.isEmpty else { return nil }
        return subviews.lastIndex { $0.covers(clip) }
    }

    private func renderInside(_ canvas: any Canvas, _ plan: OcclusionPlan?, renderer: (any RasterRenderer)?) {
        guard let plan else {
            draw(in: canvas)
            for s in subviews { s.render(in: canvas, renderer: renderer) }
            drawOverlay(in: canvas)
            return
        }
        switch plan.own {
        case .hidden: break
        case .whole: draw(in: canvas)
        case .parts(let parts):
            canvas.save()
            canvas.clip(to: Path(rects: parts))
            draw(in: canvas)
            canvas.restore()
        }
        for (s, visibility) in zip(subviews, plan.subviews) {
            switch visibility {
            case .hidden: continue
            case .whole: s.render(in: canvas, renderer: renderer)
            case .parts(let parts):
                // Only when the subview reaches what is covered.
                let reach = s.clipsToBounds && s.shadow == nil ? s.visualFrame : nil
                if let reach, !parts.contains(where: { $0.intersects(reach) }) { continue }
                if let reach, parts.count == 1, parts[0].contains(reach) {
                    s.render(in: canvas, renderer: renderer)
                    continue
                }
                canvas.save()
                canvas.clip(to: Path(rects: parts))
                s.render(in: canvas, renderer: renderer)
                canvas.restore()
            }
        }
        drawOverlay(in: canvas)
    }

    /// Clipping to a rounded rectangle with a path makes Cairo composite everything inside through a
    /// mask, which costs more than the drawing itself. Instead: the rectangle without its four corner
    /// squares is clipped with boxes (fast), and only the small corner squares are drawn again under
    /// the rounded path; subviews outside each part are skipped.
    private func renderRoundedClip(
        _ own: Rect, _ plan: OcclusionPlan?, in canvas: any Canvas, renderer: (any RasterRenderer)?
    ) {
        let path = Path.roundedRect(own, radius: cornerRadius, style: cornerStyle)
        // The continuous corner reaches 1.53 r along each edge.
        let c = min(cornerStyle == .continuous ? cornerRadius * 1.528665 : cornerRadius, own.width / 2, own.height / 2)
            .rounded(.up)
        let body = [
            Rect(own.minX + c, own.minY, own.width - 2 * c, own.height),
            Rect(own.minX, own.minY + c, c, own.height - 2 * c),
            Rect(own.maxX - c, own.minY + c, c, own.height - 2 * c),
        ]
        for part in body where !part.isEmpty {
            canvas.save()
            canvas.clip(to: part)
            if !canvas.clipBounds.isEmpty { renderInside(canvas, plan, renderer: renderer) }
            canvas.restore()
        }
        let corners = [
            Rect(own.minX, own.minY, c, c), Rect(own.maxX - c, own.minY, c, c),
            Rect(own.minX, own.maxY - c, c, c), Rect(own.maxX - c, own.maxY - c, c, c),
        ]
        for corner in corners {
            canvas.save()
            canvas.clip(to: corner)
            if !canvas.clipBounds.isEmpty {
                canvas.clip(to: path)
                renderInside(canvas, plan, renderer: renderer)
            }
            canvas.restore()
        }
    }

    /// Draws a rasterized view from its picture, which is made whole the first time, and afterwards
    /// only where the content changed. Content that changes frame after frame (a list scrolling, a
    /// window resized by the Split View divider) is drawn straight to the screen instead, until it
    /// keeps still: a picture redrawn every frame only adds a copy.
    private func renderRasterized(in canvas: any Canvas, renderer: any RasterRenderer) {
        let scale = canvas.scale
        let key = RasterCache.Key(size: bounds.size, scale: scale, appearance: canvas.appearance)
        let changed = contentVersion != rasterState.version
        let changing = changed && rasterState.changedBefore
        rasterState = (contentVersion, changed)
        // Straight to the screen only on whole device pixels, where it gives the picture's pixels.
        if rasterCache?.key != key || rasterCache?.valid != true, changing, let o = canvas.deviceOrigin,
            Self.isWhole(o.x + bounds.minX * scale), Self.isWhole(o.y + bounds.minY * scale)
        {
            rasterCache = nil
            let layered = alpha < 1
            if layered { canvas.beginLayer(opacity: alpha) }
            renderContent(in: canvas, renderer: renderer)
            if layered { canvas.endLayer() }
            return
        }
        if var cache = rasterCache, cache.key == key, !cache.valid, let dirty = cache.dirtyRects {
            // Draw again only the parts that changed, on whole device pixels.
            rasterCache = nil  // the picture's pixels are changed in place, with no copy
            let own = Rect(size: bounds.size)
            let clip = dirty.map { $0.integral(scale: scale).intersection(own) }.filter { !$0.isEmpty }
            renderer.render(into: &cache.image, clip: clip, appearance: canvas.appearance) { c in
                c.translate(x: -bounds.minX, y: -bounds.minY)
                renderPicture(in: c, renderer: renderer)
            }
            cache.markValid()
            rasterCache = cache
        } else if rasterCache == nil || rasterCache!.key != key || !rasterCache!.valid {
            rasterCache = nil  // let the old picture go before the new one is made
            var image = renderer.render(size: bounds.size, scale: scale, appearance: canvas.appearance) { c in
                c.translate(x: -bounds.minX, y: -bounds.minY)
                renderPicture(in: c, renderer: renderer)
            }
            image.isOpaque = cornerRadius == 0 && (backgroundColor?.resolved(canvas.appearance).alpha ?? 0) >= 1
            rasterCache = RasterCache(key: key, image: image)
        }
        if let s = shadow { renderShadow(s, bounds, in: canvas) }
        canvas.drawImage(rasterCache!.image, in: bounds, opacity: alpha)
    }

    private static func isWhole(_ x: Double) -> Bool { abs(x - x.rounded()) < 1e-6 }

    /// The view's content for its picture: everything but the shadow, which is drawn outside it.
    private func renderPicture(in canvas: any Canvas, renderer: any RasterRenderer) {
        let saved = shadow
        shadow = nil
        renderContent(in: canvas, renderer: renderer)
        shadow = saved
    }

    /// A picture of the view as it is now, at `scale` (for snapshots and lifted previews).
    public func snapshot(renderer: any RasterRenderer, scale: Double, appearance: Appearance) -> PixelImage {
        layoutIfNeeded()
        return renderer.render(size: bounds.size, scale: scale, appearance: appearance) { c in
            c.translate(x: -bounds.minX, y: -bounds.minY)
            renderContent(in: c, renderer: renderer)
        }
    }

    // MARK: Hit testing and events

    /// The deepest visible, interactive view at `point` (own coordinates), or nil.
    open func hitTest(_ p: Point) -> View? {
        guard !isHidden, isUserInteractionEnabled, alpha > 0.01 else { return nil }
        let inside = self.point(inside: p)
        if clipsToBounds && !inside { return nil }
        for s in subviews.reversed() {
            guard let inv = s.transformToSuperview.inverted() else { continue }
            if let hit = s.hitTest(inv.apply(to: p)) { return hit }
        }
        return inside ? self : nil
    }

    /// Whether `point` (own coordinates) is inside the view.
    open func point(inside point: Point) -> Bool { bounds.contains(point) }

    /// A touch began on this view (after gesture recognizers had it). Override for control behaviour.
    open func touchBegan(_ touch: Touch, at point: Point) {}
    open func touchMoved(_ touch: Touch, at point: Point) {}
    open func touchEnded(_ touch: Touch, at point: Point) {}
    open func touchCancelled(_ touch: Touch) {}

    /// Handles a key press while the view or one inside it has focus; return true when handled.
    /// Unhandled presses go to the superview.
    open func handleKey(_ press: KeyPress) -> Bool { false }

    /// Text typed while the view has focus; return true when handled.
    open func handleText(_ text: String) -> Bool { false }

    /// The part of the view covered by system bars (the status bar, the home indicator), which content
    /// should keep clear of. The shell sets it on each window; containers pass it on to their content.
    public var safeAreaInsets: EdgeInsets = .zero {
        didSet { if safeAreaInsets != oldValue { setNeedsLayout() } }
    }

    /// Whether the view reacts to taps itself (a control): tap recognizers of the views around it then
    /// leave its touches alone.
    open var handlesOwnTaps: Bool { false }

    /// Whether the view can take keyboard focus.
    open var canBecomeFocused: Bool { false }

    /// Whether the view has keyboard focus.
    public var isFocused: Bool { root?.focusedView === self }

    /// Called when focus arrives or leaves.
    open func focusDidChange() { setNeedsDisplay() }

    /// A scroll of the wheel over the view; return true when handled.
    open func handleScroll(dx: Double, dy: Double) -> Bool { false }

    /// The pointer entered (true) or left (false) the view.
    open func hoverChanged(_ inside: Bool) {}
}

/// A cached picture of a rasterized view.
struct RasterCache {
    struct Key: Equatable {
        var size: Size
        var scale: Double
        var appearance: Appearance
    }
    var key: Key
    var image: PixelImage
    /// The parts of the picture (in its points) that changed since it was drawn; nil: all of it.
    private(set) var dirtyRects: [Rect]? = []
    var valid: Bool { dirtyRects?.isEmpty == true }

    init(key: Key, image: PixelImage) {
        self.key = key
        self.image = image
    }

    mutating func invalidate() { dirtyRects = nil }

    /// Marks `r` (the picture's points) to be drawn again. A few rectangles are kept; when they would
    /// cover most of the picture, all of it is drawn again.
    mutating func invalidate(_ r: Rect) {
        guard var rects = dirtyRects else { return }
        let whole = Rect(size: key.size)
        let clipped = r.intersection(whole)
        if clipped.isEmpty { return }
        if let i = rects.firstIndex(where: { $0.intersects(clipped) }) {
            rects[i] = rects[i].union(clipped)
        } else if rects.count >= 8 {
            rects[rects.count - 1] = rects[rects.count - 1].union(clipped)
        } else {
            rects.append(clipped)
        }
        let area = rects.reduce(0) { $0 + $1.width * $1.height }
        dirtyRects = area >= whole.width * whole.height * 0.9 ? nil : rects
    }

    mutating func markValid() { dirtyRects = [] }
}

/// A container that is not itself a target: touches fall through it to what lies below unless they
/// land on one of its subviews (a layer of the screen, an overlay).
@MainActor open class PassthroughView: View {
    open override func hitTest(_ p: Point) -> View? {
        let hit = super.hitTest(p)
        return hit === self ? nil : hit
    }
}
