import Foundation
import Graphics
import ShellPorts
import UI

/// One notification on its glass platter, as iPadOS 26 shows it in a banner and in Notification
/// Center: the app's icon at the left; the app's name and the time on the first line; the title; the
/// body, two lines in a banner (more in Notification Center). Held down, it shows its other actions
/// as buttons below.
@MainActor public final class NotificationPlatterView: View {
    /// The notification shown.
    public private(set) var notification: ShellNotification
    let icon: View
    let appLabel = Label("", style: .footnote, color: .secondaryLabel)
    let timeLabel = Label("", style: .footnote, color: .secondaryLabel)
    let titleLabel = Label("", style: .headline, color: .label)
    let bodyLabel = Label("", style: .subheadline, color: .label)
    /// The buttons of the actions other than `default`, while shown (`showsActions`).
    private(set) var actionButtons: [Button] = []
    /// Told of the key of the action button the person tapped.
    public var onAction: ((String) -> Void)?
    /// Where it rests as a banner (its slide in goes there).
    public var restingY = 0.0

    /// A platter for `n` with `icon` (the app's, or its picture), its time written `time`, its body
    /// cut to `bodyLines` lines.
    public init(_ n: ShellNotification, icon: View, time: String, bodyLines: Int) {
        notification = n
        self.icon = icon
        super.init()
        backgroundColor = NotificationMetrics.platter
        cornerRadius = NotificationMetrics.cornerRadius
        titleLabel.numberOfLines = 1
        bodyLabel.numberOfLines = bodyLines
        timeLabel.alignment = .right
        for v in [icon, appLabel, timeLabel, titleLabel, bodyLabel] as [View] { addSubview(v) }
        update(n, time: time)
        accessibilityTraits = .button
    }

    /// Shows `n` (a notification that replaced the one shown), its time written `time`.
    public func update(_ n: ShellNotification, time: String) {
        notification = n
        appLabel.text = n.groupName
        timeLabel.text = time
        titleLabel.text = n.title
        bodyLabel.text = n.body
        titleLabel.isHidden = n.title.isEmpty
        bodyLabel.isHidden = n.body.isEmpty
        accessibilityLabel = [n.groupName, n.title, n.body].filter { !$0.isEmpty }.joined(separator: ", ")
        setNeedsLayout()
    }

    /// Whether the other actions show as buttons below the text.
    public var showsActions: Bool = false {
        didSet {
            guard showsActions != oldValue else { return }
            for b in actionButtons { b.removeFromSuperview() }
            actionButtons = []
            if showsActions {
                for a in notification.actions where a.key != "default" {
                    let key = a.key
                    let b = Button(title: a.label, style: .plain) { [weak self] in self?.onAction?(key) }
                    b.identifier = "notification-action-\(key)"
                    actionButtons.append(b)
                    addSubview(b)
                }
            }
            setNeedsLayout()
        }
    }

    /// The height the platter takes at `width`.
    public func height(forWidth width: Double) -> Double {
        let m = NotificationMetrics.self
        let textWidth = width - 2 * m.padding - m.iconSide - m.iconGap
        var h = m.padding + appLabel.sizeThatFits(Size(textWidth, 40)).height
        if !titleLabel.isHidden { h += titleLabel.sizeThatFits(Size(textWidth, 40)).height }
        if !bodyLabel.isHidden { h += bodyLabel.sizeThatFits(Size(textWidth, 400)).height }
        h = max(h, m.padding + m.iconSide) + m.padding
        if !actionButtons.isEmpty { h += Double(actionButtons.count) * 44 }
        return h
    }

    public override func layoutSubviews() {
        let m = NotificationMetrics.self
        let x = m.padding + m.iconSide + m.iconGap
        let textWidth = bounds.width - x - m.padding
        icon.frame = Rect(m.padding, m.padding, m.iconSide, m.iconSide)
        let lineHeight = appLabel.sizeThatFits(Size(textWidth, 40)).height
        let timeWidth = min(textWidth / 2, timeLabel.sizeThatFits(Size(textWidth, 40)).width)
        appLabel.frame = Rect(x, m.padding, textWidth - timeWidth - 8, lineHeight)
        timeLabel.frame = Rect(bounds.width - m.padding - timeWidth, m.padding, timeWidth, lineHeight)
        var y = appLabel.frame.maxY
        if !titleLabel.isHidden {
            let h = titleLabel.sizeThatFits(Size(textWidth, 40)).height
            titleLabel.frame = Rect(x, y, textWidth, h)
            y += h
        }
        if !bodyLabel.isHidden {
            let h = bodyLabel.sizeThatFits(Size(textWidth, 400)).height
            bodyLabel.frame = Rect(x, y, textWidth, h)
            y += h
        }
        y = max(y, m.padding + m.iconSide) + m.padding
        for b in actionButtons {
            b.frame = Rect(0, y, bounds.width, 44)
            y += 44
        }
    }
}

/// The icon of a program Slate knows no icon of: its name's first letter, white on grey, in the
/// app icon's rounded square (as iPadOS's placeholder).
@MainActor public final class LetterIconView: View {
    let letter: String

    public init(name: String) {
        letter = name.first.map { String($0).uppercased() } ?? "?"
        super.init()
    }

    public override func draw(in canvas: any Canvas) {
        canvas.fillRoundedRect(bounds, radius: NotificationMetrics.iconRadius, with: .systemGray)
        let text = TextLayout(
            letter, font: Font(size: bounds.height * 0.55, weight: .semibold), color: .white, lineLimit: 1,
            width: bounds.width)
        let size = environment.textMeasurer.measure(text)
        canvas.drawText(text, at: Point((bounds.width - size.width) / 2, (bounds.height - size.height) / 2))
    }
}
