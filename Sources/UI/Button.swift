import Graphics

/// A button: a title and/or a symbol that performs an action when tapped (touch up inside), with
/// the highlight iOS shows while the finger is down.
@MainActor open class Button: View {
    public enum Style: Sendable {
        /// Tinted text and symbol, no background (a bar button).
        case plain
        /// White on the tint colour, rounded.
        case filled
        /// Tint on a light tint background, rounded.
        case tinted
        /// A grey round background (the close button of a sheet).
        case gray
    }

    /// A button with `title` as it reads in every language (or none), `symbol`, doing `action`.
    public convenience init(
        title: String? = nil, symbol: String? = nil, style: Style = .plain, action: (() -> Void)? = nil
    ) {
        self.init(
            localizedTitle: title.map { LocalizedString(verbatim: $0) }, symbol: symbol, style: style, action: action)
    }

    /// A button saying `title` in its screen's language, with `symbol`, doing `action`.
    public convenience init(
        title: LocalizedString, symbol: String? = nil, style: Style = .plain, action: (() -> Void)? = nil
    ) {
        self.init(localizedTitle: title, symbol: symbol, style: style, action: action)
    }

    /// A button saying `localizedTitle` (resolved as it is measured and drawn), with `symbol`.
    public init(localizedTitle: LocalizedString?, symbol: String?, style: Style, action: (() -> Void)?) {
        self.localizedTitle = localizedTitle
        self.symbol = symbol
        self.style = style
        self.action = action
        super.init()
        accessibilityTraits = .button
        if style != .plain { cornerRadius = 10 }
    }

    /// What the button says, in every language.
    public var localizedTitle: LocalizedString? {
        didSet {
            if localizedTitle != oldValue {
                setNeedsDisplay()
                superview?.setNeedsLayout()
            }
        }
    }

    /// What the button says in its screen's language; set, a title that reads the same in every one.
    public var title: String? {
        get { localizedTitle?.resolved(language) }
        set { localizedTitle = newValue.map { LocalizedString(verbatim: $0) } }
    }
    public var symbol: String? {
        didSet { if symbol != oldValue { setNeedsDisplay() } }
    }
    public var style: Style { didSet { setNeedsDisplay() } }
    public var font: Font = .preferred(.body) { didSet { setNeedsDisplay() } }
    public var tint: Color = .tint { didSet { setNeedsDisplay() } }
    public var isEnabled = true {
        didSet {
            setNeedsDisplay()
            if isEnabled { accessibilityTraits.remove(.notEnabled) } else { accessibilityTraits.insert(.notEnabled) }
        }
    }
    public var action: (() -> Void)?

    /// Whether the finger is down on the button now.
    public private(set) var isHighlighted = false {
        didSet { if isHighlighted != oldValue { setNeedsDisplay() } }
    }

    open override var accessibilityLabelOrText: String? { accessibilityLabel ?? title ?? symbol }

    open override var canBecomeFocused: Bool { isEnabled }

    open override var handlesOwnTaps: Bool { true }

    /// Performs the action as a tap would.
    public func sendAction() {
        guard isEnabled else { return }
        action?()
    }

    open override func touchBegan(_ touch: Touch, at point: Point) {
        if isEnabled { isHighlighted = true }
    }

    open override func touchMoved(_ touch: Touch, at point: Point) {
        // UIKit keeps the highlight within about 70 pt outside the button.
        isHighlighted = isEnabled && bounds.insetBy(dx: -70, dy: -70).contains(point)
    }

    open override func touchEnded(_ touch: Touch, at point: Point) {
        let inside = isHighlighted
        isHighlighted = false
        if inside { sendAction() }
    }

    open override func touchCancelled(_ touch: Touch) { isHighlighted = false }

    open override func handleKey(_ press: KeyPress) -> Bool {
        if press.key == .return || press.key == .space {
            sendAction()
            return true
        }
        return false
    }

    static let symbolSize: Double = 22
    static let spacing: Double = 6
    static let padding = EdgeInsets(vertical: 7, horizontal: 14)

    /// `font` at the screen's text size, as the title is measured and drawn.
    private var shownFont: Font { fontMetrics.scaledFont(font) }

    open override func sizeThatFits(_ size: Size) -> Size {
        var w = 0.0
        var h = Button.symbolSize
        if symbol != nil { w += Button.symbolSize }
        if let title {
            let m = environment.textMeasurer.measure(TextLayout(title, font: shownFont))
            w += (symbol != nil ? Button.spacing : 0) + m.width.rounded(.up)
            h = max(h, m.height.rounded(.up))
        }
        let pad = style == .plain ? EdgeInsets(vertical: 6, horizontal: 8) : Button.padding
        return Size(w + pad.left + pad.right, max(44, h + pad.top + pad.bottom))
    }

    open override func draw(in canvas: any Canvas) {
        let shown = shownFont
        let enabledTint = isEnabled ? tint : Color.tertiaryLabel
        let fg: Color
        switch style {
        case .plain: fg = enabledTint
        case .filled:
            canvas.fill(backgroundPath, with: enabledTint)
            fg = .white
        case .tinted:
            canvas.fill(backgroundPath, with: enabledTint.withAlpha(0.15))
            fg = enabledTint
        case .gray:
            canvas.fill(backgroundPath, with: .tertiarySystemFill)
            fg = isEnabled ? .secondaryLabel : .tertiaryLabel
        }
        var contentW = 0.0
        var textSize = Size.zero
        if symbol != nil { contentW += Button.symbolSize }
        if let title {
            textSize = canvas.textMeasurer.measure(TextLayout(title, font: shown))
            contentW += (symbol != nil ? Button.spacing : 0) + textSize.width
        }
        var x = bounds.midX - min(contentW, bounds.width) / 2
        if let symbol {
            canvas.drawSymbol(
                symbol, in: Rect(x, bounds.midY - Button.symbolSize / 2, Button.symbolSize, Button.symbolSize), tint: fg
            )
            x += Button.symbolSize + Button.spacing
        }
        if let title {
            let avail = bounds.maxX - x
            canvas.drawText(
                TextLayout(title, font: shown, color: fg, width: max(0, avail)),
                at: Point(x, bounds.midY - textSize.height / 2))
        }
        if isHighlighted {
            // The highlight dims the button, as the system does for bar buttons.
            canvas.fill(
                style == .plain ? Path.roundedRect(bounds, radius: 8) : backgroundPath,
                with: Color(light: RGBA(0, 0, 0, 0.08), dark: RGBA(1, 1, 1, 0.12)))
        }
        if isFocused {
            canvas.stroke(
                Path.roundedRect(bounds.insetBy(dx: 1, dy: 1), radius: max(6, cornerRadius)), with: .tint, lineWidth: 2)
        }
    }
}
