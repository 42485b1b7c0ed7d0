import Graphics

/// A scrolling list of rows with selection (as a plain `UITableView` / `UICollectionView` list).
///
/// Rows are made only for what is on screen (plus a margin) and reused as they scroll, so a list of
/// 10,000 messages costs as much as a list of twenty.
@MainActor open class ListView: ScrollView {
    /// Supplies the list's content.
    @MainActor public protocol DataSource: AnyObject {
        func numberOfRows(in list: ListView) -> Int
        /// The height of a row at the standard text size (the list grows it with the screen's, as
        /// its rows' text grows); rows of one list are usually the same.
        func list(_ list: ListView, heightOfRow row: Int) -> Double
        /// Makes a row view for `row`, or configures `reusing` (a row that scrolled away) for it.
        func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow
    }

    public weak var dataSource: (any DataSource)? {
        didSet { reloadData() }
    }

    /// Called when a row is chosen by a tap or Return.
    public var onSelect: ((Int) -> Void)?

    /// The selected row, if any.
    public var selectedRow: Int? {
        didSet {
            guard selectedRow != oldValue else { return }
            for (i, r) in visible { r.isSelected = (i == selectedRow) }
        }
    }

    public var separatorInset: Double = 16

    /// The height of every row, when all are alike (as `UITableView.rowHeight`): the data source is
    /// not asked for each row's height, and a reload of 100,000 rows costs what one of ten does. Nil:
    /// each row's height is asked for as the list is reloaded. Given at the standard text size: the
    /// list grows it with the screen's.
    public var rowHeight: Double? {
        didSet { if rowHeight != oldValue { reloadData() } }
    }

