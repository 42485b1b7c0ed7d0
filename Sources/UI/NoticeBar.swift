import Graphics

/// A notice a window shows about itself at the top of its content — a document that could not be
/// saved, text kept from a save that failed — with a symbol, a message and the actions that help
/// (Retry, Copy Text), as iPadOS's in-window banners. It says its message once and stays until what
/// it is about is over; its height follows its text (`sizeThatFits`).
@MainActor public final class NoticeBar: View {
    private let symbolView: ImageView
    private let label = Label("", style: .subheadline)
    /// The action buttons, in order.
    public private(set) var buttons: [Button] = []

    /// A notice with `symbol` in `tint` (a warning by default).
    public init(symbol: String = "exclamationmark.triangle", tint: Color = .systemOrange) {
        symbolView = ImageView(symbol: symbol, tint: tint)
        super.init()
        identifier = "notice"
        backgroundColor = .secondarySystemBackground
        cornerRadius = AlertMetrics.noticeCornerRadius
        label.numberOfLines = 0
        symbolView.isAccessibilityElement = false
        addSubview(symbolView)
        addSubview(label)
    }

    /// What the notice says, in its screen's language as it is shown.
    public var message: LocalizedString {
        get { label.localizedText }
        set {
            label.localizedText = newValue
            localizedAccessibilityLabel = newValue
            setNeedsLayout()
        }
    }

    /// The symbol beside the message.
    public var symbol: String? {
        get { symbolView.symbol }
        set { symbolView.symbol = newValue }
    }

    /// The symbol's colour.
    public var tint: Color {
        get { symbolView.tint }
        set { symbolView.tint = newValue }
    }

    /// Replaces the action buttons: one per title, each doing its action.
    public func setActions(_ actions: [(title: LocalizedString, action: () -> Void)]) {
        for b in buttons { b.removeFromSuperview() }
        buttons = actions.map { item in
            let b = Button(title: item.title, style: .tinted, action: item.action)
            b.localizedAccessibilityLabel = item.title
            b.font = .preferred(.subheadline)
            return b
        }
        for b in buttons { addSubview(b) }
        setNeedsLayout()
    }

    private var textX: Double { AlertMetrics.noticePadding * 2 + AlertMetrics.noticeSymbolSize }

    /// The height the notice needs at `size.width`.
    public override func sizeThatFits(_ size: Size) -> Size {
        let pad = AlertMetrics.noticePadding
        let textWidth = max(40, size.width - textX - pad)
        let textHeight = max(AlertMetrics.noticeSymbolSize, label.sizeThatFits(Size(textWidth, 400)).height)
        let buttonsHeight = buttons.isEmpty ? 0 : AlertMetrics.noticeButtonSpacing + AlertMetrics.noticeButtonHeight
        return Size(size.width, pad + textHeight + buttonsHeight + pad)
    }

    public override func layoutSubviews() {
        let pad = AlertMetrics.noticePadding
        let symbolSize = AlertMetrics.noticeSymbolSize
        symbolView.frame = Rect(pad, pad, symbolSize, symbolSize)
        let textWidth = max(40, bounds.width - textX - pad)
        let textHeight = max(symbolSize, label.sizeThatFits(Size(textWidth, 400)).height)
        label.frame = Rect(textX, pad, textWidth, textHeight)
        var x = textX
        let y = label.frame.maxY + AlertMetrics.noticeButtonSpacing
        for b in buttons {
            let width = b.sizeThatFits(Size(bounds.width, AlertMetrics.noticeButtonHeight)).width
            b.frame = Rect(x, y, width, AlertMetrics.noticeButtonHeight)
            x += width + AlertMetrics.noticeButtonSpacing
        }
    }
}
