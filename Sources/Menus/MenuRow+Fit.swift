import Graphics
import UI

extension MenuRow {
    /// The panel's width and each row's height for `rows`: as wide as the longest title needs, within
    /// `MenuMetrics.panelWidth…maximumPanelWidth`; a title longer than that wraps to a second line and
    /// its row grows by a line.
    static func fit(
        _ rows: [MenuRow], language: Language, measurer: any TextMeasuring, maximumWidth: Double
    ) -> (width: Double, heights: [Double]) {
        let checkmarks = showsCheckmarks(rows)
        let leading = MenuMetrics.rowLeadingInset + (checkmarks ? MenuMetrics.checkmarkColumn : 0)
        let font = Font.preferred(MenuMetrics.titleStyle)
        var needed = MenuMetrics.panelWidth
        for r in rows {
            guard let title = r.titleText(language) else { continue }
            let w = measurer.measure(TextLayout(title, font: font)).width
            needed = max(needed, leading + w + r.trailingSpace)
        }
        let width = min(
            needed.rounded(.up), max(MenuMetrics.panelWidth, min(MenuMetrics.maximumPanelWidth, maximumWidth)))
        let oneLine = measurer.measure(TextLayout("Ag", font: font)).height
        let heights = rows.map { r -> Double in
            guard let title = r.titleText(language) else { return r.height }
            let available = width - leading - r.trailingSpace
            let h = measurer.measure(
                TextLayout(title, font: font, lineLimit: MenuMetrics.titleLineLimit, width: available)
            ).height
            return h > oneLine * 1.5 ? r.height + (h - oneLine).rounded(.up) : r.height
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

    /// The room a row keeps on its trailing side: the inset and its icons (and a submenu's chevron).
    var trailingSpace: Double {
        let icon = MenuMetrics.iconSize + MenuMetrics.iconSpacing
        var trailing = MenuMetrics.rowTrailingInset
        switch kind {
        case .action(let a): trailing += a.image != nil ? icon : 0
        case .submenu(let m): trailing += icon + (m.image != nil ? icon : 0)
        case .back: trailing += icon
        default: break
        }
        return trailing
    }
}
