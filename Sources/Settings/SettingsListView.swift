import Foundation
import Graphics
import UI

/// A page's groups as iPadOS 26 draws an inset-grouped list: each group a rounded card on the
/// grouped background, a header above it and a note below, rows with a hairline between them.
@MainActor final class SettingsListView: ScrollView {
    /// The page shown.
    let page: SettingsPage
    /// What the page holds.
    var content: SettingsContent
    /// Told after each reload, in the language the page was shown in (its title follows).
    var onReload: ((Language) -> Void)?
    /// Told each time the page comes on a screen (shown first, or again after Back).
    var onAppear: (() -> Void)?
    private var groups: [SettingsGroup] = []
    private var headers: [Label?] = []
    private var footers: [Label?] = []
    private var rows: [[SettingsRowView]] = []
    /// The cards' frames, as last laid out (drawn behind the rows).
    private var cards: [Rect] = []

    init(page: SettingsPage, content: SettingsContent) {
        self.page = page
        self.content = content
        super.init()
        backgroundColor = SettingsMetrics.listBackground
        identifier = "settings-list"
    }

    /// Reads the page again from the store, in the language of the screen it is on.
    func reload() {
        let language = self.language
        show(content.groups(of: page), language: language)
        onReload?(language)
    }

    /// The language the rows were last made in (nil: not yet shown, or out of date).
    private var shownLanguage: Language?

    /// The store changed while the page was not on a screen: it reads it again when it shows.
    func markStale() { shownLanguage = nil }

    override func didMoveToRoot() {
        guard root != nil else { return }
        // On a screen for the first time, or on one that speaks another language.
        if shownLanguage != language { reload() }
        onAppear?()
    }

    /// Shows `groups`, their words in `language`.
    func show(_ groups: [SettingsGroup], language: Language) {
        shownLanguage = language
        for v in subviews { v.removeFromSuperview() }
        self.groups = groups
        headers = groups.map { g in
            g.header.map { h in
                let l = Label(h.resolved(language).uppercased(with: language), style: .footnote, color: .secondaryLabel)
                l.accessibilityTraits = .header
                return l
            }
        }
        footers = groups.map { g in
            g.footer.map { f in
                let l = Label(f.resolved(language), style: .footnote, color: .secondaryLabel)
                l.numberOfLines = 0
                return l
            }
        }
        rows = groups.map { g in g.rows.map { SettingsRowView(row: $0, language: language) } }
        for v in headers.compactMap({ $0 }) + footers.compactMap({ $0 }) { addSubview(v) }
        for v in rows.joined() { addSubview(v) }
        setNeedsLayout()
        setNeedsDisplay()
    }

    override func layoutSubviews() {
        let margin = SettingsMetrics.groupMargin
        let width = max(0, bounds.width - 2 * margin)
        // Rows and headers grow with the text size, as their text does.
        let metrics = fontMetrics
        let rowHeight = metrics.scaledValue(SettingsMetrics.rowHeight)
        var y = SettingsMetrics.groupSpacing
        cards = []
        for (i, group) in groups.enumerated() {
            if let header = headers[i] {
                y += metrics.scaledValue(SettingsMetrics.headerHeight) - SettingsMetrics.groupSpacing
                header.frame = Rect(
                    margin + SettingsMetrics.rowInset, y - metrics.scaledValue(25),
                    width - 2 * SettingsMetrics.rowInset,
                    metrics.scaledValue(18))
            }
            let top = y
            for (j, row) in rows[i].enumerated() {
                row.frame = Rect(margin, y, width, rowHeight)
                row.showsSeparator = j < group.rows.count - 1
                y += rowHeight
            }
            cards.append(Rect(margin, top, width, y - top))
            if let footer = footers[i] {
                let w = width - 2 * SettingsMetrics.rowInset
                let h = footer.sizeThatFits(Size(w, .infinity)).height
                footer.frame = Rect(margin + SettingsMetrics.rowInset, y + SettingsMetrics.footerGap, w, h)
                y += SettingsMetrics.footerGap + h
            }
            y += SettingsMetrics.groupSpacing + (i + 1 < headers.count && headers[i + 1] == nil ? 12 : 0)
        }
        contentSize = Size(bounds.width, y)
    }

    override func draw(in canvas: any Canvas) {
        for card in cards where !card.isEmpty {
            canvas.fill(
                Path.roundedRect(card, radius: SettingsMetrics.groupRadius), with: SettingsMetrics.groupBackground)
        }
    }

    /// The rows shown now (for tests).
    var rowViews: [SettingsRowView] { Array(rows.joined()) }
}

