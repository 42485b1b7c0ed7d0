import Foundation
import Scenes
import UI

// Notes that cannot be saved: kept open in memory after their window closes and tried again, and
// text kept from an earlier run offered back.
extension NotesApp {
    /// The document for the note at `path`: the one kept unsaved (its text is newer than the file),
    /// else a new one read from the file.
    func document(at path: String) -> NoteDocument {
        let doc =
            unsavedDocuments.removeValue(forKey: path) ?? openDocuments[path] ?? NoteDocument(store: store, path: path)
        openDocuments[path] = doc
        return doc
    }

    /// The window of `doc` went away.
    func documentClosed(_ doc: NoteDocument) {
        if openDocuments[doc.path] === doc { openDocuments[doc.path] = nil }
    }

    /// Keeps `doc` — closed while it could not be saved — and tries it again until it is saved.
    func keepUntilSaved(_ doc: NoteDocument) {
        guard doc.hasUnsavedChanges else { return }
        unsavedDocuments[doc.path] = doc
    }

    /// Tries the notes kept unsaved again; those saved are let go. With a screen's `dispatcher`, tries
    /// again every `NoteDocument.retryDelay` while some remain.
    func retryUnsaved(using dispatcher: EventDispatcher? = nil) {
        for (path, doc) in unsavedDocuments {
            doc.save()
            if !doc.hasUnsavedChanges { unsavedDocuments[path] = nil }
        }
        guard !unsavedDocuments.isEmpty, let dispatcher, !isRetryScheduled else { return }
        isRetryScheduled = true
        dispatcher.schedule(after: NoteDocument.retryDelay) { [weak self, weak dispatcher] in
            guard let self else { return }
            self.isRetryScheduled = false
            self.retryUnsaved(using: dispatcher)
        }
    }

    /// Text kept from saves that failed, for notes no window shows (offered in the folder windows).
    func recoveredNotes() -> [NoteRecovery.Kept] {
        guard let recovery = store.recovery else { return [] }
        return recovery.all().filter { openDocuments[$0.path] == nil && unsavedDocuments[$0.path] == nil }.filter {
            kept in
            // A kept text the note already holds is done with; a note that cannot be read keeps
            // its kept text offered.
            if let text = try? store.read(kept.path), text == kept.text {
                recovery.discard(kept.path)
                return false
            }
            return true
        }
    }

    /// Opens the notes whose text was kept, each in its window, where it is offered back; a note
    /// that is gone is made again with the kept text.
    func openRecovered(_ kept: [NoteRecovery.Kept], from scene: WindowScene?) {
        for k in kept {
            if !store.exists(k.path) {
                let errors = scene?.windowView.environment.errors ?? ErrorReporter()
                let made = errors.attempt(NotesStrings.saveTheNote.formatted(k.path), userAction: true) {
                    try store.write(k.text, to: k.path)
                    return true
                }
                guard made == true else { continue }
                store.recovery?.discard(k.path)
            }
            open(k.path, title: NoteText.title(of: k.text[...]), from: scene)
        }
    }
}
