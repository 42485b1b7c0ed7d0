/// One change to text: what was at `start` and what replaced it, with the selections around it.
public struct TextEdit: Hashable, Sendable {
    /// What kind of change, so that runs of typing or of deleting undo as one.
    public enum Kind: Hashable, Sendable {
        case typing, deleting, other
    }

    /// Where the change starts, in the text before it.
    public var start: TextPosition
    /// The text the change took out.
    public var removed: String
    /// The text the change put in.
    public var inserted: String
    /// Typing, deleting or another change.
    public var kind: Kind
    /// The selection before the change, given back by undo.
    public var selectionBefore: TextRange
    /// The selection after the change, given back by redo.
    public var selectionAfter: TextRange

    /// An edit as it was done.
    public init(
        start: TextPosition, removed: String, inserted: String, kind: Kind, selectionBefore: TextRange,
        selectionAfter: TextRange
    ) {
        self.start = start
        self.removed = removed
        self.inserted = inserted
        self.kind = kind
        self.selectionBefore = selectionBefore
        self.selectionAfter = selectionAfter
    }
}

/// Undo and redo for a text view: edits in order, runs of typing (up to a newline) or of deleting
/// coalesced into one step, as `UITextView`'s undo manager groups them.
public struct EditHistory: Sendable {
    /// The edits that undo takes back, oldest first.
    public private(set) var undoStack: [TextEdit] = []
    /// The edits undone, that redo does again, the next last.
    public private(set) var redoStack: [TextEdit] = []
    /// Whether the next edit may join the last one.
    private var open = false

    /// Undo steps kept; older ones are forgotten.
    public static let limit = 500

    /// An empty history.
    public init() {}

    /// Whether there is an edit to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone edit to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Records an edit done to the text; clears what could be redone.
    public mutating func record(_ edit: TextEdit, in storage: TextStorage) {
        redoStack.removeAll()
        if open, var last = undoStack.last, last.kind == edit.kind, edit.kind != .other {
            let lastEnd = storage.position(last.start, advancedOver: last.inserted)
            if edit.kind == .typing, edit.removed.isEmpty, edit.start == lastEnd, !last.inserted.hasSuffix("\n") {
                last.inserted += edit.inserted
                last.selectionAfter = edit.selectionAfter
                undoStack[undoStack.count - 1] = last
                return
            }
            if edit.kind == .deleting, edit.inserted.isEmpty, last.inserted.isEmpty,
                storage.position(edit.start, advancedOver: edit.removed) == last.start
            {
                last.removed = edit.removed + last.removed
                last.start = edit.start
                last.selectionAfter = edit.selectionAfter
                undoStack[undoStack.count - 1] = last
                return
            }
        }
        undoStack.append(edit)
        if undoStack.count > Self.limit { undoStack.removeFirst(undoStack.count - Self.limit) }
        open = edit.kind != .other
    }

    /// Ends the current run: the next edit is a step of its own (the caret moved, a command ran).
    public mutating func breakCoalescing() { open = false }

    /// Takes the last edit to undo.
    public mutating func popUndo() -> TextEdit? {
        open = false
        guard let e = undoStack.popLast() else { return nil }
        redoStack.append(e)
        return e
    }

    /// Takes the last undone edit to do again.
    public mutating func popRedo() -> TextEdit? {
        open = false
        guard let e = redoStack.popLast() else { return nil }
        undoStack.append(e)
        return e
    }

    /// Forgets every edit (the text was replaced).
    public mutating func removeAll() {
        undoStack.removeAll()
        redoStack.removeAll()
        open = false
    }
}
