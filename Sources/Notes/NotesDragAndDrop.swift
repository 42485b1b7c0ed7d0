import Foundation
import Graphics
import Scenes
import UI

/// Drags a note: to a side of the screen it opens beside (W2b); onto Mail's compose window or into
/// another note its text goes in (the whole text, loaded only on drop).
@MainActor final class NoteDragSource: DragInteractionDelegate {
    let app: NotesApp
    init(app: NotesApp) { self.app = app }

    func itemsForBeginning(_ interaction: DragInteraction, at point: Point) -> [DragItem] {
        guard let row = interaction.view as? NoteRowView, let n = row.note else { return [] }
        let item = DragItem.window(
            for: NotesApp.noteActivity(path: n.path, title: n.title, language: row.language),
            title: NotesStrings.title(n.title).resolved(row.language),
            preview: row.bounds.size)
        let store = app.store
        // A note gone since the drag began gives the drop nothing, which the target ignores.
        item.provider.register(type: ItemType.plainText) { (try? store.read(n.path)).map { Array($0.utf8) } }
        return [item]
    }
}

/// The note list takes text dropped from another app — a message from Mail — and makes a note of it:
/// the item's name (the message's subject) as the title, then its whole text.
@MainActor final class NoteListDropTarget: DropInteractionDelegate {
    unowned let window: NotesWindowView
    init(window: NotesWindowView) { self.window = window }

    func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool {
        session.sourceApp != window.app.identifier && session.hasItems(conformingTo: ItemType.plainText)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropOperation {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) {
        for item in session.items where item.provider.hasItem(conformingTo: ItemType.plainText) {
            // An item that does not load as text is not for a list of notes: passed over.
            guard let text = try? item.provider.loadText() else { continue }
            let note = Self.noteText(name: item.provider.suggestedName, text: text)
            window.environment.errors.attempt(NotesStrings.makeANote, userAction: true) {
                try window.store.create(
                    in: window.folder, text: note, fallbackName: NotesStrings.newNote.resolved(window.language))
            }
        }
    }

    /// The name as a heading, then the text — unless the text already starts with the name.
    static func noteText(name: String?, text: String) -> String {
        guard let name, !name.isEmpty, !text.hasPrefix(name) else { return text }
        return "# \(name)\n\n\(text)"
    }
}

/// An open note takes dropped text where the finger lifts.
@MainActor final class NoteTextDropTarget: DropInteractionDelegate {
    func dropInteraction(_ interaction: DropInteraction, canHandle session: DragSession) -> Bool {
        guard let view = interaction.view as? TextView, view.isEditable else { return false }
        return session.hasItems(conformingTo: ItemType.plainText)
    }

    func dropInteraction(_ interaction: DropInteraction, sessionDidUpdate session: DragSession) -> DropOperation {
        .copy
    }

    func dropInteraction(_ interaction: DropInteraction, performDrop session: DragSession) {
        guard let view = interaction.view as? TextView else { return }
        let at = view.position(at: session.location(in: view))
        for item in session.items where item.provider.hasItem(conformingTo: ItemType.plainText) {
            // An item that does not load as text has nothing to put in the note: passed over.
            guard let text = try? item.provider.loadText(), !text.isEmpty else { continue }
            view.placeCaret(at: at)
            view.insert(text)
        }
        _ = view.root?.setFocus(view)
    }
}
