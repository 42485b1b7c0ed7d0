import Graphics
import UI

/// Where the preview and the menu go: pure functions of the screen, the item and the rows, so that
/// every rule of GUIDELINES.md can be checked exactly.
///
/// - The menu sits below the preview when the item is in the top half of the screen, above it
///   otherwise; both stay at least 8 pt inside the screen (and its safe area).
/// - When preview and menu do not fit one above the other, the preview shrinks (to half its size at
///   most), and then the menu scrolls.
/// - With `priority` order the first element sits nearest the finger: reversed when the menu is above.
public enum MenuLayout {
    /// Where the menu is relative to the preview (or, in the compact form, the pointer).
    public enum Placement: Sendable, Hashable {
        case below, above
    }

    /// What the layout needs of a row.
    public struct RowSpec: Sendable, Hashable {
        public enum Role: Sendable, Hashable {
            /// A command, submenu, palette or loading row: reversed with its group.
            case item
            /// An inline group's title: stays first in its group.
            case header
            /// The band between groups.
            case band
            /// The menu's title or a submenu's back header: stays at the top.
            case pinned
        }

        public var height: Double
        public var role: Role

        public init(height: Double, role: Role = .item) {
            self.height = height
            self.role = role
        }
    }

    /// The input of the layout of a menu with a preview.
    public struct Input: Sendable, Hashable {
        /// The screen.
        public var bounds: Rect
        /// Insets of the screen's safe area (the status bar, the home indicator).
        public var safeInsets: EdgeInsets
        /// The item's frame on the screen.
        public var sourceFrame: Rect
        /// The lifted preview's size before any shrinking.
        public var previewSize: Size
        /// The finger: the menu lines up with the preview's edge on the finger's side.
        public var touchLocation: Point?
        /// The rows in the order written.
        public var rows: [RowSpec]
        public var order: ElementOrder
        public var panelWidth: Double

        public init(
            bounds: Rect, safeInsets: EdgeInsets = .zero, sourceFrame: Rect, previewSize: Size,
            touchLocation: Point? = nil, rows: [RowSpec], order: ElementOrder = .automatic,
            panelWidth: Double = MenuMetrics.panelWidth
        ) {
            self.bounds = bounds
            self.safeInsets = safeInsets
            self.sourceFrame = sourceFrame
            self.previewSize = previewSize
            self.touchLocation = touchLocation
            self.rows = rows
            self.order = order
            self.panelWidth = panelWidth
        }
    }

    /// Where everything goes.
    public struct Result: Sendable, Hashable {
        public var placement: Placement
        /// The lifted preview (zero in the compact form).
        public var previewFrame: Rect
        /// The panel on the screen.
        public var panelFrame: Rect
        /// The height of all rows; more than the panel's when the menu scrolls.
        public var contentHeight: Double
        /// Whether the rows are shown last to first (groups reversed, each group's header first).
        public var reversed: Bool
        /// The rows in the order shown: `displayOrder[k]` is the index of the row k-th from the top.
        public var displayOrder: [Int]
        /// The frame of each row (by its index in the input) in the panel's content coordinates.
        public var rowFrames: [Rect]

        /// Whether the rows do not all fit and the panel scrolls.
        public var scrolls: Bool { contentHeight > panelFrame.height + 0.001 }
        /// The preview's scale relative to the size asked for (below 1 when it shrank).
        public func previewScale(for size: Size) -> Double {
            size.width > 0 ? previewFrame.width / size.width : 1
        }
    }

    /// The area menu and preview must stay inside.
    public static func usableArea(_ bounds: Rect, _ safeInsets: EdgeInsets) -> Rect {
        bounds.inset(by: safeInsets).insetBy(dx: MenuMetrics.screenMargin, dy: MenuMetrics.screenMargin)
    }

    /// Whether the rows are reversed: only in priority order (which `automatic` is for touch) and only
    /// when the menu is above.
    public static func isReversed(order: ElementOrder, placement: Placement, touch: Bool = true) -> Bool {
        guard placement == .above else { return false }
        switch order {
        case .priority: return true
        case .fixed: return false
        case .automatic: return touch
        }
    }

    /// The preview never wider than the area: `size`, shrunk to the area's width if it is wider. The
    /// layout may shrink it further to leave the menu room below or above.
    public static func previewSize(_ size: Size, fittingWidthOf area: Rect) -> Size {
        guard size.width > area.width, size.width > 0 else { return size }
        return Size(area.width, size.height * area.width / size.width)
    }

