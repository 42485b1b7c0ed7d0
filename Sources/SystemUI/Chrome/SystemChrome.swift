import Graphics
import UI
import Windowing

/// The home indicator at the bottom centre.
@MainActor public final class HomeIndicatorView: View {
    public var lightContent = true { didSet { if lightContent != oldValue { setNeedsDisplay() } } }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        // Over a window that redraws each frame, a copy of its picture.
        rasterizes = true
    }

    public override func draw(in canvas: any Canvas) {
        let s = ShellMetrics.homeIndicatorSize
        let r = Rect(center: bounds.center, size: Size(s.width, s.height))
        canvas.fill(
            Path.roundedRect(r, radius: s.height / 2, style: .circular),
            with: lightContent ? Color.white.withAlpha(0.85) : Color.black.withAlpha(0.8))
    }
}

/// The wallpaper: a soft diagonal gradient, drawn once and kept as a picture.
@MainActor public final class WallpaperView: View {
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .black
        rasterizes = true
        isUserInteractionEnabled = false
    }

    /// The built-in wallpaper chosen in Settings: "" (Slate's gradient), `dusk` or `graphite`; any other
    /// value (a picture file, not drawn yet) shows Slate's.
    public var style = "" {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }

    /// A picture chosen as the wallpaper (Settings › Wallpaper), drawn to fill the screen (cut at its
    /// sides or top and bottom, never stretched); nil: the built-in `style`.
    public var picture: PixelImage? {
        didSet { setNeedsDisplay() }
    }

    /// A dim drawn over the wallpaper, into its picture (behind App Exposé).
    public var dim: Color? {
        didSet { if dim != oldValue { setNeedsDisplay() } }
    }

    public override func draw(in canvas: any Canvas) {
        defer { if let dim { canvas.fill(bounds, with: dim) } }
        if let picture, picture.width > 0, picture.height > 0 {
            let size = Size(Double(picture.width), Double(picture.height))
            let fill = max(bounds.width / size.width, bounds.height / size.height)
            let shown = Size(size.width * fill, size.height * fill)
            canvas.save()
            canvas.clip(to: Path(bounds))
            canvas.drawImage(
                picture,
                in: Rect(bounds.midX - shown.width / 2, bounds.midY - shown.height / 2, shown.width, shown.height),
                opacity: 1)
            canvas.restore()
            return
        }
        canvas.fill(
            Path(bounds),
            with: LinearGradient(
                start: .zero, end: Point(bounds.width, bounds.height),
                stops: ShellMetrics.wallpaperStops[style] ?? ShellMetrics.wallpaperStops[""] ?? []))
    }
}

/// The black divider between two windows in Split View, with its handle.
@MainActor public final class DividerView: View {
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .black
        localizedAccessibilityLabel = ShellStrings.divider
    }

    public override func point(inside p: Point) -> Bool {
        // A wider touch area than the 10 pt line, as on iPad.
        bounds.insetBy(dx: -12, dy: 0).contains(p)
    }

    public override func draw(in canvas: any Canvas) {
        let h = ShellMetrics.dividerHandle
        canvas.fill(
            Path.roundedRect(Rect(center: bounds.center, size: Size(h.width, h.height)), radius: 2, style: .circular),
            with: Color(white: 0.55))
    }
}

/// The three dots at the top of a window that open the multitasking menu.
@MainActor public final class MultitaskingControl: View {
    public var onTap: (() -> Void)?
    public var isActive = true { didSet { setNeedsDisplay() } }

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityTraits = .button
        addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onTap?() })
        // Over a window that redraws each frame, a copy of its picture.
        rasterizes = true
    }

    public override func point(inside p: Point) -> Bool { bounds.insetBy(dx: -10, dy: -6).contains(p) }

    public override func draw(in canvas: any Canvas) {
        let c =
            isActive
            ? Color(light: RGBA(0, 0, 0, 0.45), dark: RGBA(1, 1, 1, 0.5))
            : Color(light: RGBA(0, 0, 0, 0.2), dark: RGBA(1, 1, 1, 0.2))
        for i in -1...1 {
            let center = Point(bounds.midX + Double(i) * 8, bounds.midY)
            canvas.fill(Path.ellipse(in: Rect(center: center, size: Size(5, 5))), with: c)
        }
    }
}

/// A side of the screen lit up as a drop target while something is dragged near it.
@MainActor public final class EdgeDropTargetView: View {
    public let side: EdgeSide
    public var isArmed = false { didSet { if isArmed != oldValue { setNeedsDisplay() } } }

    public init(side: EdgeSide) {
        self.side = side
        super.init()
        isUserInteractionEnabled = false
        localizedAccessibilityLabel = side == .left ? ShellStrings.dropLeft : ShellStrings.dropRight
    }

    public override func draw(in canvas: any Canvas) {
        let inset = bounds.insetBy(dx: 8, dy: 32)
        let radius = ShellMetrics.windowCornerRadius * 1.6
        // A third of the screen, redrawn under every frame of a drag near its side: in rectangles and
        // corners. A grey veil and outline (over the light windows it mostly lies on, a white one
        // did not show), the system's accent once armed.
        canvas.fillRoundedRect(inset, radius: radius, with: isArmed ? Self.armedFill : Self.fill)
        canvas.strokeRoundedRect(inset, radius: radius, with: isArmed ? .systemBlue : Self.outline, lineWidth: 2)
        canvas.drawSymbol(
            "square.split.2x1", in: Rect(center: inset.center, size: Size(44, 44)),
            tint: isArmed ? .systemBlue : Self.outline)
    }

    private static let fill = Color(light: RGBA(0.47, 0.47, 0.5, 0.16), dark: RGBA(1, 1, 1, 0.14))
    private static let armedFill = Color(light: RGBA(0, 0.48, 1, 0.16), dark: RGBA(0.04, 0.52, 1, 0.24))
    private static let outline = Color(light: RGBA(0.24, 0.24, 0.26, 0.6), dark: RGBA(1, 1, 1, 0.6))
}
