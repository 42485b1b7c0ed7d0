import Graphics

// Full-Screen Apps: one window full screen, two in Split View with the divider between them, one in
// Slide Over, one centred over the others.
extension WindowManager {
    /// Window `id` full screen (Windowed Apps: its full screen, over the others).
    public mutating func showFullScreen(_ id: WindowID) {
        guard windows[id] != nil else { return }
        switch mode {
        case .fullScreen:
            leaveFloating(id)
            fullScreen.arrangement = .fullScreen(id)
        case .windowed:
            windows[id]?.windowed.isFullScreen = true
            windows[id]?.windowed.isMinimized = false
        }
        show(id)
    }

    /// Window `id` in Split View beside what is on the screen, on `side` (Windowed Apps: that half).
    public mutating func showSplit(_ id: WindowID, on side: EdgeSide) {
        guard windows[id] != nil else { return }
        switch mode {
        case .fullScreen:
            leaveFloating(id)
            fullScreen.arrangement = SpaceLayout.arrangement(fullScreen.arrangement, dropping: id, on: side)
            focus(id)
        case .windowed:
            tile(id, side == .left ? .leftHalf : .rightHalf)
        }
    }

    /// Window `id` in Slide Over, on the screen (Windowed Apps: floating where Slide Over would be).
    public mutating func showSlideOver(_ id: WindowID) {
        guard let w = windows[id] else { return }
        switch mode {
        case .fullScreen:
            leaveArrangement(id)
            if fullScreen.centred == id { fullScreen.centred = nil }
            fullScreen.slideOver = id
            fullScreen.slideOverHidden = false
            focus(id)
        case .windowed:
            let r = SpaceLayout.slideOverFrame(screen: screen, chrome: chrome)
            float(id, at: r, limits: w.limits)
            show(id)
        }
    }

    /// Window `id` centred on top (Full-Screen Apps; Windowed Apps: floating in the middle).
    public mutating func showCentred(_ id: WindowID) {
        guard let w = windows[id] else { return }
        switch mode {
        case .fullScreen:
            leaveArrangement(id)
            if fullScreen.slideOver == id { fullScreen.slideOver = nil }
            fullScreen.centred = id
        case .windowed:
            float(id, at: SpaceLayout.centredFrame(screen: screen), limits: w.limits)
        }
        show(id)
    }

    /// Pushes the Slide Over window off the screen, or brings it back (it takes input then; the
    /// main screen's window when it leaves).
    public mutating func setSlideOverHidden(_ hidden: Bool) {
        guard let s = fullScreen.slideOver, fullScreen.slideOverHidden != hidden else { return }
        fullScreen.slideOverHidden = hidden
        guard mode == .fullScreen else { return }
        if hidden {
            if focused == s {
                focused = nil
                if let next = fullScreen.arrangement.windows.first { focus(next) } else { settleFocus() }
            }
        } else {
            focus(s)
        }
    }

    /// The Split View divider held at `fraction` of the screen's width (while a finger drags it).
    public mutating func setSplitFraction(_ fraction: Double) {
        guard case .split(let l, let r, _) = fullScreen.arrangement else { return }
        let f = min(max(fraction, 0), 1)
        fullScreen.arrangement = .split(left: l, right: r, fraction: f)
    }

    /// The divider let go at `x` points: it rests at the nearest Split View width, or closes the side
    /// it was pushed into (that window leaves the screen; the other takes input if it had it).
    public mutating func releaseDivider(at x: Double) {
        guard case .split(let l, let r, _) = fullScreen.arrangement else { return }
        switch SpaceLayout.snap(dividerAt: x, width: screen.width) {
        case .fraction(let f): fullScreen.arrangement = .split(left: l, right: r, fraction: f)
        case .closeLeft:
            fullScreen.arrangement = .fullScreen(r)
            if focused == l { focus(r) }
        case .closeRight:
            fullScreen.arrangement = .fullScreen(l)
            if focused == r { focus(l) }
        }
        settleFocus()
    }
}
