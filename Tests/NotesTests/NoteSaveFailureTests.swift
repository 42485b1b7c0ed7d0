import FailingFolders
import Foundation
import Graphics
import Scenes
import Testing
import UI

@testable import Notes

/// Nothing typed is lost: a note whose save fails — a full disk, a read-only folder, a file where its
/// folder should be — stays open and says so once, keeps the text (in memory and in a recovery file),
/// asks before Done closes it, and is saved as soon as it can be; the next start offers kept text.
@MainActor @Suite(.serialized) struct NoteSaveFailureTests {
    /// Notes in a folder that can be made to fail, with a state folder for recovery beside it.
    @MainActor final class Place {
        let dir: URL
        let notes: FailingFolder
        let recovery: URL
        let system: LocalSceneSystem
        let app: NotesApp
        var logged: [String] = []

        init(_ kind: FailingFolder.Kind, name: String = #function, recoveryFolder: URL? = nil) throws {
            dir = temporaryFolder(name)
            notes = try FailingFolder(kind, at: dir.appendingPathComponent("Notes"))
            try SampleNotes.write(into: notes.folder, modified: testNow)
            recovery = recoveryFolder ?? dir.appendingPathComponent("state/slate/org.slate.notes/recovery")
            app = NotesApp(
                store: NoteStore(
                    root: notes.folder, trash: dir.appendingPathComponent("Trash"), recoveryFolder: recovery,
                    now: { testNow }))
            system = LocalSceneSystem(application: app)
            system.environment.errors.log = { [unowned self] in self.logged.append($0) }
            system.restore()
        }

        isolated deinit { notes.tearDown() }

        /// Opens `path` in its window; returns the scene and its editor.
        func open(_ path: String) throws -> (WindowScene, NoteEditorView) {
            let folderScene = try #require(system.connectedScenes.first { $0.session.role == .primary })
            app.open(path, title: "", from: folderScene)
            let scene = try #require(system.connectedScenes.first { $0.session.role == .auxiliary })
            let nav = try #require(scene.rootView as? NavigationContainer)
            let editor = try #require(nav.topPage.content as? NoteEditorView)
            editor.frame = Rect(0, 0, 800, 600)
            editor.layoutIfNeeded()
            return (scene, editor)
        }
    }

    /// 24 KB typed, as in the issue (a disk with 8 KiB free).
    static let typed = String(repeating: "Milk, eggs, bread and a good deal more. ", count: 600)

    static func reason(_ kind: FailingFolder.Kind) -> [String] {
        switch kind {
        case .diskFull: ["the disk is full"]
        case .readOnly: ["the disk is read-only", "no permission to write there"]
        case .fileInPlaceOfFolder: ["a file stands where a folder should be"]
        }
    }

    @Test(arguments: FailingFolder.Kind.allCases)
    func doneOnANoteThatCannotBeSavedAsksAndLosesNothing(_ kind: FailingFolder.Kind) throws {
        let place = try Place(kind, name: "done-\(kind.rawValue)")
        let (scene, editor) = try place.open("Shopping.md")
        let doc = editor.document
        #expect(editor.notice.isHidden)
        try place.notes.breakWrites(leaving: 8192)
        doc.textView.placeCaret(at: doc.textView.storage.end)
        doc.textView.insert(Self.typed)
        let failure = try #require(doc.saveFailure, "\(place.notes.way)")
        #expect(Self.reason(place.notes.madeKind).contains(failure.reason.en), "\(failure)")
        #expect(doc.hasUnsavedChanges)
        // On the screen, once, with what to do.
        #expect(!editor.notice.isHidden)
        #expect(editor.notice.message.en.contains(failure.summary.en))
        #expect(editor.notice.message.en.contains(failure.advice.en))
        #expect(editor.notice.buttons.map(\.title) == ["Retry", "Copy Text"])
        // Kept in the recovery file meanwhile.
        #expect(doc.isKeptForRecovery)
        #expect(place.app.store.recovery?.kept(for: "Shopping.md")?.text == doc.text)
        // More typing, more failed saves: one line in the log, not one a save.
        for word in [" one", " two", " three"] { doc.textView.insert(word) }
        doc.save()
        #expect(place.logged.count == 1, "\(place.logged)")
        #expect(place.logged.first?.hasPrefix("cannot save the note Shopping.md: ") == true)
        #expect(place.logged.allSatisfy { !$0.contains("Error Domain") && !$0.contains("\n") })
        // Done asks, and Keep Open keeps it open with its text.
        let nav = try #require(scene.navigationContainer)
        nav.closingButton?.sendAction()
        let alert = try #require(scene.presentedAlert)
        #expect(alert.title == "This note is not saved")
        #expect(alert.buttons.map(\.title) == ["Keep Open", "Close"])
        alert.buttons[0].sendAction()
        #expect(scene.presentedAlert == nil)
        #expect(place.system.openSessions.contains { $0 === scene.session })
        #expect(doc.text.hasSuffix("one two three"))
        // Space freed (or the folder fixed): Retry saves everything, and the notice goes.
        try place.notes.fixWrites()
        editor.notice.buttons[0].sendAction()
        #expect(!doc.hasUnsavedChanges)
        #expect(doc.saveFailure == nil)
        #expect(editor.notice.isHidden)
        #expect(try place.app.store.read("Shopping.md") == doc.text)
        #expect(place.app.store.recovery?.kept(for: "Shopping.md") == nil)
        // Now Done closes at once.
        nav.closingButton?.sendAction()
        #expect(scene.presentedAlert == nil)
        #expect(!place.system.openSessions.contains { $0 === scene.session })
    }

