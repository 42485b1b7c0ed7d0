import Foundation
import Graphics
import Menus
import ShellPorts
import UI

/// What Notification Center asks of the shell: each notification's icon and time, and what a tap
/// or a button does.
@MainActor public protocol NotificationCenterHost: AnyObject {
    /// The language the person reads.
    var language: Language { get }
    /// The icon of the app or program that posted `notification`.
    func notificationIcon(for notification: ShellNotification) -> View
    /// When a notification came, as its platter says it ("now", "5m ago", a time).
    func timeText(_ date: Date) -> String
    /// Clears the notifications of the app named `name`.
    func clearNotificationGroup(_ name: String)
    /// Opens `notification` (`action` is its sender's action key: `NotificationCenterActions.open`
    /// for a tap on the platter).
    func activateNotification(_ notification: ShellNotification, action: String)
}

/// The action keys of Notification Center's taps.
public enum NotificationCenterActions {
    /// A tap on a platter: the notification's default action (the Desktop Notifications
    /// Specification's `default`).
    public static let open = "default"
}

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
    public private(set) var platters: [NotificationPlatterView] = []
    private var headers: [(label: Label, clear: Button)] = []
    /// Told to close.
    public var onDismiss: (() -> Void)?
    /// How far down it is, 0 (away) … 1 (shown).
    public var progress: Double = 0 {
        didSet {
            setNeedsLayout()
            setNeedsDisplay()
            isOpaqueCover = backdrop != nil && progress >= 1
        }
    }
    /// The screen blurred and dimmed, as Control Center's (nil: the plain cover).
    public var backdrop: MenuBackdrop?

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
    public func reload(with list: NotificationList, shell: any NotificationCenterHost) {
        for p in platters { p.removeFromSuperview() }
        for h in headers {
            h.label.removeFromSuperview()
            h.clear.removeFromSuperview()
        }
        platters = []
        headers = []
        let language = shell.language
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
                        shell.activateNotification(n, action: NotificationCenterActions.open)
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
