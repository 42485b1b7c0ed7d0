import Graphics
import Menus
import Search
import SystemUI
import UI

/// Spotlight: a search field over the blurred screen and what it finds as the person types — the top
/// hit first, then the rest by kind (apps and programs, then the focused app's menu commands). The
/// arrows move the selection, Return opens it, Esc or a tap outside puts Spotlight away.
@MainActor public final class SpotlightView: View, AccessibilityDescribing {
    /// The search field.
    public let field = SpotlightSearchField(placeholder: SpotlightStrings.search)
    /// The results, a row each, in the order shown.
    public private(set) var rows: [SpotlightRowView] = []
    /// The row Return opens (nil: none).
    public private(set) var selected: Int?
    /// The blurred screen behind it: Spotlight then covers the screen (what is under it is neither
    /// drawn nor read by a screen reader).
    var backdrop: MenuBackdrop? { didSet { isOpaqueCover = backdrop != nil } }
    /// Told when the text changes, when a row is chosen, and when it should go away.
    var onChange: ((String) -> Void)?
    var onChoose: ((SearchItem) -> Void)?
    var onDismiss: (() -> Void)?
    /// The section a result is listed under after the top hit (nil: by its kind, `SpotlightStrings`).
    var sectionOf: ((SearchItem) -> LocalizedString?)?
    private let platter = View()
    private var headers: [Label] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        localizedAccessibilityLabel = SpotlightStrings.spotlight
        isAccessibilityElement = false
        accessibilityTraits = .window
        platter.backgroundColor = SpotlightMetrics.platterColor
        platter.cornerRadius = SpotlightMetrics.cornerRadius
        platter.isHidden = true
        addSubview(platter)
        field.onChange = { [weak self] text in self?.onChange?(text) }
        addSubview(field)
        // A tap outside the field and the results puts Spotlight away.
        addGestureRecognizer(
            TapGestureRecognizer { [weak self] gesture in
                guard let self else { return }
                let point = gesture.location(in: self)
                let onResults = !self.platter.isHidden && self.platter.frame.contains(point)
                if !self.field.frame.contains(point) && !onResults { self.onDismiss?() }
            })
    }

    /// Shows these results: `items` in order, each with its icon (`icon`; nil: its kind's symbol),
    /// under a header where the kind changes (the first is the top hit). A row or a header shown for
    /// the last keystroke is kept, and only new ones are made: each letter typed changes a few of a
    /// dozen rows; a row kept keeps its picture. Returns the rows made.
    @discardableResult
    func setResults(_ items: [SearchItem], icon: (SearchItem) -> View?) -> [SpotlightRowView] {
        var keptRows = Dictionary(rows.map { ($0.item, $0) }, uniquingKeysWith: { first, _ in first })
        var keptHeaders = Dictionary(headers.map { ($0.localizedText, $0) }, uniquingKeysWith: { first, _ in first })
        var made: [SpotlightRowView] = []
        rows = items.map { item in
            if let kept = keptRows.removeValue(forKey: item) {
                // Shown again: it keeps its picture from now on (made once, then copied).
                kept.rasterizes = true
                return kept
            }
            // Drawn straight the first time: a picture made for a row that the next letter may
            // take away would only add its allocation and a copy to the first letter's frame.
            let row = SpotlightRowView(item: item, icon: icon(item))
            row.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onChoose?(item) })
            platter.addSubview(row)
            made.append(row)
            return row
        }
        for gone in keptRows.values { gone.removeFromSuperview() }
        var shownHeaders: [Label] = []
        var lastSection: LocalizedString?
        for (index, row) in rows.enumerated() {
            let section =
                index == 0
                ? SpotlightStrings.topHit : sectionOf?(row.item) ?? SpotlightStrings.section(of: row.item.kind)
            row.header = nil
            if section != lastSection {
                let header = keptHeaders.removeValue(forKey: section) ?? makeHeader(section)
                shownHeaders.append(header)
                row.header = header
                lastSection = section
            }
        }
        // Read (and drawn) in the results' order.
        let order: [View] = rows.flatMap { row in [row.header, row].compactMap { $0 } }
        if !platter.subviews.elementsEqual(order, by: ===) {
            for view in order { platter.bringSubviewToFront(view) }
        }
        for gone in keptHeaders.values { gone.removeFromSuperview() }
        headers = shownHeaders
        platter.isHidden = rows.isEmpty
        select(rows.isEmpty ? nil : 0)
        setNeedsLayout()
        return made
    }

    private func makeHeader(_ section: LocalizedString) -> Label {
        let header = Label(section, style: .footnote, color: .secondaryLabel)
        header.font = Font(size: 13, weight: .semibold)
        header.accessibilityTraits = .header
        platter.addSubview(header)
        return header
    }

    /// Selects a row (clamped; nil: none).
    func select(_ index: Int?) {
        selected = index.map { max(0, min($0, rows.count - 1)) }
        for (position, row) in rows.enumerated() { row.isSelected = position == selected }
    }

    /// While it shows, what is under it is not read (as `accessibilityViewIsModal`).
    public var accessibilityIsModal: Bool { true }

    public override func handleKey(_ press: KeyPress) -> Bool {
        guard press.modifiers.isEmpty else { return false }
        switch press.key {
        case .down:
            select((selected ?? -1) + 1)
        case .up:
            select((selected ?? 1) - 1)
        case .return:
            if let selected, rows.indices.contains(selected) { onChoose?(rows[selected].item) }
        case .escape:
            onDismiss?()
        default:
            return false
        }
        return true
    }

    public override func layoutSubviews() {
        let width = min(SpotlightMetrics.width, bounds.width - 2 * SpotlightMetrics.sideMargin)
        let left = (bounds.width - width) / 2
        field.frame = Rect(left, SpotlightMetrics.top, width, SpotlightMetrics.fieldHeight)
        var y = SpotlightMetrics.inset
        for row in rows {
            if let header = row.header {
                header.frame = Rect(SpotlightMetrics.inset + 8, y, width - 2 * SpotlightMetrics.inset, 24)
                y += 26
            }
            row.frame = Rect(SpotlightMetrics.inset, y, width - 2 * SpotlightMetrics.inset, SpotlightMetrics.rowHeight)
            y += SpotlightMetrics.rowHeight
        }
        let maxHeight = bounds.height - field.frame.maxY - SpotlightMetrics.gap - SpotlightMetrics.bottomMargin
        platter.frame = Rect(
            left, field.frame.maxY + SpotlightMetrics.gap, width, min(maxHeight, y + SpotlightMetrics.inset))
        platter.clipsToBounds = true
    }

    public override func draw(in canvas: any Canvas) {
        if let backdrop {
            backdrop.draw(in: canvas, rect: bounds, opacity: 1)
        } else {
            canvas.fill(bounds, with: SpotlightMetrics.dim)
        }
    }
}

