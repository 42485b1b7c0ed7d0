import Graphics

/// A one-line field for searching (as `UISearchTextField`): a magnifier at its leading edge, then the
/// placeholder or what is typed. The menu bar's, the App Library's and Spotlight's are each one, at
/// their own sizes.
@MainActor open class SearchField: TextField {
    /// The magnifier's side, as a fraction of the field's height.
    public var symbolFraction = 0.5 { didSet { setNeedsDisplay() } }
    /// The space before the magnifier, and between it and the text (the text's own padding aside).
    public var symbolInset: Double = 8 { didSet { setNeedsDisplay() } }
    public var textGap: Double = 0 { didSet { setNeedsDisplay() } }

    /// A field showing `placeholder` while it is empty.
    public init(placeholder: LocalizedString) {
        super.init(text: "", placeholder: placeholder)
    }

    open override func draw(in canvas: any Canvas) {
        let side = bounds.height * symbolFraction
        canvas.drawSymbol(
            "magnifyingglass", in: Rect(symbolInset, (bounds.height - side) / 2, side, side), tint: .secondaryLabel)
        canvas.save()
        canvas.clip(to: bounds)
        canvas.translate(x: symbolInset + side + textGap, y: 0)
        super.draw(in: canvas)
        canvas.restore()
    }
}
