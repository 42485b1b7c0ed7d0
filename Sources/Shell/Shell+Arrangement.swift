import Foundation
import Graphics
import Scenes
import UI

// Full screen, Split View, Slide Over and centred windows; focus and the windows' lifecycle.
extension Shell {
    // MARK: Arrangement

    /// The windows on screen, front first.
    public var visibleWindows: [String] {
        var out: [String] = []
        if let c = centerWindow { out.append(c) }
        if let s = slideOver, !slideOverHidden { out.append(s) }
        out += arrangement.windows
        return out
    }

    public func isOnScreen(_ id: String) -> Bool { visibleWindows.contains(id) }

    public func show(fullScreen id: String) {
        detachFloating(id)
        arrangement = .fullScreen(id)
        focus(id)
        relayout(animated: true)
    }

    /// Puts `id` in Split View beside what is on screen now, on `side`.
    public func show(split id: String, on side: EdgeSide) {
        detachFloating(id)
        arrangement = SpaceLayout.arrangement(arrangement, dropping: id, on: side)
        focus(id)
        relayout(animated: true)
    }

    /// Makes `id` the Slide Over window.
    public func show(slideOver id: String) {
        switch arrangement {
        case .fullScreen(let w) where w == id: arrangement = .empty
        case .split(let l, let r, _) where l == id: arrangement = .fullScreen(r)
        case .split(let l, let r, _) where r == id: arrangement = .fullScreen(l)
        default: break
        }
        if centerWindow == id { centerWindow = nil }
        slideOver = id
        slideOverHidden = false
        focus(id)
        relayout(animated: true)
    }

    func detachFloating(_ id: String) {
        if slideOver == id { slideOver = nil }
        if centerWindow == id { centerWindow = nil }
    }

    public func setSlideOverHidden(_ hidden: Bool) {
        guard slideOver != nil, slideOverHidden != hidden else { return }
        slideOverHidden = hidden
        if hidden, let s = slideOver, focusedWindow == s, let next = arrangement.windows.first { focus(next) }
        if !hidden, let s = slideOver { focus(s) }
        relayout(animated: true)
    }

    /// Gives a window input focus; the others on screen stay seen but inactive.
    public func focus(_ id: String, animated: Bool = true) {
        guard let w = windows[id] else { return }
        focusedWindow = id
        attentionGiven(to: id)
        recency.removeAll { $0 == id }
        recency.insert(id, at: 0)
        for (other, f) in windows { f.isFocusedWindow = other == id }
        if w.superview === windowLayer { windowLayer.bringSubviewToFront(w) }
        if let c = centerWindow, let cf = windows[c] { windowLayer.bringSubviewToFront(cf) }
        if let s = slideOver, let sf = windows[s] { windowLayer.bringSubviewToFront(sf) }
        updateLifecycle()
        saveArrangementIfChanged()
        refreshDockRecents()
        updateOnScreenKeyboard()
    }

    /// Tells each app which of its windows are seen, which one is active and which went away.
    func updateLifecycle() {
        let visible = Set(visibleWindows)
        for (id, f) in windows {
            if visible.contains(id) {
                f.app.runtime.setForeground(f.scene, active: id == focusedWindow)
            } else if f.scene.activationState.isForeground || f.scene.activationState == .unattached {
                f.app.runtime.moveToBackground(f.scene)
            }
        }
    }

