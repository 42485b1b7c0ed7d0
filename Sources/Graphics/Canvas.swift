/// A linear gradient between two points, with colour stops at 0…1.
public struct LinearGradient: Hashable, Sendable {
    public var start: Point
    public var end: Point
    public var stops: [(Double, Color)] {
        get { zip(locations, colors).map { ($0, $1) } }
        set {
            locations = newValue.map(\.0)
            colors = newValue.map(\.1)
        }
    }
    public private(set) var locations: [Double]
    public private(set) var colors: [Color]

    public init(start: Point, end: Point, stops: [(Double, Color)]) {
        self.start = start
        self.end = end
        self.locations = stops.map(\.0)
        self.colors = stops.map(\.1)
    }
}

/// A surface to draw on, in points, with the current transform and clip: what `draw(in:)` of a view
/// receives. The renderer implements it over Cairo and Pango; nothing above it knows that.
///
/// Colours are resolved for the canvas's `appearance`.
public protocol Canvas: AnyObject {
    /// The appearance colours resolve for.
    var appearance: Appearance { get }
    /// Device pixels per point.
    var scale: Double { get }
    /// The text engine behind `drawText`, for measuring.
    var textMeasurer: any TextMeasuring { get }
    /// The bounds of the current clip in the current user space.
    var clipBounds: Rect { get }
    /// Where the user space's origin is in device pixels, when the current transform only moves and
    /// scales by `scale`; nil otherwise, or when the canvas does not say. Views use it to cut what
    /// they cover on whole pixels.
    var deviceOrigin: Point? { get }

    func save()
    func restore()
    /// Applies `t` before the current transform (as `CGContext.concatenate`).
    func concatenate(_ t: Transform)
    /// Intersects the clip with a path.
    func clip(to path: Path)

    func fill(_ path: Path, with color: Color)
    func fill(_ path: Path, with gradient: LinearGradient)
    func stroke(_ path: Path, with color: Color, lineWidth: Double)
    /// Draws text with the top-left of its layout box at `origin`.
    func drawText(_ layout: TextLayout, at origin: Point)
    /// Draws a bitmap scaled to fill `rect`.
    func drawImage(_ image: PixelImage, in rect: Rect, opacity: Double)
    /// Draws a named symbol (SF-Symbol-style name) tinted with `tint`, fitted into `rect`.
    func drawSymbol(_ name: String, in rect: Rect, tint: Color)
    /// Draws the soft shadow a shape of `path` would cast, without the shape itself.
    func drawShadow(of path: Path, color: Color, blur: Double, offset: Point)
    /// Draws the shadow of `Path.roundedRect(rect, radius:style:)` as `drawShadow(of:…)` would; a
    /// canvas may draw it from the shadow of a small one of the same corners, which is the same at
    /// any size and made once (a window resized under a finger casts a new shadow every frame).
    func drawShadow(
        ofRoundedRect rect: Rect, radius: Double, style: Path.CornerStyle, color: Color, blur: Double, offset: Point)
    /// Starts a group that is composited with `opacity` when it ends.
    func beginLayer(opacity: Double)
    func endLayer()
    /// Draws `source` with its top-left corner at `origin`, one of its pixels a device pixel, over
    /// what is there with `opacity` — writing its pixels straight into the canvas's bitmap, with no
    /// picture of its whole size in between. Returns false, having drawn nothing, when the canvas
    /// cannot: it is not a bitmap, the source's scale is not the canvas's, the transform is more than
    /// a move by whole pixels, or the clip is not made of rectangles. Draw a picture of it then.
    func drawPixels(_ source: any PixelSource, at origin: Point, opacity: Double) -> Bool
    /// The mask `drawShadow(of:color:blur:offset:)` casts a soft shadow of `path` with, at the canvas's
    /// scale — for a view that writes its own pixels (`drawPixels`) and darkens them with it; nil when
    /// the canvas does not say.
    func shadowMask(of path: Path, blur: Double) -> ShadowMask?
    /// Row kernels for a `PixelSource` that works its pixels out itself, faster than portable
    /// Swift; nil when the canvas has none (the source then works them out alone).
    var pixelKernels: (any PixelKernels)? { get }
}

