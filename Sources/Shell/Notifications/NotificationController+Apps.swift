import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

extension NotificationController {
    /// Shows a Slate app's notification (`SceneSystem.post`): its number is the one the app's earlier
    /// notification of the same identifier had, so that it replaces it.
    func post(_ posted: UserNotification, from app: ShellApp) {
        let key = app.identifier + "\u{1f}" + posted.identifier
        let id = appNotificationIDs[key] ?? reserveNotificationID()
        appNotificationIDs[key] = id
        let activity = posted.userActivity.flatMap { try? JSONEncoder().encode($0) }.map {
            String(decoding: $0, as: UTF8.self)
        }
        post(
            ShellNotification(
                id: id, appName: app.application.displayName.resolved(shell.environment.language),
                desktopEntry: app.identifier,
                title: NotificationMarkup.cut(posted.title, NotificationLimits.titleCharacters),
                body: NotificationMarkup.cut(posted.body, NotificationLimits.bodyCharacters),
                actions: [.init(key: "default", label: "")], date: shell.services.time.now(),
                origin: .app(identifier: app.identifier, activity: activity)))
    }

    /// Opens what a Slate app's notification is about: the window of its activity, else the app's
    /// most recent window.
    func openNotifiedApp(_ identifier: String, activity: String?) {
        guard let app = shell.app(identifier) else { return }
        guard let json = activity,
            let userActivity = try? JSONDecoder().decode(UserActivity.self, from: Data(json.utf8))
        else {
            shell.openApp(app)
            return
        }
        shell.environment.errors.attempt(NotificationStrings.openTheNotification, userAction: true) {
            let session = try app.activate(ActivationRequest(userActivity: userActivity))
            if let w = shell.windows[session.persistentIdentifier] { shell.present(w.id) }
        }
    }
}
