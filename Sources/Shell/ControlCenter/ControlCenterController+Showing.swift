import Graphics
import Menus
import Scenes
import SystemUI
import UI

extension ControlCenterController {
    /// Whether Control Center is made ready (its backdrop, its modules' picture) each time the screen
    /// rests, so that a pull's first frame is as quick as the next: on a real screen, where the cost
    /// is taken while nothing else is; off in headless runs and tests, which pull it seldom.
    var preparesControlCenterAtRest: Bool {
        get { self.preparesControlCenter }
        set { self.preparesControlCenter = newValue }
    }

    /// Whether Control Center is shown (or coming down).
    var isControlCenterShown: Bool { self.controlCenter != nil }

    /// Brings Control Center down (animated, as after a pull let go).
    func showControlCenter(animated: Bool = true) {
        let cc = self.controlCenter ?? makeControlCenter()
        animateControlCenter(cc, to: 1, animated: animated)
    }

    /// Sends Control Center up and away.
    func hideControlCenter(animated: Bool = true) {
        guard let cc = self.controlCenter else { return }
        animateControlCenter(cc, to: 0, animated: animated)
    }

    /// Makes Control Center, over the windows and under the status bar, at progress 0.
    @discardableResult
    func makeControlCenter() -> ControlCenterView {
        if let cc = self.controlCenter { return cc }
        shell.closeExpose()
        shell.setDockRevealed(false)
        shell.hideMenuBar(animated: false)
        let cc = self.preparedControlCenter.flatMap { $0.frame == shell.bounds ? $0 : nil } ?? newControlCenter()
        self.preparedControlCenter = nil
        cc.detachedEnvironment = nil
        if let backdrop = controlCenterBackdrop() {
            cc.backdrop = backdrop
            cc.beneath = shell.environment.shownScreen?()
        }
        // What changed where no news comes of it: the backlight's level, another process's settings.
        services.brightness?.refresh()
        settings.reloadIfChanged()
        shell.lockController.placeControlCenter(cc)
        self.controlCenter = cc
        shell.relayout(animated: false)
        refreshControlCenter()
        cc.layoutIfNeeded()
        return cc
    }

    /// The blurred screen, dimmed darker than a menu's: the one made while the screen last rested if
    /// it has not changed since, else made now (Notification Center's too).
    func controlCenterBackdrop() -> MenuBackdrop? {
        if let made = self.restingBackdrop, made.damageCount == shell.damageCount,
            made.backdrop.fits(shell, scale: shell.environment.displayScale)
        {
            return made.backdrop
        }
        guard let renderer = shell.environment.renderer else { return nil }
        let scale = shell.environment.displayScale
        let blurred = MenuBackdrop.atRest(of: shell, renderer: renderer, scale: scale)
        return MenuBackdrop.finish(blurred.thumbnail, of: shell, scale: scale, dim: ControlCenterMetrics.dim)
    }

    /// A new Control Center, its modules wired to the services and settings.
    private func newControlCenter() -> ControlCenterView {
        let cc = ControlCenterView(frame: shell.bounds)
        cc.onDismiss = { [weak self] in self?.hideControlCenter() }
        wire(cc)
        return cc
    }

    /// Makes Control Center ready while the screen rests — its backdrop, and its modules' picture —
    /// so that a pull's first frame has them.
    func prepareControlCenterAtRest() {
        guard preparesControlCenterAtRest, self.controlCenter == nil, shell.expose == nil,
            let renderer = shell.environment.renderer
        else { return }
        self.restingBackdrop = nil
        if let b = controlCenterBackdrop() { self.restingBackdrop = (shell.damageCount, b) }
        let cc = self.preparedControlCenter.flatMap { $0.frame == shell.bounds ? $0 : nil } ?? newControlCenter()
        // Off the screen, it measures text and draws as a view on it would.
        cc.detachedEnvironment = shell.environment
        self.preparedControlCenter = cc
        refresh(cc)
        cc.layoutIfNeeded()
        let grid = cc.grid
        cc.progress = 1
        _ = renderer.render(size: Size(1, 1), scale: shell.environment.displayScale, appearance: appearance) { c in
            c.translate(x: -grid.frame.minX, y: -grid.frame.minY)
            grid.render(in: c, renderer: renderer)
        }
        cc.progress = 0
    }

    private func animateControlCenter(_ cc: ControlCenterView, to target: Double, animated: Bool) {
        self.controlCenterAnimation?.cancel()
        self.controlCenterAnimation = nil
        let from = cc.progress
        let done: @MainActor () -> Void = { [weak self, weak cc] in
            guard let self, let cc else { return }
            if target == 0, self.controlCenter === cc {
                cc.removeFromSuperview()
                self.controlCenter = nil
                self.shell.relayout(animated: false)
            }
        }
        guard animated, from != target else {
            cc.progress = target
            done()
            return
        }
        self.controlCenterAnimation = shell.animator.animate(
            duration: ControlCenterMetrics.duration, curve: ControlCenterMetrics.curve,
            apply: { [weak cc] t in cc?.progress = from + (target - from) * t },
            completion: { finished in if finished { done() } })
    }

