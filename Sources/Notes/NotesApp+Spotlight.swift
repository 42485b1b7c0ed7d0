import Foundation
import Scenes
import UI

// Notes in Spotlight: every note offered by its title and the beginning of its text, opened in its
// own window (W2d) from a result. Offered when the app starts on a system, and again as notes are
// saved, moved and deleted — only what changed.
extension NotesApp {
    /// Keeps the system and offers it every note; later changes of the store are offered as they come.
    public func didConnect(to system: any SceneSystem) {
        self.system = system
        // What the system kept from an earlier run is offered anew: a note deleted meanwhile goes.
        offered = [:]
        try? system.deleteSearchableItems(domains: nil)
        offerNotesToSpotlight()
        if spotlightObserver == nil {
            spotlightObserver = store.observe { [weak self] in self?.offerNotesToSpotlight() }
        }
        // Notes written, changed or deleted by another program (a sync tool, an editor, `git pull`)
        // come into the lists, the open notes and Spotlight as they are made.
        folderObservation = system.observeFolder(at: store.root) { [weak self] change in
            self?.notesChangedOnDisk(change)
        }
    }

    /// A note with no title is offered as "New Note" in the system's language: offered again in the
    /// new one.
    public func systemLanguageDidChange(on system: any SceneSystem) {
        for (path, modified) in offered
        where store.summary(NoteSummary(path: path, modified: modified, title: "", preview: "")).title.isEmpty {
            offered[path] = nil
        }
        offerNotesToSpotlight()
    }

    /// A change in the notes folder: when another program made it, every window lists its folder
    /// again and Spotlight is offered what differs (the store's observers), and each open note looks
    /// at its file (reloaded, or kept as a conflicted copy beside unsaved text).
    func notesChangedOnDisk(_ change: FolderChange) {
        guard change.isWholeFolder || change.paths.contains(where: store.isOutsideChange(at:)) else { return }
        store.changed()
        for document in openDocuments.values { document.checkDisk() }
    }

    /// Offers Spotlight the notes that are new or changed since the last offer, and takes out those
    /// that are gone. A folder that cannot be read is left as it was offered.
    func offerNotesToSpotlight() {
        guard let system else { return }
        var now: [String: NoteSummary] = [:]
        var unreadable = Set<String>()
        for folder in store.folders() {
            guard let notes = try? store.notes(in: folder) else {
                unreadable.insert(folder)
                continue
            }
            for note in notes { now[note.path] = note }
        }
        let changed = now.values.filter { offered[$0.path] != $0.modified }
        let gone = offered.keys.filter { path in
            now[path] == nil
                && !unreadable.contains(NoteSummary(path: path, modified: .distantPast, title: "", preview: "").folder)
        }
        guard !changed.isEmpty || !gone.isEmpty else { return }
        let items = changed.map { listed -> SearchableItem in
            let note = store.summary(listed)
            let title = note.title.isEmpty ? NotesStrings.newNote.resolved(system.language) : note.title
            return SearchableItem(
                identifier: note.path, domain: note.folder, kind: .document, title: title,
                subtitle: note.folder.isEmpty ? nil : note.folder, text: store.head(note), date: note.modified,
                userActivity: Self.noteActivity(path: note.path, title: note.title, language: system.language))
        }
        do {
            if !gone.isEmpty { try system.deleteSearchableItems(identifiers: gone) }
            if !items.isEmpty { try system.indexSearchableItems(items) }
            for path in gone { offered[path] = nil }
            for note in changed { offered[note.path] = note.modified }
        } catch {
            // More notes than one app may keep in Spotlight (the system says so in its log): what
            // was offered before stays, and the app works as before.
        }
    }
}
