import Foundation
import Graphics
import Scenes
import UI

/// A primary window: folders and notes. It remembers its folder and scroll position.
@MainActor final class FolderSceneDelegate: SceneDelegate {
    let app: NotesApp
    var view: NotesWindowView?

    init(app: NotesApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let activity = options.userActivities.first ?? session.userActivity
        let state = try? activity?.payload(as: NotesApp.FolderState.self)
        let folder = state.map(\.folder).flatMap { app.store.exists($0) || $0.isEmpty ? $0 : nil } ?? ""
        let v = NotesWindowView(app: app, folder: folder, scroll: state?.scroll ?? 0)
        v.scene = scene
        view = v
        scene.rootView = v
        scene.title = NotesStrings.name(ofFolder: folder)
        session.userActivity = NotesApp.folderActivity(folder, scroll: state?.scroll ?? 0)
    }

    func scene(_ scene: WindowScene, continue userActivity: UserActivity) {
        if let state = try? userActivity.payload(as: NotesApp.FolderState.self) {
            view?.show(state.folder, scroll: state.scroll)
        }
    }

    /// Whether the window has been in the foreground since it was listed (the first time it has).
    private var listedFresh = true

    func sceneWillEnterForeground(_ scene: WindowScene) {
        // Back from the background: files may have changed meanwhile.
        if !listedFresh { view?.reload() }
        listedFresh = false
    }

    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? {
        guard let v = view else { return nil }
        return NotesApp.folderActivity(v.folder, scroll: v.scrollOffset)
    }
}

/// An auxiliary window: one note, editable at once, titled with the note's title, with Done (W6).
@MainActor final class NoteSceneDelegate: SceneDelegate {
    let app: NotesApp
    var document: NoteDocument?

    init(app: NotesApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let activity = options.userActivities.first ?? session.userActivity
        guard let state = try? activity?.payload(as: NotesApp.NoteState.self), app.store.exists(state.path) else {
            scene.title = activity?.title ?? NotesStrings.appName.text
            let l = Label(NotesStrings.noteUnreadable.formatted(activity?.title ?? "").text, color: .secondaryLabel)
            l.numberOfLines = 0
            l.alignment = .center
            scene.rootView = l
            return
        }
        let doc = NoteDocument(store: app.store, path: state.path)
        document = doc
        scene.title = NotesStrings.title(doc.title)
        if let a = activity { session.userActivity = a }
        scene.activationConditions = ActivationConditions(
            canActivateFor: ["note/\(state.path)"], prefersToActivateFor: ["note/\(state.path)"])
        let nav = NavigationContainer(root: Page(title: scene.title, content: doc.textView))
        scene.rootView = nav
        doc.onTitleChange = { [weak scene, weak nav] t in
            let shown = NotesStrings.title(t)
            scene?.title = shown
            nav?.bar.title = shown
        }
        // Editable at once: the caret waits at the end of the text.
        doc.textView.placeCaret(at: doc.textView.storage.end)
    }

    func sceneDidBecomeActive(_ scene: WindowScene) {
        document?.checkDisk()
        if let t = document?.textView, t.root != nil { _ = t.root?.setFocus(t) }
    }

    func sceneWillEnterForeground(_ scene: WindowScene) { document?.checkDisk() }
    func sceneWillResignActive(_ scene: WindowScene) { document?.save() }
    func sceneDidEnterBackground(_ scene: WindowScene) { document?.save() }
    func sceneDidDisconnect(_ scene: WindowScene) { document?.save() }

    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? {
        guard let d = document else { return nil }
        return NotesApp.noteActivity(path: d.path, title: d.title)
    }
}
