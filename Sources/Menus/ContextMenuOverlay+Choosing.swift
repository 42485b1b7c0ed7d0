import Graphics
import UI

// Choosing commands, submenus, deferred elements, the highlight.
extension ContextMenuOverlay {
    // MARK: Choosing

    var base: [Int] { submenuPath.last ?? [] }

    /// Chooses row `i` (and tile `tile` of a tiles row) as a tap, a lift or Return would.
    public func choose(row i: Int, tile: Int? = nil) {
        guard isActive, rows.indices.contains(i) else { return }
        let r = rows[i]
        switch r.kind {
        case .action(let a): perform(a, path: base + r.path)
        case .tiles(let m):
            let visible = m.children.indices.filter { k in
                if case .action(let a) = m.children[k] { return !a.isHidden }
                return false
            }
            let t = min(max(tile ?? 0, 0), visible.count - 1)
            guard t >= 0, case .action(let a) = m.children[visible[t]] else { return }
            perform(a, path: base + r.path + [visible[t]])
        case .submenu: openSubmenu(r.path)
        case .back: closeSubmenu()
        case .header, .loading, .band: break
        }
    }

    func perform(_ action: Action, path: [Int]) {
        guard !action.isDisabled else { return }
        for key in usageKeys(for: path) { screen.menuUsage.record(menu: key, action: action.identifier) }
        var chosen = action
        let parentPath = Array(path.dropLast())
        let parent =
            parentPath.isEmpty ? menu : { if case .menu(let m)? = menu.element(at: parentPath) { m } else { menu } }()
        if parent.options.contains(.singleSelection) {
            chosen.state = .on
            let index = path.last!
            menu = menu.modifying(at: parentPath) { m in
                for k in m.children.indices {
                    guard case .action(var a) = m.children[k] else { continue }
                    a.state = k == index ? .on : .off
                    m.children[k] = .action(a)
                }
            }
        }
        if action.keepsMenuPresented {
            chosen.handler(chosen)
            rebuild()
        } else {
            dismiss(.chose)
            chosen.handler(chosen)
        }
    }

    /// The usage keys a choice counts under: the menu's, and each enclosing menu's own identifier.
    func usageKeys(for path: [Int]) -> [String] {
        var keys = [usageKey]
        var p: [Int] = []
        for k in path.dropLast() {
            p.append(k)
            if case .menu(let m)? = menu.element(at: p), let id = m.identifier, !keys.contains(id) { keys.append(id) }
        }
        return keys
    }

    /// Opens the submenu at `path` (relative to the level shown) in place of the rows.
    public func openSubmenu(_ path: [Int], highlightFirst: Bool = false) {
        guard case .menu? = currentMenu.element(at: path) else { return }
        submenuPath.append(base + path)
        rebuild(keepHighlight: false)
        if highlightFirst,
            let i = layout.displayOrder.first(where: { k in
                if case .back = rows[k].kind { return false }
                return rows[k].isSelectable
            })
        {
            setHighlight(i)
            panel.scrollToVisible(i)
        }
    }

    /// Goes back from an open submenu to the level above.
    public func closeSubmenu(highlightOrigin: Bool = true) {
        guard let leaving = submenuPath.popLast() else { return }
        rebuild(keepHighlight: false)
        if highlightOrigin, let i = rows.firstIndex(where: { $0.isSelectable && base + $0.path == leaving }) {
            setHighlight(i)
        }
    }

    /// Builds the rows again after the menu changed, keeping the panel's edge next to the preview.
    func rebuild(keepHighlight: Bool = true) {
        let old = panel.highlight.map { (rows[$0.row].description, $0.tile) }
        rows = MenuRow.rows(for: currentMenu, isSubmenu: !submenuPath.isEmpty)
        // The panel keeps its width; a submenu's long titles wrap within it.
        let heights = MenuRow.fit(
            rows, language: screen.language, measurer: screen.textMeasurer, maximumWidth: layout.panelFrame.width,
            metrics: screen.fontMetrics
        ).heights
        let specs = zip(rows, heights).map { r, h in MenuLayout.RowSpec(height: h, role: r.spec.role) }
        layout = MenuLayout.resized(layout, bounds: bounds, safeInsets: screen.safeAreaInsets, rows: specs)
        let t = panel.transform
        panel.transform = .identity
        panel.frame = layout.panelFrame
        panel.transform = t
        damageShadows()
        panel.setHighlight(nil)
        panel.setRows(rows, frames: layout.rowFrames, order: layout.displayOrder)
        if keepHighlight, let old, let i = rows.firstIndex(where: { $0.description == old.0 }) {
            panel.setHighlight((i, old.1))
        }
        loadDeferred()
    }

    /// Replaces the menu shown (as `updateVisibleMenu`).
    func update(_ body: (Menu) -> Menu) {
        menu = body(menu)
        submenuPath = submenuPath.filter { if case .menu? = menu.element(at: $0) { true } else { false } }
        rebuild()
    }

    func loadDeferred() {
        for r in rows where r.kind == .loading {
            guard case .deferred(let d)? = currentMenu.element(at: r.path) else { continue }
            let id = ObjectIdentifier(d)
            guard !requested.contains(id) else { continue }
            requested.insert(id)
            d.load { [weak self] elements in self?.deferredArrived(d, elements) }
        }
    }

    func deferredArrived(_ d: DeferredMenuElement, _ elements: [MenuElement]) {
        guard phase != .closed else { return }
        menu = menu.replacing(d, with: elements)
        rebuild()
    }

    // MARK: Highlight

    func setHighlight(_ i: Int?, tile: Int? = nil) {
        guard let i, rows.indices.contains(i), rows[i].isSelectable else {
            panel.setHighlight(nil)
            return
        }
        var t = tile
        if case .tiles = rows[i].kind { t = min(max(tile ?? 0, 0), rows[i].tiles.count - 1) } else { t = nil }
        panel.setHighlight((i, t))
    }

    func moveHighlight(by step: Int) {
        let order = layout.displayOrder
        guard !order.isEmpty else { return }
        let n = order.count
        let k = highlightedRow.flatMap { h in order.firstIndex(of: h) }
        var pos = k ?? (step > 0 ? -1 : n)
        for _ in 0..<n {
            pos = (pos + step + n) % n
            if rows[order[pos]].isSelectable {
                setHighlight(order[pos])
                panel.scrollToVisible(order[pos])
                return
            }
        }
    }

    /// Highlights the first row that can be chosen (a menu opened from the keyboard).
    func highlightFirstRow() { moveHighlight(toFirst: true) }

    func moveHighlight(toFirst: Bool) {
        let order = toFirst ? layout.displayOrder : layout.displayOrder.reversed()
        if let i = order.first(where: { rows[$0].isSelectable }) {
            setHighlight(i)
            panel.scrollToVisible(i)
        }
    }
}