extension String {
    /// Upper case as `language` writes it.
    fileprivate func uppercased(with language: Language) -> String {
        uppercased(with: Locale(identifier: language == .ru ? "ru_RU" : "en_US"))
    }
}

/// One row of a group: its title, a value at the right, and a switch, checkmark or chevron.
@MainActor final class SettingsRowView: View {
    let row: SettingsRow
    let title: Label
    let detail: Label?
    let toggle: Switch?
    var showsSeparator = true { didSet { if showsSeparator != oldValue { setNeedsDisplay() } } }
    private var isHighlighted = false { didSet { if isHighlighted != oldValue { setNeedsDisplay() } } }

    init(row: SettingsRow, language: Language) {
        self.row = row
        let titleText = row.title.resolved(language)
        title = Label(titleText, style: .body)
        detail = row.detail.map { Label($0.resolved(language), style: .body, color: .secondaryLabel) }
        if case .toggle(let isOn, let change) = row.accessory {
            let s = Switch(isOn: isOn, label: titleText)
            s.onChange = change
            toggle = s
        } else {
            toggle = nil
        }
        super.init()
        title.isAccessibilityElement = false
        addSubview(title)
        if let detail {
            detail.alignment = .right
            detail.isAccessibilityElement = false
            addSubview(detail)
        }
        if let toggle {
            addSubview(toggle)
            isAccessibilityElement = false
        } else {
            accessibilityLabel = titleText
            accessibilityValue = detail?.text
            accessibilityTraits = row.action == nil ? .staticText : .button
            if case .check(true) = row.accessory { accessibilityTraits.insert(.selected) }
        }
        identifier = "settings-row"
    }

    /// Whether the row is a chosen choice.
    var isChecked: Bool {
        if case .check(let on) = row.accessory { return on }
        return false
    }

    override var handlesOwnTaps: Bool { row.action != nil }

    /// A touch on the row's words is the row's; one on its switch, the switch's.
    override func hitTest(_ p: Point) -> View? {
        guard let hit = super.hitTest(p) else { return nil }
        return hit === toggle ? hit : self
    }
    override var canBecomeFocused: Bool { row.action != nil }

    override func touchBegan(_ touch: Touch, at point: Point) { isHighlighted = row.action != nil }
    override func touchMoved(_ touch: Touch, at point: Point) {
        isHighlighted = row.action != nil && bounds.contains(point)
    }
    override func touchCancelled(_ touch: Touch) { isHighlighted = false }
    override func touchEnded(_ touch: Touch, at point: Point) {
        let act = isHighlighted
        isHighlighted = false
        if act { row.action?() }
    }

    override func handleKey(_ press: KeyPress) -> Bool {
        guard press.key == .return || press.key == .space, let action = row.action else { return false }
        action()
        return true
    }

    override func layoutSubviews() {
        let inset = SettingsMetrics.rowInset
        var right = bounds.width - inset
        switch row.accessory {
        case .toggle:
            let size = Switch.size
            toggle?.frame = Rect(right - size.width, (bounds.height - size.height) / 2, size.width, size.height)
            right -= size.width + 8
        case .check: right -= SettingsMetrics.checkmarkSize + 8
        case .chevron: right -= SettingsMetrics.chevronSize + 8
        case .none: break
        }
        var titleWidth = right - inset
        if let detail {
            let w = min(detail.sizeThatFits(Size(.infinity, bounds.height)).width.rounded(.up), (right - inset) * 0.6)
            detail.frame = Rect(right - w, 0, w, bounds.height)
            titleWidth = right - w - 8 - inset
        }
        title.frame = Rect(inset, 0, max(0, titleWidth), bounds.height)
    }

    override func draw(in canvas: any Canvas) {
        if isHighlighted { canvas.fill(bounds, with: .systemGray5) }
        let inset = SettingsMetrics.rowInset
        switch row.accessory {
        case .check(true):
            let s = SettingsMetrics.checkmarkSize
            canvas.drawSymbol(
                "checkmark", in: Rect(bounds.width - inset - s, (bounds.height - s) / 2, s, s), tint: .tint)
        case .chevron:
            let s = SettingsMetrics.chevronSize
            canvas.drawSymbol(
                "chevron.right", in: Rect(bounds.width - inset - s, (bounds.height - s) / 2, s, s), tint: .tertiaryLabel
            )
        default: break
        }
        if showsSeparator {
            canvas.fill(
                Rect(inset, bounds.height - canvas.hairline, bounds.width - inset, canvas.hairline), with: .separator)
        }
    }
}
