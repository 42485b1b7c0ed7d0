import Foundation
import Graphics
import Scenes
import Shell
import UI

/// A small app for the shell's tests: a primary window listing notes, an auxiliary window per note.
/// Each note row can be dragged out to open it in its own window.
@MainActor final class NotesApp: Application {
    static let noteActivity = "org.slate.notes.note"
    let identifier = "org.slate.test.notes"
    let displayName = LocalizedString(en: "Notes", ru: "Заметки")
    let icon = AppIcon(symbol: "pencil", topColor: Color(hex: 0xFFD60A), bottomColor: Color(hex: 0xFF9F0A))
    var activityTypes: Set<String> { [Self.noteActivity] }
    let notes = ["Shopping", "Ideas", "Встреча завтра"]

    var configurations: [SceneConfiguration] {
        [
            SceneConfiguration(name: "List", role: .primary) { NotesListDelegate() },
            SceneConfiguration(name: "Note", role: .auxiliary) { NoteDelegate() },
        ]
    }

    func role(for activity: UserActivity) -> SceneSession.Role {
        activity.activityType == Self.noteActivity ? .auxiliary : .primary
    }

    static func activity(_ note: String) -> UserActivity {
        var a = UserActivity(type: noteActivity, title: note, targetContentIdentifier: "note/\(note)")
        a.title = note
        return a
    }
}

@MainActor final class NotesListDelegate: SceneDelegate, DragInteractionDelegate {
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.title = "Notes"
        let list = View()
        list.backgroundColor = .systemBackground
        for (i, n) in ["Shopping", "Ideas", "Встреча завтра"].enumerated() {
            let row = Label(n, style: .body)
            row.frame = Rect(20, 60 + Double(i) * 50, 300, 44)
            row.accessibilityLabel = n
            row.identifier = "note-row"
            let drag = DragInteraction(delegate: self)
            drag.appIdentifier = "org.slate.test.notes"
            row.addInteraction(drag)
            list.addSubview(row)
        }
        scene.rootView = list
    }

    func itemsForBeginning(_ interaction: DragInteraction, at point: Point) -> [DragItem] {
        guard let title = (interaction.view as? Label)?.text else { return [] }
        return [DragItem.window(for: NotesApp.activity(title), title: title, preview: Size(300, 44))]
    }
}

@MainActor final class NoteDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let note = options.userActivities.first?.title ?? session.userActivity?.title ?? "Note"
        scene.title = note
        session.userActivity = NotesApp.activity(note)
        scene.activationConditions = ActivationConditions(
            canActivateFor: ["note/\(note)"], prefersToActivateFor: ["note/\(note)"])
        let body = Label("\(note) — text of the note", style: .body)
        scene.rootView = body
    }
}