/// Row operations on pixels in vector arithmetic, which a canvas's renderer provides (in C, under
/// Rendering) for a `PixelSource` that writes its own pixels: the same results, lane for lane, as
/// the plain arithmetic each documents. Pixels are BGRA `UInt32`s, as `PixelImage` keeps them.
public protocol PixelKernels: Sendable {
    /// Makes `count` block values for a fade, to `line` (eight lanes a block: four channels, twice):
    /// each channel `(a × (256 − f) + b × f) / 256` of `a[c]` and `b[c]`, floored, alpha 255, times
    /// `weight` (0…256).
    func fadeLine(
        _ line: UnsafeMutablePointer<UInt16>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int,
        f: UInt16, weight: UInt16)
    /// Writes `count` pixels to `out`, each channel `(line + under × weight) / 256` floored, the line's
    /// lanes for a pixel those of block `(pixel + odd) / 2` (`odd` 1 when `out[0]` is the right pixel
    /// of its 2×2 block).
    func fadeRow(
        _ out: UnsafeMutablePointer<UInt32>, under: UnsafePointer<UInt32>, line: UnsafePointer<UInt16>, count: Int,
        odd: Bool, weight: UInt16)
    /// Writes `count` pixels to `out`: each channel `(a × (256 − f) + b × f) / 256` of `a[c]` and
    /// `b[c]`, floored, alpha 255, for block `c = (pixel + odd) / 2` (two pixels a block).
    func stretchRow(
        _ out: UnsafeMutablePointer<UInt32>, _ a: UnsafePointer<UInt32>, _ b: UnsafePointer<UInt32>, count: Int,
        odd: Bool, f: UInt16)
}

/// A soft shadow's mask: the blurred coverage of a shape, one byte a device pixel (0…255), kept by
/// the canvas's renderer and shared by every shadow of that shape.
public final class ShadowMask: @unchecked Sendable {
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// Device pixels per point.
    public let scale: Double
    /// Where the top-left pixel is, in points, from the top-left of the shape's bounds (before the
    /// shadow's offset).
    public let origin: Point
    /// The coverage, `height` rows of `stride` bytes. Written once, as the mask is made.
    public let bytes: UnsafeMutablePointer<UInt8>

    /// A mask of zeros, to be written by its maker before anyone reads it.
    public init(width: Int, height: Int, stride: Int, scale: Double, origin: Point) {
        self.width = width
        self.height = height
        self.stride = stride
        self.scale = scale
        self.origin = origin
        bytes = .allocate(capacity: max(1, stride * height))
        bytes.initialize(repeating: 0, count: max(1, stride * height))
    }

    deinit { bytes.deallocate() }
}

/// A rectangle of whole pixels.
public struct PixelRect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    public init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    public var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width <= 0 || height <= 0 }

    public func intersection(_ o: PixelRect) -> PixelRect {
        let x0 = max(x, o.x)
        let y0 = max(y, o.y)
        let x1 = min(maxX, o.maxX)
        let y1 = min(maxY, o.maxY)
        return PixelRect(x: x0, y: y0, width: max(0, x1 - x0), height: max(0, y1 - y0))
    }
}

/// A picture that computes its pixels when asked (a stretched blur, or a program's window read from
/// its buffers), so that a canvas can have it write only the pixels a frame draws, straight into
/// its bitmap (`Canvas.drawPixels`). Opaque unless it says otherwise (`opaquePart`).
public protocol PixelSource: Sendable {
    /// The size in pixels.
    var pixelWidth: Int { get }
    var pixelHeight: Int { get }
    /// Pixels per point.
    var scale: Double { get }
    /// Writes the pixels of `rect` (within the source's own pixels): opaque BGRA as `PixelImage`
    /// keeps them, one `UInt32` a pixel, to `out` — the place of `rect`'s top-left pixel — with rows
    /// `stride` pixels apart.
    /// Outside `opaquePart` a source may be translucent: it is drawn over what the pixels hold.
    func write(_ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int)
    /// The part of the source (its pixels) that every write paints opaquely: what is below it there
    /// need not be drawn. All of it for an opaque picture (the default).
    var opaquePart: PixelRect { get }
    /// Writes `rect` over the pixels at `out` with `opacity` (each channel (s × a + d × (256 − a)) / 256,
    /// a = opacity × 256): true when the source does it itself, false to have the canvas blend what
    /// `write` gives it.
    func blend(_ rect: PixelRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, opacity: Double) -> Bool
}

