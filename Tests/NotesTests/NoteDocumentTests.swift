import Foundation
import Graphics
import Testing
import UI

@testable import Notes

@MainActor @Suite struct NoteDocumentTests {
    /// A document whose text view is on a screen, so that its autosave waits on the virtual clock.
    func open(_ store: NoteStore, _ path: String) -> (NoteDocument, RootView, VirtualClock) {
        let clock = VirtualClock()
        let root = RootView(size: Size(600, 800), clock: clock)
        let doc = NoteDocument(store: store, path: path)
        doc.textView.frame = root.bounds
        root.addSubview(doc.textView)
        root.layoutIfNeeded()
        return (doc, root, clock)
    }

    @Test func aChangeSavesWithinASecond() throws {
        let store = try makeStore()
        let (doc, root, clock) = open(store, "Ideas.md")
        doc.textView.placeCaret(at: doc.textView.storage.end)
        doc.textView.insert("Plant tulips")
        #expect(doc.hasUnsavedChanges)
        clock.advance(by: 0.5)
        root.prepareFrame()
        doc.textView.insert("!")
        clock.advance(by: 0.9)
        root.prepareFrame()
        #expect(doc.hasUnsavedChanges, "the second passes from the last change")
        clock.advance(by: 0.11)
        root.prepareFrame()
        #expect(!doc.hasUnsavedChanges)
        #expect(try store.read("Ideas.md").hasSuffix("Plant tulips!"))
    }

    @Test func anExternalEditReloadsANoteWithoutUnsavedChanges() throws {
        let store = try makeStore()
        let (doc, _, _) = open(store, "Shopping.md")
        try "# Shopping\n\nOnly tea".write(to: store.url("Shopping.md"), atomically: true, encoding: .utf8)
        doc.checkDisk()
        #expect(doc.textView.text == "# Shopping\n\nOnly tea")
        #expect(!doc.hasUnsavedChanges)
        #expect(doc.conflictedCopies.isEmpty)
    }

    @Test func anExternalEditBesideUnsavedChangesKeepsBoth() throws {
        let store = try makeStore()
        let (doc, root, _) = open(store, "Shopping.md")
        defer { withExtendedLifetime(root) {} }
        doc.textView.placeCaret(at: doc.textView.storage.end)
        doc.textView.insert("Mine")
        #expect(doc.hasUnsavedChanges)
        #expect(doc.textView.text.hasSuffix("Mine"))
        try "# Shopping\n\nTheirs".write(to: store.url("Shopping.md"), atomically: true, encoding: .utf8)
        doc.checkDisk()
        #expect(!doc.hasUnsavedChanges)
        #expect(try store.read("Shopping.md").hasSuffix("Mine"))
        let copy = try #require(doc.conflictedCopies.first)
        #expect(copy == "Shopping (conflicted copy).md")
        #expect(try store.read(copy) == "# Shopping\n\nTheirs")
    }

    @Test func theTitleFollowsTheFirstLine() throws {
        let store = try makeStore()
        let (doc, _, _) = open(store, "Shopping.md")
        var titles: [String] = []
        doc.onTitleChange = { titles.append($0) }
        doc.textView.selection = TextRange(.start, doc.textView.storage.position(after: .start))
        doc.textView.insert("##")
        doc.textView.placeCaret(at: TextPosition(paragraph: 0, offset: 3))
        doc.textView.insert("Big ")
        #expect(doc.title == "Big Shopping")
        #expect(titles == ["Big Shopping"])
    }
}
