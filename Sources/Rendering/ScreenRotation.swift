import CCairo
import Graphics

/// A screen turned on its panel by quarter turns counter-clockwise (as `wl_output`'s transforms
/// count them): the panel's picture made from the screen's, the screen's point under a point of the
/// panel, and the screen's size for the panel's.
///
/// ```swift
/// var turn = ScreenRotation(quarterTurns: 1, panel: Size(1366, 1024))
/// let screenSize = turn.screenSize              // 1024 × 1366: the shell in portrait
/// let p = turn.screenPoint(fromPanel: touch)     // where a finger on the panel is on the screen
/// turn.update(from: framebuffer, damage: rects)  // the panel's picture, damaged parts only
/// ```
public struct ScreenRotation: Sendable {
    /// Quarter turns counter-clockwise of the picture on the panel, 0…3.
    public let quarterTurns: Int
    /// The panel's size in points.
    public let panel: Size
    /// The panel's picture, kept between frames (nil until the first update, and at no turn).
    public private(set) var panelPicture: PixelImage?

    /// A turn of `quarterTurns` (any integer, taken modulo 4) on a panel of `panel` points.
    public init(quarterTurns: Int, panel: Size) {
        self.quarterTurns = ((quarterTurns % 4) + 4) % 4
        self.panel = panel
    }

    /// Whether the picture is turned at all.
    public var isTurned: Bool { quarterTurns != 0 }

    /// The screen's size: the panel's, its sides swapped by an odd turn.
    public var screenSize: Size { quarterTurns % 2 == 1 ? Size(panel.height, panel.width) : panel }

    /// The point of the screen under `p`, a point of the panel.
    public func screenPoint(fromPanel p: Point) -> Point {
        switch quarterTurns {
        case 1: Point(panel.height - p.y, p.x)
        case 2: Point(panel.width - p.x, panel.height - p.y)
        case 3: Point(p.y, panel.width - p.x)
        default: p
        }
    }

    /// The point of the panel that shows `p`, a point of the screen.
    public func panelPoint(fromScreen p: Point) -> Point {
        let s = screenSize
        switch quarterTurns {
        case 1: return Point(p.y, s.width - p.x)
        case 2: return Point(s.width - p.x, s.height - p.y)
        case 3: return Point(s.height - p.y, p.x)
        default: return p
        }
    }

    /// The transform from the screen's points to the panel's.
    public var screenToPanel: Transform {
        let s = screenSize
        switch quarterTurns {
        case 1: return Transform(a: 0, b: -1, c: 1, d: 0, tx: 0, ty: s.width)
        case 2: return Transform(a: -1, b: 0, c: 0, d: -1, tx: s.width, ty: s.height)
        case 3: return Transform(a: 0, b: 1, c: -1, d: 0, tx: s.height, ty: 0)
        default: return .identity
        }
    }

    /// Brings the panel's picture up to date with `screen` (the screen's picture, `screenSize` at
    /// its scale) where `damage` (screen points) says it changed — all of it at the first update — and
    /// returns it. At no turn the screen's picture is the panel's.
    public mutating func update(from screen: PixelImage, damage: [Rect]) -> PixelImage {
        guard isTurned else { return screen }
        let s = screen.scale
        let width = Int((panel.width * s).rounded())
        let height = Int((panel.height * s).rounded())
        var rects = damage
        if panelPicture?.width != width || panelPicture?.height != height {
            panelPicture = PixelImage(width: width, height: height, scale: s)
            rects = [Rect(size: screenSize)]
        }
        guard var out = panelPicture, !rects.isEmpty else { return panelPicture ?? screen }
        panelPicture = nil  // the buffer is written in place (no copy)
        let t = screenToPanel
        screen.pixels.withUnsafeBufferPointer { src in
            out.pixels.withUnsafeMutableBufferPointer { dst in
                let source = cairo_image_surface_create_for_data(
                    UnsafeMutablePointer(mutating: src.baseAddress!), CAIRO_FORMAT_ARGB32, Int32(screen.width),
                    Int32(screen.height), Int32(screen.width * 4))!
                let target = cairo_image_surface_create_for_data(
                    dst.baseAddress!, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))!
                let cr = cairo_create(target)!
                cairo_scale(cr, s, s)
                for r in rects {
                    let p = t.apply(to: r)
                    cairo_rectangle(cr, p.minX, p.minY, p.width, p.height)
                }
                cairo_clip(cr)
                // Screen points to panel points, then screen pixels to screen points: a quarter turn of
                // whole pixels, which Cairo draws pixel for pixel (no filtering).
                var m = cairo_matrix_t(xx: t.a, yx: t.b, xy: t.c, yy: t.d, x0: t.tx, y0: t.ty)
                cairo_transform(cr, &m)
                cairo_scale(cr, 1 / s, 1 / s)
                cairo_set_source_surface(cr, source, 0, 0)
                cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_NEAREST)
                cairo_set_operator(cr, CAIRO_OPERATOR_SOURCE)
                cairo_paint(cr)
                cairo_destroy(cr)
                cairo_surface_flush(target)
                cairo_surface_destroy(target)
                cairo_surface_destroy(source)
            }
        }
        out.isOpaque = screen.isOpaque
        panelPicture = out
        return out
    }
}
