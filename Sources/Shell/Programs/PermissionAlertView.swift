import Graphics
import ShellPorts
import SystemUI
import UI

extension Privilege {
    /// The question, with the program's name in it.
    var question: LocalizedString {
        switch self {
        case .clipboard:
            LocalizedString(
                en: "“%@” would like to read and change the clipboard",
                ru: "«%@» запрашивает доступ к буферу обмена")
        case .screen:
            LocalizedString(en: "“%@” would like to record the screen", ru: "«%@» запрашивает запись экрана")
        case .input:
            LocalizedString(
                en: "“%@” would like to type and click for you", ru: "«%@» запрашивает управление вводом")
        case .windows:
            LocalizedString(
                en: "“%@” would like to see and manage your windows", ru: "«%@» запрашивает доступ к вашим окнам")
        }
    }

    /// Why it matters, in a line.
    var explanation: LocalizedString {
        switch self {
        case .clipboard:
            LocalizedString(
                en: "It could see everything you copy, passwords included, at any time.",
                ru: "Программа сможет в любой момент видеть всё, что вы копируете, включая пароли.")
        case .screen:
            LocalizedString(
                en: "It will see everything on the screen, notifications included.",
                ru: "Программа увидит всё, что на экране, включая уведомления.")
        case .input:
            LocalizedString(
                en: "It could press keys and click in every window, as you.",
                ru: "Программа сможет нажимать клавиши и щёлкать в любом окне от вашего имени.")
        case .windows:
            LocalizedString(
                en: "It could list, open and close the windows of other apps, or draw over them.",
                ru: "Программа сможет видеть, открывать и закрывать окна других приложений или рисовать поверх них.")
        }
    }
}

/// The system's question about a program's privilege, as iOS asks before an app reads the pasteboard
/// or records the screen: a card in the middle of the dimmed screen with the question, a line on
/// why it matters, and Don't Allow beside Allow.
@MainActor public final class PermissionAlertView: View {
    private let card = View()
    /// The hairlines above the buttons and between them.
    private let lines = (across: View(), between: View())
    private let title: Label
    private let detail: Label
    public let deny: Button
    public let allow: Button

    /// The question for the program called `program` and `privilege`; `answer` hears the choice.
    public init(program: String, privilege: Privilege, answer: @escaping (Bool) -> Void) {
        title = Label(privilege.question.formatted(program), style: .headline)
        detail = Label(privilege.explanation, style: .footnote, color: .secondaryLabel)
        deny = Button(title: ShellStrings.dontAllow, style: .plain) { answer(false) }
        allow = Button(title: ShellStrings.allow, style: .plain) { answer(true) }
        super.init()
        identifier = "permission-alert"
        backgroundColor = Color.black.withAlpha(ShellMetrics.alertDim)
        card.backgroundColor = .secondarySystemBackground
        card.cornerRadius = ShellMetrics.alertCornerRadius
        title.alignment = .center
        title.numberOfLines = 3
        detail.alignment = .center
        detail.numberOfLines = 4
        addSubview(card)
        for v in [title, detail, deny, allow, lines.across, lines.between] as [View] { card.addSubview(v) }
        lines.across.backgroundColor = .separator
        lines.between.backgroundColor = .separator
        localizedAccessibilityLabel = title.localizedText
    }

    public override func layoutSubviews() {
        let w = min(ShellMetrics.alertWidth, bounds.width - 32)
        let pad = 16.0
        let inner = w - 2 * pad
        let th = title.sizeThatFits(Size(inner, 80)).height
        let dh = detail.sizeThatFits(Size(inner, 120)).height
        let bh = ShellMetrics.alertButtonHeight
        let h = pad + 4 + th + 4 + dh + pad + bh
        card.frame = Rect(bounds.midX - w / 2, bounds.midY - h / 2, w, h)
        title.frame = Rect(pad, pad + 4, inner, th)
        detail.frame = Rect(pad, title.frame.maxY + 4, inner, dh)
        deny.frame = Rect(0, h - bh, w / 2, bh)
        allow.frame = Rect(w / 2, h - bh, w / 2, bh)
        lines.across.frame = Rect(0, h - bh, w, 0.5)
        lines.between.frame = Rect(w / 2 - 0.25, h - bh, 0.5, bh)
    }
}

extension ShellStrings {
    public static let allow = LocalizedString(en: "Allow", ru: "Разрешить")
    public static let dontAllow = LocalizedString(en: "Don’t Allow", ru: "Не разрешать")
}