    @Test func theNextEditSavesOnceTheDiskWorksAgain() throws {
        let place = try Place(.fileInPlaceOfFolder)
        let (_, editor) = try place.open("Ideas.md")
        let doc = editor.document
        try place.notes.breakWrites()
        doc.textView.placeCaret(at: doc.textView.storage.end)
        doc.textView.insert("Plant tulips")
        #expect(doc.saveFailure != nil)
        try place.notes.fixWrites()
        doc.textView.insert("!")
        #expect(!doc.hasUnsavedChanges)
        #expect(try place.app.store.read("Ideas.md").hasSuffix("Plant tulips!"))
    }

    @Test func aFailedSaveIsTriedAgainOnTheScreensClockWithNoFrameMeanwhile() throws {
        let dir = temporaryFolder()
        let notes = try FailingFolder(.fileInPlaceOfFolder, at: dir.appendingPathComponent("Notes"))
        defer { notes.tearDown() }
        try SampleNotes.write(into: notes.folder, modified: testNow)
        let store = NoteStore(
            root: notes.folder, trash: dir.appendingPathComponent("Trash"),
            recoveryFolder: dir.appendingPathComponent("recovery"), now: { testNow })
        let clock = VirtualClock()
        let root = RootView(size: Size(600, 800), clock: clock)
        let doc = NoteDocument(store: store, path: "Ideas.md")
        doc.textView.frame = root.bounds
        root.addSubview(doc.textView)
        root.prepareFrame()
        try notes.breakWrites()
        doc.textView.placeCaret(at: doc.textView.storage.end)
        doc.textView.insert("Plant tulips")
        clock.advance(by: NoteDocument.autosaveDelay + 0.01)
        root.prepareFrame()
        #expect(doc.saveFailure != nil)
        _ = root.takeDamage(scale: 1)
        #expect(!root.needsFrame, "waiting for the retry draws nothing")
        try notes.fixWrites()
        clock.advance(by: NoteDocument.retryDelay + 0.01)
        #expect(root.needsFrame, "the retry come due")
        root.prepareFrame()
        #expect(!doc.hasUnsavedChanges)
        #expect(try store.read("Ideas.md").hasSuffix("Plant tulips"))
    }

    @Test func whenTheRecoveryFileCannotBeWrittenEitherDoneOffersCopyNotClose() throws {
        let dir = temporaryFolder()
        // The state folder's place holds a file: nothing can be kept there.
        let stateFile = dir.appendingPathComponent("state")
        _ = FileManager.default.createFile(atPath: stateFile.path, contents: Data("a file\n".utf8))
        let place = try Place(
            .fileInPlaceOfFolder, recoveryFolder: stateFile.appendingPathComponent("slate/org.slate.notes/recovery"))
        let (scene, editor) = try place.open("Shopping.md")
        let doc = editor.document
        try place.notes.breakWrites()
        doc.textView.insert("Tea")
        #expect(doc.saveFailure != nil)
        #expect(!doc.isKeptForRecovery)
        #expect(editor.notice.message.en.contains("only in this window"))
        #expect(place.logged.count == 2, "the save and the recovery file, once each: \(place.logged)")
        #expect(place.logged.contains { $0.contains("\(stateFile.path): a file stands where a folder should be") })
        scene.navigationContainer?.closingButton?.sendAction()
        let alert = try #require(scene.presentedAlert)
        #expect(alert.buttons.map(\.title) == ["Keep Open", "Copy Text"])
        alert.buttons[1].sendAction()
        #expect(editor.pasteboard.string == doc.text)
        #expect(place.system.openSessions.contains { $0 === scene.session })
    }

