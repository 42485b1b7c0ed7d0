import Graphics
import UI

/// A row of a sidebar: a symbol (on a coloured tile, as Settings' sections; bare, as Mail's
/// mailboxes and Notes' folders), a name, and a count at the end; indented by its depth. Mail,
/// Notes and Settings subclass it for what each row shows.
@MainActor open class SidebarRowView: ListRow {
    /// UIKit's sidebar list cell: 44 pt.
    public static let height: Double = 44
    /// The leading margin, and the indent of each level deeper (UIKit's outline disclosure step).
    public static let margin: Double = 16
    public static let indentStep: Double = 20
    /// A bare symbol: 24 pt, its name 12 pt after it.
    public static let symbolSize: Double = 24
    public static let symbolGap: Double = 12
    /// The count's least width, so that short counts line up.
    public static let countWidth: Double = 48
    /// The selection of a sidebar row (systemGray4: iPadOS's unfocused sidebar selection).
    public static let selectionGray = Color(light: RGBA(hex: 0xD1D1D6), dark: RGBA(hex: 0x3A3A3C))

    /// A coloured rounded square behind the symbol (iOS Settings' icons).
    public struct Tile: Hashable, Sendable {
        /// The tile's colour.
        public var color: Color
        /// Its side, in points.
        public var size: Double
        /// Its corners' radius.
        public var radius: Double
        /// The symbol's side on it.
        public var symbolSize: Double

        /// A tile of `color`, `size` points a side with corners of `radius`, its symbol `symbolSize`.
        public init(color: Color, size: Double, radius: Double, symbolSize: Double) {
            self.color = color
            self.size = size
            self.radius = radius
            self.symbolSize = symbolSize
        }
    }

    /// The symbol.
    public let icon = ImageView(symbol: nil, tint: .tint)
    /// The name.
    public let name = Label("", style: .body)
    /// The count at the end ("" for none).
    public let count = Label("", style: .body, color: .secondaryLabel)
    /// How many levels deep the row is (indented a step each).
    public var depth = 0 { didSet { if depth != oldValue { setNeedsLayout() } } }
    /// Points before the row's margin (a row whose selection is inset from the column puts its symbol
    /// inside that inset).
    public var leadingInset = 0.0 { didSet { if leadingInset != oldValue { setNeedsLayout() } } }
    /// The tile behind the symbol, or nil for a bare symbol.
    public private(set) var tile: Tile?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .secondarySystemBackground
        for v in [icon, name, count] as [View] {
            v.isAccessibilityElement = false
            addSubview(v)
        }
        count.alignment = .right
        accessibilityTraits = .button
        selectionColor = Self.selectionGray
    }

    /// Shows `name` with `symbol` (tinted `tint`, or white on `tile`) and `count`; screen readers
    /// and scripts find the row by its name.
    public func configure(
        name text: LocalizedString, symbol: String, tint: Color = .tint, count shown: String = "", tile: Tile? = nil
    ) {
        name.localizedText = text
        icon.symbol = symbol
        icon.tint = tile == nil ? tint : .white
        count.text = shown
        self.tile = tile
        localizedAccessibilityLabel = text
        setNeedsLayout()
        setNeedsDisplay()
    }

    open override func layoutSubviews() {
        let indent = leadingInset + Self.margin + Double(depth) * Self.indentStep
        let side = tile?.size ?? Self.symbolSize
        let symbol = tile?.symbolSize ?? Self.symbolSize
        icon.frame = Rect(indent + (side - symbol) / 2, (bounds.height - symbol) / 2, symbol, symbol)
        // The count takes the width its digits need, and the name what is left.
        // A row of tiles (Settings') has no counts: its name takes the width.
        let countWidth =
            count.text.isEmpty
            ? (tile == nil ? Self.countWidth : 0)
            : max(Self.countWidth, count.sizeThatFits(Size(bounds.width, bounds.height)).width)
        count.frame = Rect(bounds.width - Self.margin - countWidth, 0, countWidth, bounds.height)
        let nameX = indent + side + Self.symbolGap
        name.frame = Rect(nameX, 0, max(0, count.frame.minX - nameX), bounds.height)
    }

    open override func draw(in canvas: any Canvas) {
        super.draw(in: canvas)
        guard let tile else { return }
        let indent = leadingInset + Self.margin + Double(depth) * Self.indentStep
        let rect = Rect(indent, (bounds.height - tile.size) / 2, tile.size, tile.size)
        canvas.fill(Path.roundedRect(rect, radius: tile.radius), with: tile.color)
    }
}
