/// A vector outline made of lines and cubic Bézier curves, in points.
public struct Path: Hashable, Sendable {
    public enum Element: Hashable, Sendable {
        case move(Point)
        case line(Point)
        case curve(Point, Point, Point)
        case close
    }

    public private(set) var elements: [Element] = []

    public init() {}

    public init(_ rect: Rect) {
        addRect(rect)
    }

    /// The union of rectangles that do not overlap.
    public init(rects: [Rect]) {
        for r in rects { addRect(r) }
    }

    public var isEmpty: Bool { elements.isEmpty }

    public mutating func move(to p: Point) { elements.append(.move(p)) }
    public mutating func line(to p: Point) { elements.append(.line(p)) }
    public mutating func curve(to p: Point, control1: Point, control2: Point) {
        elements.append(.curve(control1, control2, p))
    }
    public mutating func close() { elements.append(.close) }

    public mutating func addRect(_ r: Rect) {
        move(to: Point(r.minX, r.minY))
        line(to: Point(r.maxX, r.minY))
        line(to: Point(r.maxX, r.maxY))
        line(to: Point(r.minX, r.maxY))
        close()
    }

    /// An ellipse inscribed in `r` (four cubic arcs, κ = 0.5523).
    public static func ellipse(in r: Rect) -> Path {
        let k = 0.5522847498
        let cx = r.midX
        let cy = r.midY
        let rx = r.width / 2
        let ry = r.height / 2
        var p = Path()
        p.move(to: Point(cx + rx, cy))
        p.curve(to: Point(cx, cy + ry), control1: Point(cx + rx, cy + k * ry), control2: Point(cx + k * rx, cy + ry))
        p.curve(to: Point(cx - rx, cy), control1: Point(cx - k * rx, cy + ry), control2: Point(cx - rx, cy + k * ry))
        p.curve(to: Point(cx, cy - ry), control1: Point(cx - rx, cy - k * ry), control2: Point(cx - k * rx, cy - ry))
        p.curve(to: Point(cx + rx, cy), control1: Point(cx + k * rx, cy - ry), control2: Point(cx + rx, cy - k * ry))
        p.close()
        return p
    }

    /// The corner style of a rounded rectangle.
    public enum CornerStyle: Sendable, Hashable {
        /// Quarter circles, as `cornerCurve = .circular`.
        case circular
        /// The smooth "squircle" iOS uses for icons, sheets and menus (`cornerCurve = .continuous`).
        case continuous
    }

    /// A rectangle with rounded corners. The radius is clamped to half the shorter side.
    public static func roundedRect(_ r: Rect, radius: Double, style: CornerStyle = .continuous) -> Path {
        if radius <= 0 { return Path(r) }
        switch style {
        case .circular: return circularRoundedRect(r, radius: min(radius, r.width / 2, r.height / 2))
        case .continuous: return continuousRoundedRect(r, radius: radius)
        }
    }

    private static func circularRoundedRect(_ r: Rect, radius rad: Double) -> Path {
        let k = 0.5522847498 * rad
        var p = Path()
        p.move(to: Point(r.minX + rad, r.minY))
        p.line(to: Point(r.maxX - rad, r.minY))
        p.curve(
            to: Point(r.maxX, r.minY + rad), control1: Point(r.maxX - rad + k, r.minY),
            control2: Point(r.maxX, r.minY + rad - k))
        p.line(to: Point(r.maxX, r.maxY - rad))
        p.curve(
            to: Point(r.maxX - rad, r.maxY), control1: Point(r.maxX, r.maxY - rad + k),
            control2: Point(r.maxX - rad + k, r.maxY))
        p.line(to: Point(r.minX + rad, r.maxY))
        p.curve(
            to: Point(r.minX, r.maxY - rad), control1: Point(r.minX + rad - k, r.maxY),
            control2: Point(r.minX, r.maxY - rad + k))
        p.line(to: Point(r.minX, r.minY + rad))
        p.curve(
            to: Point(r.minX + rad, r.minY), control1: Point(r.minX, r.minY + rad - k),
            control2: Point(r.minX + rad - k, r.minY))
        p.close()
        return p
    }

    /// The continuous corner: each corner spans 1.528665·r along each edge and is drawn with three
    /// cubic segments (the widely used reconstruction of UIKit's `UIBezierPath(roundedRect:cornerRadius:)`
    /// published by PaintCode). Falls back to circular corners when the rectangle is too small.
    private static func continuousRoundedRect(_ r: Rect, radius rad: Double) -> Path {
        let limit = min(r.width, r.height) / 2 / 1.528665
        if rad > limit { return circularRoundedRect(r, radius: min(rad, r.width / 2, r.height / 2)) }
        // Unit corner, for the top-right corner, in offsets from the corner point (x toward the left,
        // y downward) scaled by the radius.
        let pts: [(Double, Double)] = [
            (1.528665, 0),  // start on the top edge
            (1.08849296, 0), (0.86840694, 0), (0.63149379, 0.07491139),
            (0.37282383, 0.16905956), (0.16905956, 0.37282383), (0.07491139, 0.63149379),
            (0, 0.86840694), (0, 1.08849296), (0, 1.528665),
        ]
        var p = Path()
        // Each corner: map unit offsets with a per-corner rotation.
        typealias Map = (Double, Double) -> Point
        let corners: [Map] = [
            { dx, dy in Point(r.maxX - dx * rad, r.minY + dy * rad) },  // top-right, from top edge
            { dx, dy in Point(r.maxX - dy * rad, r.maxY - dx * rad) },  // bottom-right, from right edge
            { dx, dy in Point(r.minX + dx * rad, r.maxY - dy * rad) },  // bottom-left, from bottom edge
            { dx, dy in Point(r.minX + dy * rad, r.minY + dx * rad) },  // top-left, from left edge
        ]
        for (i, m) in corners.enumerated() {
            let s = m(pts[0].0, pts[0].1)
            if i == 0 { p.move(to: s) } else { p.line(to: s) }
            for j in stride(from: 1, to: 10, by: 3) {
                p.curve(
                    to: m(pts[j + 2].0, pts[j + 2].1), control1: m(pts[j].0, pts[j].1),
                    control2: m(pts[j + 1].0, pts[j + 1].1))
            }
        }
        p.close()
        return p
    }

    /// The smallest rectangle that holds every point of the path (control points included).
    public var bounds: Rect {
        var xs: [Double] = []
        var ys: [Double] = []
        for e in elements {
            switch e {
            case .move(let p), .line(let p):
                xs.append(p.x)
                ys.append(p.y)
            case .curve(let a, let b, let c):
                xs += [a.x, b.x, c.x]
                ys += [a.y, b.y, c.y]
            case .close: break
            }
        }
        guard let x0 = xs.min(), let y0 = ys.min(), let x1 = xs.max(), let y1 = ys.max() else { return .zero }
        return Rect(x: x0, y: y0, width: x1 - x0, height: y1 - y0)
    }

    /// The path with every point transformed.
    public func applying(_ t: Transform) -> Path {
        var out = Path()
        out.elements = elements.map { e in
            switch e {
            case .move(let p): .move(t.apply(to: p))
            case .line(let p): .line(t.apply(to: p))
            case .curve(let a, let b, let c): .curve(t.apply(to: a), t.apply(to: b), t.apply(to: c))
            case .close: .close
            }
        }
        return out
    }
}
