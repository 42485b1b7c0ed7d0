import Graphics
import Testing

@testable import Mail
@testable import UI

/// Text dropped on a message being written — a note dragged from Notes — goes at the end of its text.
@MainActor @Suite struct ComposeDropTests {
    func session(_ text: String, from app: String) -> DragSession {
        let p = ItemProvider()
        p.register(text: text)
        p.suggestedName = "Shopping"
        p.isReleased = true
        return DragSession(
            items: [DragItem(provider: p)], sourceView: nil, sourceApp: app, location: .zero, touchID: 1)
    }

    @Test func aDroppedNoteAddsItsText() throws {
        let v = ComposeView(message: OutgoingMessage(from: "me", to: "", subject: "", body: "Hi Anna,"))
        let drop = try #require(v.interactions.compactMap { $0 as? DropInteraction }.first)
        let delegate = try #require(drop.delegate)
        let s = session("# Shopping\n\nMilk, bread", from: "org.slate.notes")
        #expect(delegate.dropInteraction(drop, canHandle: s))
        #expect(delegate.dropInteraction(drop, sessionDidUpdate: s) == .copy)
        delegate.dropInteraction(drop, performDrop: s)
        #expect(v.body.text == "Hi Anna,\n# Shopping\n\nMilk, bread")
        #expect(v.message.body == v.body.text)
    }
}
