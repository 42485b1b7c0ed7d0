import Graphics
import UI

/// The menu's panel: a rounded, translucent material holding the rows (the overlay draws its shadow). Only the
/// rows on screen have views, so a menu of a thousand commands costs what a short one does; when the
/// rows do not fit, they scroll.
///
/// The panel is rasterized: its picture is made once and reused by every frame of the open and close
/// transitions, which only scale and fade it.
@MainActor final class MenuPanelView: View {
    private(set) var rows: [MenuRow] = []
    private(set) var rowFrames: [Rect] = []
    private(set) var displayOrder: [Int] = []
    /// The top of each row in display order, and the end.
    private var tops: [Double] = [0]
    /// Each row's place among the rows that can be chosen, by row index.
    private var positions: [Int: (Int, Int)] = [:]
    private var checkmarks = false
    private var visible: [Int: MenuRowView] = [:]
    private var spare: [MenuRowView] = []

    /// The highlighted row and, in a tiles row, the tile.
    private(set) var highlight: (row: Int, tile: Int?)?

    /// How the rows are drawn (a context menu's, or the menu bar's with shortcuts).
    var style = MenuRow.Style.contextMenu

    init(material: Color) {
        super.init()
        backgroundColor = material
        cornerRadius = MenuMetrics.panelCornerRadius
        clipsToBounds = true
        isUserInteractionEnabled = false
    }

    var contentHeight: Double { tops.last ?? 0 }

    /// How far the rows are scrolled.
    var contentOffset: Double = 0 {
        didSet {
            if contentOffset != oldValue { setNeedsLayout() }
        }
    }

    var maximumOffset: Double { max(0, contentHeight - bounds.height) }

    /// Shows `rows` at `frames` (content coordinates, by row index) in `order`.
    func setRows(_ rows: [MenuRow], frames: [Rect], order: [Int]) {
        self.rows = rows
        self.rowFrames = frames
        self.displayOrder = order
        var t: [Double] = [0]
        t.reserveCapacity(order.count + 1)
        for i in order { t.append(t[t.count - 1] + frames[i].height) }
        tops = t
        positions = [:]
        let choosable = order.filter { rows[$0].isSelectable }
        for (k, i) in choosable.enumerated() { positions[i] = (k + 1, choosable.count) }
        checkmarks = MenuRow.showsCheckmarks(rows)
        if let h = highlight, h.row >= rows.count { highlight = nil }
        for (_, v) in visible {
            v.removeFromSuperview()
            spare.append(v)
        }
        visible.removeAll()
        contentOffset = min(contentOffset, maximumOffset)
        setNeedsLayout()
        setNeedsDisplay()
    }

    func setHighlight(_ h: (row: Int, tile: Int?)?) {
        if h?.row == highlight?.row && h?.tile == highlight?.tile { return }
        let old = highlight?.row
        highlight = h
        for i in [old, h?.row].compactMap({ $0 }) { if let v = visible[i] { v.update(look(i)) } }
    }

    /// The row at a point in the panel's coordinates (nil on a band or outside).
    func row(at p: Point) -> Int? {
        guard bounds.contains(p) else { return nil }
        let y = p.y + contentOffset
        guard y >= 0, y < contentHeight, !displayOrder.isEmpty else { return nil }
        var lo = 0
        var hi = displayOrder.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if tops[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return displayOrder[lo]
    }

    /// The tile of tiles row `row` at a point in the panel's coordinates.
    func tile(of row: Int, at p: Point) -> Int? {
        let n = rows[row].tiles.count
        guard n > 0 else { return nil }
        return min(n - 1, max(0, Int(p.x / (bounds.width / Double(n)))))
    }

    /// Scrolls so that row `i` is in view.
    func scrollToVisible(_ i: Int) {
        let f = rowFrames[i]
        var off = contentOffset
        if f.minY < off { off = f.minY }
        if f.maxY > off + bounds.height { off = f.maxY - bounds.height }
        contentOffset = min(max(0, off), maximumOffset)
    }

    /// The row view showing row `i`, when it is on screen.
    func rowView(_ i: Int) -> MenuRowView? { visible[i] }

    /// The row a row view shows, when it is on screen.
    func row(of view: MenuRowView) -> Int? { visible.first { $0.value === view }?.key }

    /// What choosing a row does (the overlay's `choose(row:)`): set by the overlay that shows the
    /// panel, so that an assistive technology's action chooses a row as Return would, wherever the
    /// row is drawn mid-animation.
    var chooseRow: ((Int) -> Void)?

    /// The row views on screen, top to bottom.
    var visibleRowViews: [MenuRowView] {
        displayOrder.compactMap { visible[$0] }
    }

    private func look(_ i: Int) -> MenuRowView.Look {
        let k = displayPosition(of: i)
        let next = k + 1 < displayOrder.count ? rows[displayOrder[k + 1]] : nil
        let separator: Bool
        if case .band = rows[i].kind {
            separator = false
        } else if let next, case .band = next.kind {
            separator = false
        } else {
            separator = next != nil
        }
        return MenuRowView.Look(
            row: rows[i], highlighted: highlight?.row == i, tile: highlight?.row == i ? highlight?.tile : nil,
            checkmarkColumn: checkmarks, separator: separator, position: positions[i], language: language,
            metrics: fontMetrics, style: style)
    }

    private func displayPosition(of i: Int) -> Int {
        // Rows are shown in order or reversed; find the place by the row's frame.
        let y = rowFrames[i].minY
        var lo = 0
        var hi = displayOrder.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if tops[mid] <= y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    override func layoutSubviews() {
        guard !displayOrder.isEmpty else { return }
        let top = contentOffset
        let bottom = contentOffset + bounds.height
        // The display range on screen.
        var first = 0
        var lo = 0
        var hi = displayOrder.count - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if tops[mid] <= top { lo = mid } else { hi = mid - 1 }
        }
        first = lo
        var last = first
        while last + 1 < displayOrder.count && tops[last + 1] < bottom { last += 1 }
        let shown = Set(displayOrder[first...last])
        for (i, v) in visible where !shown.contains(i) {
            v.removeFromSuperview()
            spare.append(v)
            visible[i] = nil
        }
        for k in first...last {
            let i = displayOrder[k]
            let v: MenuRowView
            if let existing = visible[i] {
                v = existing
                v.update(look(i))
            } else if let reused = spare.popLast() {
                v = reused
                v.update(look(i))
                visible[i] = v
                addSubview(v)
            } else {
                v = MenuRowView(look(i))
                visible[i] = v
                addSubview(v)
            }
            v.frame = rowFrames[i].offsetBy(dx: 0, dy: -contentOffset)
        }
    }
}
