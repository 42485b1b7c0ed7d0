import Graphics
import UI

/// Power Off, Restart and Cancel, offered when the power key is held: iOS's alert card in the middle
/// of the dimmed screen, over the lock screen.
@MainActor public final class PowerMenuView: View {
    /// What the person chose.
    public enum Choice: Sendable, Hashable {
        case powerOff, restart, cancel
    }

    /// Told of the choice.
    public var onChoice: ((Choice) -> Void)?
    private let card = View()
    private var buttons: [Button] = []
    private var separators: [View] = []

    public override init(frame: Rect) {
        super.init(frame: frame)
        backgroundColor = Color.black.withAlpha(ShellMetrics.alertDim)
        identifier = "power-menu"
        card.backgroundColor = Color(light: RGBA(0.96, 0.96, 0.97, 0.97), dark: RGBA(0.17, 0.17, 0.18, 0.97))
        card.cornerRadius = LockScreenMetrics.powerCardRadius
        card.clipsToBounds = true
        addSubview(card)
        let choices: [(LocalizedString, Choice, Bool)] = [
            (LockScreenStrings.powerOff, .powerOff, true), (LockScreenStrings.restart, .restart, false),
            (LockScreenStrings.cancel, .cancel, false),
        ]
        for (title, choice, destructive) in choices {
            let b = Button(title: title, style: .plain) { [weak self] in self?.onChoice?(choice) }
            if destructive { b.tint = .systemRed }
            b.localizedAccessibilityLabel = title
            buttons.append(b)
            card.addSubview(b)
        }
        for _ in buttons.dropFirst() {
            let line = View()
            line.backgroundColor = .separator
            separators.append(line)
            card.addSubview(line)
        }
        addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onChoice?(.cancel) })
    }

    public override func layoutSubviews() {
        let m = LockScreenMetrics.self
        let h = m.powerButtonHeight * Double(buttons.count)
        card.frame = Rect(
            ((bounds.width - m.powerCardWidth) / 2).rounded(), ((bounds.height - h) / 2).rounded(), m.powerCardWidth, h)
        for (i, b) in buttons.enumerated() {
            b.frame = Rect(0, Double(i) * m.powerButtonHeight, m.powerCardWidth, m.powerButtonHeight)
        }
        for (i, line) in separators.enumerated() {
            line.frame = Rect(0, Double(i + 1) * m.powerButtonHeight, m.powerCardWidth, m.separatorWidth)
        }
    }
}
