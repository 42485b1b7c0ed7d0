import Foundation
import Graphics
import Scenes
import UI

/// Notes: documents in many windows (W1's own example). The folders and the notes of one folder in
/// primary windows (several, on different folders — W4); one note, editable at once, in an auxiliary
/// window with Done (W6). Notes are files; the app is written against Slate's public products only.
@MainActor public final class NotesApp: Application {
    /// A folder shown in a primary window.
    public static let folderActivity = "org.slate.notes.folder"
    /// A note shown in an auxiliary window.
    public static let noteActivity = "org.slate.notes.note"
    /// Mail's compose window, named by its activity type alone: Notes does not link Mail, the system
    /// finds the app that declares the type.
    public static let mailComposeActivity = "org.slate.mail.compose"

    /// Its windows are kept in `$XDG_STATE_HOME/slate/org.slate.notes/`.
    public let identifier = "org.slate.notes"
    /// "Notes", "Заметки".
    public let displayName = NotesStrings.appName
    /// A pencil on Notes' yellow.
    public let icon = AppIcon(symbol: "pencil", topColor: Color(hex: 0xFFD60A), bottomColor: Color(hex: 0xFF9F0A))
    /// A folder and a note.
    public var activityTypes: Set<String> { [Self.folderActivity, Self.noteActivity] }
    /// The notes, as files.
    public let store: NoteStore

    /// The notes open in windows now, by path.
    var openDocuments: [String: NoteDocument] = [:]
    /// Notes whose window closed while they could not be saved: kept, and tried again, until saved.
    public internal(set) var unsavedDocuments: [String: NoteDocument] = [:]
    /// Whether a retry of `unsavedDocuments` waits on a screen's clock.
    var isRetryScheduled = false
    /// The system its notes are offered to Spotlight on, what was offered (each note's date), and
    /// the store's observer that offers changes (`NotesApp+Spotlight`).
    weak var system: (any SceneSystem)?
    var offered: [String: Date] = [:]
    var spotlightObserver: UUID?
    /// The system's watch of the notes folder, while connected (`notesChangedOnDisk`).
    var folderObservation: FolderObservation?

    /// Notes over `store`.
    public init(store: NoteStore) {
        self.store = store
    }

    /// A folder in a primary window; a note in an auxiliary one with Done.
    public var configurations: [SceneConfiguration] {
        [
            SceneConfiguration(name: "Folder", role: .primary) { [unowned self] in FolderSceneDelegate(app: self) },
            SceneConfiguration(name: "Note", role: .auxiliary, closingButtonStyle: .done) { [unowned self] in
                NoteSceneDelegate(app: self)
            },
        ]
    }

    /// A note opens in an auxiliary window; a folder in a primary one.
    public func role(for activity: UserActivity) -> SceneSession.Role {
        activity.activityType == Self.noteActivity ? .auxiliary : .primary
    }

    // MARK: Activities

    struct FolderState: Codable, Equatable {
        var folder: String
        var scroll: Double
    }

    struct NoteState: Codable, Equatable {
        var path: String
    }

    /// What Mail's compose activity carries (the same keys Mail reads).
    struct ComposeState: Codable, Equatable {
        var to: String
        var subject: String
        var body: String
    }

    static func folderActivity(_ folder: String, scroll: Double = 0, language: Language) -> UserActivity {
        // A struct of a string and a number always encodes; the fallback is never taken.
        (try? UserActivity(
            type: folderActivity, title: NotesStrings.name(ofFolder: folder).resolved(language),
            payload: FolderState(folder: folder, scroll: scroll))) ?? UserActivity(type: folderActivity)
    }

    /// What opens a note in its own window (W2b, W2d): its path, and its title for the window (in
    /// `language` while the note has none).
    public static func noteActivity(path: String, title: String, language: Language) -> UserActivity {
        // A struct of a string always encodes; the fallback is never taken.
        (try? UserActivity(
            type: noteActivity, title: NotesStrings.title(title).resolved(language),
            targetContentIdentifier: "note/\(path)",
            payload: NoteState(path: path))) ?? UserActivity(type: noteActivity)
    }

    /// Opens a note in its own window beside `scene`, or brings forward the window showing it.
    func open(_ path: String, title: String, from scene: WindowScene?) {
        guard let scene, let system = scene.sceneSystem else { return }
        scene.windowView.environment.errors.attempt(SceneStrings.openTheWindow, userAction: true) {
            try system.activate(
                ActivationRequest(
                    userActivity: Self.noteActivity(path: path, title: title, language: scene.language),
                    requestingScene: scene,
                    placement: .standard))
        }
    }

    /// Opens Mail's compose window with the note's text (Share ▸ Send with Mail).
    func sendWithMail(_ path: String, from scene: WindowScene?) {
        guard let scene, let system = scene.sceneSystem else { return }
        let errors = scene.windowView.environment.errors
        guard let text = errors.attempt(NotesStrings.readTheNote, userAction: true, { try store.read(path) }) else {
            return
        }
        let title = NoteText.title(of: text[...])
        errors.attempt(NotesStrings.openMail, userAction: true) {
            let activity = try UserActivity(
                type: Self.mailComposeActivity, title: title, payload: ComposeState(to: "", subject: title, body: text))
            try system.open(
                ActivationRequest(
                    userActivity: activity, requestingScene: scene, placement: .prominent, forcesNewWindow: true))
        }
    }

    /// Closes the windows showing a note that is gone (deleted or moved).
    func closeWindows(showing path: String, in system: (any SceneSystem)?) {
        guard let system else { return }
        for s in system.openSessions where s.targetContentIdentifier == "note/\(path)" {
            // Absent is fine: a session gone meanwhile is already closed.
            try? system.destroy(s, animation: .standard)
        }
    }
}
