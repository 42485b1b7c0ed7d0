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
