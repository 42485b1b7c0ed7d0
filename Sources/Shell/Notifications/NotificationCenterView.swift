import Foundation
import Graphics
import Menus
import UI

/// Notification Center, pulled down from the top-left of the screen: the screen covered, and every
/// notification kept, grouped by app (the group with the newest first), newest first within each,
/// each group with Clear; "No Notifications" when there are none. A tap on a platter acts on it; a
/// tap on the cover or a swipe up sends it away.
@MainActor public final class NotificationCenterView: View {
    let cover = View()
    let scroll = ScrollView()
    let title = Label("", style: .title1, color: .white)
    let empty = Label("", style: .headline, color: Color.white.withAlpha(0.7))
    /// The platters shown, newest first.
    private(set) var platters: [NotificationPlatterView] = []
    private var headers: [(label: Label, clear: Button)] = []
    /// Told to close.
    var onDismiss: (() -> Void)?
    /// How far down it is, 0 (away) … 1 (shown).
    var progress: Double = 0 {
        didSet {
            setNeedsLayout()
            setNeedsDisplay()
            isOpaqueCover = backdrop != nil && progress >= 1
        }
    }
    /// The screen blurred and dimmed, as Control Center's (nil: the plain cover).
    var backdrop: MenuBackdrop?

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        identifier = "notification-center"
        localizedAccessibilityLabel = NotificationStrings.notificationCenter
        cover.backgroundColor = NotificationMetrics.centerCover
        addSubview(cover)
        addSubview(scroll)
        scroll.addSubview(title)
        scroll.addSubview(empty)
        empty.alignment = .center
        // A tap beside the platters and headers sends it away.
        scroll.addGestureRecognizer(
            TapGestureRecognizer { [weak self] g in
                guard let self else { return }
                let p = g.location(in: self.scroll)
                let onSomething =
                    self.platters.contains { $0.frame.contains(p) }
                    || self.headers.contains { $0.label.frame.contains(p) || $0.clear.frame.contains(p) }
                if !onSomething { self.onDismiss?() }
            })
    }

    /// Shows `list`, its icons and times from `shell`.
    func reload(with list: NotificationList, shell: Shell) {
        for p in platters { p.removeFromSuperview() }
        for h in headers {
            h.label.removeFromSuperview()
            h.clear.removeFromSuperview()
        }
        platters = []
        headers = []
        let language = shell.environment.language
        title.text = NotificationStrings.notificationCenter.resolved(language)
        empty.text = NotificationStrings.noNotifications.resolved(language)
        empty.isHidden = !list.items.isEmpty
        for group in list.groups {
            let label = Label(group.name, style: .headline, color: .white)
            let name = group.name
            let clear = Button(title: NotificationStrings.clear.resolved(language), style: .plain) {
                [weak shell] in shell?.clearNotificationGroup(name)
            }
            clear.tint = .white
            clear.identifier = "notification-clear-\(name)"
            scroll.addSubview(label)
            scroll.addSubview(clear)
            headers.append((label, clear))
            for n in group.items {
                let p = NotificationPlatterView(
                    n, icon: shell.notificationIcon(for: n), time: shell.timeText(n.date),
                    bodyLines: NotificationMetrics.centerBodyLines)
                p.identifier = "notification-\(n.id)"
                p.addGestureRecognizer(
                    TapGestureRecognizer { [weak shell, weak p] _ in
                        guard let shell, let n = p?.notification else { return }
                        shell.activateNotification(n)
                    })
                p.addGestureRecognizer(
                    LongPressGestureRecognizer { [weak self, weak p] g in
                        guard g.state == .began, let p else { return }
                        p.showsActions = true
                        self?.setNeedsLayout()
                    })
                p.onAction = { [weak shell, weak p] key in
                    guard let shell, let n = p?.notification else { return }
                    shell.activateNotification(n, action: key)
                }
                scroll.addSubview(p)
                platters.append(p)
            }
        }
        setNeedsLayout()
    }

    public override func draw(in canvas: any Canvas) {
        backdrop?.draw(in: canvas, rect: bounds, opacity: min(1, max(0, progress)))
    }

    public override func layoutSubviews() {
        let m = NotificationMetrics.self
        cover.frame = bounds
        cover.isHidden = backdrop != nil
        cover.alpha = min(1, max(0, progress))
        let slide = (1 - min(1, max(0, progress))) * bounds.height
        scroll.frame = Rect(0, -slide, bounds.width, bounds.height)
        let width = min(m.platterWidth, bounds.width - 24)
        let x = (bounds.width - width) / 2
        var y = m.centerTop
        let titleHeight = title.sizeThatFits(Size(width, 60)).height
        title.frame = Rect(x, y, width, titleHeight)
        y += titleHeight + m.groupGap
        empty.frame = Rect(x, y, width, 40)
        var platterIndex = 0
        for (g, header) in headers.enumerated() {
            if g > 0 { y += m.groupGap - m.rowGap }
            let clearWidth = header.clear.sizeThatFits(Size(width, m.groupHeader)).width + 8
            header.label.frame = Rect(x + 4, y, width - clearWidth - 8, m.groupHeader)
            header.clear.frame = Rect(x + width - clearWidth, y, clearWidth, m.groupHeader)
            y += m.groupHeader + 4
            let name = header.label.text
            while platterIndex < platters.count, platters[platterIndex].notification.groupName == name {
                let p = platters[platterIndex]
                let h = p.height(forWidth: width)
                p.frame = Rect(x, y, width, h)
                y += h + m.rowGap
                platterIndex += 1
            }
        }
        scroll.contentSize = Size(bounds.width, max(bounds.height, y + m.centerTop))
    }
}

