import Graphics

/// A tiling layout of Windowed Apps (iPadOS 26's window controls, touched and held): the part of
/// the screen below the status bar a window fills. The raw values are the names scripts use.
public enum Tile: String, Hashable, Sendable, Codable, CaseIterable {
    case fill
    case leftHalf = "left-half"
    case rightHalf = "right-half"
    case topHalf = "top-half"
    case bottomHalf = "bottom-half"
    case leftThird = "left-third"
    case middleThird = "middle-third"
    case rightThird = "right-third"
    case leftTwoThirds = "left-two-thirds"
    case rightTwoThirds = "right-two-thirds"
    case topLeftQuarter = "top-left-quarter"
    case topRightQuarter = "top-right-quarter"
    case bottomLeftQuarter = "bottom-left-quarter"
    case bottomRightQuarter = "bottom-right-quarter"

    /// The tile as fractions of the area: where it starts and how much it takes, across and down.
    var unit: (x: Double, y: Double, width: Double, height: Double) {
        switch self {
        case .fill: (0, 0, 1, 1)
        case .leftHalf: (0, 0, 0.5, 1)
        case .rightHalf: (0.5, 0, 0.5, 1)
        case .topHalf: (0, 0, 1, 0.5)
        case .bottomHalf: (0, 0.5, 1, 0.5)
        case .leftThird: (0, 0, 1.0 / 3, 1)
        case .middleThird: (1.0 / 3, 0, 1.0 / 3, 1)
        case .rightThird: (2.0 / 3, 0, 1.0 / 3, 1)
        case .leftTwoThirds: (0, 0, 2.0 / 3, 1)
        case .rightTwoThirds: (1.0 / 3, 0, 2.0 / 3, 1)
        case .topLeftQuarter: (0, 0, 0.5, 0.5)
        case .topRightQuarter: (0.5, 0, 0.5, 0.5)
        case .bottomLeftQuarter: (0, 0.5, 0.5, 0.5)
        case .bottomRightQuarter: (0.5, 0.5, 0.5, 0.5)
        }
    }

    /// The tile's frame in `area`, on whole points, with `gap` between it and a neighbouring tile
    /// (half on each side of a shared edge; none along the area's own edges).
    public func frame(in area: Rect, gap: Double) -> Rect {
        let u = unit
        func edge(_ start: Double, _ length: Double, _ f: Double) -> Double { start + (length * f).rounded() }
        var x0 = edge(area.minX, area.width, u.x)
        var x1 = edge(area.minX, area.width, u.x + u.width)
        var y0 = edge(area.minY, area.height, u.y)
        var y1 = edge(area.minY, area.height, u.y + u.height)
        let half = (gap / 2).rounded(.down)
        if u.x > 0 { x0 += half }
        if u.x + u.width < 0.999 { x1 -= gap - half }
        if u.y > 0 { y0 += half }
        if u.y + u.height < 0.999 { y1 -= gap - half }
        return Rect(x0, y0, x1 - x0, y1 - y0)
    }

    /// The corner or edge of the area the tile keeps to, where a window too large for it is
    /// pinned (its other edges then reach past the tile).
    var anchor: WindowCorner {
        let u = unit
        let right = u.x > 0 && u.x + u.width > 0.999
        let bottom = u.y > 0 && u.y + u.height > 0.999
        switch (right, bottom) {
        case (false, false): return .topLeft
        case (true, false): return .topRight
        case (false, true): return .bottomLeft
        case (true, true): return .bottomRight
        }
    }

    /// Split View's side and the left window's share of the width that stand for this tile in
    /// Full-Screen Apps, when one does (halves and thirds across; Fill is full screen).
    var split: (side: EdgeSide, fraction: Double)? {
        switch self {
        case .leftHalf: (.left, 0.5)
        case .rightHalf: (.right, 0.5)
        case .leftThird: (.left, 1.0 / 3)
        case .rightThird: (.right, 2.0 / 3)
        case .leftTwoThirds: (.left, 2.0 / 3)
        case .rightTwoThirds: (.right, 1.0 / 3)
        default: nil
        }
    }

    /// The tile a window dragged to a point lands in: near a corner a quarter, near the left or
    /// right edge a half, at the top edge Fill; nil away from the edges. `zone` is how near counts,
    /// `top` how near the top edge (a window's band is dragged just below it).
    public static func dropZone(at p: Point, screen: Size, zone: Double, top topZone: Double) -> Tile? {
        let left = p.x <= zone
        let right = p.x >= screen.width - zone
        let top = p.y <= topZone
        let bottom = p.y >= screen.height - zone
        switch (left, right, top, bottom) {
        case (true, _, true, _): return .topLeftQuarter
        case (_, true, true, _): return .topRightQuarter
        case (true, _, _, true): return .bottomLeftQuarter
        case (_, true, _, true): return .bottomRightQuarter
        case (true, _, _, _): return .leftHalf
        case (_, true, _, _): return .rightHalf
        case (_, _, true, _): return .fill
        default: return nil
        }
    }
}
