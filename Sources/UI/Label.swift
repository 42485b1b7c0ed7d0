import Graphics

/// A read-only piece of text (as `UILabel`).
@MainActor open class Label: View {
    /// A label saying `text` as it is, in every language (a name, a number, what a person wrote).
    public convenience init(_ text: String = "", style: TextStyle = .body, color: Color = .label) {
        self.init(LocalizedString(verbatim: text), style: style, color: color)
    }

    /// A label saying `text` in the language of the screen it is on, resolved as it is measured and
    /// drawn: the same label reads again in another language when its screen's changes.
    public init(_ text: LocalizedString, style: TextStyle = .body, color: Color = .label) {
        self.localizedText = text
        self.font = .preferred(style)
        self.textColor = color
        super.init()
        accessibilityTraits = .staticText
    }

    /// What the label says, in every language.
    public var localizedText: LocalizedString {
        didSet {
            if localizedText != oldValue {
                setNeedsDisplay()
                setNeedsLayout()
                superview?.setNeedsLayout()
            }
        }
    }

    /// What the label says in its screen's language; set, a string that reads the same in every one.
    public var text: String {
        get { localizedText.resolved(language) }
        set { localizedText = LocalizedString(verbatim: newValue) }
    }
    public var font: Font {
        didSet {
            if font != oldValue {
                setNeedsDisplay()
                superview?.setNeedsLayout()
            }
        }
    }
    public var textColor: Color {
        didSet { if textColor != oldValue { setNeedsDisplay() } }
    }
    public var alignment: TextAlignment = .natural {
        didSet { setNeedsDisplay() }
    }
    /// 0 for no limit.
    public var numberOfLines = 1 {
        didSet {
            setNeedsDisplay()
            superview?.setNeedsLayout()
        }
    }
    public var truncation: Truncation = .tail {
        didSet { setNeedsDisplay() }
    }

    /// A label speaks its text unless it was given another label.
    open override var accessibilityLabelOrText: String? { accessibilityLabel ?? (text.isEmpty ? nil : text) }

    func layout(width: Double?) -> TextLayout {
        let screen = environment
        return TextLayout(
            localizedText.resolved(screen.language), font: screen.fontMetrics.scaledFont(font), color: textColor,
            alignment: alignment, lineLimit: numberOfLines,
            truncation: truncation, width: width)
    }

    open override func sizeThatFits(_ size: Size) -> Size {
        let w: Double? = size.width.isFinite ? size.width : nil
        let m = environment.textMeasurer.measure(layout(width: w))
        return Size(m.width.rounded(.up), m.height.rounded(.up))
    }

    open override func draw(in canvas: any Canvas) {
        let l = layout(width: bounds.width)
        let h = canvas.textMeasurer.measure(l).height
        // Centred vertically in the label's box, as UILabel does.
        canvas.drawText(l, at: Point(bounds.minX, bounds.minY + max(0, (bounds.height - h) / 2)))
    }
}

/// An SF-Symbol-style icon or a bitmap (as `UIImageView`).
@MainActor open class ImageView: View {
    public init(symbol: String? = nil, tint: Color = .tint) {
        self.symbol = symbol
        self.tint = tint
        super.init()
        accessibilityTraits = .image
    }

    public var symbol: String? {
        didSet { if symbol != oldValue { setNeedsDisplay() } }
    }
    public var image: PixelImage? {
        didSet { setNeedsDisplay() }
    }
    public var tint: Color {
        didSet { if tint != oldValue { setNeedsDisplay() } }
    }

    open override func draw(in canvas: any Canvas) {
        if let image {
            canvas.drawImage(image, in: bounds, opacity: 1)
        } else if let symbol {
            canvas.drawSymbol(symbol, in: bounds, tint: tint)
        }
    }
}
