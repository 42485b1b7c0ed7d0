import Foundation
import Graphics
import Scenes
import SystemUI
import UI

// What the system takes before the apps: its gestures and its keyboard shortcuts.
extension Shell {
    // MARK: Gestures

    // The system's own gestures, taken before the apps' (they are system gesture recognizers in the
    // same arena): the swipe up from the bottom edge that shows the Dock, and Slide Over's sideways
    // swipes. A touch anywhere also focuses the window it lands in.

    // MARK: The Dock

    /// Shows or hides the Dock over the apps (a short swipe up from the bottom edge shows it).
    public func setDockRevealed(_ shown: Bool) {
        // (Locked, there is no Dock.)
        guard dockRevealed != shown, !(shown && isLocked) else { return }
        dockRevealed = shown
        relayout(animated: false)
    }

    /// Makes the system gestures and the touch watcher.
    func installSystemGestures() {
        // Swipe up from the bottom edge over an app: the Dock.
        // Held still, further up: Exposé (`bottomSwipe`).
        let dock = ScreenEdgePanGestureRecognizer(edges: .bottom)
        dock.action = { [weak self, weak dock] _ in
            guard let self, let dock else { return }
            self.setDockRevealed(true)
            self.windowing.bottomSwipe(dock)
        }
        dock.edgeZone = ShellMetrics.homeIndicatorArea
        dock.minimumDistance = GestureSettings.dockRevealDistance
        dock.shouldBegin = { [weak self] _ in !(self?.visibleWindows.isEmpty ?? true) }
        addSystemGestureRecognizer(dock)

        // Slide Over's top bar swiped to the right pushes the window off the screen.
        let hide = PanGestureRecognizer()
        hide.axis = .horizontal
        hide.shouldBegin = { [weak self] g in
            guard let self, let s = self.slideOver, !self.slideOverHidden, self.expose == nil,
                let w = self.windows[s], let pan = g as? PanGestureRecognizer
            else { return false }
            let grip = Rect(w.frame.minX, w.frame.minY, w.frame.width, GestureSettings.slideOverGripHeight)
            return grip.contains(pan.startLocation) && pan.translation().x > 0
        }
        hide.action = { [weak self] g in
            guard let self, g.state == .ended, let pan = g as? PanGestureRecognizer else { return }
            if pan.translation().x > GestureSettings.slideOverHideDistance { self.setSlideOverHidden(true) }
        }
        addSystemGestureRecognizer(hide)

        // A swipe in from the right edge brings a hidden Slide Over window back.
        let show = ScreenEdgePanGestureRecognizer(edges: .right)
        show.shouldBegin = { [weak self] _ in
            guard let self else { return false }
            return self.slideOver != nil && self.slideOverHidden && self.expose == nil
        }
        show.action = { [weak self, weak show] g in
            guard let self, let show, g.state == .ended else { return }
            if -show.translation().x > GestureSettings.slideOverShowDistance { self.setSlideOverHidden(false) }
        }
        addSystemGestureRecognizer(show)

        // Four or five fingers: a pinch goes Home, a swipe up shows the switcher (down puts it
        // away), sideways goes from app to app.
        let multitasking = MultitaskingGestureRecognizer()
        multitasking.shouldBegin = { [weak self] _ in
            guard let self else { return false }
            return self.settings[.multitaskingGestures] && !self.isLocked
        }
        multitasking.action = { [weak self] g in
            guard let self, g.state == .ended, let motion = (g as? MultitaskingGestureRecognizer)?.motion else {
                return
            }
            self.multitaskingGesture(motion)
        }
        addSystemGestureRecognizer(multitasking)

        // A pull down from the top-right corner: Control Center.
        controlCenterController.installControlCenterGesture()
        // A pull down from the top-left (or the middle, where no menu bar comes): Notification Center.
        notificationController.installNotificationCenterGesture()

        dispatcher.touchFilter = { [weak self] t in
            self?.watch(t)
            return false
        }
    }

    // MARK: Four and five fingers

    /// What a multitasking gesture does: as iPadOS's "Gestures" in Multitasking & Gestures.
    func multitaskingGesture(_ motion: MultitaskingGestureRecognizer.Motion) {
        switch motion {
        case .pinch:
            guard !visibleWindows.isEmpty || expose != nil else { return }
            goHome()
        case .swipe(.up):
            if expose == nil { showSwitcher() }
        case .swipe(.down):
            closeExpose()
        case .swipe(.left): switchApp(by: 1)
        case .swipe(.right): switchApp(by: -1)
        }
    }

