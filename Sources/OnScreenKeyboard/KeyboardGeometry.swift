import Graphics

/// Where each key of a page goes, tested to the point: letter keys all of one width (the widest a
/// page's fullest row allows), the row's flexible keys (Delete, return, Shift, space) sharing what
/// is left, and a row with none centred.
public enum KeyboardGeometry {
    /// The keys' rectangles, row by row, in `area` (the keys' part of the keyboard); gaps' rectangles
    /// are empty.
    /// `compact` is the floating keyboard's, an iPhone's: narrow gaps and margins.
    public static func frames(_ page: KeyboardPage, in area: Rect, landscape: Bool, compact: Bool = false) -> [[Rect]] {
        let gap = compact ? KeyboardMetrics.compactKeyGap : KeyboardMetrics.keyGap(landscape: landscape)
        let inner = area.inset(
            by: compact ? KeyboardMetrics.compactMargins : KeyboardMetrics.margins(landscape: landscape))
        let rows = page.rows
        guard !rows.isEmpty, inner.width > 0, inner.height > 0 else { return rows.map { $0.map { _ in .zero } } }
        let rowHeight = (inner.height - gap.down * Double(rows.count - 1)) / Double(rows.count)
        // The unit (a letter key's width): the largest that lets every row fit.
        var unit = Double.infinity
        for row in rows where !row.isEmpty {
            let units = row.reduce(0.0) { sum, key in
                switch key.width {
                case .units(let u): sum + u
                case .flexible: sum + KeyboardMetrics.flexibleMinimum
                }
            }
            let gaps = gap.across * Double(row.count - 1)
            unit = min(unit, (inner.width - gaps) / units)
        }
        if !unit.isFinite { unit = 0 }
        return rows.enumerated().map { r, row in
            let y = inner.minY + Double(r) * (rowHeight + gap.down)
            let fixed = row.reduce(0.0) { sum, key in
                if case .units(let u) = key.width { return sum + u * unit }
                return sum
            }
            let flexibleCount = row.filter { $0.width == .flexible }.count
            let gaps = gap.across * Double(max(0, row.count - 1))
            let left = inner.width - fixed - gaps
            let flexWidth = flexibleCount > 0 ? left / Double(flexibleCount) : 0
            var x = inner.minX + (flexibleCount > 0 ? 0 : max(0, left) / 2)
            return row.map { key in
                let w: Double
                switch key.width {
                case .units(let u): w = u * unit
                case .flexible: w = flexWidth
                }
                defer { x += w + gap.across }
                if key.kind == .gap { return .zero }
                return Rect(
                    x.rounded(), y.rounded(), (x + w).rounded() - x.rounded(), (y + rowHeight).rounded() - y.rounded())
            }
        }
    }

    /// The keyboard's whole height when docked, the bar included.
    public static func dockedHeight(landscape: Bool) -> Double {
        KeyboardMetrics.keysHeight(landscape: landscape) + KeyboardMetrics.barHeight(landscape: landscape)
    }
}
