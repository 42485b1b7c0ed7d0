import Graphics
import UI

/// The bar of the menu bar: the app's menus' titles across the top of the screen, the app's name
/// first and in bold, and the search field at the trailing end; the open menu's title highlighted.
@MainActor public final class MenuBarStripView: View {
    /// The titles, leading to trailing.
    public private(set) var titleViews: [MenuBarTitleView] = []
    /// The search field.
    public let searchField = MenuBarSearchField(placeholder: "")

    /// Titles in `language`; the one at `appMenu` (the app's own menu, with its name) is bold.
    init(titles: [LocalizedString], appMenu: Int?, language: Language) {
        super.init()
        backgroundColor = MenuBarMetrics.barMaterial
        shadow = MenuBarMetrics.barShadow
        accessibilityLabel = MenuBarStrings.menuBar.resolved(language)
        for (i, t) in titles.enumerated() {
            let v = MenuBarTitleView(title: t.resolved(language), isAppName: i == appMenu)
            titleViews.append(v)
            addSubview(v)
        }
        searchField.placeholder = MenuBarStrings.search.resolved(language)
        searchField.accessibilityLabel = MenuBarStrings.search.resolved(language)
        searchField.backgroundColor = .tertiarySystemFill
        searchField.cornerRadius = MenuBarMetrics.searchFieldRadius
        addSubview(searchField)
    }

    /// Which title is highlighted (its menu is open).
    var highlighted: Int? {
        didSet {
            guard highlighted != oldValue else { return }
            for (i, v) in titleViews.enumerated() { v.isOpen = i == highlighted }
        }
    }

    public override func layoutSubviews() {
        let m = environment.textMeasurer
        var x = MenuBarMetrics.barInset - MenuBarMetrics.titlePadding
        let h = MenuBarMetrics.barHeight
        let fieldW = min(MenuBarMetrics.searchFieldWidth, max(120, bounds.width / 4))
        let fieldX = bounds.width - MenuBarMetrics.barInset - fieldW
        for v in titleViews {
            let w = m.measure(TextLayout(v.title, font: v.font)).width + 2 * MenuBarMetrics.titlePadding
            v.frame = Rect(x, bounds.height - h, min(w, max(0, fieldX - x)), h)
            x += w
        }
        searchField.frame = Rect(
            fieldX, bounds.height - h + (h - MenuBarMetrics.searchFieldHeight) / 2, fieldW,
            MenuBarMetrics.searchFieldHeight)
    }

    public override func draw(in canvas: any Canvas) {
        canvas.fill(
            Rect(0, bounds.maxY - canvas.hairline, bounds.width, canvas.hairline), with: MenuBarMetrics.barSeparator)
    }
}

/// One menu's title in the bar: a button that opens the menu.
@MainActor public final class MenuBarTitleView: View {
    /// The menu's title, in the app's language.
    public let title: String
    let font: Font
    var isOpen = false {
        didSet {
            guard isOpen != oldValue else { return }
            if isOpen { accessibilityTraits.insert(.selected) } else { accessibilityTraits.remove(.selected) }
            setNeedsDisplay()
        }
    }

    init(title: String, isAppName: Bool) {
        self.title = title
        let base = Font.preferred(MenuBarMetrics.titleStyle)
        font = isAppName ? base.weight(.semibold) : base
        super.init()
        isAccessibilityElement = true
        accessibilityLabel = title
        accessibilityTraits = [.button, .menuItem]
    }

    public override func draw(in canvas: any Canvas) {
        let b = bounds
        if isOpen {
            let hl = Rect(
                b.minX, b.midY - MenuBarMetrics.titleHighlightHeight / 2, b.width, MenuBarMetrics.titleHighlightHeight)
            canvas.fill(
                Path.roundedRect(hl, radius: MenuBarMetrics.titleHighlightRadius),
                with: MenuBarMetrics.titleHighlightColor)
        }
        let l = TextLayout(
            title, font: font, color: .label, lineLimit: 1, width: max(0, b.width - 2 * MenuBarMetrics.titlePadding))
        let size = canvas.textMeasurer.measure(l)
        canvas.drawText(l, at: Point(b.minX + MenuBarMetrics.titlePadding, b.midY - size.height / 2))
    }
}

/// The menu bar's search field: typing in it finds commands. The arrows that move between menus and
/// down their rows, Return, Esc and Tab go on to the menu bar (left and right only while it is empty,
/// else they move its caret).
@MainActor public final class MenuBarSearchField: SearchField {
    public override func handleKey(_ press: KeyPress) -> Bool {
        switch press.key {
        case .up, .down, .return, .escape, .tab: return false
        case .left, .right: return text.isEmpty ? false : super.handleKey(press)
        default: return super.handleKey(press)
        }
    }
}