    /// Goes `step` windows back (older, a swipe left) or forward (a swipe right) through the windows
    /// by when they were last used. The order holds while the swipes go on — a swipe right comes
    /// back to the window a swipe left came from — and starts again from the recently used once
    /// something else is focused. Only over a window: on the Home screen nothing is switched.
    func switchApp(by step: Int) {
        guard expose == nil, let focused = focusedWindow else { return }
        var order: [String]
        if let switching = windowing.switching, switching.order.indices.contains(switching.index),
            switching.order[switching.index] == focused
        {
            order = switching.order
        } else {
            // The windows seen beside the focused one (Split View, Slide Over) are its card, not
            // cards of their own.
            let beside = Set(visibleWindows).subtracting([focused])
            order = [focused] + recencyThenTheRest.filter { $0 != focused && !beside.contains($0) }
        }
        // Windows closed since are passed over.
        order.removeAll { $0 != focused && windows[$0] == nil && !hasSession($0) }
        let next = (order.firstIndex(of: focused) ?? 0) + step
        guard order.indices.contains(next) else { return }
        choose(order[next], side: nil)
        windowing.switching = (order, next)
    }

    /// Whether an app has a session `id` (a window not connected now, which choosing connects).
    private func hasSession(_ id: String) -> Bool {
        hostedApps.contains { $0.runtime.session(withIdentifier: id) != nil }
    }

    /// Watches every touch as it goes down: a touch in a window focuses it; a touch outside the
    /// revealed Dock hides the Dock.
    func watch(_ t: Touch) {
        guard t.phase == .began else { return }
        // A touch on the keyboard on the glass is the keyboard's: it focuses no window beneath.
        if keyboardPresenter.keyboardWatch(t.location) { return }
        if dockRevealed && !dock.frameInRoot.contains(t.location) && dragCoordinator.session == nil
            && t.location.y < bounds.height - ShellMetrics.homeIndicatorArea
        {
            setDockRevealed(false)
        }
        focusWindow(at: t.location)
    }

    /// A secondary or middle click in a window focuses it as a touch does, before the window hears
    /// it (a program pastes its primary selection where it has the keys).
    func watch(_ event: PointerEvent) {
        switch event {
        case .secondaryClick(let p), .middleClick(let p): focusWindow(at: p)
        case .hover, .exit, .scroll: break
        }
    }

    /// Focuses the window under a point of the screen, unless the system's own is over it.
    private func focusWindow(at p: Point) {
        // Over the menu bar (or the About card) a touch is the system's, not the window's beneath.
        guard expose == nil, menuBarOverlay == nil, systemMenus.about == nil else { return }
        for id in visibleWindows {
            if let w = windows[id], w.frameInRoot.contains(p) {
                if focusedWindow != id { focus(id) }
                break
            }
        }
    }

    // MARK: Keyboard

    func shortcut(_ k: KeyPress) -> Bool {
        // A program that asked for Slate's shortcut keys (a remote desktop, a virtual machine) gets
        // them while its window has the keyboard; Super+Escape (as on GNOME) gives them back. The
        // tablet's own buttons (power, volume) and Print stay the system's.
        if let id = focusedWindow, let toplevel = (windows[id]?.scene.rootView as? ForeignSurfaceView)?.toplevel,
            toplevel.inhibitsShortcuts
        {
            switch k.key {
            case .power, .volumeUp, .volumeDown, .print: return screenCapture.systemKey(k)
            case .escape where k.modifiers == .command:
                toplevel.restoreShortcuts()
                return true
            default: return false
            }
        }
        if screenCapture.systemKey(k) { return true }
        // Spotlight's field and Spotlight take the keys (Ctrl+Space again puts it away).
        if spotlight.isShown {
            guard k.key == .space, k.modifiers == .control || k.modifiers == .command else { return false }
            spotlight.hide()
            return true
        }
        if k.key == .escape, k.modifiers.isEmpty, isControlCenterShown {
            hideControlCenter()
            return true
        }
        if k.key == .escape, k.modifiers.isEmpty, isNotificationCenterShown {
            hideNotificationCenter()
            return true
        }
        if systemMenus.menuBarShortcut(k) { return true }
        let focusedApp = focusedWindow.flatMap { windows[$0]?.app }
        // Over a Slate app's window, New Window and Close Window are its menu bar's commands (after
        // its own shortcuts); over a program's window or the Home screen, the shell's own.
        let menuBarHasIt = focusedWindow.flatMap { windows[$0] }.map { !($0.app.application is ForeignApp) } ?? false
        switch (k.key, k.modifiers) {
        case (.character("n"), .control) where !menuBarHasIt:
            guard let app = focusedApp ?? apps.first else { return false }
            newWindow(of: app, requesting: focusedWindow.flatMap { windows[$0]?.scene })
            return true
        case (.character("w"), .control) where !menuBarHasIt:
            guard let id = focusedWindow else { return false }
            closeWindow(id)
            return true
        case (.up, .control):
            showSwitcher()
            return true
        case (.space, .control), (.space, .command):
            // Spotlight anywhere (⌘Space on an iPad); again, it goes away.
            if spotlight.isShown { spotlight.hide() } else { spotlight.show() }
            return true
        case (.character("h"), .control):
            goHome()
            return true
        case (.escape, []):
            if expose != nil {
                closeExpose()
                return true
            }
            return false
        default:
            return false
        }
    }

    /// Back to the Home screen: every window goes to the background (Windowed Apps: into the Dock).
    public func goHome() {
        closeExpose()
        spotlight.hide()
        homeEditor.closeFolder()
        homeEditor.end()
        manage(animated: false) { $0.goHome() }
    }
}
