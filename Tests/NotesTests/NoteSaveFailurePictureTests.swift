import FailingFolders
import Foundation
import Graphics
import Host
import Scenes
import SlateTesting
import Testing
import UI

@testable import Notes

/// What a person sees of a note that cannot be saved: the notice over its text, and Done's question.
@MainActor @Suite(.serialized) struct NoteSaveFailurePictureTests {
    /// The note's window on a screen of its own (an 11-inch iPad's half in Split View) speaking the
    /// window's language, drawn.
    func draw(_ scene: WindowScene, appearance: Appearance) -> PixelImage {
        let clock = VirtualClock()
        let root = RootView(
            size: Size(597, 560), clock: clock, environment: ScreenEnvironment(language: scene.language))
        root.appearance = appearance
        let host = HeadlessHost(root: root, clock: clock, scale: 1)
        root.addSubview(scene.windowView)
        scene.windowView.frame = root.bounds
        return host.frame()
    }

    @Test(arguments: [(Language.en, Appearance.light), (.ru, .dark)])
    func theNoticeSaysWhyAndWhatToDoAndDoneAsks(language: Language, appearance: Appearance) throws {
        let dir = temporaryFolder("picture-\(language)")
        let notes = try FailingFolder(.fileInPlaceOfFolder, at: dir.appendingPathComponent("Notes"))
        defer { notes.tearDown() }
        try SampleNotes.write(into: notes.folder, modified: testNow)
        let app = NotesApp(
            store: NoteStore(
                root: notes.folder, trash: dir.appendingPathComponent("Trash"),
                recoveryFolder: dir.appendingPathComponent("recovery"), now: { testNow }))
        let system = LocalSceneSystem(application: app, language: language)
        system.environment.errors.log = { _ in }
        system.restore()
        let folders = try #require(system.connectedScenes.first)
        app.open("Shopping.md", title: "", from: folders)
        let scene = try #require(system.connectedScenes.first { $0.session.role == .auxiliary })
        let editor = try #require(scene.navigationContainer?.topPage.content as? NoteEditorView)
        try notes.breakWrites()
        editor.document.textView.placeCaret(at: editor.document.textView.storage.end)
        editor.document.textView.insert(language == .ru ? "\nКофе" : "\nCoffee")
        #expect(editor.document.saveFailure != nil)
        expectReference(draw(scene, appearance: appearance), "note-not-saved-\(language)-\(appearance)")
        scene.navigationContainer?.closingButton?.sendAction()
        #expect(scene.presentedAlert != nil)
        expectReference(draw(scene, appearance: appearance), "note-not-saved-done-\(language)-\(appearance)")
    }
}
