import Foundation
import Notes
import Scenes
import UI

extension AppEntry {
    /// Slate's Notes over `--notes-dir`, `$SLATE_NOTES_DIR` or `$XDG_DOCUMENTS_DIR/Notes`, deleting
    /// into the home Trash; sample notes go only into a notes folder that did not exist. Scratch runs
    /// use a fresh folder with the samples and a Trash of their own.
    public static let notes = AppEntry(name: "Notes", options: ["notes-dir"]) { places in
        let folder: URL
        let trash: URL
        if places.isScratch {
            folder = places.documentsDirectory.appendingPathComponent("Notes")
            trash = places.dataHome.appendingPathComponent("Trash")
        } else {
            let home = HomeFolder.url(environment: places.environment)
            folder =
                places.options["notes-dir"].map { URL(fileURLWithPath: $0) }
                ?? NotesLocation.notesDirectory(environment: places.environment, home: home)
            trash = NotesLocation.trashDirectory(environment: places.environment, home: home)
        }
        if !FileManager.default.fileExists(atPath: folder.path) {
            do {
                try AtomicFile.makeFolders(folder.path, permissions: 0o755)
                try SampleNotes.write(into: folder, modified: places.now())
            } catch {
                throw AppFolderError(app: "Notes", failure: FileWriteError(error, path: folder.path))
            }
        }
        // Text that cannot be saved is kept in the app's state folder meanwhile.
        let recovery = places.stateHome.appendingPathComponent("slate/org.slate.notes/recovery", isDirectory: true)
        return NotesApp(store: NoteStore(root: folder, trash: trash, recoveryFolder: recovery, now: places.now))
    }
}

/// An app's own folder could not be made (a read-only home, a full disk): the app does not start,
/// and says what, where and why in one line, and how to give it another folder.
struct AppFolderError: Error, CustomStringConvertible {
    /// The app's name.
    var app: String
    /// What went wrong, and where.
    var failure: FileWriteError

    /// The line, in `language`.
    func line(_ language: Language) -> String {
        LocalizedString(
            en: "%@ cannot make its folder %@; give it another with XDG_DOCUMENTS_DIR or --notes-dir",
            ru: "%@ не может создать свою папку %@; укажите другую в XDG_DOCUMENTS_DIR или --notes-dir"
        ).formatted(app, failure.message.resolved(language)).resolved(language)
    }

    var description: String { line(.en) }
}
