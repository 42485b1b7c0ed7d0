import Foundation
import Graphics
import MailStore
import Menus
import Scenes
import UI

/// The commands on one message — Reply, Reply All, Forward; Flag, Mark as Read, Move to ▸; Delete —
/// the same in its context menu and in the menu bar's Message menu (where every command of a
/// message's context menu can also be found, as iPadOS asks), each with its keyboard shortcut as on
/// iPad Mail, with Ctrl for ⌘. With no message (none selected) they are there, greyed.
@MainActor struct MessageCommands {
    let app: MailApp
    /// The message, with its flags as they are now; nil: none.
    let ref: MessageRef?
    /// The language replies and forwards are begun in (their "On … wrote:" line): the window's.
    let language: Language
    /// Opens a compose window made from the message (read off the main thread or at once).
    let compose: (@escaping @MainActor (Message) -> OutgoingMessage) -> Void
    /// Called after the message left this place (moved, deleted): a message window closes.
    var didRemove: () -> Void = {}
    /// Called with the message's new place after its flags changed (a window keeps it).
    var didChange: (MessageRef) -> Void = { _ in }

    var library: MailLibrary { app.library }

    /// Reply / Reply All / Forward.
    var respondGroup: Menu {
        let me = app.me
        let lang = language.rawValue
        let off: Action.Attributes = ref == nil ? .disabled : []
        return Menu(options: .displayInline) {
            Action(
                MailStrings.reply, image: "arrowshape.turn.up.left", identifier: "reply", key: "r", attributes: off
            ) { _ in
                compose { OutgoingMessage.reply(to: $0, all: false, me: me, language: lang) }
            }
            Action(
                MailStrings.replyAll, image: "arrowshape.turn.up.left.2", identifier: "reply-all", key: "r",
                modifiers: [.control, .shift], attributes: off
            ) { _ in
                compose { OutgoingMessage.reply(to: $0, all: true, me: me, language: lang) }
            }
            Action(
                MailStrings.forward, image: "arrowshape.turn.up.right", identifier: "forward", key: "f",
                modifiers: [.control, .shift], attributes: off
            ) { _ in
                compose { OutgoingMessage.forward($0, me: me, language: lang) }
            }
        }
    }

    /// Flag / Mark as Read / Move to ▸ (and, in a context menu, the system's suggestions).
    func markGroup(suggested: [MenuElement] = []) -> Menu {
        let library = self.library
        let ref = self.ref
        let didRemove = self.didRemove
        let didChange = self.didChange
        let flagged = ref?.flags.contains(.flagged) ?? false
        let seen = ref?.flags.contains(.seen) ?? false
        let off: Action.Attributes = ref == nil ? .disabled : []
        let current = ref?.mailbox.id
        return Menu(options: .displayInline) {
            // The words follow the message's state, as iPad Mail's do: Unflag on a flagged message,
            // Mark as Unread on a read one.
            Action(
                flagged ? MailStrings.unflag : MailStrings.flag, image: "flag", identifier: "flag", key: "l",
                modifiers: [.control, .shift], attributes: off
            ) { _ in
                if let ref, let new = library.setFlagged(ref, !flagged) { didChange(new) }
            }
            Action(
                seen ? MailStrings.markAsUnread : MailStrings.markAsRead,
                image: seen ? "envelope.badge" : "envelope.open", identifier: "mark-read", key: "u",
                modifiers: [.control, .shift], attributes: off
            ) { _ in
                if let ref, let new = library.setSeen(ref, !seen) { didChange(new) }
            }
            Menu(MailStrings.moveTo, image: "folder", identifier: "move") {
                for box in library.mailboxes where box.id != current && box.role != .trash {
                    Action(
                        MailStrings.name(of: box),
                        image: MailStrings.symbol(of: box.role), identifier: "move.\(box.role.rawValue)",
                        attributes: off
                    ) { _ in
                        guard let ref else { return }
                        library.move(ref, to: box)
                        didRemove()
                    }
                }
            }
            suggested
        }
    }

    /// Delete, red.
    var deleteGroup: Menu {
        let library = self.library
        let ref = self.ref
        let didRemove = self.didRemove
        return Menu(options: .displayInline) {
            Action(
                MailStrings.delete, image: "trash", identifier: "delete", key: .backspace,
                attributes: ref == nil ? [.destructive, .disabled] : .destructive
            ) { _ in
                guard let ref else { return }
                library.delete(ref)
                didRemove()
            }
        }
    }
}

extension MessageCommands {
    /// The commands on a message of a mailbox window's list: Reply and Forward parse the message off
    /// the main thread, then open the compose window.
    static func inList(app: MailApp, window: MailboxWindowView, summary s: MessageSummary?) -> MessageCommands {
        let library = app.library
        let scene = window.scene
        return MessageCommands(app: app, ref: s?.ref, language: window.language) { [weak window] make in
            guard let window, let s else { return }
            let maildir = library.maildir
            window.environment.backgroundWork.run(
                // A message gone meanwhile is shared as its subject.
                for: window, { (try? maildir.message(try maildir.locate(s.ref))) ?? Message(subject: s.subject) }
            ) { m in app.compose(make(m), from: scene) }
        }
    }
}
