import Foundation
import Scenes
import UI

/// The primary window: the sections beside the one shown; it remembers which.
@MainActor final class SettingsSceneDelegate: SceneDelegate {
    let app: SettingsApp
    var view: SettingsWindowView?

    init(app: SettingsApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let section = SettingsApp.section(of: options.userActivities.first ?? session.userActivity)
        let v = SettingsWindowView(app: app, section: section)
        v.scene = scene
        view = v
        scene.rootView = v
        let language = scene.windowView.language
        scene.title = SettingsStrings.appName.resolved(language)
        session.userActivity = SettingsApp.windowActivity(section, language: language)
    }

    func scene(_ scene: WindowScene, continue userActivity: UserActivity) {
        view?.show(SettingsApp.section(of: userActivity))
    }

    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? {
        guard let v = view else { return nil }
        return SettingsApp.windowActivity(v.section, language: scene.windowView.language)
    }
}

/// An auxiliary window: one section, titled with its name, with Done (W6).
@MainActor final class SectionSceneDelegate: SceneDelegate {
    let app: SettingsApp
    var section = SettingsSection.general
    var pages: SettingsPageStack?

    init(app: SettingsApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let activity = options.userActivities.first ?? session.userActivity
        section = SettingsApp.section(of: activity)
        let language = scene.windowView.language
        let stack = SettingsPageStack(store: app.store, root: .section(section)) { [weak app] in app?.pictures() ?? [] }
        pages = stack
        scene.title = section.title.resolved(language)
        scene.rootView = stack.container
        if let a = activity { session.userActivity = a }
        scene.activationConditions = ActivationConditions(
            canActivateFor: ["section/\(section.rawValue)"], prefersToActivateFor: ["section/\(section.rawValue)"])
    }

    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? {
        SettingsApp.sectionActivity(section, language: scene.windowView.language)
    }
}
