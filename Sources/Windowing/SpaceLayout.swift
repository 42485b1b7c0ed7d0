import Graphics
import Scenes

/// What the main screen shows: one window full screen, or two side by side in Split View.
public enum Arrangement<ID: Hashable & Sendable & Codable>: Hashable, Sendable, Codable {
    case empty
    case fullScreen(ID)
    /// `fraction` is the left window's share of the screen's width.
    case split(left: ID, right: ID, fraction: Double)

    public var windows: [ID] {
        switch self {
        case .empty: []
        case .fullScreen(let w): [w]
        case .split(let l, let r, _): [l, r]
        }
    }

    public var isSplit: Bool {
        if case .split = self { return true }
        return false
    }
}

/// Where the divider comes to rest when the finger lets go.
public enum DividerOutcome: Hashable, Sendable {
    /// Snapped to one of the Split View widths.
    case fraction(Double)
    /// Dragged to the left edge: the left window leaves, the right one takes the screen.
    case closeLeft
    /// Dragged to the right edge: the right window leaves.
    case closeRight
}

/// Pure layout of the windows on the screen, tested to the point.
public enum SpaceLayout {
    /// The frames of the arranged windows and the divider between them, in screen points.
    public static func frames<ID>(_ arrangement: Arrangement<ID>, screen: Size) -> (
        windows: [(ID, Rect)], divider: Rect?
    ) {
        switch arrangement {
        case .empty: return ([], nil)
        case .fullScreen(let w): return ([(w, Rect(size: screen))], nil)
        case .split(let l, let r, let f): return splitFrames(l, r, fraction: f, screen: screen)
        }
    }

    static func splitFrames<ID>(_ l: ID, _ r: ID, fraction: Double, screen: Size) -> (
        windows: [(ID, Rect)], divider: Rect?
    ) {
        let d = WindowingMetrics.dividerWidth
        let x = dividerX(fraction: fraction, width: screen.width)
        let left = Rect(0, 0, x - d / 2, screen.height)
        let right = Rect(x + d / 2, 0, screen.width - x - d / 2, screen.height)
        return ([(l, left), (r, right)], Rect(x - d / 2, 0, d, screen.height))
    }

    /// The divider's centre for a fraction, on whole points.
    public static func dividerX(fraction: Double, width: Double) -> Double {
        (width * fraction).rounded()
    }

    /// Where the divider goes when released at `x`: the nearest Split View width, or closing a side
    /// when it was dragged near an edge.
    public static func snap(dividerAt x: Double, width: Double) -> DividerOutcome {
        let f = x / width
        if f < WindowingMetrics.splitCloseFraction { return .closeLeft }
        if f > 1 - WindowingMetrics.splitCloseFraction { return .closeRight }
        let best = WindowingMetrics.splitFractions.min { abs($0 - f) < abs($1 - f) }!
        return .fraction(best)
    }

    /// The divider's position while dragging, kept on the screen.
    public static func clampDivider(_ x: Double, width: Double) -> Double {
        min(max(x, WindowingMetrics.dividerWidth), width - WindowingMetrics.dividerWidth)
    }

    /// The Slide Over window's frame on the `right` (or left) side, clear of the `chrome` at the top
    /// and bottom; when `hidden`, it is off the screen with only the shadow's edge left to pull it back.
    public static func slideOverFrame(
        screen: Size, chrome: EdgeInsets, right: Bool = true, hidden: Bool = false
    ) -> Rect {
        let w = WindowingMetrics.slideOverWidth
        let m = WindowingMetrics.slideOverMargin
        let top = chrome.top + m
        let h = screen.height - top - chrome.bottom - m
        var x = right ? screen.width - m - w : m
        if hidden { x = right ? screen.width + m : -w - m }
        return Rect(x, top, w, h)
    }

    /// A window centred on top of the screen (a prominent one, a dialog): 70 % of its width and 82 %
    /// of its height, 6 pt below the middle (measured on iPadOS 17).
    public static func centredFrame(screen: Size) -> Rect {
        Rect(
            center: Point(screen.width / 2, screen.height / 2 + 6),
            size: Size((screen.width * 0.7).rounded(), (screen.height * 0.82).rounded()))
    }

    /// Which side of the screen a point arms as a drop target during a drag, if any.
    public static func edgeTarget(at p: Point, screen: Size) -> EdgeSide? {
        if p.x <= WindowingMetrics.edgeTargetActivation { return .left }
        if p.x >= screen.width - WindowingMetrics.edgeTargetActivation { return .right }
        return nil
    }

    /// Which side's drop target shows while a drag is at `p`: the side it is near, if any.
    public static func edgeTargetShown(at p: Point, screen: Size) -> EdgeSide? {
        if p.x <= WindowingMetrics.edgeTargetReveal { return .left }
        if p.x >= screen.width - WindowingMetrics.edgeTargetReveal { return .right }
        return nil
    }

    /// The highlighted drop area of a side: the third of the screen a new window would take.
    public static func edgeTargetFrame(_ side: EdgeSide, screen: Size) -> Rect {
        let w = (screen.width * WindowingMetrics.splitFractions[0]).rounded()
        return side == .left ? Rect(0, 0, w, screen.height) : Rect(screen.width - w, 0, w, screen.height)
    }

    /// The arrangement after a window is dropped on a side: it opens beside the current one (half the
    /// screen each), replacing the window already on that side in Split View.
    public static func arrangement<ID>(_ current: Arrangement<ID>, dropping w: ID, on side: EdgeSide) -> Arrangement<ID>
    {
        let other: ID?
        switch current {
        case .empty: other = nil
        case .fullScreen(let a): other = a == w ? nil : a
        case .split(let l, let r, _):
            // The window that stays is the one on the side not dropped on.
            let keep = side == .left ? r : l
            other = keep == w ? (side == .left ? l : r) : keep
        }
        guard let other, other != w else { return .fullScreen(w) }
        return side == .left
            ? .split(left: w, right: other, fraction: 0.5) : .split(left: other, right: w, fraction: 0.5)
    }

    /// The grid of App Exposé: `count` cells laid out in rows inside `area`, with titles below.
    public static func exposeCells(count: Int, area: Rect, screen: Size) -> [Rect] {
        guard count > 0 else { return [] }
        let cols = min(WindowingMetrics.exposeColumns, max(1, count))
        let gap = 32.0
        let titleSpace = 28.0
        // Cells keep the size of a full row, however few there are.
        let full = Double(WindowingMetrics.exposeColumns)
        let cellW = ((area.width - gap * (full + 1)) / full).rounded(.down)
        let cellH = (cellW * screen.height / screen.width).rounded(.down)
        let rows = (count + cols - 1) / cols
        let totalH = Double(rows) * (cellH + titleSpace) + Double(rows - 1) * gap
        let y0 = area.minY + max(gap, (area.height - totalH) / 2)
        return (0..<count).map { i in
            let row = i / cols
            let col = i % cols
            let inRow = min(cols, count - row * cols)
            let rowW = Double(inRow) * cellW + Double(inRow - 1) * gap
            let x0 = area.minX + (area.width - rowW) / 2
            return Rect(x0 + Double(col) * (cellW + gap), y0 + Double(row) * (cellH + titleSpace + gap), cellW, cellH)
        }
    }
}

extension EdgeSide {
    /// The side a placement names, if it names one.
    public init?(_ placement: Placement) {
        switch placement {
        case .left: self = .left
        case .right: self = .right
        default: return nil
        }
    }

    /// The placement that names this side.
    public var placement: Placement { self == .left ? .left : .right }
}
