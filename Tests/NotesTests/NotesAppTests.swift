import Foundation
import Graphics
import Menus
import Scenes
import Testing
import UI

@testable import Notes

@MainActor @Suite struct NotesAppTests {
    func launch(_ name: String = #function) throws -> (NotesApp, LocalSceneSystem, NotesWindowView) {
        let app = NotesApp(store: try makeStore(name))
        let system = LocalSceneSystem(application: app)
        system.restore()
        let scene = try #require(system.connectedScenes.first)
        let view = try #require(scene.rootView as? NotesWindowView)
        view.frame = Rect(0, 0, 1024, 768)
        view.layoutIfNeeded()
        view.noteList.layoutIfNeeded()
        view.folderList.layoutIfNeeded()
        return (app, system, view)
    }

    func row(_ view: NotesWindowView, titled title: String) throws -> NoteRowView {
        try #require(
            view.noteList.visibleRows.compactMap { $0.1 as? NoteRowView }.first { $0.note?.title == title })
    }

    func menu(_ row: View) throws -> Menu {
        let interaction = try #require(row.interactions.compactMap { $0 as? ContextMenuInteraction }.first)
        let config = try #require(
            interaction.delegate?.contextMenuInteraction(interaction, configurationForMenuAtLocation: .zero))
        return try #require(config.actionProvider?([]))
    }

    func actions(_ m: Menu) -> [Action] {
        m.children.flatMap { e -> [Action] in
            switch e {
            case .action(let a): [a]
            case .menu(let sub): actions(sub)
            default: []
            }
        }
    }

    @Test func aPrimaryWindowListsTheFolderAndANoteOpensInAnAuxiliaryWindow() throws {
        let (_, system, view) = try launch()
        #expect(view.shown.count == 3)
        #expect(view.folders == ["", "Travel", "Рецепты"])
        view.noteList.onSelect?(1)
        let note = try #require(system.connectedScenes.first { $0.session.role == .auxiliary })
        #expect(note.title == "Ideas")
        #expect(note.closingButtonStyle == .done)
        let nav = try #require(note.rootView as? NavigationContainer)
        #expect(nav.closingButton?.title == "Done")
        #expect(nav.topPage.content is NoteEditorView)
        view.noteList.onSelect?(1)
        #expect(system.connectedScenes.filter { $0.session.role == .auxiliary }.count == 1, "no twins")
    }

    /// The items offered to Spotlight since change number `start`, by title.
    func offeredTitles(_ system: LocalSceneSystem, since start: Int) -> [String] {
        system.searchableChanges.dropFirst(start).flatMap { change -> [String] in
            if case .index(let items) = change { return items.map(\.title) }
            return []
        }
    }

    @Test func notesWrittenByAnotherProgramComeIntoTheListsTheOpenNoteAndSpotlight() throws {
        let (app, system, view) = try launch()
        let root = app.store.root
        #expect(system.isObservingFolder(at: root), "Notes observes its folder once connected")
        view.noteList.onSelect?(1)
        let ideas = try #require(app.openDocuments["Ideas.md"])
        let before = system.searchableChanges.count

        let lisbon = root.appendingPathComponent("Lisbon.md")
        try Data("# Lisbon in May\n\nTrams and tiles\n".utf8).write(to: lisbon)
        let ideasFile = root.appendingPathComponent("Ideas.md")
        try Data("# Ideas\n\nA kite for the beach\n".utf8).write(to: ideasFile)
        system.changeFolder(at: root, FolderChange(paths: [lisbon.path, ideasFile.path]))

        #expect(view.shown.map(\.path).contains("Lisbon.md"), "the window lists it")
        #expect(ideas.textView.text == "# Ideas\n\nA kite for the beach\n", "the open note shows the new text")
        #expect(Set(offeredTitles(system, since: before)) == ["Lisbon in May", "Ideas"])
    }

    @Test func anUntitledNoteIsOfferedAgainInTheSystemsNewLanguage() throws {
        let (app, system, _) = try launch()
        try app.store.write("", to: "Empty.md")
        #expect(offeredTitles(system, since: 0).last == "New Note")
        let before = system.searchableChanges.count
        system.environment.language = .ru
        system.runtime.languageDidChange()
        #expect(offeredTitles(system, since: before) == ["Новая заметка"], "that note alone, in Russian")
    }

    @Test func theStoresOwnWritesSeenOnDiskAreNotTakenForAnotherProgramsChanges() throws {
        let (app, system, view) = try launch()
        let root = app.store.root
        try app.store.write("# Shopping\n\nTea\n", to: "Shopping.md")
        let moved = try app.store.move("Ideas.md", to: "Travel")
        let before = system.searchableChanges.count
        let listed = view.shown
        #expect(!app.store.isOutsideChange(at: root.appendingPathComponent("Shopping.md").path))
        #expect(!app.store.isOutsideChange(at: root.appendingPathComponent("Ideas.md").path))
        #expect(!app.store.isOutsideChange(at: root.appendingPathComponent(moved).path))
        #expect(!app.store.isOutsideChange(at: root.appendingPathComponent(".Shopping.md.1-1.tmp").path))
        system.changeFolder(
            at: root,
            FolderChange(paths: [
                root.appendingPathComponent("Shopping.md").path, root.appendingPathComponent(moved).path,
            ]))
        #expect(system.searchableChanges.count == before, "nothing offered again")
        #expect(view.shown == listed)

        // Then another program changes the note the store wrote last: that counts.
        try Data("# Shopping\n\nTea and honey\n".utf8).write(to: root.appendingPathComponent("Shopping.md"))
        #expect(app.store.isOutsideChange(at: root.appendingPathComponent("Shopping.md").path))
        // A folder made by another program counts; a picture dropped in does not.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent("Work"), withIntermediateDirectories: true)
        try Data([0x89, 0x50]).write(to: root.appendingPathComponent("photo.png"))
        #expect(app.store.isOutsideChange(at: root.appendingPathComponent("Work").path))
        #expect(!app.store.isOutsideChange(at: root.appendingPathComponent("photo.png").path))
        system.changeFolder(at: root, FolderChange(paths: [root.appendingPathComponent("Work").path]))
        #expect(view.folders.contains("Work"), "the sidebar lists the new folder")
    }

    @Test func everyNoteRowHasTheSameMenu() throws {
        let (_, _, view) = try launch()
        let rows = view.noteList.visibleRows.compactMap { $0.1 as? NoteRowView }
        #expect(rows.count == 3)
        let shapes = try rows.map { try actions(menu($0)).map(\.identifier) }
        #expect(Set(shapes.map { $0.joined(separator: ",") }).count == 1, "C4: \(shapes)")
        #expect(shapes[0] == ["duplicate", "move.Travel", "move.Рецепты", "send-with-mail", "delete"])
        let m = try menu(rows[0])
        #expect(m.children.count == 3, "three groups (C9)")
        #expect(actions(m).last?.isDestructive == true)
    }

    @Test func deleteFromTheMenuMovesTheNoteToTheTrash() throws {
        let (app, _, view) = try launch()
        let r = try row(view, titled: "Ideas")
        let delete = try #require(actions(menu(r)).first { $0.identifier == "delete" })
        delete.handler(delete)
        #expect(!app.store.exists("Ideas.md"))
        #expect(FileManager.default.fileExists(atPath: app.store.trash.appendingPathComponent("files/Ideas.md").path))
        #expect(view.shown.map(\.path) == ["Shopping.md", "Встреча.md"], "the list follows")
    }

    @Test func sendWithMailAsksForMailsComposeActivityWithTheText() throws {
        let (app, system, view) = try launch()
        var asked: [ActivationRequest] = []
        system.otherApps = { request throws(SceneError) -> SceneSession in
            asked.append(request)
            throw .activityTypeNotDeclared(type: "recorded", app: "test")
        }
        let r = try row(view, titled: "Shopping")
        let send = try #require(actions(menu(r)).first { $0.identifier == "send-with-mail" })
        send.handler(send)
        let request = try #require(asked.first)
        #expect(request.userActivity?.activityType == "org.slate.mail.compose")
        #expect(request.requestingScene == nil, "another app's window is not the requester")
        struct Compose: Decodable {
            var subject: String
            var body: String
        }
        let payload = try #require(try request.userActivity?.payload(as: Compose.self))
        #expect(payload.subject == "Shopping")
        #expect(payload.body == (try app.store.read("Shopping.md")))
    }

    @Test func aDroppedMessageBecomesANoteWithItsSubjectAndText() {
        #expect(
            NoteListDropTarget.noteText(name: "Встреча завтра", text: "Привет!\n\nДо встречи")
                == "# Встреча завтра\n\nПривет!\n\nДо встречи")
        #expect(NoteListDropTarget.noteText(name: "Hi", text: "Hi there") == "Hi there")
    }

    @Test func newNoteMakesAFileAndOpensIt() throws {
        let (app, system, view) = try launch()
        view.newNote()
        #expect(app.store.exists("New Note.md"))
        let note = try #require(system.connectedScenes.first { $0.session.role == .auxiliary })
        #expect(note.title == "New Note")
    }
}