    @Test func closedUnsavedTheTextIsOfferedAtTheNextStartAndRestored() throws {
        let place = try Place(.readOnly)
        let (scene, editor) = try place.open("Shopping.md")
        let doc = editor.document
        try place.notes.breakWrites()
        doc.textView.placeCaret(at: doc.textView.storage.end)
        doc.textView.insert("\nCoffee")
        scene.navigationContainer?.closingButton?.sendAction()
        try #require(scene.presentedAlert).buttons[1].sendAction()  // Close: the text is kept
        #expect(!place.system.openSessions.contains { $0 === scene.session })
        #expect(place.app.unsavedDocuments["Shopping.md"] === doc, "kept, and tried again, until saved")
        place.system.terminate()
        try place.notes.fixWrites()
        // The next start: the folder window offers the kept text; Open shows it in the note's window.
        let app = NotesApp(
            store: NoteStore(
                root: place.notes.folder, trash: place.dir.appendingPathComponent("Trash"),
                recoveryFolder: place.recovery, now: { testNow.addingTimeInterval(60) }))
        let system = LocalSceneSystem(application: app)
        system.restore()
        let folders = try #require(system.connectedScenes.first?.rootView as? NotesWindowView)
        #expect(!folders.recoveryNotice.isHidden)
        #expect(folders.recoveryNotice.message.en.contains("“Shopping”"))
        folders.recoveryNotice.buttons[0].sendAction()
        let note = try #require(system.connectedScenes.first { $0.session.role == .auxiliary })
        let reopened = try #require(note.navigationContainer?.topPage.content as? NoteEditorView)
        #expect(reopened.document.recovered != nil)
        #expect(!reopened.notice.isHidden)
        #expect(reopened.notice.buttons.map(\.title) == ["Restore", "Keep as Copy"])
        #expect(!reopened.document.text.hasSuffix("Coffee"), "the note as saved, until Restore")
        reopened.notice.buttons[0].sendAction()
        #expect(try app.store.read("Shopping.md").hasSuffix("\nCoffee"))
        #expect(app.store.recovery?.kept(for: "Shopping.md") == nil)
        #expect(reopened.notice.isHidden)
        folders.reload()
        #expect(folders.recoveryNotice.isHidden)
    }

    @Test func keptTextCanBeKeptAsACopyBesideTheNote() throws {
        let store = try makeStore()
        let recovery = NoteRecovery(folder: temporaryFolder().appendingPathComponent("recovery"), now: { testNow })
        try recovery.keep("# Shopping\n\nMine", for: "Shopping.md")
        let withRecovery = NoteStore(
            root: store.root, trash: store.trash, recoveryFolder: recovery.folder, now: { testNow })
        let doc = NoteDocument(store: withRecovery, path: "Shopping.md")
        #expect(doc.recovered?.text == "# Shopping\n\nMine")
        let copy = try #require(doc.keepRecoveredTextAsCopy())
        #expect(copy == "Shopping (recovered).md")
        #expect(try withRecovery.read(copy) == "# Shopping\n\nMine")
        #expect(recovery.kept(for: "Shopping.md") == nil)
        #expect(doc.recovered == nil)
    }

    @Test func keptTextOlderThanTheNoteIsNotOffered() throws {
        let store = try makeStore()
        let recovery = NoteRecovery(
            folder: temporaryFolder().appendingPathComponent("recovery"), now: { testNow.addingTimeInterval(-3600) })
        try recovery.keep("old", for: "Shopping.md")
        let doc = NoteDocument(
            store: NoteStore(root: store.root, trash: store.trash, recoveryFolder: recovery.folder, now: { testNow }),
            path: "Shopping.md")
        #expect(doc.recovered == nil)
        #expect(recovery.kept(for: "Shopping.md")?.text == "old", "kept, never thrown away")
    }

    @Test func recoveryFilesNameAnyPath() throws {
        let recovery = NoteRecovery(folder: temporaryFolder().appendingPathComponent("recovery"), now: { testNow })
        let long = String(repeating: "Очень длинное имя папки/", count: 12) + "Заметка\n.md"
        for path in ["Shopping.md", "Travel/Trip.md", long, ".hidden.md"] {
            try recovery.keep("text of \(path)", for: path)
            #expect(recovery.kept(for: path)?.text == "text of \(path)")
            #expect(recovery.file(for: path).lastPathComponent.utf8.count < 80)
        }
        #expect(recovery.all().count == 4)
    }

    @Test(arguments: FailingFolder.Kind.allCases)
    func aFailedWriteSaysWhyAndLeavesTheOldTextAndNoTemporaryFile(_ kind: FailingFolder.Kind) throws {
        let dir = temporaryFolder("write-\(kind.rawValue)")
        let notes = try FailingFolder(kind, at: dir.appendingPathComponent("Notes"))
        defer { notes.tearDown() }
        try SampleNotes.write(into: notes.folder, modified: testNow)
        let store = NoteStore(root: notes.folder, trash: dir.appendingPathComponent("Trash"), now: { testNow })
        let before = try store.read("Shopping.md")
        try notes.breakWrites()
        #expect(throws: FileWriteError.self) { try store.write(Self.typed, to: "Shopping.md") }
        do {
            try store.write(Self.typed, to: "Shopping.md")
        } catch {
            #expect(Self.reason(notes.madeKind).contains(error.reason.en), "\(error)")
            #expect(!error.message.en.contains("\n"))
        }
        try notes.fixWrites()
        #expect(try store.read("Shopping.md") == before)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: notes.folder.path).filter {
            $0.hasSuffix(".tmp")
        }
        #expect(leftovers.isEmpty, "\(leftovers)")
    }
}
