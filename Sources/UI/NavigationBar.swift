import Graphics

/// The bar at the top of a window: a centred title, buttons at the leading and trailing ends, a
/// hairline below (as `UINavigationBar` on iPad).
@MainActor open class NavigationBar: View {
    /// The iPad navigation bar is 50 pt tall (iPadOS 13 and later).
    public static let height: Double = 50

    /// A bar saying `title` in its screen's language.
    public init(title: LocalizedString = "") {
        titleLabel = Label(title, style: .headline)
        // A bar's title and buttons keep their size whatever the text size, as iOS's do.
        titleLabel.font = titleLabel.font.fixed
        titleLabel.alignment = .center
        titleLabel.accessibilityTraits = [.header, .staticText]
        super.init()
        backgroundColor = Color(light: RGBA(0.98, 0.98, 0.98, 0.94), dark: RGBA(0.11, 0.11, 0.12, 0.94))
        addSubview(titleLabel)
    }

    public let titleLabel: Label

    /// Room above the bar's items (the status bar, when the bar's background reaches under it).
    public var contentInsetTop: Double = 0 {
        didSet { if contentInsetTop != oldValue { setNeedsLayout() } }
    }

    /// The bar's title in its screen's language; set, a title that reads the same in every one.
    public var title: String {
        get { titleLabel.text }
        set { titleLabel.text = newValue }
    }

    /// The bar's title, in every language.
    public var localizedTitle: LocalizedString {
        get { titleLabel.localizedText }
        set { titleLabel.localizedText = newValue }
    }

    public var leadingItems: [View] = [] {
        didSet { replace(oldValue, with: leadingItems) }
    }
    public var trailingItems: [View] = [] {
        didSet { replace(oldValue, with: trailingItems) }
    }

    private func replace(_ old: [View], with new: [View]) {
        for v in old where !new.contains(where: { $0 === v }) { v.removeFromSuperview() }
        for v in new where v.superview !== self {
            if let button = v as? Button { button.font = button.font.fixed }
            addSubview(v)
        }
        setNeedsLayout()
    }

    open override func sizeThatFits(_ size: Size) -> Size { Size(size.width, contentInsetTop + NavigationBar.height) }

    open override func layoutSubviews() {
        let pad = 8.0
        let top = contentInsetTop
        let h = bounds.height - top
        var x = pad
        for v in leadingItems {
            let s = v.sizeThatFits(Size(bounds.width / 3, h))
            v.frame = Rect(x, top + (h - s.height) / 2, s.width, s.height)
            x += s.width
        }
        var r = bounds.width - pad
        for v in trailingItems {
            let s = v.sizeThatFits(Size(bounds.width / 3, h))
            r -= s.width
            v.frame = Rect(r, top + (h - s.height) / 2, s.width, s.height)
        }
        let side = max(x, bounds.width - r) + 8
        titleLabel.frame = Rect(side, top, max(0, bounds.width - 2 * side), h)
    }

    open override func draw(in canvas: any Canvas) {
        canvas.fill(Rect(0, bounds.height - canvas.hairline, bounds.width, canvas.hairline), with: .separator)
    }
}
