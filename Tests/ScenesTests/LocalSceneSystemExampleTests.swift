import Foundation
import Testing
import UI

@testable import Scenes

// An app on a LocalSceneSystem, as the README's "Writing an app with windows" describes: restored,
// a message opened prominently, Done, reopened, relaunched.

/// What a message window shows.
struct MessageLink: Codable, Hashable {
    var mailbox: String
    var id: String
}

@MainActor final class MailApp: Application {
    nonisolated static let mailboxActivity = "org.slate.mail.mailbox"
    nonisolated static let messageActivity = "org.slate.mail.message"

    let identifier = "org.slate.mail"  // its windows are kept in ~/.local/state/slate/org.slate.mail/
    let displayName = LocalizedString(en: "Mail", ru: "Почта")
    let icon = AppIcon(symbol: "envelope.fill", topColor: .systemBlue, bottomColor: .systemIndigo)
    let activityTypes: Set<String> = [MailApp.mailboxActivity, MailApp.messageActivity]

    var configurations: [SceneConfiguration] {
        [
            SceneConfiguration(name: "Mailbox", role: .primary) { MailboxSceneDelegate() },
            SceneConfiguration(name: "Message", role: .auxiliary, closingButtonStyle: .done) {
                MessageSceneDelegate()
            },
        ]
    }

    /// A message opens in an auxiliary window; anything else in a primary one.
    func role(for activity: UserActivity) -> SceneSession.Role {
        activity.activityType == MailApp.messageActivity ? .auxiliary : .primary
    }
}

/// A primary window: a mailbox, a place people come back to.
@MainActor final class MailboxSceneDelegate: SceneDelegate {
    weak var scene: WindowScene?

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        self.scene = scene
        let mailbox = session.userActivity?.title ?? "Inbox"
        scene.title = mailbox
        let open = Button(title: "Open the first message") { [weak self] in
            try? self?.open(MessageLink(mailbox: mailbox, id: "1"), subject: "Lunch?")
        }
        scene.rootView = open
    }

    /// Opens a message centred over this window, or brings forward the window already showing it.
    func open(_ message: MessageLink, subject: String) throws {
        let activity = try UserActivity(
            type: MailApp.messageActivity, title: subject, targetContentIdentifier: "message:\(message.id)",
            payload: message)
        try scene?.sceneSystem?.activate(
            ActivationRequest(userActivity: activity, requestingScene: scene, placement: .prominent))
    }
}

/// An auxiliary window: one message. The framework gives it a navigation bar with Done.
@MainActor final class MessageSceneDelegate: SceneDelegate {
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        guard let activity = options.userActivities.first ?? session.userActivity,
            let message = try? activity.payload(as: MessageLink.self)
        else { return }
        scene.title = activity.title ?? ""
        scene.rootView = Label("Message \(message.id) in \(message.mailbox)")
    }
}

@MainActor @Suite struct LocalSceneSystemExampleTests {
    @Test func theExampleWorksAsTheReadmeSays() throws {
        let home = temporaryStateHome()
        let store = try RestorationStore(appIdentifier: "org.slate.mail", stateHome: home)
        let system = LocalSceneSystem(application: MailApp(), store: store)
        system.restore()  // last time's windows, or a first mailbox window
        let inbox = try #require(system.connectedScenes.first)
        #expect(inbox.title == "Inbox")

        (inbox.rootView as? Button)?.sendAction()  // "Open the first message"
        let message = try #require(system.openSessions.first)
        #expect(message.role == .auxiliary)
        #expect(message.scene?.navigationContainer?.closingButton?.title == "Done")
        #expect(
            system.events.last
                == .place(
                    session: message.persistentIdentifier, placement: .prominent,
                    beside: inbox.session.persistentIdentifier))
        (inbox.rootView as? Button)?.sendAction()
        #expect(system.openSessions.count == 2, "the same message again brings its window forward")

        try system.destroy(message, animation: .commit)  // what Done does
        #expect(system.recentlyClosed.first?.title == "Lunch?")

        let lunch = try UserActivity(
            type: MailApp.messageActivity, title: "Lunch?", targetContentIdentifier: "message:1",
            payload: MessageLink(mailbox: "Inbox", id: "1"))
        let again = try system.activate(ActivationRequest(userActivity: lunch, placement: .prominent))
        try system.destroy(again, animation: .commit)
        let back = try system.reopen(system.recentlyClosed[0])
        #expect(back.persistentIdentifier == again.persistentIdentifier)
        try system.destroy(back, animation: .commit)

        let relaunched = LocalSceneSystem(
            application: MailApp(), store: try RestorationStore(appIdentifier: "org.slate.mail", stateHome: home))
        #expect(relaunched.restore().map(\.title) == ["Inbox"])
        #expect(relaunched.recentlyClosed.map(\.title) == ["Lunch?", "Lunch?"])
    }
}
