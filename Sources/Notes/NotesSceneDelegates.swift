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
        // A saved state of another shape (an older Slate's) opens the notes folder.
        let state = try? activity?.payload(as: NotesApp.FolderState.self)
        let folder = state.map(\.folder).flatMap { app.store.exists($0) || $0.isEmpty ? $0 : nil } ?? ""
        let v = NotesWindowView(app: app, folder: folder, scroll: state?.scroll ?? 0)
        v.scene = scene
        view = v
        scene.rootView = v
        scene.title = NotesStrings.name(ofFolder: folder).resolved(scene.language)
        session.userActivity = NotesApp.folderActivity(
            folder, scroll: state?.scroll ?? 0, language: scene.language)
    }

    func scene(_ scene: WindowScene, continue userActivity: UserActivity) {
        // A request of another shape leaves the window as it is.
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

    func sceneDidBecomeActive(_ scene: WindowScene) {
        app.retryUnsaved(using: scene.windowView.root?.dispatcher)
        view?.refreshRecovered()
    }

    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? {
        guard let v = view else { return nil }
        return NotesApp.folderActivity(v.folder, scroll: v.scrollOffset, language: scene.language)
    }
}

/// An auxiliary window: one note, editable at once, titled with the note's title, with Done (W6).
@MainActor final class NoteSceneDelegate: SceneDelegate {
    let app: NotesApp
    var document: NoteDocument?

    init(app: NotesApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let activity = options.userActivities.first ?? session.userActivity
        // A state of another shape, or a note gone, shows a window that says the note cannot be read.
        guard let state = try? activity?.payload(as: NotesApp.NoteState.self), app.store.exists(state.path) else {
            scene.title = activity?.title ?? NotesStrings.appName.resolved(scene.language)
            let l = Label(NotesStrings.noteUnreadable.formatted(activity?.title ?? ""), color: .secondaryLabel)
            l.numberOfLines = 0
            l.alignment = .center
            scene.rootView = l
            return
        }
        let doc = app.document(at: state.path)
        document = doc
        scene.title = NotesStrings.title(doc.title).resolved(scene.language)
        if let a = activity { session.userActivity = a }
        scene.activationConditions = ActivationConditions(
            canActivateFor: ["note/\(state.path)"], prefersToActivateFor: ["note/\(state.path)"])
        let editor = NoteEditorView(document: doc)
        self.editor = editor
        let nav = NavigationContainer(root: Page(title: scene.title, content: editor))
        scene.rootView = nav
        doc.onTitleChange = { [weak scene, weak nav] t in
            let shown = NotesStrings.title(t)
            scene?.title = shown.resolved(scene?.language ?? .en)
            nav?.bar.localizedTitle = shown
        }
        doc.onSaveStateChange = { [weak editor] in editor?.update() }
        // Done saves first; a note that cannot be saved asks before its window closes.
        nav.onClose = { [weak self, weak scene] style in
            guard let self, let scene else { return }
            self.close(scene, style: style)
        }
        // Editable at once: the caret waits at the end of the text.
        doc.textView.placeCaret(at: doc.textView.storage.end)
    }

    /// The note's editor, with its notice.
    var editor: NoteEditorView?

    /// Done: the note is saved and the window closes; when the save fails, the person is asked —
    /// Keep Open, or Close when the text is safe in the recovery file; when it is not, Copy Text
    /// instead of Close, so the text is never thrown away.
    func close(_ scene: WindowScene, style: ClosingButtonStyle) {
        guard let doc = document else {
            scene.close(style.animation)
            return
        }
        doc.save()
        guard doc.hasUnsavedChanges else {
            scene.close(style.animation)
            return
        }
        var choices = [AlertView.Choice(NotesStrings.keepOpen, role: .cancel)]
        if doc.isKeptForRecovery {
            choices.append(
                AlertView.Choice(NotesStrings.closeWindow, role: .destructive) { [weak scene, weak app] in
                    guard let scene else { return }
                    app?.keepUntilSaved(doc)
                    scene.close(style.animation)
                })
        } else {
            choices.append(AlertView.Choice(NotesStrings.copyText) { [weak editor] in editor?.copyText() })
        }
        let message = doc.isKeptForRecovery ? NotesStrings.closeUnsavedKept : NotesStrings.closeUnsavedNotKept
        let alert = AlertView(
            title: NotesStrings.closeUnsavedTitle, message: message, choices: choices)
        scene.present(alert)
    }

    func sceneDidBecomeActive(_ scene: WindowScene) {
        app.retryUnsaved(using: scene.windowView.root?.dispatcher)
        document?.checkDisk()
        if let t = document?.textView, t.root != nil { _ = t.root?.setFocus(t) }
    }

    func sceneWillEnterForeground(_ scene: WindowScene) { document?.checkDisk() }
    func sceneWillResignActive(_ scene: WindowScene) { document?.save() }
    func sceneDidEnterBackground(_ scene: WindowScene) { document?.save() }

    func sceneDidDisconnect(_ scene: WindowScene) {
        guard let doc = document else { return }
        doc.save()
        // Closed another way (Ctrl+W, App Exposé) while the note could not be saved: the app keeps
        // the text and goes on trying.
        if doc.hasUnsavedChanges { app.keepUntilSaved(doc) }
        app.documentClosed(doc)
    }

    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? {
        guard let d = document else { return nil }
        return NotesApp.noteActivity(path: d.path, title: d.title, language: scene.language)
    }
}
