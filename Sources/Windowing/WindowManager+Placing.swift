import Graphics

// How the manager places and lets go of windows: floating frames, cascades, tiles and full-screen
// frames within limits and the window area, focus settling, and leaving an arrangement.
extension WindowManager {
    /// Window `id` floating at `frame` (kept on the screen, within `limits`), out of the Dock.
    mutating func float(_ id: WindowID, at frame: Rect, limits: SizeLimits) {
        let r = kept(frame, limits: limits)
        windows[id]?.windowed = WindowedPlacement(frame: r, tile: nil, isFullScreen: false, isMinimized: false)
    }

    /// The focused window stays one on the screen: when it is not (or there is none while windows
    /// are shown), the front window takes input.
    mutating func settleFocus() {
        if let f = focused, isVisible(f) { return }
        focused = nil
        if let front = visibleWindows.first { focus(front) }
    }

    mutating func bringToFront(_ id: WindowID) {
        guard let i = spaces[activeSpace].stacking.firstIndex(of: id) else { return }
        if i == spaces[activeSpace].stacking.count - 1 { return }
        spaces[activeSpace].stacking.remove(at: i)
        spaces[activeSpace].stacking.append(id)
    }

    /// Takes `id` out of Full-Screen Apps' main screen.
    mutating func leaveArrangement(_ id: WindowID) {
        switch fullScreen.arrangement {
        case .fullScreen(let w) where w == id: fullScreen.arrangement = .empty
        case .split(let l, let r, _) where l == id: fullScreen.arrangement = .fullScreen(r)
        case .split(let l, let r, _) where r == id: fullScreen.arrangement = .fullScreen(l)
        default: break
        }
    }

    /// Takes `id` out of Slide Over and the centre.
    mutating func leaveFloating(_ id: WindowID) {
        if fullScreen.slideOver == id {
            fullScreen.slideOver = nil
            fullScreen.slideOverHidden = false
        }
        if fullScreen.centred == id { fullScreen.centred = nil }
    }

    /// Takes `id` out of every place of Full-Screen Apps.
    mutating func leaveFullScreenState(_ id: WindowID) {
        leaveArrangement(id)
        leaveFloating(id)
    }

    /// The system's smallest window with a program's own limits: a program whose largest size is
    /// smaller keeps to its own.
    static func effectiveLimits(_ limits: SizeLimits) -> SizeLimits {
        let system = WindowingMetrics.minimumSize
        func least(_ own: Double, _ ownMax: Double, _ sys: Double) -> Double {
            max(own, ownMax > 0 ? min(sys, ownMax) : sys)
        }
        return SizeLimits(
            minimum: Size(
                least(limits.minimum.width, limits.maximum.width, system.width),
                least(limits.minimum.height, limits.maximum.height, system.height)),
            maximum: limits.maximum)
    }

    /// Where a window opening in Windowed Apps goes.
    func windowedPlacement(
        app: String, limits: SizeLimits, opening: WindowOpening, base: WindowedPlacement
    ) -> WindowedPlacement {
        var p = base
        p.isMinimized = false
        switch opening {
        case .side(let side):
            p.tile = side == .left ? .leftHalf : .rightHalf
        case .centred:
            p.frame = kept(SpaceLayout.centredFrame(screen: screen), limits: limits)
        case .beside(let other):
            if let r = windowedFrame(of: other), !(windows[other]?.windowed.isFullScreen ?? true) {
                p.frame = cascaded(Rect(origin: r.origin, size: p.frame.size), limits: limits)
            } else if let last = lastPlacements[app], last.tile == nil, !last.isFullScreen {
                p.frame = cascaded(last.frame, limits: limits)
            } else {
                p.isFullScreen = true
            }
        case .at(let point):
            let size = lastPlacements[app].map { $0.frame.size } ?? p.frame.size
            p.frame = kept(Rect(center: point, size: size), limits: limits)
        case .automatic:
            if let last = lastPlacements[app] {
                p.frame = cascaded(last.frame, limits: limits)
                p.tile = last.tile
                p.isFullScreen = last.isFullScreen
            } else {
                p.isFullScreen = true
            }
        }
        return p
    }

    /// `r`, moved down and right by the cascade while a window on the screen starts at its corner.
    func cascaded(_ r: Rect, limits: SizeLimits) -> Rect {
        var out = kept(r, limits: limits)
        let taken = Set(visibleWindows.compactMap { windowedFrame(of: $0)?.origin })
        var steps = 0
        while taken.contains(out.origin) && steps < 12 {
            let d = WindowingMetrics.cascadeOffset
            let next = kept(out.offsetBy(dx: d, dy: d), limits: limits)
            if next.origin == out.origin { break }
            out = next
            steps += 1
        }
        return out
    }

    /// A window's frame when it has none of its own: a share of the area, centred.
    func defaultFrame(limits: SizeLimits) -> Rect {
        let a = windowArea
        let s = Size(
            (a.width * WindowingMetrics.defaultShare.width).rounded(),
            (a.height * WindowingMetrics.defaultShare.height).rounded())
        return Rect(center: a.center, size: limits.clamp(s)).integral()
    }

    /// The whole screen — or, for a window that cannot be that large, its largest size, centred.
    func fullScreenFrame(limits: SizeLimits) -> Rect {
        let whole = Rect(size: screen)
        let s = limits.clamp(screen)
        guard s != screen else { return whole }
        return kept(Rect(center: windowArea.center, size: s).integral(), limits: limits)
    }

    /// A tile's frame for a window with `limits`: the tile, or the window's own size pinned to the
    /// tile's corner when it cannot take the tile's.
    func tileFrame(_ tile: Tile, limits: SizeLimits) -> Rect {
        let r = tile.frame(in: windowArea, gap: WindowingMetrics.tileGap)
        let s = limits.clamp(r.size)
        guard s != r.size else { return r }
        let x: Double
        let y: Double
        switch tile.anchor {
        case .topLeft: (x, y) = (r.minX, r.minY)
        case .topRight: (x, y) = (r.maxX - s.width, r.minY)
        case .bottomLeft: (x, y) = (r.minX, r.maxY - s.height)
        case .bottomRight: (x, y) = (r.maxX - s.width, r.maxY - s.height)
        }
        return kept(Rect(x, y, s.width, s.height), limits: limits)
    }

    /// `r` within `limits` and on the screen: no larger than the area (unless the limits say
    /// otherwise), its top below the status bar, and enough of it left on the screen to grab.
    func kept(_ r: Rect, limits: SizeLimits) -> Rect {
        let area = windowArea
        var s = limits.clamp(r.size)
        s.width = max(limits.minimum.width, min(s.width, area.width))
        s.height = max(limits.minimum.height, min(s.height, area.height))
        let keep = WindowingMetrics.keptOnScreen
        let x = min(max(r.minX, area.minX - s.width + keep), area.maxX - keep)
        let y = min(max(r.minY, area.minY), area.maxY - keep)
        return Rect(x.rounded(), y.rounded(), s.width.rounded(), s.height.rounded())
    }
}