    /// The pull from the top-right corner (a system gesture), and the swipe up that closes.
    func installControlCenterGesture() {
        let pull = ScreenEdgePanGestureRecognizer(edges: .top)
        pull.edgeZone = ShellMetrics.statusBarHeight
        pull.minimumDistance = GestureSettings.touchSlop
        pull.shouldBegin = { [weak self, weak pull] _ in
            // (Over a program's lock screen, swaylock's, nothing of Slate's comes.)
            guard let self, let pull, self.controlCenter == nil, self.shell.programs.topEdgePullsAreTheSystems,
                !self.shell.isLockedByProgram
            else {
                return false
            }
            let start = pull.location(in: nil) - pull.translation()
            return start.x >= self.shell.bounds.width - ControlCenterMetrics.pullZoneWidth
        }
        pull.action = { [weak self, weak pull] g in
            guard let self, let pull else { return }
            self.followPull(state: g.state, dy: pull.translation().y, closing: false)
        }
        shell.addSystemGestureRecognizer(pull)
        shell.lockController.keepWhileLocked(pull)

        let close = PanGestureRecognizer()
        close.axis = .vertical
        close.shouldBegin = { [weak self, weak close] _ in
            guard let self, let close, let cc = self.controlCenter, cc.progress >= 1 else { return false }
            return close.translation().y < 0 && cc.wifiList.isHidden
        }
        close.action = { [weak self, weak close] g in
            guard let self, let close else { return }
            self.followPull(state: g.state, dy: close.translation().y, closing: true)
        }
        shell.addSystemGestureRecognizer(close)
        shell.lockController.keepWhileLocked(close)
    }

    /// Control Center follows the finger; let go, it opens or closes by how far and how fast it went.
    private func followPull(state: GestureRecognizer.State, dy: Double, closing: Bool) {
        let distance = ControlCenterMetrics.pullDistance
        switch state {
        case .began:
            self.pullSamples = []
            let cc = makeControlCenter()
            self.controlCenterAnimation?.cancel()
            cc.progress = closing ? 1 : max(0, dy / distance)
        case .changed:
            guard let cc = self.controlCenter else { return }
            let p = (closing ? 1 : 0) + dy / distance
            cc.progress = closing ? min(1, max(0, p)) : max(0, p)
        case .ended, .cancelled:
            guard let cc = self.controlCenter else { return }
            let speed = pullSpeed()
            let open =
                state == .ended
                && (closing
                    ? !(cc.progress < 1 - ControlCenterMetrics.commitFraction
                        || speed < -ControlCenterMetrics.flickVelocity)
                    : (cc.progress > ControlCenterMetrics.commitFraction || speed > ControlCenterMetrics.flickVelocity))
            animateControlCenter(cc, to: open ? 1 : 0, animated: true)
            return
        default:
            return
        }
        self.pullSamples.append((dy, shell.clock.now))
        if self.pullSamples.count > 6 { self.pullSamples.removeFirst() }
    }

    /// Points a second downward over the pull's last moves.
    private func pullSpeed() -> Double {
        guard let first = self.pullSamples.first, let last = self.pullSamples.last, last.time > first.time else {
            return 0
        }
        return (last.y - first.y) / (last.time - first.time)
    }

    /// Sets each module's actions: the services and settings it changes.
    private func wire(_ cc: ControlCenterView) {
        for module in cc.modules { module.wire(to: self, in: cc) }
    }

    /// Dark Mode on or off (Control Center's module): the setting, and the screen at once.
    func setDarkMode(_ on: Bool) {
        settings[.darkMode] = on
        shell.appearance = on ? .dark : .light
        refreshControlCenter()
    }

    /// Airplane Mode, the person's setting: every radio off (Wi-Fi and Bluetooth with it), or on again.
    func setAirplaneMode(_ on: Bool) {
        settings[.airplaneMode] = on
        services.network?.setAirplaneMode(on)
        services.bluetooth?.setPowered(!on)
    }

    /// Shows in Control Center what the services and settings say now; hides what the machine lacks.
    func refreshControlCenter() {
        guard let cc = self.controlCenter else { return }
        refresh(cc)
    }

    private func refresh(_ cc: ControlCenterView) {
        for module in cc.modules { module.refresh(from: self, in: cc) }
        cc.setNeedsLayout()
    }

    /// Control Center's view (tests find its modules and drive its progress).
    var controlCenterProgress: Double? { self.controlCenter?.progress }
}