    /// The layout of a menu with a lifted preview (touch, keyboard or code).
    public static func layout(_ input: Input) -> Result {
        let area = usableArea(input.bounds, input.safeInsets)
        let width = min(input.panelWidth, area.width)
        let content = input.rows.reduce(0) { $0 + $1.height }
        let placement: Placement = input.sourceFrame.midY < input.bounds.midY ? .below : .above
        let gap = MenuMetrics.previewMenuSpacing

        let narrowed = previewSize(input.previewSize, fittingWidthOf: area)
        var pw = narrowed.width
        var ph = narrowed.height
        // Share the height: the panel takes what it needs as long as the preview keeps its minimum;
        // the preview takes the rest up to its size; beyond that the panel scrolls.
        let avail = max(0, area.height - gap)
        let minPreview = min(ph, ph * MenuMetrics.minimumPreviewScale)
        let panelH = max(min(content, MenuMetrics.rowHeight), min(content, avail - minPreview))
        let previewH = max(0, min(ph, avail - panelH))
        if previewH < ph, ph > 0 {
            pw *= previewH / ph
            ph = previewH
        }

        // Vertically: the preview stays centred on the item if it can; the stack moves to fit.
        let naturalTop = input.sourceFrame.midY - ph / 2
        let total = ph + gap + panelH
        var preview = Rect(0, 0, pw, ph)
        var panel = Rect(0, 0, width, panelH)
        switch placement {
        case .below:
            let top = clamp(naturalTop, area.minY, area.maxY - total)
            preview.origin.y = top
            panel.origin.y = top + ph + gap
        case .above:
            let top = clamp(naturalTop - gap - panelH, area.minY, area.maxY - total)
            panel.origin.y = top
            preview.origin.y = top + panelH + gap
        }

        // Horizontally: the preview centred on the item; the panel centred under a narrow preview, or
        // lined up with the edge of a wide one on the finger's side.
        preview.origin.x = clamp(input.sourceFrame.midX - pw / 2, area.minX, area.maxX - pw)
        if pw <= width {
            panel.origin.x = preview.midX - width / 2
        } else if let t = input.touchLocation, t.x >= preview.midX {
            panel.origin.x = preview.maxX - width
        } else {
            panel.origin.x = preview.minX
        }
        panel.origin.x = clamp(panel.origin.x, area.minX, area.maxX - width)

        let reversed = isReversed(order: input.order, placement: placement)
        let order = displayOrder(input.rows, reversed: reversed)
        return Result(
            placement: placement, previewFrame: preview, panelFrame: panel, contentHeight: content,
            reversed: reversed, displayOrder: order, rowFrames: rowFrames(input.rows, order: order, width: width))
    }

    /// The compact form a secondary click opens: no preview, the panel's corner at the pointer — to
    /// the right of and below it when there is room, flipped to the left or above when not, and
    /// scrolled when the screen is too short. `automatic` order is fixed here.
    public static func compact(
        bounds: Rect, safeInsets: EdgeInsets = .zero, at point: Point, rows: [RowSpec],
        order: ElementOrder = .automatic,
        panelWidth: Double = MenuMetrics.panelWidth
    ) -> Result {
        let area = usableArea(bounds, safeInsets)
        let width = min(panelWidth, area.width)
        let content = rows.reduce(0) { $0 + $1.height }
        let h = min(content, area.height)
        var x = point.x
        if x + width > area.maxX { x = point.x - width }
        x = clamp(x, area.minX, area.maxX - width)
        var y = point.y
        var placement = Placement.below
        if y + h > area.maxY {
            if point.y - h >= area.minY {
                y = point.y - h
                placement = .above
            } else {
                y = area.maxY - h
            }
        }
        y = clamp(y, area.minY, area.maxY - h)
        let reversed = isReversed(order: order, placement: placement, touch: false)
        let displayOrder = displayOrder(rows, reversed: reversed)
        return Result(
            placement: placement, previewFrame: .zero, panelFrame: Rect(x, y, width, h), contentHeight: content,
            reversed: reversed, displayOrder: displayOrder,
            rowFrames: rowFrames(rows, order: displayOrder, width: width))
    }

    /// The layout after the rows changed (deferred content arrived, a submenu opened or closed): the
    /// preview stays, and so does the panel's edge next to it — the panel grows or shrinks away from
    /// the preview, scrolling if it reaches the screen's edge — so nothing a person is looking at jumps.
    public static func resized(
        _ previous: Result, bounds: Rect, safeInsets: EdgeInsets = .zero, rows: [RowSpec]
    ) -> Result {
        let area = usableArea(bounds, safeInsets)
        let content = rows.reduce(0) { $0 + $1.height }
        var panel = previous.panelFrame
        switch previous.placement {
        case .below:
            panel.size.height = max(0, min(content, area.maxY - panel.minY))
        case .above:
            let bottom = panel.maxY
            panel.size.height = max(0, min(content, bottom - area.minY))
            panel.origin.y = bottom - panel.height
        }
        let order = displayOrder(rows, reversed: previous.reversed)
        var out = previous
        out.panelFrame = panel
        out.contentHeight = content
        out.displayOrder = order
        out.rowFrames = rowFrames(rows, order: order, width: panel.width)
        return out
    }

    /// The order rows are shown in. Reversed: the pinned rows stay on top, the groups come last to
    /// first, and within each group the items are reversed while its header stays first.
    public static func displayOrder(_ rows: [RowSpec], reversed: Bool) -> [Int] {
        guard reversed else { return Array(rows.indices) }
        var pinned: [Int] = []
        var groups: [[Int]] = []
        var current: [Int] = []
        for (i, r) in rows.enumerated() {
            switch r.role {
            case .pinned: pinned.append(i)
            case .band:
                if !current.isEmpty { groups.append(current) }
                current = []
            default: current.append(i)
            }
        }
        if !current.isEmpty { groups.append(current) }
        let bands = rows.indices.filter { rows[$0].role == .band }
        var out = pinned
        for (k, g) in groups.reversed().enumerated() {
            if k > 0, k - 1 < bands.count { out.append(bands[k - 1]) }
            let headers = g.filter { rows[$0].role == .header }
            out += headers + g.filter { rows[$0].role != .header }.reversed()
        }
        return out
    }

    /// The rows stacked top to bottom in `order`, in the panel's content coordinates; indexed like `rows`.
    public static func rowFrames(_ rows: [RowSpec], order: [Int], width: Double) -> [Rect] {
        var frames = [Rect](repeating: .zero, count: rows.count)
        var y = 0.0
        for i in order {
            frames[i] = Rect(0, y, width, rows[i].height)
            y += rows[i].height
        }
        return frames
    }

    static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double {
        hi < lo ? lo : min(max(v, lo), hi)
    }
}
