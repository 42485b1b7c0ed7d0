import Foundation
import Notes
import Scenes
import Shell

/// Where Notes keeps its files in a run: the notes folder and the Trash, and whether sample notes
/// are written there.
struct NotesPlaces {
    var notes: URL
    var trash: URL
    /// Write the sample notes when the folder has none.
    var writesSample: Bool

    /// The user's: `--notes-dir`, `SLATE_NOTES_DIR` or `$XDG_DOCUMENTS_DIR/Notes`, and the home Trash.
    init(notes: URL, trash: URL, writesSample: Bool) {
        self.notes = notes
        self.trash = trash
        self.writesSample = writesSample
    }

    /// A headless run's: both in its scratch folder, with the samples.
    init(scratch dir: URL) {
        self.init(
            notes: dir.appendingPathComponent("Documents/Notes"), trash: dir.appendingPathComponent("Trash"),
            writesSample: true)
    }

    /// Nowhere yet (a run that never launches Notes).
    init() { self.init(scratch: FileManager.default.temporaryDirectory.appendingPathComponent("slate-notes-unused")) }
}

extension SystemBuilder {
    /// The user's notes places; the samples go only into a notes folder that did not exist.
    static func userNotesPlaces(_ args: Arguments) -> NotesPlaces {
        let env = ProcessInfo.processInfo.environment
        let home = FileManager.default.homeDirectoryForCurrentUser
        let notes =
            args.options["notes-dir"].map { URL(fileURLWithPath: $0) }
            ?? NotesLocation.notesDirectory(environment: env, home: home)
        return NotesPlaces(
            notes: notes, trash: NotesLocation.trashDirectory(environment: env, home: home),
            writesSample: !FileManager.default.fileExists(atPath: notes.path))
    }

    /// Notes over `places.notes`.
    static func makeNotes(_ places: Places) -> NotesApp {
        let p = places.notes
        if p.writesSample {
            do {
                try FileManager.default.createDirectory(at: p.notes, withIntermediateDirectories: true)
                try SampleNotes.write(into: p.notes, modified: places.now())
            } catch {
                FileHandle.standardError.write(Data("slate notes: cannot write the sample notes: \(error)\n".utf8))
            }
        }
        return NotesApp(store: NoteStore(root: p.notes, trash: p.trash, now: places.now))
    }

    /// Notes for the catalog: one app object however often it is asked for.
    static func notesMaker(_ places: Places) -> () -> any Application {
        var notes: NotesApp?
        return {
            if let n = notes { return n }
            let n = makeNotes(places)
            notes = n
            return n
        }
    }

    /// Lets an app open another app's window by activity type (Notes → Mail's compose window).
    static func installActivityRouting(on shell: Shell) {
        ActivityRouter.handler = { [weak shell] request throws(SceneError) -> SceneSession in
            let type = request.userActivity?.activityType ?? ""
            guard let app = shell?.apps.first(where: { $0.application.activityTypes.contains(type) }) else {
                throw .activityTypeNotDeclared(type: type, app: "")
            }
            return try app.activate(request)
        }
    }
}
