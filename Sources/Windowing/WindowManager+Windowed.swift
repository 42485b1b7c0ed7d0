import Graphics

// Windowed Apps: windows moved, resized, tiled and taken out of their tiles or full screen.
extension WindowManager {
    /// Moves window `id` so that its frame starts at `origin` (Windowed Apps). A tiled or full-screen
    /// window floats again at its own size. It stays on the screen, and comes to the front.
    public mutating func move(_ id: WindowID, to origin: Point) {
        guard mode == .windowed, let w = windows[id] else { return }
        let size = w.windowed.frame.size
        float(id, at: Rect(origin: origin, size: size), limits: w.limits)
        bringToFront(id)
        focus(id)
    }

    /// Resizes window `id` to `size` (Windowed Apps), keeping `anchor` — the corner opposite the one
    /// dragged — where it is. The size keeps to the window's limits, and the window grows no
    /// further past the screen's edges than it already reaches. A tiled or full-screen window
    /// floats at its new size.
    public mutating func resize(_ id: WindowID, to size: Size, keeping anchor: WindowCorner = .topLeft) {
        guard mode == .windowed, let w = windows[id], let whole = windowedFrame(of: id) else { return }
        let area = windowArea
        // A full-screen window resizes from the part below the status bar, where windows go.
        let shown = w.windowed.isFullScreen ? whole.intersection(area) : whole
        var s = w.limits.clamp(size)
        let left = anchor == .topLeft || anchor == .bottomLeft
        let top = anchor == .topLeft || anchor == .topRight
        // Growing toward an edge stops at it (or where the window already reached past it).
        if left {
            s.width = min(s.width, max(shown.width, max(area.maxX, shown.maxX) - shown.minX))
        } else {
            s.width = min(s.width, max(shown.width, shown.maxX - min(area.minX, shown.minX)))
        }
        if top {
            s.height = min(s.height, max(shown.height, max(area.maxY, shown.maxY) - shown.minY))
        } else {
            s.height = min(s.height, max(shown.height, shown.maxY - area.minY))
        }
        s = w.limits.clamp(s)
        let x = left ? shown.minX : shown.maxX - s.width
        let y = top ? shown.minY : shown.maxY - s.height
        float(id, at: Rect(x, y, s.width, s.height), limits: w.limits)
        bringToFront(id)
        focus(id)
    }

    /// Tiles window `id` (Windowed Apps), in front. In Full-Screen Apps a half or a third across is
    /// Split View on that side at that width, Fill is full screen; the other tiles have no place there.
    public mutating func tile(_ id: WindowID, _ tile: Tile) {
        guard windows[id] != nil else { return }
        switch mode {
        case .windowed:
            windows[id]?.windowed.tile = tile
            windows[id]?.windowed.isFullScreen = false
            windows[id]?.windowed.isMinimized = false
            show(id)
        case .fullScreen:
            if tile == .fill {
                showFullScreen(id)
            } else if let split = tile.split {
                showSplit(id, on: split.side)
                setSplitFraction(split.fraction)
            }
        }
    }

    /// Window `id` out of its tile and full screen (Windowed Apps): where it last floated.
    public mutating func untile(_ id: WindowID) {
        guard mode == .windowed, let w = windows[id], w.windowed.tile != nil || w.windowed.isFullScreen else { return }
        windows[id]?.windowed.tile = nil
        windows[id]?.windowed.isFullScreen = false
        show(id)
    }

    /// Window `id` out of full screen (Windowed Apps): back to its tile or where it floated.
    public mutating func exitFullScreen(_ id: WindowID) {
        guard mode == .windowed, windows[id]?.windowed.isFullScreen == true else { return }
        windows[id]?.windowed.isFullScreen = false
        show(id)
    }
}
