import Graphics
import UI

// Touches, the pointer and keys on the menu bar.
extension MenuBarOverlay {
    // MARK: Where things are

    /// The title under a point on the screen.
    func title(at p: Point) -> Int? {
        let local = strip.convert(p, from: nil)
        return strip.titleViews.firstIndex { $0.frame.contains(local) }
    }

    func isInBar(_ p: Point) -> Bool { strip.frameInRoot.contains(p) }

    func isInSearchField(_ p: Point) -> Bool { strip.searchField.frameInRoot.contains(p) }

    func isInPanel(_ p: Point) -> Bool { panelFrame?.contains(p) ?? false }

    /// The row that can be chosen under a point on the screen.
    func selectableRow(at p: Point) -> Int? {
        guard let f = panelFrame else { return nil }
        let local = Point(p.x - f.minX, p.y - f.minY)
        guard let i = panel.row(at: local), rows[i].isSelectable else { return nil }
        return i
    }

    // MARK: Input

    /// The view a point reaches: the search field takes its own taps (focus, the caret); the rest
    /// of the screen is the bar's.
    func hit(_ p: Point) -> View? {
        guard isActive else { return nil }
        if isInSearchField(p) { return strip.searchField.hitTest(strip.searchField.convert(p, from: nil)) ?? self }
        return self
    }

    func fingerDown(_ touch: Touch) {
        let p = touch.location
        guard isActive else { return }
        var t = Track(start: p)
        if let i = title(at: p) {
            t.closesOnLift = openMenu == i && results == nil
            open(menu: i)
        } else if isInPanel(p) {
            t.startedInPanel = true
            setHighlight(selectableRow(at: p))
        }
        tracks[touch.id] = t
    }

    func fingerMoved(_ touch: Touch) {
        guard isActive, var t = tracks[touch.id] else { return }
        let p = touch.location
        let d = p - t.start
        if (d.x * d.x + d.y * d.y).squareRoot() > MenuMetrics.tapSlop { t.moved = true }
        tracks[touch.id] = t
        // Sliding along the bar opens each menu in turn; down into the menu, its rows.
        if let i = title(at: p), i != openMenu {
            open(menu: i)
        } else if isInPanel(p) {
            setHighlight(selectableRow(at: p))
        } else {
            setHighlight(nil)
        }
    }

    func fingerUp(_ touch: Touch) {
        guard isActive, let t = tracks.removeValue(forKey: touch.id) else { return }
        let p = touch.location
        if isInPanel(p) {
            if let i = selectableRow(at: p) { choose(row: i) }
            return
        }
        if let i = title(at: p) {
            if t.closesOnLift, !t.moved, i == openMenu { open(menu: nil) }
            return
        }
        if isInBar(p) { return }
        // A tap outside the bar and its menu puts the bar away.
        if !t.moved { dismiss() } else { setHighlight(nil) }
    }

    func pointerMoved(to p: Point) {
        guard isActive, tracks.isEmpty else { return }
        if let i = title(at: p) {
            if openMenu != nil, i != openMenu { open(menu: i) }
        } else if isInPanel(p) {
            setHighlight(selectableRow(at: p))
        } else if hidesWhenPointerLeaves, openMenu == nil, results == nil,
            p.y > MenuBarMetrics.barHeight + MenuBarMetrics.menuGap + MenuMetrics.screenMargin
        {
            dismiss()
        } else {
            setHighlight(nil)
        }
    }

    func scrolled(dy: Double) -> Bool {
        guard isActive else { return false }
        if let l = layout, l.scrolls {
            panel.contentOffset = min(max(0, panel.contentOffset + dy), panel.maximumOffset)
        }
        return true
    }

    /// Keys the search field passed on: the arrows move between the menus and down their rows, Return
    /// chooses, Esc steps back (a submenu, the menu, what was typed, the bar). Shortcuts (a key with
    /// Ctrl) go on to the menu bar's commands.
    func keyPressed(_ press: KeyPress) -> Bool {
        guard isActive else { return false }
        let n = menuBar.menus.count
        switch press.key {
        case .left, .right:
            let forward = press.key == .right
            if !forward, !submenuPath.isEmpty {
                closeSubmenu()
            } else if forward, let i = highlightedRow, case .submenu = rows[i].kind {
                openSubmenu(rows[i].path, highlightFirst: true)
            } else if n > 0 {
                let i = openMenu.map { ($0 + (forward ? 1 : -1) + n) % n } ?? (forward ? 0 : n - 1)
                open(menu: i, highlightFirst: true)
            }
        case .down:
            if openMenu == nil, results == nil {
                if n > 0 { open(menu: 0, highlightFirst: true) }
            } else {
                moveHighlight(by: 1)
            }
        case .up: moveHighlight(by: -1)
        case .home: moveHighlight(toFirst: true)
        case .end: moveHighlight(toFirst: false)
        case .return, .space:
            chooseHighlightedOrFirst()
        case .escape:
            if !submenuPath.isEmpty {
                closeSubmenu()
            } else if openMenu != nil {
                open(menu: nil)
            } else if !searchText.isEmpty {
                strip.searchField.text = ""
            } else {
                dismiss()
            }
        case .tab: break
        case .function(10): dismiss()
        default: return false
        }
        return true
    }
}
