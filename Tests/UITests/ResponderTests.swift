import Graphics
import Testing

@testable import UI

/// The standard editing commands found up the responder chain, key equivalents after the focused
/// views, and the modifier keys held.
@MainActor @Suite struct ResponderTests {
    func make(_ text: String) -> (RootView, TextView, View) {
        let root = RootView(size: Size(400, 300), clock: VirtualClock())
        let window = View(frame: root.bounds)
        let t = TextView(text: text)
        t.caretMeasurer = ApproximateTextMeasurer()
        t.frame = Rect(0, 0, 400, 300)
        window.addSubview(t)
        root.addSubview(window)
        root.layoutIfNeeded()
        return (root, t, window)
    }

    @Test func theFocusedTextPerformsWhatItCanNow() {
        let (root, t, window) = make("Hello world")
        #expect(root.responder(for: .selectAll) == nil, "nothing focused: no one to ask")
        root.setFocus(t)
        #expect(root.responder(for: .selectAll, within: window) === t)
        #expect(root.responder(for: .copy) == nil, "a caret has nothing to copy")
        #expect(root.responder(for: .undo) == nil)
        t.perform(.selectAll)
        #expect(t.canPerform(.copy) && t.canPerform(.cut) && !t.canPerform(.selectAll))
        t.perform(.cut)
        #expect(t.text.isEmpty && t.canPerform(.undo) && !t.canPerform(.redo))
        t.perform(.undo)
        #expect(t.text == "Hello world" && t.canPerform(.redo))
        // A view outside the window asked about is not its responder.
        let other = View(frame: .zero)
        root.addSubview(other)
        #expect(root.responder(for: .selectAll, within: other) == nil)
    }

    @Test func aFieldSelectsAllAndThenCopies() {
        let root = RootView(size: Size(400, 300), clock: VirtualClock())
        let f = TextField(text: "abc")
        root.addSubview(f)
        root.setFocus(f)
        #expect(root.responder(for: .selectAll) === f && root.responder(for: .copy) == nil)
        f.perform(.selectAll)
        #expect(f.isAllSelected && f.canPerform(.copy) && !f.canPerform(.undo))
    }

    @Test func keyEquivalentsComeAfterTheFocusedViewsAndTheirAncestors() {
        let (root, t, _) = make("Hello")
        root.setFocus(t)
        var performed: [KeyPress] = []
        root.dispatcher.keyEquivalentHandlers.append { k in
            performed.append(k)
            return true
        }
        // The text takes its own Ctrl+A; Ctrl+N it does not know goes on to the menu bar's.
        root.dispatcher.handle(KeyPress(.character("a"), modifiers: .control))
        root.dispatcher.handle(KeyPress(.character("n"), modifiers: .control))
        #expect(t.selectedText == "Hello")
        #expect(performed == [KeyPress(.character("n"), modifiers: .control)])
    }

    @Test func shortcutsCompareAsOneWhateverTheHostDelivered() {
        let a = KeyPress(.character("R"), modifiers: [.control, .shift]).asShortcut
        let b = KeyPress(.character("r"), modifiers: [.command, .shift]).asShortcut
        #expect(a == b && a == KeyPress(.character("r"), modifiers: [.control, .shift]))
        #expect(KeyPress.modifiers(named: "ctrl") == .control)
        #expect(KeyPress.modifiers(named: "ctrl+super") == [.control, .command])
        #expect(KeyPress.modifiers(named: "ctrl+n") == nil)
    }

    @Test func theModifiersHeldAreToldWhenTheyChange() {
        let root = RootView(size: Size(400, 300), clock: VirtualClock())
        var told: [KeyModifiers] = []
        root.dispatcher.onModifiersChanged = { told.append($0) }
        root.dispatcher.handleModifiers(.control)
        root.dispatcher.handleModifiers(.control)
        root.dispatcher.handleModifiers([.control, .shift])
        root.dispatcher.handleModifiers([])
        #expect(told == [.control, [.control, .shift], []])
        #expect(root.dispatcher.heldModifiers == [])
    }
}
