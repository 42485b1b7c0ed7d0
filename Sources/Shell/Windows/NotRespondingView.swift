import Graphics
import SystemUI
import UI

/// Over a window whose program stopped answering (a ping unanswered for 5 s while it had input):
/// the window dimmed, a note saying so, and Force Quit — as GNOME and macOS offer. It goes by itself
/// when the program answers again.
@MainActor public final class NotRespondingView: View {
    private let card = View()
    private let title: Label
    private let detail: Label
    /// Ends the program.
    public let forceQuit: Button

    /// The note for the program called `name`; `quit` ends it.
    public init(name: String, quit: @escaping () -> Void) {
        title = Label(ShellStrings.notResponding.formatted(name), style: .headline)
        detail = Label(ShellStrings.notRespondingDetail, style: .footnote, color: .secondaryLabel)
        forceQuit = Button(title: ShellStrings.forceQuit, style: .filled, action: quit)
        super.init()
        identifier = "not-responding"
        backgroundColor = Color.black.withAlpha(ShellMetrics.suspendedWindowDim)
        card.backgroundColor = .secondarySystemBackground
        card.cornerRadius = ShellMetrics.notRespondingCornerRadius
        title.alignment = .center
        detail.alignment = .center
        detail.numberOfLines = 3
        addSubview(card)
        for v in [title, detail, forceQuit] as [View] { card.addSubview(v) }
        localizedAccessibilityLabel = ShellStrings.notResponding.formatted(name)
    }

    public override func layoutSubviews() {
        let w = min(ShellMetrics.notRespondingWidth, bounds.width - 32)
        let pad = 20.0
        let inner = w - 2 * pad
        let th = title.sizeThatFits(Size(inner, 60)).height
        let dh = detail.sizeThatFits(Size(inner, 200)).height
        let bh = 44.0
        let h = pad + th + 8 + dh + 16 + bh + pad
        card.frame = Rect(bounds.midX - w / 2, bounds.midY - h / 2, w, h)
        title.frame = Rect(pad, pad, inner, th)
        detail.frame = Rect(pad, title.frame.maxY + 8, inner, dh)
        forceQuit.frame = Rect(pad, detail.frame.maxY + 16, inner, bh)
    }
}

extension ShellStrings {
    public static let notResponding = LocalizedString(en: "“%@” is not responding", ru: "«%@» не отвечает")
    public static let notRespondingDetail = LocalizedString(
        en: "You can wait for it, or force it to quit. Changes it has not saved may be lost.",
        ru: "Можно подождать или завершить программу принудительно. Несохранённые изменения могут пропасть.")
    public static let forceQuit = LocalizedString(en: "Force Quit", ru: "Завершить принудительно")
}

extension ShellMetrics {
    /// The Not Responding note: a 320 pt card with 14 pt corners (an iPadOS alert's size and radius).
    public static let notRespondingWidth = 320.0
    public static let notRespondingCornerRadius = 14.0
}
