import Graphics

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
                resizingFromFrame = true
                bounds.size = frame.size
                resizingFromFrame = false
                setNeedsLayout()
            }
            damageForFrameChange(from: oldValue)
        }
    }

    /// Set while `frame` changes `bounds`, which then leaves the damage to `damageForFrameChange`.
    private var resizingFromFrame = false

    /// Marks damaged what a change of `frame` from `old` changes on the screen: by default the old
    /// place and the new one. A view whose content stays put on the screen as its frame changes (a
    /// window resized live) marks less.
    open func damageForFrameChange(from old: Rect) {
        superview?.damage(shadowed(transform.isIdentity ? old : Self.transformed(old, by: transform)), from: self)
        // A move keeps the view's cached picture; a new size does not.
        if frame.size != old.size { damageSelf() } else { damagePlacement() }
    }

    /// The view's own coordinate space; moving its origin scrolls what is inside.
    public var bounds: Rect {
        didSet {
            guard bounds != oldValue else { return }
            if bounds.size != oldValue.size, frame.size != bounds.size { frame.size = bounds.size }
            if !resizingFromFrame { damageSelf() }
        }
    }

    /// A transform applied about the centre of the frame (scale, rotation, translation).
    public var transform: Transform = .identity {
        didSet {
            guard transform != oldValue else { return }
            superview?.damage(shadowed(Self.transformed(frame, by: oldValue)), from: self)
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
        didSet {
            guard isHidden != oldValue else { return }
            // Where it shows is drawn again. A view that keeps its pictures while hidden (a page of
            // icons beside the one shown) keeps them valid too; any other is drawn whole again, as
            // what it shows may have changed unseen (a program's window while off the screen).
            if releasesPicturesWhenHidden { damageSelf(force: true) } else { damagePlacement(force: true) }
            // What is not seen keeps no picture (a window off the screen, the Home screen under one).
            if isHidden, releasesPicturesWhenHidden { releasePictures() }
        }
    }

    /// Whether hiding the view lets go of the pictures in it (not for what hides only for a moment).
    public var releasesPicturesWhenHidden = true

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
                sv.damage(
                    transformToSuperview.apply(to: bounds.insetBy(dx: -Self.pad(old), dy: -Self.pad(old))), from: self)
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
        didSet {
            rasterCache = nil
            spareRasterPixels = nil
        }
    }

    /// A rasterized view turned by one of a few angles again and again (the Home screen's icons
    /// jiggling): its picture is turned once per angle and kept, and each frame draws the kept one
    /// unturned — turning a picture as it is drawn costs Pixman some 10 ns a pixel, copying it one.
    /// Its `transform` should then be a rotation by a multiple of `turnStep`. The pictures go when
    /// it is set back to false.
    public var keepsTurnedPictures = false {
        didSet { if !keepsTurnedPictures { turnedPictures = [:] } }
    }
    /// The angle between the kept turned pictures (radians).
    public static let turnStep = 0.5 * Double.pi / 180

    /// Whether `draw(in:)` applies the view's `alpha` itself — a leaf view that draws one picture
    /// with it as its opacity — so that a fading view needs no group the size of the screen's clip
    /// composited again. False by default: a view with `alpha` below 1 is drawn into a group.
    open var appliesAlphaItself: Bool { false }

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
    /// The pixels of a picture let go while the view's content changed frame after frame (drawn
    /// straight to the screen then), kept to draw the next picture into: a new picture of a window
    /// costs more in page faults than drawing it does.
    var spareRasterPixels: PixelImage?
    /// The turned pictures (`keepsTurnedPictures`), by multiple of `turnStep`, each with where it
    /// lies in the view's coordinates; `turnedVersion` is the picture they were turned from.
    var turnedPictures: [Int: (image: PixelImage, rect: Rect)] = [:]
    var turnedVersion = -1
    /// The content version at the last render of a rasterized view, and whether it had changed then.
    var rasterState: (version: Int, changedBefore: Bool) = (-1, false)

    /// For a rasterized view: bumped each time something inside it changes (to key caches made from it).
    public internal(set) var contentVersion = 0

    // MARK: Interaction

    public var isUserInteractionEnabled = true

    /// A name for debugging and for the guideline checker's reports.
    public var identifier: String?

    /// What the view is called to a person who cannot see it, in every language.
    public var localizedAccessibilityLabel: LocalizedString? {
        didSet { if localizedAccessibilityLabel != oldValue { root?.accessibilityChanged() } }
    }
    /// What the view is called, in its screen's language; set, a name that reads the same in every one.
    public var accessibilityLabel: String? {
        get { localizedAccessibilityLabel?.resolved(language) }
        set { localizedAccessibilityLabel = newValue.map { LocalizedString(verbatim: $0) } }
    }
    /// What the view holds now, said after its label (a count, a date and first line), in every
    /// language.
    public var localizedAccessibilityValue: LocalizedString?
    /// What the view holds, in its screen's language; set, a value that reads the same in every one.
    public var accessibilityValue: String? {
        get { localizedAccessibilityValue?.resolved(language) }
        set { localizedAccessibilityValue = newValue.map { LocalizedString(verbatim: $0) } }
    }

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

    public func removeFromSuperview() { removeFromSuperview(leavingScreenAsDrawn: false) }

    /// Removes the view; with `leavingScreenAsDrawn`, marks nothing damaged where it was: for a view
    /// whose last frame drew exactly what lies beneath it (a menu's backdrop that faded back to its
    /// picture of the screen below), so that its going costs no redraw of the screen.
    public func removeFromSuperview(leavingScreenAsDrawn: Bool) {
        guard let sv = superview else { return }
        if !leavingScreenAsDrawn { damageSelf(force: true) }
        let oldRoot = root
        // A view is in its superview's subviews once (inserting removes it first): the search stops
        // there. Removing each of 10,000 icons in order no longer walks the 10,000 (14 s, debug).
        if let index = sv.subviews.firstIndex(where: { $0 === self }) { sv.subviews.remove(at: index) }
        superview = nil
        if oldRoot != nil { propagateRootChange(from: oldRoot, to: nil) }
    }

    /// The environment a view on no screen reads — a custom menu preview or a picture drawn offscreen
    /// — set by whoever draws it there (the menu sets its screen's). Once the view's tree joins a
    /// screen, the screen's environment is used instead.
    public var detachedEnvironment: ScreenEnvironment?

    /// Called when the view joins or leaves a root view's tree.
    open func didMoveToRoot() {}

    /// Something the view reads from its screen's environment changed (its language or text size):
    /// a view that keeps what it measured forgets it here. Its layout and drawing are redone anyway.
    open func environmentDidChange() {}

    private func propagateRootChange(from old: RootView?, to new: RootView?) {
        old?.viewLeft(self)
        didMoveToRoot()
        for i in interactions { i.viewDidMoveToRoot(new) }
        for s in subviews { s.propagateRootChange(from: old, to: new) }
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

    /// Override to draw the view's own content, in its own coordinates, above its background and
    /// below its subviews.
    open func draw(in canvas: any Canvas) {}

    /// Override to draw above the subviews.
    open func drawOverlay(in canvas: any Canvas) {}

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

    /// Whether the view can perform a standard editing command now (as UIKit's
    /// `canPerformAction(_:withSender:)`): the menu bar's Edit menu asks the focused view and then its
    /// ancestors, and the first that can does it. None by default.
    open func canPerform(_ command: StandardEditCommand) -> Bool { false }

    /// Performs a standard editing command the view said it can perform now.
    open func perform(_ command: StandardEditCommand) {}

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

    /// Called when the docked on-screen keyboard comes, goes or changes size (`RootView.keyboardFrame`):
    /// a view laid out against it (`keyboardOverlap`) lays out again; a text view keeps its caret in view.
    open func keyboardFrameDidChange() {}

    /// The item whose context menu the Menu key (or Shift+F10) opens while the view has focus, before
    /// the view's own: nil by default; a list's selected row.
    open var menuKeyItem: View? { nil }

    /// A scroll of the wheel over the view; return true when handled.
    open func handleScroll(dx: Double, dy: Double) -> Bool { false }

    /// A secondary (right) click at a point of the view that no context menu of it took; return
    /// true when handled (a program's window passes it on as its right button).
    open func handleSecondaryClick(at point: Point) -> Bool { false }

    /// A middle click at a point of the view; return true when handled (a program's window passes
    /// it on as its middle button, which pastes the primary selection).
    open func handleMiddleClick(at point: Point) -> Bool { false }

    /// The pointer entered (true) or left (false) the view.
    open func hoverChanged(_ inside: Bool) {}

    /// The pointer moved over the view (no button down), to `point` in its coordinates.
    open func hoverMoved(to point: Point) {}
}