    /// Puts every view where the state says, animating windows that move.
    func relayout(animated: Bool) {
        saveArrangementIfChanged()
        let size = bounds.size
        wallpaper.frame = bounds
        home.frame = Rect(
            0, ShellMetrics.statusBarHeight, size.width,
            size.height - ShellMetrics.statusBarHeight - ShellMetrics.dockHeight - 20)
        statusBar.frame = Rect(0, 0, size.width, ShellMetrics.statusBarHeight)
        homeIndicator.frame = Rect(
            0, size.height - ShellMetrics.homeIndicatorArea, size.width, ShellMetrics.homeIndicatorArea)
        // The windows' space: the screen, less what layer surfaces keep clear (a panel's zone).
        windowLayer.frame = layers.usable.isEmpty ? bounds : layers.usable
        overlayLayer.frame = bounds
        for container in layers.containers.values { container.frame = bounds }
        edgeTargets.left.frame = SpaceLayout.edgeTargetFrame(.left, screen: size)
        edgeTargets.right.frame = SpaceLayout.edgeTargetFrame(.right, screen: size)
        let dockW = dock.preferredWidth
        let showsHome = visibleWindows.isEmpty
        let dockShown = showsHome || dockRevealed
        let dockY =
            dockShown ? size.height - ShellMetrics.dockBottomMargin - ShellMetrics.dockHeight - 6 : size.height + 10
        dock.frame = Rect((size.width - dockW) / 2, dockY, dockW, ShellMetrics.dockHeight)
        home.isHidden = !showsHome
        // Light status bar and home indicator over the wallpaper and Exposé, dark over windows (the
        // status bar is over the wallpaper when a panel keeps the windows from the top).
        let light = showsHome || expose != nil || layers.usable.minY > 0
        statusBar.lightContent = light
        homeIndicator.lightContent = light

        // A live resize lasts while the divider is held and its windows settle, and no longer.
        if liveResizeEnd == nil, !arrangement.isSplit, isLiveResizing { endLiveResize() }
        var targets: [(WindowFrameView, Rect, WindowFrameView.Style)] = []
        let (frames, divider) = SpaceLayout.frames(arrangement, screen: windowLayer.bounds.size)
        for (id, r) in frames {
            if let w = windows[id] { targets.append((w, r, arrangement.windows.count > 1 ? .tiled : .fullScreen)) }
        }
        if let d = divider {
            dividerView.frame = d
            dividerView.isHidden = false
            windowLayer.bringSubviewToFront(dividerView)
        } else {
            dividerView.isHidden = true
        }
        if let c = centerWindow, let w = windows[c] {
            let r = Rect(
                center: Point(size.width / 2, size.height / 2 + 6),
                size: Size((size.width * 0.7).rounded(), (size.height * 0.82).rounded()))
            targets.append((w, r, .floating))
        }
        if let s = slideOver, let w = windows[s] {
            targets.append((w, SpaceLayout.slideOverFrame(screen: size, hidden: slideOverHidden), .floating))
        }
        slideOverTab.isHidden = !(slideOver != nil && slideOverHidden)
        slideOverTab.frame = Rect(size.width - 10, size.height / 2 - 40, 6, 80)
        let placed = Set(targets.map { ObjectIdentifier($0.0) })
        for (_, w) in windows where !placed.contains(ObjectIdentifier(w)) {
            w.isHidden = true
        }
        for (w, r, style) in targets {
            w.style = style
            let wasHidden = w.isHidden || w.frame.isEmpty
            w.isHidden = false
            if animated && !wasHidden && w.frame != r {
                let from = w.frame
                animator.animate(
                    duration: ShellMetrics.windowAnimationDuration, curve: .spring(response: 0.35, dampingRatio: 0.9)
                ) { p in
                    w.frame = lerp(from, r, p)
                }
            } else {
                w.frame = r
            }
        }
        if expose != nil { overlayLayer.bringSubviewToFront(expose!) }
        updateLifecycle()
        updateWallpaperVisibility()
        placeKeyboard()
        updateOnScreenKeyboard()
    }

    /// The wallpaper under a settled full-screen window is never seen: hidden, it keeps no picture
    /// (22 MB at 2×). It shows again as soon as the windows are arranged otherwise.
    func updateWallpaperVisibility() {
        wallpaperCheck?.cancel()
        wallpaperCheck = nil
        if coversWallpaper(settled: true) {
            wallpaper.isHidden = true
            return
        }
        wallpaper.isHidden = false
        guard coversWallpaper(settled: false) else { return }
        // Covered once the window has come to rest.
        wallpaperCheck = animator.animate(duration: ShellMetrics.windowAnimationDuration + 0.05, curve: .linear) {
            _ in
        } completion: { [weak self] done in
            guard done, let self else { return }
            self.wallpaperCheck = nil
            if self.coversWallpaper(settled: true) { self.wallpaper.isHidden = true }
        }
    }

    /// Whether one full-screen window covers the screen (`settled`: there, whole and opaque now).
    func coversWallpaper(settled: Bool) -> Bool {
        guard expose == nil, case .fullScreen(let id) = arrangement, let w = windows[id], !w.isHidden else {
            return false
        }
        return !settled || (w.frame == bounds && w.transform.isIdentity && w.alpha >= 1)
    }
}
