import Foundation
import Graphics
import Menus
import Scenes
import UI

/// Notes' words for its menu bar.
enum NotesMenuStrings {
    static let note = LocalizedString(en: "Note", ru: "Заметка")
    static let find = LocalizedString(en: "Find…", ru: "Найти…")
}

/// The commands on one note — Duplicate; Move to ▸, Share ▸ Send with Mail; Delete — the same in its
/// context menu and in the menu bar's Note menu, each with its shortcut (Ctrl for ⌘). With no note
/// (none selected) they are there, greyed.
@MainActor struct NoteCommands {
    let app: NotesApp
    /// The note; nil: none.
    let note: NoteSummary?
    let scene: WindowScene?
    /// The folders a note may move to (its own left out).
    let folders: [String]

    var off: Action.Attributes { note == nil ? .disabled : [] }

    /// Duplicate, after the system's suggestions (Open in New Window) in a context menu.
    func duplicateGroup(suggested: [MenuElement] = []) -> Menu {
        let store = app.store
        let note = self.note
        return Menu(options: .displayInline) {
            suggested
            Action(NotesStrings.duplicate, image: "doc.on.doc", identifier: "duplicate", key: "d", attributes: off) {
                _ in
                guard let note else { return }
                let errors = scene?.windowView.environment.errors ?? ErrorReporter()
                errors.attempt(NotesStrings.duplicateTheNote, userAction: true) {
                    try store.duplicate(note.path, suffix: NotesStrings.copySuffix.resolved(scene?.language ?? .en))
                }
            }
        }
    }

    /// Move to ▸ the folders, Share ▸ Send with Mail.
    var placeGroup: Menu {
        let app = self.app
        let store = app.store
        let note = self.note
        let scene = self.scene
        let folders = self.folders
        let off = self.off
        return Menu(options: .displayInline) {
            if !folders.isEmpty {
                Menu(NotesStrings.moveTo, image: "folder", identifier: "move") {
                    for f in folders {
                        Action(
                            NotesStrings.name(ofFolder: f), image: "folder",
                            identifier: "move.\(f)", attributes: off
                        ) { _ in
                            guard let note else { return }
                            app.closeWindows(showing: note.path, in: scene?.sceneSystem)
                            let errors = scene?.windowView.environment.errors ?? ErrorReporter()
                            errors.attempt(NotesStrings.moveTheNote, userAction: true) {
                                try store.move(note.path, to: f)
                            }
                        }
                    }
                }
            }
            Menu(NotesStrings.share, image: "square.and.arrow.up", identifier: "share") {
                Action(NotesStrings.sendWithMail, image: "envelope", identifier: "send-with-mail", attributes: off) {
                    _ in
                    guard let note else { return }
                    app.sendWithMail(note.path, from: scene)
                }
            }
        }
    }

    /// Delete, red: the note goes to the Trash.
    var deleteGroup: Menu {
        let app = self.app
        let note = self.note
        let scene = self.scene
        return Menu(options: .displayInline) {
            Action(
                NotesStrings.delete, image: "trash", identifier: "delete", key: .backspace,
                attributes: note == nil ? [.destructive, .disabled] : .destructive
            ) { _ in
                guard let note else { return }
                app.closeWindows(showing: note.path, in: scene?.sceneSystem)
                let errors = scene?.windowView.environment.errors ?? ErrorReporter()
                errors.attempt(NotesStrings.moveToTheTrash, userAction: true) { try app.store.moveToTrash(note.path) }
            }
        }
    }
}

extension NotesApp {
    /// Notes' menu bar, as iPad Notes': New Note in File, Find… in Edit, and a Note menu with every
    /// command of a note's context menu, acting on the note selected in the list (or shown in the
    /// window), greyed with none.
    public func buildMenuBar(_ builder: MenuBarBuilder, for scene: WindowScene) {
        let folderWindow = (scene.delegate as? FolderSceneDelegate)?.view
        let noteWindow = scene.delegate as? NoteSceneDelegate
        let document = noteWindow?.document
        builder.insertChild(
            .action(
                Action(NotesStrings.newNote, identifier: "new-note", key: "n") {
                    [weak self, weak folderWindow, weak scene] _ in
                    if let folderWindow {
                        folderWindow.newNote()
                    } else if let self, let document {
                        self.newNote(in: document.summary.folder, from: scene)
                    } else {
                        self?.newNote(in: "", from: scene)
                    }
                }), atStartOfMenu: MenuBar.Identifier.newScene)
        builder.insertChild(
            .action(
                Action(
                    NotesMenuStrings.find, identifier: "find", key: "f",
                    attributes: folderWindow == nil ? .disabled : []
                ) { [weak folderWindow] _ in
                    guard let folderWindow, let root = folderWindow.root else { return }
                    folderWindow.showsSidebarOnly = false
                    root.setFocus(folderWindow.searchField)
                }), atEndOfMenu: MenuBar.Identifier.find)

        let note: NoteSummary?
        var folders: [String] = []
        if let w = folderWindow {
            note = w.selectedNote
            folders = w.folders.filter { $0 != note?.folder }
        } else if let document, store.exists(document.path) {
            note = document.summary
            folders = store.folders().filter { $0 != note?.folder }
        } else {
            note = nil
        }
        let commands = NoteCommands(app: self, note: note, scene: scene, folders: folders)
        builder.insertSibling(
            Menu(NotesMenuStrings.note, identifier: "notes.note-menu") {
                commands.duplicateGroup()
                commands.placeGroup
                commands.deleteGroup
            }, afterMenu: MenuBar.Identifier.view)
    }

    /// Makes an empty note in `folder` and opens it, ready to type.
    func newNote(in folder: String, from scene: WindowScene?) {
        let errors = scene?.windowView.environment.errors ?? ErrorReporter()
        let made = errors.attempt(NotesStrings.makeANote, userAction: true) {
            try store.create(in: folder, text: "", fallbackName: NotesStrings.newNote.resolved(scene?.language ?? .en))
        }
        if let made { open(made, title: "", from: scene) }
    }
}

extension NotesWindowView {
    /// The note selected in the list, if any (what the Note menu acts on).
    var selectedNote: NoteSummary? {
        guard let row = noteList.selectedRow, row < shown.count else { return nil }
        return store.summary(shown[row])
    }
}

extension NoteDocument {
    /// The note as a list shows it (its place and title now).
    var summary: NoteSummary { NoteSummary(path: path, modified: store.now(), title: title, preview: "") }
}
