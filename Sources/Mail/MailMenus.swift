import Foundation
import Graphics
import MailStore
import Menus
import Scenes
import UI

/// The context menu of every message row, the same everywhere (C4): the most used commands first
/// (C8) in three groups (C9) — Reply / Reply All / Forward; Flag / Mark as Read / Move to ▸ (one
/// level, C6, C7) and the system's Open in New Window (W2d); Delete. No Open command: tapping the
/// preview opens the message (C11). The preview is the message itself.
@MainActor final class MessageMenuDelegate: ContextMenuInteractionDelegate {
    unowned let window: MailboxWindowView
    var app: MailApp { window.app }

    init(window: MailboxWindowView) { self.window = window }

    static let menuIdentifier = "mail.message"

    func attach(to row: MessageRowView) {
        WindowMenuItems.attachMenu(self, to: row) { [weak row] in row?.summary.map(MailApp.messageActivity) }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration? {
        guard let row = interaction.view as? MessageRowView, let s = row.summary else { return nil }
        let library = app.library
        let commands = MessageCommands.inList(app: app, window: window, summary: s)
        return ContextMenuConfiguration(
            identifier: Self.menuIdentifier,
            previewProvider: { MessagePreviewView(message: library.previewMessage(s), summary: s, now: library.now()) }
        ) { suggested in
            Menu(identifier: Self.menuIdentifier) {
                commands.respondGroup
                commands.markGroup(suggested: suggested)
                commands.deleteGroup
            }
        }
    }

    /// Tapping the preview opens the message in its window (C11: no Open command needed).
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator
    ) {
        guard let row = interaction.view as? MessageRowView, let s = row.summary else { return }
        animator.preferredCommitStyle = .pop
        animator.addCompletion { [weak self] in self?.app.open(s, from: self?.window.scene) }
    }
}

/// The mailboxes' own menu, consistent for every mailbox: open it in a new window (W4) and mark all read.
@MainActor final class MailboxMenuDelegate: ContextMenuInteractionDelegate {
    unowned let window: MailboxWindowView
    init(window: MailboxWindowView) { self.window = window }

    func attach(to row: MailboxRowView) {
        WindowMenuItems.attachMenu(self, to: row) { [weak row] in row?.mailbox.map { MailApp.mailboxActivity($0) } }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration? {
        guard let row = interaction.view as? MailboxRowView, let box = row.mailbox else { return nil }
        let library = window.app.library
        return ContextMenuConfiguration(identifier: "mail.mailbox") { suggested in
            Menu(identifier: "mail.mailbox") {
                suggested
                Action(MailStrings.markAllRead, image: "envelope.open", identifier: "mark-all-read") { _ in
                    let index = library.index(of: box)
                    for r in index.refs where !r.isSeen { library.setSeen(r, true) }
                }
            }
        }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator
    ) {
        guard let row = interaction.view as? MailboxRowView, let box = row.mailbox else { return }
        animator.addCompletion { [weak self] in self?.window.show(box) }
    }
}

/// The preview of a message in its context menu: the message itself, as its window would show it.
@MainActor final class MessagePreviewView: View {
    /// The most characters of text a preview lays out.
    static let longestText = 2_000

    init(message: Message, summary: MessageSummary, now: Date) {
        super.init(frame: Rect(0, 0, 520, 360))
        backgroundColor = .systemBackground
        let sender = Label(
            summary.fromName.isEmpty ? (summary.from?.address ?? "") : summary.fromName, style: .headline)
        let date = Label(
            LocalizedString { MailDateFormatter.listString(summary.date, now: now, language: $0) },
            style: .subheadline, color: .secondaryLabel)
        date.alignment = .right
        let subject = Label(
            message.subject.isEmpty
                ? MailStrings.noSubject
                : LocalizedString(verbatim: ShownText.clipped(message.subject, ShownText.longestLine)),
            style: .title3)
        subject.numberOfLines = 2
        // The preview shows a few lines: a huge text is cut to what its 244 points can hold.
        let body = Label(ShownText.clipped(message.text, MessagePreviewView.longestText), style: .body)
        body.numberOfLines = 0
        sender.frame = Rect(20, 16, 360, 22)
        date.frame = Rect(380, 16, 120, 22)
        subject.frame = Rect(20, 42, 480, 52)
        body.frame = Rect(20, 100, 480, 244)
        for v in [sender, date, subject, body] {
            v.isAccessibilityElement = false
            addSubview(v)
        }
        clipsToBounds = true
        localizedAccessibilityLabel = subject.localizedText
    }

    override func draw(in canvas: any Canvas) {
        canvas.fill(Rect(20, 96, bounds.width - 40, canvas.hairline), with: .separator)
    }
}
