import Graphics
import UI

/// A layer surface of another program (wlr-layer-shell) — a panel, a dock, a notification, a
/// launcher, a wallpaper, an on-screen keyboard — as the compositor hands it to the shell. The
/// shell places it in its layer relative to the screen and Slate's own chrome, and takes its
/// exclusive zone from the windows' space.
@MainActor public protocol LayerSurface: AnyObject {
    /// Where it wants to be, as last committed.
    var placement: LayerPlacement { get }
    /// What its program calls it ("panel", "notifications", "wallpaper"…).
    var namespace: String { get }
    /// Its pixels, read straight from its buffers as the frame is drawn; nil before its first.
    var livePixels: (any PixelSource)? { get }
    /// Its open popups (a panel's menus), front last, placed in its points: they reach past it.
    var popups: [ForeignPopup] { get }
    /// Where its popups may go, in its points (the screen, set by the shell); nil: inside it.
    var popupArea: Rect? { get set }
    /// Called when its picture or its wishes change (set by the shell).
    var onChange: (() -> Void)? { get set }
    /// Called when one of its popups opens, closes, moves or draws again (set by the shell).
    var onPopupsChange: (() -> Void)? { get set }
    /// Tells it the size it was given, in points.
    func configure(size: Size)
    /// The finger or the mouse, at a point of it or of its popups (its points).
    func pointer(_ event: ForeignPointerEvent)
    /// Gives it the keyboard (unless the screen is locked); the window that had it gets it back
    /// when it lets go.
    func takeKeyboard()
}

/// Where a layer surface wants to be: its layer, the screen edges it is anchored to, the zone it
/// keeps clear of others, its margins, its size (0 on an axis: stretched between its anchors) and
/// whether it takes the keyboard.
public struct LayerPlacement: Hashable, Sendable {
    /// The layers, bottom to top: under everything, under the windows, over them, over all.
    public enum Layer: Int, Sendable, CaseIterable, Comparable {
        case background, bottom, top, overlay
        public static func < (a: Layer, b: Layer) -> Bool { a.rawValue < b.rawValue }
    }

    /// The screen edges a surface is anchored to (the protocol's bits).
    public struct Edges: OptionSet, Hashable, Sendable {
        public let rawValue: UInt32
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1)
        public static let bottom = Edges(rawValue: 2)
        public static let left = Edges(rawValue: 4)
        public static let right = Edges(rawValue: 8)
    }

    /// Whether it takes the keyboard: never, whenever it is shown (a launcher, a lock), or when
    /// touched.
    public enum Keyboard: Int, Sendable { case none, exclusive, onDemand }

    public var layer: Layer
    public var anchor: Edges
    /// Points kept clear from its anchored edge (0: none; -1: it ignores others' zones).
    public var exclusiveZone: Double
    public var margins: EdgeInsets
    public var size: Size
    public var keyboard: Keyboard

    public init(
        layer: Layer, anchor: Edges, exclusiveZone: Double = 0, margins: EdgeInsets = .zero, size: Size,
        keyboard: Keyboard = .none
    ) {
        self.layer = layer
        self.anchor = anchor
        self.exclusiveZone = exclusiveZone
        self.margins = margins
        self.size = size
        self.keyboard = keyboard
    }
}

/// Where each layer surface goes and what is left for the windows, as wlr-layer-shell says:
/// surfaces with an exclusive zone first, layer by layer from the top, each placed in the space left
/// so far and taking its zone from the edge it is anchored to (anchored to one edge, or to that edge
/// and both beside it); then the others in what is left (or, with a zone of -1, in all of it).
public enum LayerLayout {
    /// The frames of `surfaces` (by their index) in `area`, and the area left for the windows.
    public static func arrange(_ surfaces: [LayerPlacement], in area: Rect) -> (frames: [Rect], usable: Rect) {
        var usable = area
        var frames = [Rect](repeating: .zero, count: surfaces.count)
        let order = surfaces.indices.sorted { surfaces[$0].layer > surfaces[$1].layer }
        for exclusive in [true, false] {
            for i in order where (surfaces[i].exclusiveZone > 0) == exclusive {
                let p = surfaces[i]
                let bounds = p.exclusiveZone < 0 ? area : usable
                frames[i] = frame(of: p, in: bounds)
                if exclusive { usable = shrink(usable, by: p) }
            }
        }
        return (frames, usable)
    }

    /// A surface's frame within `bounds`: stretched between opposite anchors when its size is 0
    /// there, else its size, against its anchored edge (or centred), inside its margins.
    static func frame(of p: LayerPlacement, in bounds: Rect) -> Rect {
        let a = p.anchor
        let m = p.margins
        var w = p.size.width
        var h = p.size.height
        if w == 0 || (a.contains(.left) && a.contains(.right) && w > bounds.width) {
            w = a.contains(.left) && a.contains(.right) ? bounds.width - m.left - m.right : bounds.width
        }
        if h == 0 || (a.contains(.top) && a.contains(.bottom) && h > bounds.height) {
            h = a.contains(.top) && a.contains(.bottom) ? bounds.height - m.top - m.bottom : bounds.height
        }
        let x: Double =
            a.contains(.left) && !a.contains(.right)
            ? bounds.minX + m.left
            : a.contains(.right) && !a.contains(.left)
                ? bounds.maxX - m.right - w : a.contains(.left) ? bounds.minX + m.left : bounds.midX - w / 2
        let y: Double =
            a.contains(.top) && !a.contains(.bottom)
            ? bounds.minY + m.top
            : a.contains(.bottom) && !a.contains(.top)
                ? bounds.maxY - m.bottom - h : a.contains(.top) ? bounds.minY + m.top : bounds.midY - h / 2
        return Rect(x.rounded(), y.rounded(), max(0, w.rounded()), max(0, h.rounded()))
    }

    /// The space left once a surface with an exclusive zone took it from its edge.
    static func shrink(_ usable: Rect, by p: LayerPlacement) -> Rect {
        let a = p.anchor
        let m = p.margins
        let z = p.exclusiveZone
        let horizontal: LayerPlacement.Edges = [.left, .right]
        let vertical: LayerPlacement.Edges = [.top, .bottom]
        // The edge it keeps clear: the one it is anchored to, alone or with both beside it.
        if a == .top || a == horizontal.union(.top) {
            let cut = z + m.top
            return Rect(usable.minX, usable.minY + cut, usable.width, max(0, usable.height - cut))
        }
        if a == .bottom || a == horizontal.union(.bottom) {
            return Rect(usable.minX, usable.minY, usable.width, max(0, usable.height - z - m.bottom))
        }
        if a == .left || a == vertical.union(.left) {
            let cut = z + m.left
            return Rect(usable.minX + cut, usable.minY, max(0, usable.width - cut), usable.height)
        }
        if a == .right || a == vertical.union(.right) {
            return Rect(usable.minX, usable.minY, max(0, usable.width - z - m.right), usable.height)
        }
        return usable
    }
}