    private var rowCount = 0
    /// The uniform height the rows were laid out with at the last reload, if any.
    private var uniformHeight: Double?
    private var offsets: [Double] = [0]  // without a uniform height: offsets[i] = top of row i; last = total height
    private var visible: [Int: ListRow] = [:]
    private var spare: [ListRow] = []

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        let tap = TapGestureRecognizer { [weak self] g in
            guard let self else { return }
            let p = g.location(in: self)
            if let row = self.row(at: p) { self.choose(row) }
        }
        addGestureRecognizer(tap)
        accessibilityTraits = []
    }

    public var numberOfRows: Int { rowCount }

    /// The top of row `i` (`numberOfRows` gives the bottom of the last).
    private func top(_ i: Int) -> Double {
        if let h = uniformHeight { return Double(i) * h }
        return offsets[i]
    }

    /// The height of all the rows.
    private var totalHeight: Double { top(rowCount) }

    /// The text size changed: the rows are measured and made again at it.
    open override func environmentDidChange() {
        super.environmentDidChange()
        reloadData()
    }

    /// Reads the data source again.
    public func reloadData() {
        let n = dataSource?.numberOfRows(in: self) ?? 0
        rowCount = n
        // Heights are given at the standard text size; rows grow with the screen's.
        let metrics = fontMetrics
        uniformHeight = rowHeight.map(metrics.scaledValue)
        if uniformHeight != nil {
            offsets = [0]
        } else {
            var o = [Double](repeating: 0, count: n + 1)
            if let ds = dataSource {
                for i in 0..<n { o[i + 1] = o[i] + metrics.scaledValue(ds.list(self, heightOfRow: i)) }
            }
            offsets = o
        }
        for (_, r) in visible {
            r.removeFromSuperview()
            spare.append(r)
        }
        visible.removeAll()
        contentSize = Size(bounds.width, totalHeight)
        if let s = selectedRow, s >= n { selectedRow = nil }
        setNeedsLayout()
        setNeedsDisplay()
    }

    /// Reconfigures the rows on screen without changing the row count (a flag changed, a row read).
    public func reconfigureVisibleRows() {
        guard let ds = dataSource else { return }
        for (i, r) in visible {
            _ = ds.list(self, viewForRow: i, reusing: r)
            r.isSelected = (i == selectedRow)
            r.setNeedsDisplay()
        }
    }

    /// The content rectangle of a row.
    public func rect(ofRow i: Int) -> Rect {
        Rect(0, top(i), bounds.width, top(i + 1) - top(i))
    }

    /// The row at a point in the list's (content) coordinates.
    public func row(at p: Point) -> Int? {
        guard numberOfRows > 0, p.y >= 0, p.y < totalHeight else { return nil }
        if let h = uniformHeight, h > 0 { return min(numberOfRows - 1, Int(p.y / h)) }
        var lo = 0
        var hi = numberOfRows - 1
        while lo < hi {
            let mid = (lo + hi + 1) / 2
            if offsets[mid] <= p.y { lo = mid } else { hi = mid - 1 }
        }
        return lo
    }

    /// The row view showing row `i`, when it is on screen.
    public func visibleRow(_ i: Int) -> ListRow? { visible[i] }

    /// The rows on screen, by index.
    public var visibleRows: [(Int, ListRow)] { visible.sorted { $0.key < $1.key } }

    func choose(_ row: Int) {
        selectedRow = row
        onSelect?(row)
    }

    open override func didScroll() {
        super.didScroll()
        layoutRows()
    }

    open override func layoutSubviews() {
        contentSize = Size(bounds.width, totalHeight)
        layoutRows()
    }

    private func layoutRows() {
        guard let ds = dataSource, numberOfRows > 0 else { return }
        let top = contentOffset.y - 100
        let bottom = contentOffset.y + bounds.height + 100
        let first = row(at: Point(0, max(0, top))) ?? 0
        let last = row(at: Point(0, min(bottom, totalHeight - 0.5))) ?? (numberOfRows - 1)
        for (i, r) in visible where i < first || i > last {
            r.removeFromSuperview()
            spare.append(r)
            visible[i] = nil
        }
        guard first <= last else { return }
        for i in first...last {
            let r: ListRow
            if let v = visible[i] {
                r = v
            } else {
                r = ds.list(self, viewForRow: i, reusing: spare.popLast())
                r.isSelected = (i == selectedRow)
                visible[i] = r
                addSubview(r)
            }
            r.frame = rect(ofRow: i)
            r.separatorInset = separatorInset
            r.showsSeparator = i < numberOfRows - 1
        }
    }

    open override var canBecomeFocused: Bool { numberOfRows > 0 }

    /// The Menu key or Shift+F10 opens the selected row's context menu, as the row would open it.
    open override var menuKeyItem: View? { selectedRow.flatMap { visibleRow($0) } }

    open override func handleKey(_ press: KeyPress) -> Bool {
        switch press.key {
        case .down, .up:
            let n = numberOfRows
            guard n > 0 else { return false }
            let cur = selectedRow ?? (press.key == .down ? -1 : n)
            let next = min(max(cur + (press.key == .down ? 1 : -1), 0), n - 1)
            selectedRow = next
            scrollToVisible(rect(ofRow: next))
            return true
        case .return:
            if let s = selectedRow {
                choose(s)
                return true
            }
            return false
        default: return false
        }
    }
}

/// A row of a `ListView`: subclass it, or use its title and subtitle.
@MainActor open class ListRow: View {
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .systemBackground
    }

    public var isSelected = false {
        didSet {
            if isSelected != oldValue {
                setNeedsDisplay()
                selectionChanged()
            }
        }
    }

    /// Override to restyle for selection.
    open func selectionChanged() {
        if isSelected { accessibilityTraits.insert(.selected) } else { accessibilityTraits.remove(.selected) }
    }

    var showsSeparator = true {
        didSet { if showsSeparator != oldValue { setNeedsDisplay() } }
    }
    var separatorInset: Double = 16

    /// The colour of a selected row (iPad lists in a split view select with the tint colour).
    public var selectionColor: Color = Color(light: RGBA(hex: 0xE5E5EA), dark: RGBA(hex: 0x3A3A3C))

    open override func draw(in canvas: any Canvas) {
        if isSelected { canvas.fill(bounds, with: selectionColor) }
        if showsSeparator {
            canvas.fill(
                Rect(
                    bounds.minX + separatorInset, bounds.maxY - canvas.hairline, bounds.width - separatorInset,
                    canvas.hairline), with: .separator)
        }
    }
}