extension PixelSource {
    public func blend(_ rect: PixelRect, into out: UnsafeMutablePointer<UInt32>, stride: Int, opacity: Double)
        -> Bool
    { false }

    public var opaquePart: PixelRect { PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight) }

    /// The whole source as a picture.
    public func picture() -> PixelImage {
        var image = pictureOver()
        image.isOpaque = true
        return image
    }

    /// The source's pixels drawn over transparency, as a picture (what it does not paint stays
    /// clear).
    public func pictureOver() -> PixelImage {
        var image = PixelImage(width: pixelWidth, height: pixelHeight, scale: scale)
        image.pixels.withUnsafeMutableBytes { raw in
            write(
                PixelRect(x: 0, y: 0, width: pixelWidth, height: pixelHeight),
                to: raw.baseAddress!.assumingMemoryBound(to: UInt32.self), stride: pixelWidth)
        }
        return image
    }
}

extension Canvas {
    public var deviceOrigin: Point? { nil }

    public func drawPixels(_ source: any PixelSource, at origin: Point, opacity: Double) -> Bool { false }

    public func shadowMask(of path: Path, blur: Double) -> ShadowMask? { nil }

    /// The shadow of the whole rounded rectangle's path.
    public func drawShadow(
        ofRoundedRect rect: Rect, radius: Double, style: Path.CornerStyle, color: Color, blur: Double, offset: Point
    ) {
        drawShadow(of: Path.roundedRect(rect, radius: radius, style: style), color: color, blur: blur, offset: offset)
    }
    public var pixelKernels: (any PixelKernels)? { nil }

    public func translate(x: Double, y: Double) { concatenate(Transform(translationX: x, y: y)) }
    public func scaleBy(x: Double, y: Double) { concatenate(Transform(scaleX: x, y: y)) }
    public func clip(to rect: Rect) { clip(to: Path(rect)) }
    public func fill(_ rect: Rect, with color: Color) { fill(Path(rect), with: color) }

    /// Runs `body` between `save()` and `restore()`.
    public func withState<T>(_ body: () throws -> T) rethrows -> T {
        save()
        defer { restore() }
        return try body()
    }

    /// Fills a rounded rectangle as `fill(Path.roundedRect(r, radius:style:), with:)` does, with the
    /// same pixels: where its edges and the reach of its corners fall on whole device pixels, the
    /// straight middle and sides are filled as rectangles (Pixman's fast solid fill) and only the
    /// four corners through the path — a large translucent panel costs a fraction of a path's fill.
    public func fillRoundedRect(_ r: Rect, radius: Double, style: Path.CornerStyle = .continuous, with color: Color) {
        let path = Path.roundedRect(r, radius: radius, style: style)
        guard let c = cornerReach(r, radius: radius, style: style, pad: 0) else {
            fill(path, with: color)
            return
        }
        fill(Rect(r.minX + c, r.minY, r.width - 2 * c, r.height), with: color)
        fill(Rect(r.minX, r.minY + c, c, r.height - 2 * c), with: color)
        fill(Rect(r.maxX - c, r.minY + c, c, r.height - 2 * c), with: color)
        for corner in cornerSquares(r, c, pad: 0) {
            withState {
                clip(to: corner)
                fill(path, with: color)
            }
        }
    }

