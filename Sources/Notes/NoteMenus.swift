import Foundation
import Graphics
import Menus
import Scenes
import UI

/// The context menu of every note row, the same everywhere (C4), in three groups (C9): the system's
/// Open in New Window (W2d) and Duplicate; Move to ▸ the folders and Share ▸ Send with Mail (one
/// level each, C6, C7); Delete. No Open command: tapping the preview opens the note (C11).
@MainActor final class NoteMenuDelegate: ContextMenuInteractionDelegate {
    unowned let window: NotesWindowView
    var app: NotesApp { window.app }

    init(window: NotesWindowView) { self.window = window }

    static let menuIdentifier = "notes.note"

    func attach(to row: NoteRowView) {
        WindowMenuItems.attachMenu(self, to: row) { [weak row] in
            row.flatMap { row in
                row.note.map { NotesApp.noteActivity(path: $0.path, title: $0.title, language: row.language) }
            }
        }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration? {
        guard let row = interaction.view as? NoteRowView, let n = row.note else { return nil }
        let store = app.store
        let commands = NoteCommands(
            app: app, note: n, scene: window.scene, folders: window.folders.filter { $0 != n.folder })
        return ContextMenuConfiguration(
            identifier: Self.menuIdentifier,
            // A note gone or unreadable meanwhile previews empty; opening it says why.
            previewProvider: { NotePreviewView(text: (try? store.read(n.path)) ?? "", title: n.title) }
        ) { suggested in
            Menu(identifier: Self.menuIdentifier) {
                commands.duplicateGroup(suggested: suggested)
                commands.placeGroup
                commands.deleteGroup
            }
        }
    }

    /// Tapping the preview opens the note in its window (C11: no Open command needed).
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator
    ) {
        guard let row = interaction.view as? NoteRowView, let n = row.note else { return }
        animator.preferredCommitStyle = .pop
        animator.addCompletion { [weak self] in self?.app.open(n.path, title: n.title, from: self?.window.scene) }
    }
}

/// The folders' own menu, the same for every folder: open it in a new window (W4) and make a note
/// in it.
@MainActor final class FolderMenuDelegate: ContextMenuInteractionDelegate {
    unowned let window: NotesWindowView
    init(window: NotesWindowView) { self.window = window }

    func attach(to row: FolderRowView) {
        WindowMenuItems.attachMenu(self, to: row) { [weak row] in
            row.flatMap { row in row.folder.map { NotesApp.folderActivity($0, language: row.language) } }
        }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration? {
        guard let row = interaction.view as? FolderRowView, let folder = row.folder else { return nil }
        return ContextMenuConfiguration(identifier: "notes.folder") { [weak self] suggested in
            Menu(identifier: "notes.folder") {
                suggested
                Action(NotesStrings.newNote, image: "pencil", identifier: "new-note") { _ in
                    self?.window.newNote(in: folder)
                }
            }
        }
    }

    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator
    ) {
        guard let row = interaction.view as? FolderRowView, let folder = row.folder else { return }
        animator.addCompletion { [weak self] in self?.window.show(folder) }
    }
}

/// The preview of a note in its context menu: the note's page, as its window shows it.
@MainActor final class NotePreviewView: View {
    /// The preview's size: a page of text, as large as Mail's message preview.
    static let size = Size(520, 360)

    let body: Label

    init(text: String, title: String) {
        // Only the beginning: a preview never lays out a long note.
        body = Label(String(text.prefix(2000)), style: .body)
        super.init(frame: Rect(size: Self.size))
        backgroundColor = .systemBackground
        body.numberOfLines = 0
        body.isAccessibilityElement = false
        addSubview(body)
        clipsToBounds = true
        localizedAccessibilityLabel = NotesStrings.title(title)
    }

    override func layoutSubviews() {
        // From the top, as the note's window shows it (a label centres its text in its frame); measured
        // here, with the screen's text engine, not when made.
        let w = bounds.width - 40
        body.frame = Rect(20, 16, w, min(bounds.height - 32, body.sizeThatFits(Size(w, .infinity)).height))
    }
}