extension Shell {
    /// Whether Notification Center is shown (or coming down).
    public var isNotificationCenterShown: Bool { notificationState.center != nil }

    /// Brings Notification Center down.
    public func showNotificationCenter(animated: Bool = true) {
        let center = notificationState.center ?? makeNotificationCenter()
        animateNotificationCenter(center, to: 1, animated: animated)
    }

    /// Sends Notification Center up and away.
    public func hideNotificationCenter(animated: Bool = true) {
        guard let center = notificationState.center else { return }
        animateNotificationCenter(center, to: 0, animated: animated)
    }

    /// Clears the group of the app called `name` (Clear): its notifications leave the list, and their
    /// programs hear they were dismissed.
    public func clearNotificationGroup(_ name: String) {
        for n in notifications where n.groupName == name { closeNotification(n.id, reason: .dismissed) }
    }

    @discardableResult
    func makeNotificationCenter() -> NotificationCenterView {
        if let c = notificationState.center { return c }
        hideControlCenter(animated: false)
        hideMenuBar(animated: false)
        setDockRevealed(false)
        loadNotifications()
        // The banners go into Notification Center, where they are kept.
        for b in notificationState.banners { hideBanner(b.notification.id, animated: false) }
        let center = NotificationCenterView(frame: bounds)
        center.backdrop = controlCenterBackdrop()
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
        center.reload(with: notificationState.list, shell: self)
        overlayLayer.addSubview(center)
        notificationState.center = center
        return center
    }

    private func animateNotificationCenter(_ center: NotificationCenterView, to target: Double, animated: Bool) {
        let s = notificationState
        s.centerAnimation?.cancel()
        let from = center.progress
        let done: @MainActor () -> Void = { [weak self, weak center] in
            guard let self, let center, target == 0, self.notificationState.center === center else { return }
            center.removeFromSuperview()
            self.notificationState.center = nil
        }
        guard animated, from != target else {
            center.progress = target
            done()
            return
        }
        s.centerAnimation = animator.animate(
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
            guard let self, let pull, self.notificationState.center == nil, self.system.controlCenter == nil,
                self.topEdgePullsAreTheSystems
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
                self.notificationState.centerAnimation?.cancel()
                center.progress = max(0, min(1, dy / (self.bounds.height / 3)))
            case .ended, .cancelled:
                guard let center = self.notificationState.center else { return }
                let open = g.state == .ended && dy > NotificationMetrics.pullDistance
                self.animateNotificationCenter(center, to: open ? 1 : 0, animated: true)
            default: break
            }
        }
        addSystemGestureRecognizer(pull)
    }

    /// Whether a pull down from the top edge at `x` is Notification Center's: the top-left always;
    /// the middle when no menu bar would come down there; never Control Center's top-right.
    func opensNotificationCenter(fromTopEdgeAt x: Double) -> Bool {
        if x >= bounds.width - ControlCenterMetrics.pullZoneWidth { return false }
        return x < min(NotificationMetrics.pullZoneWidth, bounds.width * NotificationMetrics.pullZoneMaxFraction)
            || !canShowMenuBar
    }

    /// Notification Center's view, while shown.
    @_spi(Testing) public var notificationCenterView: NotificationCenterView? { notificationState.center }
}
