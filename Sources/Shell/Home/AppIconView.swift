import Graphics
import SystemUI
import UI

/// An app's icon as Slate draws it: a continuous-cornered square with a vertical gradient and a white
/// symbol, and (on the Home screen) the app's name below.
@MainActor public final class AppIconView: View {
    public let appIdentifier: String
    public var symbol: String { didSet { setNeedsDisplay() } }
    public var colors: (Color, Color) { didSet { setNeedsDisplay() } }
    /// A picture drawn instead of the symbol on its gradient (another program's own icon).
    public var image: PixelImage? { didSet { setNeedsDisplay() } }
    public let nameLabel: Label
    /// Whether the name is shown under the icon (Home screen) or not (Dock).
    public var showsName: Bool { didSet { nameLabel.isHidden = !showsName } }
    /// The red badge's count at the icon's corner (0: none), as iPadOS shows what waits in an app.
    public var badgeCount = 0 { didSet { if badgeCount != oldValue { setNeedsDisplay() } } }
    /// What lifts the app from the icon to be dragged (the drag interaction holds it weakly).
    var dragSource: AppIconDragSource?
    /// The "−" badge at the icon's top-left corner, shown while the Home screen is edited.
    public let removeBadge = RemoveBadgeView()
    /// Dims while the finger is down, as on iPad.
    public var isPressed = false { didSet { if isPressed != oldValue { setNeedsDisplay() } } }

    public init(appIdentifier: String, name: String, symbol: String, colors: (Color, Color), showsName: Bool) {
        self.appIdentifier = appIdentifier
        self.symbol = symbol
        self.colors = colors
        self.showsName = showsName
        nameLabel = Label(name, style: .caption1, color: .white)
        nameLabel.alignment = .center
        nameLabel.isAccessibilityElement = false
        nameLabel.isHidden = !showsName
        super.init()
        accessibilityLabel = name
        accessibilityTraits = .button
        addSubview(nameLabel)
        addSubview(removeBadge)
    }

    /// Room kept above the icon's square for its shadow, when the view keeps its picture (the
    /// Home screen's icons: a picture holds only what is inside the view).
    public var shadowRoom: Double = 0 { didSet { setNeedsLayout() } }

    /// The square of the icon itself within the view.
    public var iconRect: Rect {
        let side = min(bounds.width, (showsName ? bounds.height - 22 : bounds.height) - shadowRoom)
        return Rect(bounds.midX - side / 2, shadowRoom, side, side)
    }

    public override func layoutSubviews() {
        let r = iconRect
        // The name is 10 pt wider than the icon at each side (the view is as wide as that on the
        // Home screen, so that its picture holds the name whole).
        nameLabel.frame = Rect(r.minX - 10, r.maxY + 5, r.width + 20, 16)
        // Over the corner, inside the room the view keeps for the name and the shadow.
        let badge = HomeMetrics.removeBadgeSize
        removeBadge.frame = Rect(r.minX - badge / 2 + 6, r.minY - badge / 2 + 6, badge, badge)
    }

    public override func draw(in canvas: any Canvas) {
        let r = iconRect
        let radius = r.width * ShellMetrics.homeIconCornerRadius / ShellMetrics.homeIconSize
        let path = Path.roundedRect(r, radius: radius)
        if let image {
            canvas.drawImage(image, in: r, opacity: isPressed ? 0.7 : 1)
            return
        }
        canvas.drawShadow(of: path, color: Color.black.withAlpha(0.18), blur: 6, offset: Point(0, 2))
        canvas.fill(
            path,
            with: LinearGradient(
                start: Point(r.midX, r.minY), end: Point(r.midX, r.maxY), stops: [(0, colors.0), (1, colors.1)]))
        let s = r.width * 0.56
        canvas.drawSymbol(symbol, in: Rect(center: r.center, size: Size(s, s)), tint: .white)
        if isPressed { canvas.fill(path, with: Color.black.withAlpha(0.3)) }
        drawBadge(in: r, on: canvas)
    }

    /// The badge: a red circle (a capsule for more digits) over the icon's top-right corner, the count
    /// in white.
    private func drawBadge(in r: Rect, on canvas: any Canvas) {
        guard badgeCount > 0 else { return }
        let d = r.width * ShellMetrics.iconBadgeDiameter / ShellMetrics.homeIconSize
        // Every digit, grouped, as iPadOS's badges show them ("1,204"): the capsule grows, the count
        // is never cut.
        let text = TextLayout(
            CountText.grouped(badgeCount, language: language), font: Font(size: d * 0.62, weight: .medium),
            color: .white)
        let size = environment.textMeasurer.measure(text)
        let w = max(d, size.width + d * 0.5)
        let badge = Rect(r.maxX - w + d * 0.3, r.minY - d * 0.3, w, d)
        canvas.fill(Path.roundedRect(badge, radius: d / 2, style: .circular), with: .systemRed)
        canvas.drawText(text, at: Point(badge.midX - size.width / 2, badge.midY - size.height / 2))
    }
}