/// Spotlight's search field: a magnifier, the placeholder, what is typed. The arrows, Return and
/// Esc go on to Spotlight.
@MainActor public final class SpotlightSearchField: SearchField {
    override init(placeholder: LocalizedString) {
        super.init(placeholder: placeholder)
        symbolFraction = 0.42
        symbolInset = 18
        textGap = 8
        backgroundColor = SpotlightMetrics.platterColor
        cornerRadius = SpotlightMetrics.fieldHeight / 2
        font = Font(size: 22, weight: .regular)
        textInputTraits.returnKeyType = .go
        textInputTraits.showsSuggestions = false
        textInputTraits.autocapitalization = .none
    }

    public override func handleKey(_ press: KeyPress) -> Bool {
        switch press.key {
        case .up, .down, .return, .escape: return false
        default: return super.handleKey(press)
        }
    }

}

/// One result: its icon, its title and a line under it (a program's kind, a command's menu).
@MainActor public final class SpotlightRowView: View {
    /// What it shows.
    public let item: SearchItem
    /// The header over it, when it starts a section.
    var header: Label?
    /// Whether Return opens it (drawn highlighted).
    var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    private let icon: View?

    init(item: SearchItem, icon: View?) {
        self.item = item
        self.icon = icon
        super.init()
        localizedAccessibilityLabel = item.title
        accessibilityTraits = .button
        if let icon {
            // The row opens the app (once): an app's icon keeps its touch and hold, not its tap.
            for recognizer in icon.gestureRecognizers where recognizer is TapGestureRecognizer {
                icon.removeGestureRecognizer(recognizer)
            }
            icon.isAccessibilityElement = false
            addSubview(icon)
        }
    }

    public override func layoutSubviews() {
        let side = SpotlightMetrics.iconSide
        icon?.frame = Rect(10, (bounds.height - side) / 2, side, side)
    }

    public override func draw(in canvas: any Canvas) {
        if isSelected {
            canvas.fill(Path.roundedRect(bounds, radius: 10), with: SpotlightMetrics.selection)
        }
        let side = SpotlightMetrics.iconSide
        if icon == nil {
            let symbol = item.kind == .command ? "list.bullet" : "magnifyingglass"
            canvas.drawSymbol(
                symbol, in: Rect(10 + side * 0.2, (bounds.height - side * 0.6) / 2, side * 0.6, side * 0.6),
                tint: .secondaryLabel)
        }
        let x = 10 + side + 12
        let width = max(0, bounds.width - x - 10)
        let title = TextLayout(
            item.title.resolved(language), font: Font(size: 17, weight: .medium), color: .label, lineLimit: 1,
            width: width)
        let titleSize = canvas.textMeasurer.measure(title)
        if let subtitle = item.subtitle?.resolved(language), !subtitle.isEmpty {
            let sub = TextLayout(subtitle, font: Font(size: 13), color: .secondaryLabel, lineLimit: 1, width: width)
            let subSize = canvas.textMeasurer.measure(sub)
            let top = (bounds.height - titleSize.height - subSize.height - 2) / 2
            canvas.drawText(title, at: Point(x, top))
            canvas.drawText(sub, at: Point(x, top + titleSize.height + 2))
        } else {
            canvas.drawText(title, at: Point(x, (bounds.height - titleSize.height) / 2))
        }
    }
}
