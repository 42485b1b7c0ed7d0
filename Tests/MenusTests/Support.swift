import Foundation
import Graphics
import Host
import Rendering
import SlateTesting
import Testing
import UI

@testable import Menus

/// One message in the list: sender, subject, a line of the body, and an envelope.
@MainActor final class MailRow: View {
    let sender = Label("", style: .headline)
    let subject = Label("", style: .subheadline)
    let snippet = Label("", style: .subheadline, color: .secondaryLabel)
    let icon = ImageView(symbol: "envelope", tint: .tint)
    let index: Int

    init(index: Int, sender: String, subject: String, snippet: String) {
        self.index = index
        super.init()
        // The cell colour of an inset grouped list: white, or #1C1C1E in the dark.
        backgroundColor = Color(light: RGBA(1, 1, 1), dark: RGBA(hex: 0x1C1C1E))
        self.sender.text = sender
        self.subject.text = subject
        self.snippet.text = snippet
        for v in [self.sender, self.subject, self.snippet, icon] as [View] { addSubview(v) }
        accessibilityLabel = "\(sender), \(subject)"
        identifier = "row\(index)"
    }

    override var canBecomeFocused: Bool { true }

    override func layoutSubviews() {
        icon.frame = Rect(16, 14, 20, 20)
        sender.frame = Rect(48, 10, bounds.width - 64, 22)
        subject.frame = Rect(48, 33, bounds.width - 64, 20)
        snippet.frame = Rect(48, 53, bounds.width - 64, 20)
    }

    override func draw(in canvas: any Canvas) {
        canvas.fill(Rect(48, bounds.maxY - canvas.hairline, bounds.width - 48, canvas.hairline), with: .separator)
        if isFocused {
            canvas.stroke(Path(bounds.insetBy(dx: 1, dy: 1)), with: .tint, lineWidth: 2)
        }
    }
}

/// A screen of mail rows, each with a context menu; it records what the menus ask and do.
@MainActor final class MailScreen: RootView, ContextMenuInteractionDelegate {
    static let messages: [(String, String, LocalizedString)] = [
        (
            "Anna Petrova", "Quarterly report",
            LocalizedString(en: "The numbers are in — see the attachment.", ru: "Цифры готовы — см. вложение.")
        ),
        (
            "Boris Ivanov", "Встреча завтра",
            LocalizedString(en: "Tomorrow at 10:00 in the big room.", ru: "Завтра в 10:00 в большой переговорной.")
        ),
        (
            "Clara Smith", "Design review",
            LocalizedString(en: "Comments on the new menus are welcome.", ru: "Замечания по новым меню приветствуются.")
        ),
        (
            "Дмитрий Орлов", "Отпуск",
            LocalizedString(en: "I am away from Monday to Friday.", ru: "С понедельника по пятницу меня не будет.")
        ),
        (
            "Eva Müller", "Invoice 2024-117",
            LocalizedString(en: "Please find the invoice for March.", ru: "Счёт за март во вложении.")
        ),
        (
            "Fyodor K.", "Re: Slate build",
            LocalizedString(en: "The release build is green again.", ru: "Сборка снова зелёная.")
        ),
        ("Galina", "Фотографии", LocalizedString(en: "The pictures from Saturday.", ru: "Фотографии с субботы.")),
        ("Hugo Laurent", "Lunch?", LocalizedString(en: "Are you free on Thursday?", ru: "Вы свободны в четверг?")),
        (
            "Irina S.", "Договор",
            LocalizedString(en: "The signed contract is attached.", ru: "Подписанный договор во вложении.")
        ),
        (
            "James Park", "Travel plans",
            LocalizedString(en: "Flights are booked for the 14th.", ru: "Билеты на 14-е куплены.")
        ),
        ("Ksenia", "Re: Отпуск", LocalizedString(en: "Have a good rest!", ru: "Хорошего отдыха!")),
        ("Lena Novak", "Newsletter", LocalizedString(en: "What is new this month.", ru: "Что нового в этом месяце.")),
        ("Mark Chen", "Bug 4512", LocalizedString(en: "The crash is fixed on main.", ru: "Падение исправлено в main.")),
        ("Nina", "Семейный ужин", LocalizedString(en: "Sunday at six?", ru: "В воскресенье в шесть?")),
    ]

    static let rowHeight = 80.0
    let title = Label("", style: .largeTitle)
    var rows: [MailRow] = []
    var menuInteractions: [ContextMenuInteraction] = []
    var log: [String] = []
    var allowsDrag = false
    var commitStyle: CommitStyle = .pop
    var order: ElementOrder = .automatic
    var customMenu: ((Int) -> Menu)?
    var flagged: Set<Int> = []
    var completions: [String] = []

    init(size: Size, clock: any Clock, rowCount: Int = 14, language: Language = .en) {
        super.init(size: size, clock: clock, environment: ScreenEnvironment(language: language))
        backgroundColor = .systemGroupedBackground
        title.localizedText = LocalizedString(en: "Inbox", ru: "Входящие")
        title.font = Font(size: 28, weight: .bold)
        addSubview(title)
        for i in 0..<rowCount {
            let m = Self.messages[i % Self.messages.count]
            let row = MailRow(index: i, sender: m.0, subject: m.1, snippet: m.2.resolved(language))
            addSubview(row)
            rows.append(row)
            let interaction = ContextMenuInteraction(delegate: self)
            row.addInteraction(interaction)
            menuInteractions.append(interaction)
        }
    }

