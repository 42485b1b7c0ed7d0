import Foundation
import Graphics
import Testing

@testable import Notes
@testable import UI

/// Text dropped into an open note goes in where the finger lifts.
@MainActor @Suite struct NoteDropTests {
    @Test func droppedTextGoesInAtTheDropPoint() throws {
        let store = try makeStore()
        let root = RootView(size: Size(600, 800), clock: VirtualClock())
        let doc = NoteDocument(store: store, path: "Ideas.md")
        doc.textView.frame = root.bounds
        root.addSubview(doc.textView)
        root.layoutIfNeeded()
        let drop = try #require(doc.textView.interactions.compactMap { $0 as? DropInteraction }.first)
        let delegate = try #require(drop.delegate)
        let p = ItemProvider()
        p.register(text: "Встреча завтра в 10:00")
        p.isReleased = true
        // At the start of the third paragraph ("A reading lamp…").
        let target = doc.textView.caretRect(for: TextPosition(paragraph: 2, offset: 0))
        let session = DragSession(
            items: [DragItem(provider: p)], sourceView: nil, sourceApp: "org.slate.mail",
            location: doc.textView.convert(Point(target.minX + 1, target.midY), to: nil), touchID: 1)
        #expect(delegate.dropInteraction(drop, canHandle: session))
        delegate.dropInteraction(drop, performDrop: session)
        #expect(doc.textView.storage.paragraphs[2].hasPrefix("Встреча завтра в 10:00A reading lamp"))
        #expect(doc.hasUnsavedChanges, "and it saves within a second")
        #expect(root.focusedView === doc.textView)
    }
}
