import Foundation
import Graphics
import MailStore
import Menus
import Scenes
import UI

/// Mail's words for its menu bar.
enum MailMenuStrings {
    static let mailbox = LocalizedString(en: "Mailbox", ru: "Ящик")
    static let message = LocalizedString(en: "Message", ru: "Сообщение")
}

extension MailApp {
    /// Mail's menu bar, as iPad Mail's: New Message (and Send while writing one) in File; a Mailbox
    /// menu with Mark All as Read; a Message menu with every command of a message's context menu,
    /// acting on the message selected in the list (or shown in the window), greyed with none.
    public func buildMenuBar(_ builder: MenuBarBuilder, for scene: WindowScene) {
        let mailboxWindow = (scene.delegate as? MailboxSceneDelegate)?.view
        let messageWindow = scene.delegate as? MessageSceneDelegate
        builder.insertChild(
            .action(
                Action(MailStrings.compose, identifier: "new-message", key: "n") { [weak self, weak scene] _ in
                    guard let self else { return }
                    self.compose(OutgoingMessage(from: self.me, to: "", subject: "", body: ""), from: scene)
                }), atStartOfMenu: MenuBar.Identifier.newScene)

        let library = self.library
        let box = mailboxWindow?.mailbox
        builder.insertSibling(
            Menu(MailMenuStrings.mailbox, identifier: "mail.mailbox-menu") {
                Action(
                    MailStrings.markAllRead, identifier: "mark-all-read", key: "k", modifiers: [.control, .shift],
                    attributes: box == nil ? .disabled : []
                ) { _ in
                    guard let box else { return }
                    for r in library.index(of: box).refs where !r.isSeen { library.setSeen(r, true) }
                }
            }, afterMenu: MenuBar.Identifier.view)

        let commands: MessageCommands
        if let window = mailboxWindow {
            commands = MessageCommands.inList(app: self, window: window, summary: window.selectedSummary)
        } else if let delegate = messageWindow, delegate.compose == nil, let ref = delegate.ref {
            commands = MessageCommands(app: self, ref: ref, language: scene.language) {
                [weak self, weak delegate, weak scene] make in
                guard let self, let delegate else { return }
                self.compose(make(delegate.currentMessage()), from: scene)
            } didRemove: { [weak scene] in
                scene?.close(.commit)
            } didChange: { [weak delegate] new in
                delegate?.ref = new
            }
        } else {
            commands = MessageCommands(app: self, ref: nil, language: scene.language) { _ in }
        }
        builder.insertSibling(
            Menu(MailMenuStrings.message, identifier: "mail.message-menu") {
                if let send = messageWindow?.send {
                    Menu(options: .displayInline) {
                        Action(MailStrings.send, identifier: "send", key: "d", modifiers: [.control, .shift]) { _ in
                            send()
                        }
                    }
                }
                commands.respondGroup
                commands.markGroup()
                commands.deleteGroup
            }, afterMenu: "mail.mailbox-menu")
    }
}

extension MailboxWindowView {
    /// The message selected in the list, if any (what the Message menu acts on).
    var selectedSummary: MessageSummary? {
        guard let row = messageList.selectedRow else { return nil }
        return index.loadedSummary(at: row) ?? (readsInBackground ? nil : index.summary(at: row))
    }
}
