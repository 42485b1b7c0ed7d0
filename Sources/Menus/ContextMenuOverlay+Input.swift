import Graphics
import UI

// Touches and keys while the menu is open.
extension ContextMenuOverlay {
    // MARK: Touches

    /// The region at a point on the screen.
    func region(at p: Point) -> Region {
        if layout.panelFrame.contains(p) { return .panel }
        if form == .rich, layout.previewFrame.contains(p) { return .preview }
        return .outside
    }

    /// The row and tile under a point on the screen.
    func rowAndTile(at p: Point) -> (Int, Int?)? {
        let local = Point(p.x - layout.panelFrame.minX, p.y - layout.panelFrame.minY)
        guard let i = panel.row(at: local), rows[i].isSelectable else { return nil }
        if case .tiles = rows[i].kind { return (i, panel.tile(of: i, at: local)) }
        return (i, nil)
    }

    /// The pointer moved with no button down: the row under it is highlighted, as with a trackpad
    /// on iPad; off the panel, nothing is.
    func pointerMoved(to p: Point) {
        guard isActive, tracks.isEmpty else { return }
        if region(at: p) == .panel, let (i, t) = rowAndTile(at: p) {
            if highlightedRow != i || highlightedTile != t { setHighlight(i, tile: t) }
        } else if highlightedRow != nil {
            setHighlight(nil)
        }
    }

    func fingerDown(_ id: Int, at p: Point) {
        guard isActive else { return }
        let r = region(at: p)
        tracks[id] = Track(start: p, region: r, startOffset: panel.contentOffset)
        if r == .panel, let (i, t) = rowAndTile(at: p) { setHighlight(i, tile: t) }
    }

    func fingerMoved(_ id: Int, to p: Point) {
        guard isActive, var t = tracks[id] else { return }
        defer { if isActive { tracks[id] = t } }
        let dx = p.x - t.start.x
        let dy = p.y - t.start.y
        let distance = (dx * dx + dy * dy).squareRoot()
        if distance > MenuMetrics.tapSlop { t.moved = true }
        if t.scrolling {
            panel.contentOffset = min(max(0, t.startOffset - dy), panel.maximumOffset)
            return
        }
        let here = region(at: p)
        if t.region == .panel, !t.opening, layout.scrolls, abs(dy) > MenuMetrics.tapSlop {
            t.scrolling = true
            t.startOffset = panel.contentOffset - (dy > 0 ? -MenuMetrics.tapSlop : MenuMetrics.tapSlop)
            setHighlight(nil)
            return
        }
        // The preview is dragged away when the finger leaves it in any direction but toward the
        // menu: sliding from the preview down (or up) into the menu selects rows instead.
        let panelDirection = layout.panelFrame.midY - t.start.y
        let towardMenu = panelDirection * dy > 0 && abs(dy) >= abs(dx)
        if t.region == .preview, !t.dragAsked, distance > MenuMetrics.dragThreshold, here != .panel, !towardMenu {
            t.dragAsked = true
            if let interaction,
                interaction.delegate?.contextMenuInteraction(interaction, willBeginDragFor: configuration, at: p)
                    == true
            {
                interaction.dragBegan(at: p, touchID: id == Self.openingFinger ? nil : id)
                dismiss(.dragged)
                return
            }
        }
        if !t.opening, t.region != .panel, here != .panel, dy > MenuMetrics.swipeDismissDistance, abs(dx) < dy {
            dismiss(.cancelled)
            return
        }
        // Slide to select.
        if here == .panel, let (i, tile) = rowAndTile(at: p) {
            setHighlight(i, tile: tile)
        } else {
            setHighlight(nil)
        }
    }

    func fingerUp(_ id: Int, at p: Point) {
        guard isActive, let t = tracks.removeValue(forKey: id) else { return }
        if t.scrolling { return }
        let here = region(at: p)
        if here == .panel, let (i, tile) = rowAndTile(at: p) {
            setHighlight(i, tile: tile)
            choose(row: i, tile: tile)
            return
        }
        setHighlight(nil)
        if t.opening { return }
        if t.region == .preview, here == .preview, !t.moved {
            commit()
        } else if t.region == .outside, !t.moved {
            dismiss(.cancelled)
        }
    }

    /// Opens the item: the preview was tapped.
    public func commit() {
        guard isActive, form == .rich else { return }
        let animator = ContextMenuAnimator(previewView: displayAnimator.previewView)
        if let interaction {
            interaction.delegate?.contextMenuInteraction(
                interaction, willPerformPreviewActionForMenuWith: configuration, animator: animator)
        }
        dismiss(.committed, style: animator.preferredCommitStyle)
        // The delegate's completions run when the preview has gone.
        endAnimator?.addCompletion { animator.complete() }
    }

    // MARK: Keys

    /// Jumps to the next row whose title starts with what was typed (letters typed within a second
    /// add up to one prefix).
    func typeAhead(_ text: String) {
        let now = root?.clock.now ?? 0
        var query = text.lowercased()
        var extending = false
        if let t = typed, now - t.time < MenuMetrics.typeAheadInterval {
            query = t.text + query
            extending = true
        }
        // The same letter again goes on to the next row that starts with it (as macOS menus do).
        if query.count > 1, Set(query).count == 1 {
            query = String(query.prefix(1))
            extending = false
        }
        typed = (query, now)
        let order = layout.displayOrder
        let n = order.count
        guard n > 0 else { return }
        let start = highlightedRow.flatMap { order.firstIndex(of: $0) } ?? -1
        let lang = screen.language
        for step in (extending ? 0 : 1)...n {
            let k = ((start + step) % n + n) % n
            let r = rows[order[k]]
            if r.isSelectable, r.title.resolved(lang).lowercased().hasPrefix(query) {
                setHighlight(order[k])
                panel.scrollToVisible(order[k])
                return
            }
        }
    }

}
