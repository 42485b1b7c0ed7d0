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
    /// Starts a group that is composited with `opacity` when it ends.
    func beginLayer(opacity: Double)
    func endLayer()
}

extension Canvas {
    public var deviceOrigin: Point? { nil }

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
}
