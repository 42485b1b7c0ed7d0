import Foundation
import Notes

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
            let home = FileManager.default.homeDirectoryForCurrentUser
            folder =
                places.options["notes-dir"].map { URL(fileURLWithPath: $0) }
                ?? NotesLocation.notesDirectory(environment: places.environment, home: home)
            trash = NotesLocation.trashDirectory(environment: places.environment, home: home)
        }
        if !FileManager.default.fileExists(atPath: folder.path) {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            try SampleNotes.write(into: folder, modified: places.now())
        }
        // Text that cannot be saved is kept in the app's state folder meanwhile.
        let recovery = places.stateHome.appendingPathComponent("slate/org.slate.notes/recovery", isDirectory: true)
        return NotesApp(store: NoteStore(root: folder, trash: trash, recoveryFolder: recovery, now: places.now))
    }
}
