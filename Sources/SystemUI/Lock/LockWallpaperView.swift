import Graphics
import UI

/// A built-in wallpaper (Settings' `style`) behind the lock screen, written straight into the frame
/// from one precomputed line of its gradient (a diagonal gradient's rows are that line shifted), so
/// that the lock screen's first frame costs a copy of the screen rather than a gradient drawn at every
/// pixel. Into a picture (a screenshot's, a backdrop's) it is drawn as a gradient.
@MainActor final class LockWallpaperView: View {
    private var pixels: WallpaperPixels?
    /// The gradient's colours (the built-in wallpaper's).
    private let stops: [(Double, Color)]

    init(style: String) {
        stops = ShellMetrics.wallpaperStops[style] ?? ShellMetrics.wallpaperStops[""] ?? []
        super.init(frame: .zero)
        backgroundColor = .black
        isUserInteractionEnabled = false
    }

    override func draw(in canvas: any Canvas) {
        let appearance = root?.appearance ?? .light
        let scale = environment.displayScale
        let width = Int((bounds.width * scale).rounded())
        let height = Int((bounds.height * scale).rounded())
        guard width > 0, height > 0 else { return }
        let made =
            pixels.flatMap { $0.fits(width: width, height: height, appearance: appearance) ? $0 : nil }
            ?? WallpaperPixels(width: width, height: height, scale: scale, appearance: appearance, stops: stops)
        pixels = made
        if !canvas.drawPixels(made, at: bounds.origin, opacity: 1) {
            canvas.fill(
                Path(bounds),
                with: LinearGradient(start: bounds.origin, end: Point(bounds.maxX, bounds.maxY), stops: stops))
        }
    }
}

/// The wallpaper's gradient as pixels: one line along the diagonal, each row a stretch of it.
struct WallpaperPixels: PixelSource {
    let pixelWidth: Int
    let pixelHeight: Int
    let scale: Double
    let appearance: Appearance
    /// The gradient along x for row 0, long enough for the last row's shift.
    private let line: [UInt32]
    /// How far each row is shifted along the line, in pixels a row (the gradient's slope).
    private let shift: Double

    init(width: Int, height: Int, scale: Double, appearance: Appearance, stops: [(Double, Color)]) {
        pixelWidth = width
        pixelHeight = height
        self.scale = scale
        self.appearance = appearance
        // t(x, y) = (x·W + y·H) / (W² + H²): row y is row 0 moved by y·H/W pixels.
        let w = Double(width)
        let h = Double(height)
        shift = h / w
        let length = width + Int((Double(height) * shift).rounded(.up)) + 1
        // (One colour alone, or none — black —, fills it whole.)
        var stops = stops.map { ($0.0, $0.1.resolved(appearance)) }
        if stops.isEmpty { stops = [(0, RGBA(0, 0, 0))] }
        if stops.count == 1 { stops.append((1, stops[0].1)) }
        let norm = w / (w * w + h * h)
        line = (0..<length).map { i in
            let t = min(1, max(0, (Double(i) + 0.5) * norm))
            var k = 1
            while k < stops.count - 1, stops[k].0 < t { k += 1 }
            let (t0, c0) = stops[k - 1]
            let (t1, c1) = stops[k]
            let c = c0.mixed(with: c1, t1 > t0 ? min(1, max(0, (t - t0) / (t1 - t0))) : 0)
            func byte(_ v: Double) -> UInt32 { UInt32(max(0, min(255, (v * 255).rounded()))) }
            return 0xFF00_0000 | byte(c.red) << 16 | byte(c.green) << 8 | byte(c.blue)
        }
    }

    func fits(width: Int, height: Int, appearance: Appearance) -> Bool {
        width == pixelWidth && height == pixelHeight && appearance == self.appearance
    }

    func write(_ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int) {
        line.withUnsafeBufferPointer { source in
            for row in 0..<rect.height {
                let y = rect.y + row
                let start = Int((Double(y) * shift).rounded()) + rect.x
                (out + row * stride).update(from: source.baseAddress! + start, count: rect.width)
            }
        }
    }
}
