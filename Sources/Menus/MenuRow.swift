import Graphics
import UI

/// One row of a presented menu, as the panel shows it: a command, a submenu, a header, a palette,
/// a loading row or the band between groups.
public struct MenuRow: Sendable, Equatable, CustomStringConvertible {
    public enum Kind: Sendable, Equatable {
        /// The title of the menu or of an inline group, in small grey text; not chosen.
        case header(LocalizedString)
        /// The header of an open submenu with its title: choosing it goes back.
        case back(Menu)
        case action(Action)
        /// A submenu, opened in place when chosen.
        case submenu(Menu)
        /// A palette or an inline group of small or medium elements: one row of icons or tiles.
        case tiles(Menu)
        /// Deferred content that has not arrived.
        case loading
        /// The 8 pt band between groups.
        case band
    }

    public var kind: Kind
    /// The child indices from the menu shown to the element this row stands for (empty for a band).
    public var path: [Int]

    public init(_ kind: Kind, path: [Int]) {
        self.kind = kind
        self.path = path
    }

    /// The row's height. GUIDELINES: 44 pt, 64 with a subtitle, 8 pt bands.
    public var height: Double {
        switch kind {
        case .header: MenuMetrics.headerRowHeight
        case .back: MenuMetrics.rowHeight
        case .action(let a): a.subtitle == nil ? MenuMetrics.rowHeight : MenuMetrics.subtitleRowHeight
        case .submenu(let m): m.subtitle == nil ? MenuMetrics.rowHeight : MenuMetrics.subtitleRowHeight
        case .tiles(let m):
            m.preferredElementSize == .medium ? MenuMetrics.mediumTilesRowHeight : MenuMetrics.smallTilesRowHeight
        case .loading: MenuMetrics.rowHeight
        case .band: MenuMetrics.groupBandHeight
        }
    }

    /// What the layout needs to know of the row: its height and its part in reversing the order.
    public var spec: MenuLayout.RowSpec {
        switch kind {
        case .back: MenuLayout.RowSpec(height: height, role: .pinned)
        case .header(_) where path.isEmpty: MenuLayout.RowSpec(height: height, role: .pinned)
        case .header: MenuLayout.RowSpec(height: height, role: .header)
        case .band: MenuLayout.RowSpec(height: height, role: .band)
        default: MenuLayout.RowSpec(height: height, role: .item)
        }
    }

    /// Whether a person can choose the row (by touch, pointer or keyboard).
    public var isSelectable: Bool {
        switch kind {
        case .action(let a): !a.isDisabled
        case .submenu, .back, .tiles: true
        case .header, .loading, .band: false
        }
    }

    /// The tiles of a tiles row: the visible actions of its menu.
    public var tiles: [Action] {
        guard case .tiles(let m) = kind else { return [] }
        return m.children.compactMap { e in
            if case .action(let a) = e, !a.isHidden { a } else { nil }
        }
    }

    /// The title a person reads, or "" for rows without one.
    public var title: LocalizedString {
        switch kind {
        case .header(let t): t
        case .back(let m), .submenu(let m), .tiles(let m): m.title
        case .action(let a): a.title
        case .loading: MenuStrings.loading
        case .band: ""
        }
    }

    public var description: String {
        switch kind {
        case .header(let t): "header \(t.en)"
        case .back(let m): "back \(m.title.en)"
        case .action(let a): "action \(a.title.en)"
        case .submenu(let m): "submenu \(m.title.en)"
        case .tiles(let m): "tiles \(m.title.en)"
        case .loading: "loading"
        case .band: "band"
        }
    }

    /// The rows of one level of a menu, in the order written: the menu's title (or, for a submenu,
    /// a header that goes back), then its children, with each inline group, palette and row of tiles
    /// set off by bands. Hidden actions are left out; deferred content that has not arrived is a
    /// loading row.
    public static func rows(for menu: Menu, isSubmenu: Bool = false) -> [MenuRow] {
        var groups: [[MenuRow]] = []
        var current: [MenuRow] = []
        func flush() {
            if !current.isEmpty { groups.append(current) }
            current = []
        }
        func add(_ children: [MenuElement], base: [Int]) {
            for (i, e) in children.enumerated() {
                let path = base + [i]
                switch e {
                case .action(let a):
                    if !a.isHidden { current.append(MenuRow(.action(a), path: path)) }
                case .menu(let m) where m.displaysAsTiles:
                    flush()
                    if !m.title.en.isEmpty { current.append(MenuRow(.header(m.title), path: path)) }
                    current.append(MenuRow(.tiles(m), path: path))
                    flush()
                case .menu(let m) where m.displaysInline:
                    flush()
                    if !m.title.en.isEmpty { current.append(MenuRow(.header(m.title), path: path)) }
                    add(m.children, base: path)
                    // A group of nothing but its header is no group.
                    if current.count == 1, case .header = current[0].kind { current = [] }
                    flush()
                case .menu(let m):
                    current.append(MenuRow(.submenu(m), path: path))
                case .deferred:
                    current.append(MenuRow(.loading, path: path))
                }
            }
        }
        add(menu.children, base: [])
        flush()
        var out: [MenuRow] = []
        if isSubmenu {
            out.append(MenuRow(.back(menu), path: []))
        } else if !menu.title.en.isEmpty {
            out.append(MenuRow(.header(menu.title), path: []))
        }
        for (i, g) in groups.enumerated() {
            if i > 0 { out.append(MenuRow(.band, path: [])) }
            out += g
        }
        return out
    }

    /// Whether any action row shows a state (then every row leaves room for the checkmark).
    public static func showsCheckmarks(_ rows: [MenuRow]) -> Bool {
        rows.contains { r in
            if case .action(let a) = r.kind { return a.state != .off }
            return false
        }
    }
}
