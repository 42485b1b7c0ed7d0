import Foundation
import Graphics
import Scenes
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
    private var pending: ScheduledAction?
    /// Called when the title (the first line) changes.
    public var onTitleChange: ((String) -> Void)?
    /// The note's title now (its first line without `#`), "" while it has none.
    public private(set) var title = ""
    /// The conflicted copies made, newest last (what a person finds beside the note).
    public private(set) var conflictedCopies: [String] = []
    /// A problem reading the note, said once, in every language.
    public private(set) var problem: LocalizedString?
    /// Why the last save failed, until a save succeeds (nil: saved, or nothing to save).
    public private(set) var saveFailure: FileWriteError?
    /// Whether the text as it is now is kept in the recovery file (closing the window then costs
    /// nothing: the text is offered back at the next start and saved when it can be).
    public private(set) var isKeptForRecovery = false
    /// Text kept from a save that failed earlier (before a crash, or in an earlier run), newer than
    /// the note on disk: offered back until the person restores it or keeps it as a copy.
    public private(set) var recovered: NoteRecovery.Kept?
    /// Called when `saveFailure`, `isKeptForRecovery` or `recovered` change.
    public var onSaveStateChange: (() -> Void)?
    /// The failure said last (in the log and on the screen), so each is said once, not at each retry.
    private var said: FileWriteError?
    private var saidRecoveryFailure: FileWriteError?
    private var retry: ScheduledAction?

    /// A note saves this long after the last change (the "within a second").
    public static let autosaveDelay = 1.0
    /// A save that failed is tried again this often (and at the next change): a disk freed is used
    /// within seconds, and a full disk costs one write attempt every few seconds.
    public static let retryDelay = 5.0

    /// Opens the note at `path` of `store` into a new text view; text kept from a failed save that
    /// is newer than the note is offered (`recovered`).
    public init(store: NoteStore, path: String) {
        self.store = store
        self.path = path
        textView.localizedAccessibilityLabel = NotesStrings.noteText
        textView.identifier = "note-text"
        textView.backgroundColor = .systemBackground
        textView.addInteraction(DropInteraction(delegate: Self.dropTarget))
        load()
        lookForRecoveredText()
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
            problem = NotesStrings.noteUnreadable.formatted("\(error)")
        }
    }

    /// Text kept for this note that is newer than the note and differs from it is offered; a kept
    /// text the note already holds is forgotten.
    private func lookForRecoveredText() {
        guard let recovery = store.recovery, let kept = recovery.kept(for: path) else { return }
        if kept.text == textView.text {
            recovery.discard(path)
            return
        }
        let noteDate = store.stamp(path).map { Double($0.seconds) + Double($0.nanoseconds) / 1e9 } ?? 0
        if kept.date.timeIntervalSince1970 >= noteDate { recovered = kept }
    }

    private func changed() {
        hasUnsavedChanges = true
        updateTitle()
        pending?.cancel()
        guard let dispatcher = textView.root?.dispatcher else {
            save()
            return
        }
        // The screen's clock: the save runs when a second of its time has passed, with no frame drawn
        // meanwhile.
        pending = dispatcher.schedule(after: Self.autosaveDelay) { [weak self] in self?.save() }
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
    /// kept first as a conflicted copy. A save that fails keeps the text — here, and in the recovery
    /// file when that can be written — says so once, and is tried again in `retryDelay` and at the
    /// next change.
    public func save() {
        pending?.cancel()
        pending = nil
        retry?.cancel()
        retry = nil
        guard hasUnsavedChanges else { return }
        let text = textView.text
        do {
            // Absent is fine: another program's text that cannot be read is not there to keep, and
            // the save goes on.
            if let now = store.stamp(path), now != stamp, let theirs = try? store.read(path), theirs != text {
                conflictedCopies.append(
                    try store.writeConflictedCopy(
                        of: path, text: theirs, suffix: NotesStrings.conflictedCopy.text(for: textView)))
            }
            try store.write(text, to: path)
        } catch {
            failed(FileWriteError(error, path: store.url(path).path), text: text)
            return
        }
        stamp = store.stamp(path)
        hasUnsavedChanges = false
        if isKeptForRecovery || saveFailure != nil {
            store.recovery?.discard(path)
            isKeptForRecovery = false
            saveFailure = nil
            said = nil
            onSaveStateChange?()
        }
    }

    private func failed(_ failure: FileWriteError, text: String) {
        var kept = false
        if let recovery = store.recovery {
            do {
                try recovery.keep(text, for: path)
                kept = true
            } catch {
                if saidRecoveryFailure != error {
                    saidRecoveryFailure = error
                    textView.environment.errors.report(
                        error, while: NotesStrings.keepTheText.formatted(fileName(of: path)))
                }
            }
        }
        let changedState = failure != saveFailure || kept != isKeptForRecovery
        saveFailure = failure
        isKeptForRecovery = kept
        if said != failure {
            said = failure
            textView.environment.errors.report(failure, while: NotesStrings.saveTheNote.formatted(fileName(of: path)))
        }
        if let dispatcher = textView.root?.dispatcher {
            retry = dispatcher.schedule(after: Self.retryDelay) { [weak self] in self?.save() }
        }
        if changedState { onSaveStateChange?() }
    }

    private func fileName(of path: String) -> String {
        String(path.split(separator: "/").last ?? Substring(path))
    }

    /// The text as it is now, whether saved or not (Copy Text puts it on the pasteboard).
    public var text: String { textView.text }

    /// Puts the recovered text in place of the note's, to be saved at once; the kept file goes when the save succeeds.
    public func restoreRecoveredText() {
        guard let kept = recovered else { return }
        recovered = nil
        textView.text = kept.text
        hasUnsavedChanges = true
        updateTitle()
        onSaveStateChange?()
        save()
        // The same text on disk already (a save that failed, then the disk freed): nothing to keep.
        if !hasUnsavedChanges { store.recovery?.discard(path) }
    }

    /// Keeps the recovered text beside the note as "NAME (recovered).md"; the kept file goes once the
    /// copy is written. Returns the copy's path, or nil when it could not be written (said, and the
    /// text still offered).
    @discardableResult
    public func keepRecoveredTextAsCopy() -> String? {
        guard let kept = recovered else { return nil }
        do {
            let copy = try store.writeConflictedCopy(
                of: path, text: kept.text, suffix: NotesStrings.recovered.resolved(textView.language))
            recovered = nil
            store.recovery?.discard(path)
            onSaveStateChange?()
            return copy
        } catch {
            textView.environment.errors.report(
                FileWriteError(error, path: store.root.path),
                while: NotesStrings.keepTheText.formatted(fileName(of: path)),
                userAction: true)
            return nil
        }
    }

    /// Looks at the file on disk: a change by another program reloads the note, or — with unsaved
    /// changes here — is kept as a conflicted copy while this text is saved.
    public func checkDisk() {
        guard let now = store.stamp(path), now != stamp else {
            if hasUnsavedChanges && saveFailure != nil { save() }
            return
        }
        if hasUnsavedChanges {
            save()
        } else {
            load()
        }
    }
}
