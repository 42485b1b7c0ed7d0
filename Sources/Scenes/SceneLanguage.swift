import UI

/// A live change of language (Settings › General › Language): each window is told, and shows its
/// strings again in the language its screen speaks now (`View.language`).
extension SceneRuntime {
    /// Tells every connected window of the app that its screen's language changed: each delegate's
    /// `sceneLanguageDidChange(_:)`, which by default connects the window again from its restoration
    /// activity — the window is rebuilt as a restart would bring it back, with no restart. Then the
    /// app itself (`Application.systemLanguageDidChange(on:)`), for what it said outside its windows.
    public func languageDidChange() {
        for scene in connectedScenes { scene.delegate?.sceneLanguageDidChange(scene) }
        if let system { application.systemLanguageDidChange(on: system) }
    }
}

extension SceneDelegate {
    /// The window's screen speaks another language now: by default the window is made again from
    /// what it would save (`stateRestorationActivity(for:)`, else its session's activity), as if
    /// restored; a delegate that can say its strings again in place does that instead.
    public func sceneLanguageDidChange(_ scene: WindowScene) {
        let activity = stateRestorationActivity(for: scene) ?? scene.session.userActivity
        self.scene(
            scene, willConnectTo: scene.session,
            options: ConnectionOptions(userActivities: activity.map { [$0] } ?? [], reason: .reconnect))
    }
}