    /// Strokes a rounded rectangle as `stroke(Path.roundedRect(r, radius:style:), with:lineWidth:)`
    /// does, with the same pixels: where the straight runs of the line fall on whole device pixels
    /// they are filled as rectangles, and only the corners are stroked (Cairo composites a stroke's
    /// whole extent through a mask).
    public func strokeRoundedRect(
        _ r: Rect, radius: Double, style: Path.CornerStyle = .continuous, with color: Color, lineWidth: Double
    ) {
        let path = Path.roundedRect(r, radius: radius, style: style)
        let h = lineWidth / 2
        guard let c = cornerReach(r, radius: radius, style: style, pad: h) else {
            stroke(path, with: color, lineWidth: lineWidth)
            return
        }
        fill(Rect(r.minX + c, r.minY - h, r.width - 2 * c, lineWidth), with: color)
        fill(Rect(r.minX + c, r.maxY - h, r.width - 2 * c, lineWidth), with: color)
        fill(Rect(r.minX - h, r.minY + c, lineWidth, r.height - 2 * c), with: color)
        fill(Rect(r.maxX - h, r.minY + c, lineWidth, r.height - 2 * c), with: color)
        for corner in cornerSquares(r, c, pad: h + 1) {
            withState {
                clip(to: corner)
                stroke(path, with: color, lineWidth: lineWidth)
            }
        }
    }

    /// How far a rounded rectangle's corners reach along its edges, on whole device pixels — or nil
    /// when the rectangle, grown by `pad`, does not lie on whole device pixels, or has no straight run.
    private func cornerReach(_ r: Rect, radius: Double, style: Path.CornerStyle, pad: Double) -> Double? {
        guard let o = deviceOrigin else { return nil }
        let reach: Double
        if style == .continuous && radius <= min(r.width, r.height) / 2 / 1.528665 {
            reach = radius * 1.528665
        } else {
            reach = min(radius, r.width / 2, r.height / 2)
        }
        let c = (reach * scale).rounded(.up) / scale
        guard r.width > 2 * c, r.height > 2 * c else { return nil }
        func whole(_ v: Double, _ origin: Double) -> Bool {
            let d = v * scale + origin
            return abs(d - d.rounded()) < 1e-6
        }
        for x in [r.minX - pad, r.minX + pad, r.maxX - pad, r.maxX + pad, r.minX + c, r.maxX - c] where !whole(x, o.x) {
            return nil
        }
        for y in [r.minY - pad, r.minY + pad, r.maxY - pad, r.maxY + pad, r.minY + c, r.maxY - c] where !whole(y, o.y) {
            return nil
        }
        return c
    }

    /// The squares of the four corners (reaching `c` along each edge), grown outward by `pad`.
    private func cornerSquares(_ r: Rect, _ c: Double, pad: Double) -> [Rect] {
        let s = c + pad
        return [
            Rect(r.minX - pad, r.minY - pad, s, s), Rect(r.maxX - c, r.minY - pad, s, s),
            Rect(r.minX - pad, r.maxY - c, s, s), Rect(r.maxX - c, r.maxY - c, s, s),
        ]
    }

    /// A hairline: one device pixel wide, as iOS separators are.
    public var hairline: Double { 1 / scale }
}

/// Makes offscreen pictures: what a snapshot, a blurred backdrop or a test needs.
public protocol RasterRenderer: Sendable {
    /// Draws into a new transparent bitmap of `size` points at `scale` and returns it.
    func render(size: Size, scale: Double, appearance: Appearance, _ draw: (any Canvas) -> Void) -> PixelImage
    /// Draws again the parts `clip` (points) of an existing bitmap, cleared first, at its scale.
    func render(into image: inout PixelImage, clip: [Rect], appearance: Appearance, _ draw: (any Canvas) -> Void)
    /// The text engine, for layout.
    var textMeasurer: any TextMeasuring { get }
    /// Writes `image` to a PNG file at `path`, whole or not at all (a reader never sees half a file).
    func writePNG(_ image: PixelImage, to path: String) throws
    /// Reads the PNG file at `path` as a picture of `scale` pixels a point.
    func readPNG(_ path: String, scale: Double) throws -> PixelImage
    /// `image` as the bytes of a PNG file, for a caller that writes the file itself.
    func pngData(_ image: PixelImage) throws -> [UInt8]
}
