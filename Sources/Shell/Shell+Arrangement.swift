import Foundation
import Graphics
import Scenes
import SystemUI
import UI
import Windowing

// The window manager's operations as the shell performs them, and its layout on the screen: full
// screen, Split View, Slide Over and centred windows, or Windowed Apps' windows; focus and the
// windows' lifecycle.
extension Shell {
    // MARK: The window manager

    /// Changes the window manager by its operations, then shows the result: the focus, each app's
    /// scenes' lifecycle, the windows where the layout puts them (`animated`), the saved
    /// arrangement and the Dock's recent apps.
    public func manage(animated: Bool = true, _ change: (inout WindowManager) -> Void) {
        let before = windowManager
        change(&windowManager)
        guard windowManager != before else { return }
        if windowManager.focused != before.focused {
            showFocus()
            if let focused = windowManager.focused { attentionGiven(to: focused) }
            keyboardPresenter.updateOnScreenKeyboard()
        }
        relayout(animated: animated)
        refreshDockRecents()
    }

    /// Marks the focused window's frame (its controls show it).
    func showFocus() {
        let id = windowManager.focused
        for (other, f) in windows { f.isFocusedWindow = other == id }
    }

    /// The multitasking mode the screen shows.
    public var multitasking: MultitaskingMode { windowManager.mode }

    /// Turns the screen to another multitasking mode: each mode keeps its arrangement.
    public func setMultitasking(_ mode: MultitaskingMode) {
        savedLayout.modeChosen = true
        closeExpose()
        manage { $0.setMode(mode) }
    }

    // MARK: Full-Screen Apps

    /// What Full-Screen Apps' main screen shows.
    public var arrangement: Arrangement<String> { windowManager.fullScreen.arrangement }
    /// The Slide Over window, and whether it is pushed off the screen.
    public var slideOver: String? { windowManager.fullScreen.slideOver }
    public var slideOverHidden: Bool { windowManager.fullScreen.slideOverHidden }
    /// A window opened centred on top (placement prominent).
    public var centerWindow: String? { windowManager.fullScreen.centred }
    /// The window that takes input.
    public var focusedWindow: String? { placedWindows.focused ?? windowManager.focused }
    /// Windows, most recently used first.
    public var recency: [String] { windowManager.recency }
    /// The recently used windows, then every other window the shell has, by identifier.
    var recencyThenTheRest: [String] { recency + windows.keys.filter { !recency.contains($0) }.sorted() }

    /// The windows on screen, front first.
    public var visibleWindows: [String] { programs.placedWindowIDs + windowManager.visibleWindows }

    public func isOnScreen(_ id: String) -> Bool {
        windowManager.isVisible(id) || (placedWindows.origins[id] != nil && !placedWindows.minimized.contains(id))
    }

    /// Whether window `id` is shown over the whole screen, over every other (Windowed Apps' full
    /// screen): a program's window is told it is full screen, not maximized.
    func isShownWholeScreen(_ id: String) -> Bool {
        multitasking == .windowed && windowManager.windows[id]?.windowed.isFullScreen == true
    }

    public func show(fullScreen id: String) {
        manage { $0.showFullScreen(id) }
    }

    /// Puts `id` in Split View beside what is on screen now, on `side`.
    public func show(split id: String, on side: EdgeSide) {
        manage { $0.showSplit(id, on: side) }
    }

    /// Makes `id` the Slide Over window.
    public func show(slideOver id: String) {
        manage { $0.showSlideOver(id) }
    }

    public func setSlideOverHidden(_ hidden: Bool) {
        manage { $0.setSlideOverHidden(hidden) }
    }

    /// Brings window `id` to the screen as a tap on its app's icon does: full screen in Full-Screen
    /// Apps, where it was (out of the Dock) in Windowed Apps.
    public func present(_ id: String) {
        manage { m in
            if m.mode == .windowed { m.show(id) } else { m.showFullScreen(id) }
        }
    }

    /// Gives a window input focus; the others on screen stay seen but inactive (in Windowed Apps
    /// it comes to the front).
    public func focus(_ id: String, animated: Bool = true) {
        if programs.focusPlaced(id) { return }
        manage(animated: animated) { $0.focus(id) }
    }

    /// Tells each app which of its windows are seen, which one is active (none while the screen is
    /// locked) and which went away.
    func updateLifecycle() {
        let visible = Set(visibleWindows)
        for (id, f) in windows {
            if visible.contains(id) {
                f.app.runtime.setForeground(f.scene, active: id == focusedWindow && !isLocked)
            } else if f.scene.activationState.isForeground || f.scene.activationState == .unattached {
                f.app.runtime.moveToBackground(f.scene)
            }
        }
    }

    /// The Dock's platter: the thicker one over an app's window, the thin one over the wallpaper (the
    /// Home screen, App Exposé).
    func updateDockMaterial() {
        dock.isOverApp = !visibleWindows.isEmpty && expose == nil
    }

