import Graphics
import UI

extension MenuRow {
    /// How a presentation draws its rows: a context menu's with icons at the trailing side; the menu
    /// bar's with each command's keyboard shortcut there instead (as iPadOS's menu bar menus).
    public struct Style: Sendable, Hashable {
        /// Whether rows show their commands' symbols.
        public var showsImages: Bool
        /// Whether rows show their commands' keyboard shortcuts, right-aligned.
        public var showsShortcuts: Bool

        /// A context menu's rows: symbols, no shortcuts.
        public static let contextMenu = Style(showsImages: true, showsShortcuts: false)
        /// The menu bar's rows: shortcuts, no symbols.
        public static let menuBar = Style(showsImages: false, showsShortcuts: true)
    }

    /// The panel's width and each row's height for `rows`: as wide as the longest title needs, within
    /// `MenuMetrics.panelWidth…maximumPanelWidth`; a title longer than that wraps to a second line and
    /// its row grows by a line. Titles and the rows of text grow with the text size (`metrics`), as
    /// iPadOS's menus do with Dynamic Type; bands and rows of tiles keep theirs.
    static func fit(
        _ rows: [MenuRow], language: Language, measurer: any TextMeasuring, maximumWidth: Double,
        metrics: FontMetrics, style: Style = .contextMenu
    ) -> (width: Double, heights: [Double]) {
        let checkmarks = showsCheckmarks(rows)
        let leading = MenuMetrics.rowLeadingInset + (checkmarks ? MenuMetrics.checkmarkColumn : 0)
        let font = metrics.scaledFont(Font.preferred(MenuMetrics.titleStyle))
        var needed = MenuMetrics.panelWidth
        for r in rows {
            guard let title = r.titleText(language) else { continue }
            let w = measurer.measure(TextLayout(title, font: font)).width
            needed = max(needed, leading + w + r.trailingSpace(style, measurer: measurer, metrics: metrics))
        }
        let width = min(
            needed.rounded(.up), max(MenuMetrics.panelWidth, min(MenuMetrics.maximumPanelWidth, maximumWidth)))
        let oneLine = measurer.measure(TextLayout("Ag", font: font)).height
        let heights = rows.map { r -> Double in
            guard let title = r.titleText(language) else { return r.height(metrics) }
            let available = width - leading - r.trailingSpace(style, measurer: measurer, metrics: metrics)
            let h = measurer.measure(
                TextLayout(title, font: font, lineLimit: MenuMetrics.titleLineLimit, width: available)
            ).height
            return h > oneLine * 1.5 ? r.height(metrics) + (h - oneLine).rounded(.up) : r.height(metrics)
        }
        return (width, heights)
    }

    /// The title a row shows, if it is a row of text that can wrap.
    func titleText(_ language: Language) -> String? {
        switch kind {
        case .action(let a): a.title.resolved(language)
        case .submenu(let m): m.title.resolved(language)
        case .back(let m): m.title.resolved(language)
        default: nil
        }
    }

    /// The row's height at the text size of `metrics`: a row of text grows with it; a band and a row
    /// of tiles keep theirs.
    func height(_ metrics: FontMetrics) -> Double {
        switch kind {
        case .band, .tiles: height
        case .header, .back, .action, .submenu, .loading: metrics.scaledValue(height)
        }
    }

    /// The room a row keeps on its trailing side: the inset and its icons (and a submenu's chevron),
    /// or its shortcut (at the text size of `metrics`).
    func trailingSpace(_ style: Style, measurer: any TextMeasuring, metrics: FontMetrics) -> Double {
        let icon = MenuMetrics.iconSize + MenuMetrics.iconSpacing
        var trailing = MenuMetrics.rowTrailingInset
        switch kind {
        case .action(let a):
            if style.showsImages, a.image != nil { trailing += icon }
            if style.showsShortcuts, let s = a.shortcut {
                trailing += Self.shortcutWidth(s, measurer: measurer, metrics: metrics) + MenuBarMetrics.shortcutGap
            }
        case .submenu(let m): trailing += icon + (style.showsImages && m.image != nil ? icon : 0)
        case .back: trailing += icon
        default: break
        }
        return trailing
    }

    /// The width of a shortcut as a row prints it at the text size of `metrics`.
    static func shortcutWidth(_ s: KeyPress, measurer: any TextMeasuring, metrics: FontMetrics) -> Double {
        measurer.measure(TextLayout(s.symbols, font: metrics.scaledFont(Font.preferred(MenuBarMetrics.shortcutStyle))))
            .width
    }
}