    override func layoutSubviews() {
        title.frame = Rect(16, 12, bounds.width - 32, 36)
        for (i, r) in rows.enumerated() {
            r.frame = Rect(0, 60 + Double(i) * Self.rowHeight, bounds.width, Self.rowHeight)
        }
    }

    func index(of interaction: ContextMenuInteraction) -> Int {
        menuInteractions.firstIndex { $0 === interaction } ?? -1
    }

    /// The menu of a message, as Mail on an iPad has it (C5: only what concerns the message).
    func menu(for i: Int) -> Menu {
        if let customMenu { return customMenu(i) }
        return Menu(identifier: "message") {
            Action(LocalizedString(en: "Reply", ru: "Ответить"), image: "arrowshape.turn.up.left") { [weak self] _ in
                self?.log.append("reply \(i)")
            }
            Action(LocalizedString(en: "Reply All", ru: "Ответить всем"), image: "arrowshape.turn.up.left.2") {
                [weak self] _ in self?.log.append("reply all \(i)")
            }
            Action(LocalizedString(en: "Forward", ru: "Переслать"), image: "arrowshape.turn.up.right") {
                [weak self] _ in
                self?.log.append("forward \(i)")
            }
            Menu(options: .displayInline) {
                Menu(LocalizedString(en: "Move to", ru: "Переместить в"), image: "folder", identifier: "move") {
                    for box in [
                        LocalizedString(en: "Archive", ru: "Архив"), LocalizedString(en: "Work", ru: "Работа"),
                        LocalizedString(en: "Travel", ru: "Поездки"),
                    ] {
                        Action(box, image: "folder") { [weak self] _ in self?.log.append("move \(i) \(box.en)") }
                    }
                }
                Action(
                    flagged.contains(i)
                        ? LocalizedString(en: "Unflag", ru: "Снять флажок")
                        : LocalizedString(en: "Flag", ru: "Пометить флажком"),
                    image: "flag"
                ) { [weak self] _ in self?.log.append("flag \(i)") }
                Action(
                    LocalizedString(en: "Mark as Unread", ru: "Отметить как непрочитанное"), image: "envelope.badge"
                ) { [weak self] _ in self?.log.append("unread \(i)") }
            }
            Menu(options: .displayInline) {
                Action(LocalizedString(en: "Delete", ru: "Удалить"), image: "trash", attributes: .destructive) {
                    [weak self] _ in self?.log.append("delete \(i)")
                }
            }
        }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration? {
        let i = index(of: interaction)
        log.append("configuration \(i)")
        let c = ContextMenuConfiguration(identifier: "message-\(i)") { [weak self] suggested in
            self?.menu(for: i)
        }
        c.preferredMenuElementOrder = order
        return c
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: ContextMenuConfiguration, animator: ContextMenuAnimator
    ) {
        let i = index(of: interaction)
        log.append("commit \(i)")
        animator.preferredCommitStyle = commitStyle
        animator.addCompletion { [weak self] in self?.completions.append("open \(i)") }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator
    ) {
        log.append("display \(index(of: interaction))")
        animator.addCompletion { [weak self] in self?.completions.append("displayed") }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator
    ) {
        log.append("end \(index(of: interaction))")
        animator.addCompletion { [weak self] in self?.completions.append("ended") }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, willBeginDragFor configuration: ContextMenuConfiguration,
        at location: Point
    ) -> Bool {
        log.append("drag? \(index(of: interaction))")
        return allowsDrag
    }
}

/// A mail screen on a headless host (which gives the screen's environment its renderer and scale).
@MainActor final class MenuHarness {
    let clock = VirtualClock()
    let screen: MailScreen
    let host: HeadlessHost

    init(
        size: Size = Size(768, 1024), scale: Double = 1, appearance: Appearance = .light, language: Language = .en,
        rowCount: Int = 12
    ) {
        screen = MailScreen(size: size, clock: clock, rowCount: rowCount, language: language)
        screen.appearance = appearance
        host = HeadlessHost(root: screen, clock: clock, scale: scale)
        host.frame()
    }

    var overlay: ContextMenuOverlay? { screen.menuInteractions.lazy.compactMap(\.overlay).first }

    /// The middle of a row on the screen.
    func center(ofRow i: Int) -> Point { screen.rows[i].frameInRoot.center }

    /// Touches row `i` and holds it past the long press; the finger stays down. Returns its id.
    func hold(row i: Int, at p: Point? = nil) -> Int {
        host.hold(at: p ?? center(ofRow: i), for: MenuMetrics.longPressDuration + 0.01, release: false)
    }

    /// Runs frames until the transitions are over.
    func settle(_ seconds: Double = 0.7) { host.run(for: seconds) }

    /// The screen point in the middle of row `i` of the open menu.
    func point(ofMenuRow i: Int) -> Point { overlay!.frameOfRow(i).center }

    /// The menu row titled `title` (English).
    func menuRow(_ title: String) -> Int {
        guard let r = overlay?.row(titled: title) else {
            Issue.record("no menu row \(title) in \(overlay?.rows.map(\.description) ?? [])")
            return 0
        }
        return r
    }
}

let references = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("References")