    /// Puts every view where the state says, animating windows that move.
    func relayout(animated: Bool) {
        let size = bounds.size
        // The windows' space: the screen, less what layer surfaces keep clear (a panel's zone).
        windowLayer.frame = layers.usable.isEmpty ? bounds : layers.usable
        if windowManager.screen != windowLayer.bounds.size { windowManager.setScreen(windowLayer.bounds.size) }
        saveArrangementIfChanged()
        wallpaper.frame = bounds
        home.frame = Rect(
            0, ShellMetrics.statusBarHeight, size.width,
            size.height - ShellMetrics.statusBarHeight - ShellMetrics.dockHeight - 20)
        statusBar.frame = Rect(0, 0, size.width, ShellMetrics.statusBarHeight)
        homeIndicator.frame = Rect(
            0, size.height - ShellMetrics.homeIndicatorArea, size.width, ShellMetrics.homeIndicatorArea)
        overlayLayer.frame = bounds
        spotlight.view?.frame = bounds
        for container in layers.containers.values { container.frame = bounds }
        layers.popups.frame = bounds
        edgeTargets.left.frame = SpaceLayout.edgeTargetFrame(.left, screen: size)
        edgeTargets.right.frame = SpaceLayout.edgeTargetFrame(.right, screen: size)
        let dockW = dock.preferredWidth
        let showsHome = visibleWindows.isEmpty
        let dockShown = showsHome || dockRevealed
        let dockY =
            dockShown ? size.height - ShellMetrics.dockBottomMargin - ShellMetrics.dockHeight - 6 : size.height + 10
        dock.frame = Rect((size.width - dockW) / 2, dockY, dockW, ShellMetrics.dockHeight)
        updateDockMaterial()
        if home.isHidden, showsHome {
            home.isHidden = false
            home.resumeWarming()
        } else {
            home.isHidden = !showsHome
        }
        // Light status bar and home indicator over the wallpaper, Exposé and Control Center, dark over
        // windows (in Windowed Apps, over a full-screen one; the status bar is over the wallpaper when
        // a panel keeps the windows from the top).
        let overWallpaper =
            windowManager.mode == .windowed && !windowManager.layout().windows.contains { $0.style == .fullScreen }
        let light =
            showsHome || expose != nil || overWallpaper || controlCenterController.controlCenter != nil
            || layers.usable.minY > 0
        statusBar.lightContent = light
        homeIndicator.lightContent = light

        // A live resize lasts while the divider is held and its windows settle, and no longer.
        if liveResizeEnd == nil, !arrangement.isSplit, isLiveResizing { endLiveResize() }
        let layout = windowManager.layout()
        if let d = layout.divider {
            dividerView.frame = d
            dividerView.isHidden = false
        } else {
            dividerView.isHidden = true
        }
        slideOverTab.isHidden = !layout.showsSlideOverTab
        slideOverTab.frame = Rect(size.width - 10, size.height / 2 - 40, 6, 80)
        let placed = Set(layout.windows.map(\.id))
        for (id, w) in windows
        where !placed.contains(id) && !windowing.minimizing.contains(id) && placedWindows.origins[id] == nil {
            w.isHidden = true
        }
        for p in layout.windows {
            guard let w = windows[p.id] else { continue }
            if windowing.minimizing.remove(p.id) != nil {
                // Back out of the Dock before it got there.
                w.transform = .identity
                w.alpha = 1
                w.isUserInteractionEnabled = true
            }
            w.style = p.style
            w.chrome = p.chrome
            let wasHidden = w.isHidden || w.frame.isEmpty
            w.isHidden = false
            let r = p.frame
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
        programs.layoutPlacedWindows()
        stackWindows(layout)
        if expose != nil { overlayLayer.bringSubviewToFront(expose!) }
        updateLifecycle()
        updateWallpaperVisibility()
        keyboardPresenter.placeKeyboard()
        keyboardPresenter.updateOnScreenKeyboard()
        lockController.applyLock()
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

    /// Whether a full-screen window covers the screen (`settled`: there, whole and opaque now).
    func coversWallpaper(settled: Bool) -> Bool {
        guard expose == nil else { return false }
        let covering = windowManager.layout().windows.filter { $0.style == .fullScreen && $0.frame == bounds }
        return covering.contains { p in
            guard let w = windows[p.id], !w.isHidden else { return false }
            return !settled || (w.frame == bounds && w.transform.isIdentity && w.alpha >= 1)
        }
    }

    /// Puts the window layer's views in the layout's order, back to front: the windows, Split View's
    /// divider over the two it divides. Nothing moves (or is drawn again) when the order holds.
    func stackWindows(_ layout: WindowLayout) {
        var order: [View] = []
        for p in layout.windows {
            guard let w = windows[p.id] else { continue }
            if layout.divider != nil, p.style != .tiled, !order.contains(where: { $0 === dividerView }) {
                order.append(dividerView)
            }
            order.append(w)
        }
        if layout.divider != nil, !order.contains(where: { $0 === dividerView }) { order.append(dividerView) }
        let now = windowLayer.subviews.filter { v in order.contains { $0 === v } }
        guard !zip(now, order).allSatisfy({ $0 === $1 }) || now.count != order.count else { return }
        for v in order { windowLayer.bringSubviewToFront(v) }
    }

    /// Closes window `id` for good, as Ctrl+W does.
    func closeWindow(_ id: String) {
        guard let w = windows[id] else { return }
        environment.errors.attempt(ShellStrings.closeTheWindow, userAction: true) {
            try w.app.destroy(w.scene.session, animation: .standard)
        }
    }
}
