import Foundation
import Graphics
import Menus
import SystemUI
import UI

extension NotificationController: NotificationCenterHost {
    var language: Language { shell.language }

    /// Whether Notification Center is shown (or coming down).
    var isNotificationCenterShown: Bool { self.center != nil }

    /// Brings Notification Center down.
    func showNotificationCenter(animated: Bool = true) {
        let center = self.center ?? makeNotificationCenter()
        animateNotificationCenter(center, to: 1, animated: animated)
    }

    /// Sends Notification Center up and away.
    func hideNotificationCenter(animated: Bool = true) {
        guard let center = self.center else { return }
        animateNotificationCenter(center, to: 0, animated: animated)
    }

    /// Clears the group of the app called `name` (Clear): its notifications leave the list, and their
    /// programs hear they were dismissed.
    func clearNotificationGroup(_ name: String) {
        for n in notifications where n.groupName == name { closeNotification(n.id, reason: .dismissed) }
    }

    @discardableResult
    func makeNotificationCenter() -> NotificationCenterView {
        if let c = self.center { return c }
        shell.hideControlCenter(animated: false)
        shell.hideMenuBar(animated: false)
        shell.setDockRevealed(false)
        loadNotifications()
        // The banners go into Notification Center, where they are kept.
        for b in self.banners { hideBanner(b.notification.id, animated: false) }
        let center = NotificationCenterView(frame: shell.bounds)
        center.backdrop = shell.controlCenterController.controlCenterBackdrop()
        center.onDismiss = { [weak self] in self?.hideNotificationCenter() }
        let close = PanGestureRecognizer()
        close.axis = .vertical
        close.action = { [weak self, weak close, weak center] g in
            guard let self, let close, let center, g.state == .ended else { return }
            if close.translation().y < -NotificationMetrics.pullDistance / 2 {
                self.animateNotificationCenter(center, to: 0, animated: true)
            }
        }
        center.addGestureRecognizer(close)
        center.reload(with: self.list, shell: self)
        shell.overlayLayer.addSubview(center)
        self.center = center
        return center
    }

    private func animateNotificationCenter(_ center: NotificationCenterView, to target: Double, animated: Bool) {
        centerAnimation?.cancel()
        let from = center.progress
        let done: @MainActor () -> Void = { [weak self, weak center] in
            guard let self, let center, target == 0, self.center === center else { return }
            center.removeFromSuperview()
            self.center = nil
        }
        guard animated, from != target else {
            center.progress = target
            done()
            return
        }
        centerAnimation = shell.animator.animate(
            duration: NotificationMetrics.slideDuration, curve: .easeOut,
            apply: { [weak center] t in center?.progress = from + (target - from) * t },
            completion: { finished in if finished { done() } })
    }

    /// The pull from the top-left (or the middle where no menu bar comes down) that opens it.
    func installNotificationCenterGesture() {
        let pull = ScreenEdgePanGestureRecognizer(edges: .top)
        pull.edgeZone = ShellMetrics.statusBarHeight
        pull.minimumDistance = GestureSettings.touchSlop
        pull.shouldBegin = { [weak self, weak pull] _ in
            guard let self, let pull, self.center == nil, self.shell.controlCenterController.controlCenter == nil,
                self.shell.programs.topEdgePullsAreTheSystems
            else {
                return false
            }
            let start = pull.location(in: nil) - pull.translation()
            return self.opensNotificationCenter(fromTopEdgeAt: start.x)
        }
        pull.action = { [weak self, weak pull] g in
            guard let self, let pull else { return }
            let dy = pull.translation().y
            switch g.state {
            case .began, .changed:
                let center = self.makeNotificationCenter()
                self.centerAnimation?.cancel()
                center.progress = max(0, min(1, dy / (self.shell.bounds.height / 3)))
            case .ended, .cancelled:
                guard let center = self.center else { return }
                let open = g.state == .ended && dy > NotificationMetrics.pullDistance
                self.animateNotificationCenter(center, to: open ? 1 : 0, animated: true)
            default: break
            }
        }
        shell.addSystemGestureRecognizer(pull)
    }

    /// Whether a pull down from the top edge at `x` is Notification Center's: the top-left always;
    /// the middle when no menu bar would come down there; never Control Center's top-right.
    func opensNotificationCenter(fromTopEdgeAt x: Double) -> Bool {
        if x >= shell.bounds.width - ControlCenterMetrics.pullZoneWidth { return false }
        return x < min(NotificationMetrics.pullZoneWidth, shell.bounds.width * NotificationMetrics.pullZoneMaxFraction)
            || !shell.systemMenus.canShowMenuBar
    }

    /// Notification Center's view, while shown.
    var notificationCenterView: NotificationCenterView? { self.center }
}
