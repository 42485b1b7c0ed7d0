import Graphics

/// An alert over a window, as `UIAlertController`'s `.alert` style: a title, a message and its
/// choices on a card over the window dimmed. Two choices sit side by side, more are stacked; the
/// cancel choice is in semibold, a destructive one in red. Choosing one removes the alert, then runs
/// the choice's action. Show it with `WindowScene.present(_:)`.
@MainActor public final class AlertView: View {
    /// One button of an alert.
    public struct Choice {
        /// How the button reads.
        public enum Role: Sendable {
            /// An ordinary choice.
            case plain
            /// The choice that changes nothing (in semibold, as iOS's preferred action).
            case cancel
            /// A choice that cannot be taken back (in red).
            case destructive
        }

        /// What the button says.
        public var title: LocalizedString
        /// How it reads.
        public var role: Role
        /// What it does.
        public var action: () -> Void

        /// A button saying `title`, doing `action`.
        public init(_ title: LocalizedString, role: Role = .plain, action: @escaping () -> Void = {}) {
            self.title = title
            self.role = role
            self.action = action
        }
    }

    private let card = View()
    private let titleLabel: Label
    private let messageLabel: Label
    private var lines: [View] = []
    /// The buttons, in the order of the choices.
    public private(set) var buttons: [Button] = []
    /// Called when a choice removed the alert (`WindowScene.present` takes it off the window).
    public var onDismiss: (() -> Void)?

    /// An alert saying `title` and `message`, offering `choices`.
    public init(title: LocalizedString, message: LocalizedString, choices: [Choice]) {
        titleLabel = Label(title, style: .headline)
        messageLabel = Label(message, style: .footnote)
        super.init()
        identifier = "alert"
        backgroundColor = Color.black.withAlpha(AlertMetrics.dim)
        card.backgroundColor = .secondarySystemBackground
        card.cornerRadius = AlertMetrics.cornerRadius
        addSubview(card)
        for label in [titleLabel, messageLabel] {
            label.alignment = .center
            label.numberOfLines = 0
            card.addSubview(label)
        }
        for choice in choices {
            let button = Button(title: choice.title, style: .plain)
            button.localizedAccessibilityLabel = choice.title
            if choice.role == .cancel { button.font = Font.preferred(.body).weight(.semibold) }
            if choice.role == .destructive { button.tint = .systemRed }
            let action = choice.action
            button.action = { [weak self] in
                self?.dismiss()
                action()
            }
            buttons.append(button)
            card.addSubview(button)
            let line = View()
            line.backgroundColor = .separator
            lines.append(line)
            card.addSubview(line)
        }
        if choices.count == 2 {
            let between = View()
            between.backgroundColor = .separator
            lines.append(between)
            card.addSubview(between)
        }
        localizedAccessibilityLabel = title
    }

    /// The alert's title.
    public var title: String { titleLabel.text }
    /// The alert's message.
    public var message: String { messageLabel.text }

    /// Takes the alert off the screen without a choice.
    public func dismiss() {
        removeFromSuperview()
        onDismiss?()
        onDismiss = nil
    }

    public override func layoutSubviews() {
        let width = min(AlertMetrics.width, bounds.width - 32)
        let pad = AlertMetrics.padding
        let inner = width - 2 * pad
        let titleHeight = titleLabel.sizeThatFits(Size(inner, 120)).height
        let messageHeight = messageLabel.text.isEmpty ? 0 : messageLabel.sizeThatFits(Size(inner, 240)).height
        let buttonHeight = AlertMetrics.buttonHeight
        // Two choices side by side, unless a title would not fit in half the card (as UIKit stacks them).
        let side =
            buttons.count == 2
            && buttons.allSatisfy { $0.sizeThatFits(Size(width, buttonHeight)).width <= width / 2 }
        let buttonsHeight = side ? buttonHeight : buttonHeight * Double(buttons.count)
        let textHeight = pad + 4 + titleHeight + (messageHeight > 0 ? 4 + messageHeight : 0) + pad
        let height = textHeight + buttonsHeight
        card.frame = Rect(
            (bounds.width - width) / 2, max(16, (bounds.height - height) / 2), width, height)
        titleLabel.frame = Rect(pad, pad + 4, inner, titleHeight)
        messageLabel.frame = Rect(pad, titleLabel.frame.maxY + 4, inner, messageHeight)
        for (index, button) in buttons.enumerated() {
            let frame =
                side
                ? Rect(Double(index) * width / 2, textHeight, width / 2, buttonHeight)
                : Rect(0, textHeight + Double(index) * buttonHeight, width, buttonHeight)
            button.frame = frame
            lines[index].frame = Rect(frame.minX, frame.minY, frame.width, 0.5)
        }
        if lines.count > buttons.count {
            lines[buttons.count].isHidden = !side
            lines[buttons.count].frame = Rect(width / 2 - 0.25, textHeight, 0.5, buttonHeight)
        }
    }
}
