import Foundation
import Graphics
import UI

/// One open note: its text view and its file. It saves by itself within a second of the last change,
/// atomically; a change made on disk by another program reloads the note when it has no unsaved
/// change, and otherwise both are kept — the other program's text as a conflicted copy beside it.
@MainActor public final class NoteDocument {
    public let store: NoteStore
    /// The note's file, from the notes folder.
    public private(set) var path: String
    /// The editor showing the note.
    public let textView = TextView()
    /// Whether the text has changes not yet on disk.
    public private(set) var hasUnsavedChanges = false
    /// The file as it was after this document last read or wrote it.
    private var stamp: FileStamp?
    private var pending: Animation?
    /// Called when the title (the first line) changes.
    public var onTitleChange: ((String) -> Void)?
    /// The note's title now (its first line without `#`), "" while it has none.
    public private(set) var title = ""
    /// The conflicted copies made, newest last (what a person finds beside the note).
    public private(set) var conflictedCopies: [String] = []
    /// A problem reading or saving, said once.
    public private(set) var problem: String?

    /// A note saves this long after the last change (the "within a second").
    public static let autosaveDelay = 1.0

    /// Opens the note at `path` of `store` into a new text view.
    public init(store: NoteStore, path: String) {
        self.store = store
        self.path = path
        textView.accessibilityLabel = NotesStrings.noteText.text
        textView.identifier = "note-text"
        textView.backgroundColor = .systemBackground
        textView.addInteraction(DropInteraction(delegate: Self.dropTarget))
        load()
        textView.onChange = { [weak self] in self?.changed() }
    }

    private static let dropTarget = NoteTextDropTarget()

    /// Reads the file again into the view, keeping the caret where it was as far as the text allows.
    func load() {
        do {
            let text = try store.read(path)
            stamp = store.stamp(path)
            let caret = textView.head
            textView.text = text
            textView.placeCaret(at: caret)
            hasUnsavedChanges = false
            updateTitle()
        } catch {
            problem = NotesStrings.noteUnreadable.formatted("\(error)").text
        }
    }

    private func changed() {
        hasUnsavedChanges = true
        updateTitle()
        pending?.cancel()
        guard let animator = textView.root?.animator else {
            save()
            return
        }
        // The animator is the app's clock: the save runs when a second of its time has passed.
        pending = animator.animate(duration: Self.autosaveDelay, curve: .linear, apply: { _ in }) { [weak self] done in
            if done { self?.save() }
        }
    }

    private func updateTitle() {
        let head = textView.storage.paragraphs.prefix(8).joined(separator: "\n")
        let t = NoteText.title(of: head[...])
        if t != title {
            title = t
            onTitleChange?(t)
        }
    }

    /// Writes unsaved changes now. When the file changed on disk since it was read, the other text is
    /// kept first as a conflicted copy.
    public func save() {
        pending?.cancel()
        pending = nil
        guard hasUnsavedChanges else { return }
        do {
            if let now = store.stamp(path), now != stamp, let theirs = try? store.read(path),
                theirs != textView.text
            {
                conflictedCopies.append(
                    try store.writeConflictedCopy(of: path, text: theirs, suffix: NotesStrings.conflictedCopy.text))
            }
            try store.write(textView.text, to: path)
            stamp = store.stamp(path)
            hasUnsavedChanges = false
        } catch {
            problem = "\(error)"
            FileHandle.standardError.write(Data("slate notes: cannot save \(path): \(error)\n".utf8))
        }
    }

    /// Looks at the file on disk: a change by another program reloads the note, or — with unsaved
    /// changes here — is kept as a conflicted copy while this text is saved.
    public func checkDisk() {
        guard let now = store.stamp(path), now != stamp else { return }
        if hasUnsavedChanges {
            save()
        } else {
            load()
        }
    }
}
