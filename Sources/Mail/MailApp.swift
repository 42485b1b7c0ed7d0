import Foundation
import Graphics
import MailStore
import Scenes
import UI

/// Mail: the guidelines' own example (W3). Mailboxes and a mailbox's messages in primary windows;
/// one message, or one message being written, in an auxiliary window.
@MainActor public final class MailApp: Application {
    public static let mailboxActivity = "org.slate.mail.mailbox"
    public nonisolated static let messageActivity = "org.slate.mail.message"
    public static let composeActivity = "org.slate.mail.compose"

    public let identifier = "org.slate.mail"
    public let displayName = MailStrings.appName
    public let icon = AppIcon(symbol: "envelope", topColor: Color(hex: 0x4FB3FF), bottomColor: Color(hex: 0x0A6CFF))
    public var activityTypes: Set<String> { [Self.mailboxActivity, Self.messageActivity, Self.composeActivity] }
    public let library: MailLibrary
    /// The address mail is sent from.
    public var me = "Я <me@slate.example>"
    /// Where a message that could not be saved is kept meanwhile (nil: in its window only).
    public var draftRecovery: DraftRecovery?
    /// The system Mail runs on (where its notifications go).
    weak var system: (any SceneSystem)?
    /// The Inbox's messages already known (announced, or there before Mail looked); nil before the
    /// first look.
    var knownInbox: Set<String>?
    /// Whether the messages are being read for Spotlight, and whether the mail changed meanwhile
    /// (`MailApp+Spotlight`).
    var spotlightReading = false
    var spotlightStale = true
    var spotlightObserver: UUID?

    public init(library: MailLibrary) {
        self.library = library
    }

    public var configurations: [SceneConfiguration] {
        [
            SceneConfiguration(name: "Mailboxes", role: .primary) { [unowned self] in MailboxSceneDelegate(app: self) },
            SceneConfiguration(name: "Message", role: .auxiliary) { [unowned self] in MessageSceneDelegate(app: self) },
        ]
    }

    public func role(for activity: UserActivity) -> SceneSession.Role {
        activity.activityType == Self.mailboxActivity ? .primary : .auxiliary
    }

    // MARK: Activities: what a window shows

    struct MailboxState: Codable, Equatable {
        var mailbox: String
        var scroll: Double
    }

    struct MessageState: Codable, Equatable {
        var id: String
        var subject: String
    }

    struct ComposeState: Codable, Equatable {
        var to: String
        var subject: String
        var body: String
        var inReplyTo: String?
    }

    static func mailboxActivity(_ mailbox: Mailbox, scroll: Double = 0) -> UserActivity {
        // Structs of strings and numbers always encode: these fallbacks are never taken.
        (try? UserActivity(
            type: mailboxActivity, title: mailbox.name, payload: MailboxState(mailbox: mailbox.id, scroll: scroll)))
            ?? UserActivity(type: mailboxActivity)
    }

    /// What opens a message in its own window: its activity (W2b, W2d).
    public nonisolated static func messageActivity(_ s: MessageSummary) -> UserActivity {
        // The title is saved with the window's state: a huge subject is kept to what a title shows.
        let subject = ShownText.clipped(s.subject, ShownText.longestLine)
        return
            (try? UserActivity(
                type: messageActivity, title: subject, targetContentIdentifier: "message/\(s.ref.uniqueName)",
                payload: MessageState(id: s.ref.id, subject: subject))) ?? UserActivity(type: messageActivity)
    }

    static func composeActivity(_ m: OutgoingMessage) -> UserActivity {
        (try? UserActivity(
            type: composeActivity, title: m.subject,
            payload: ComposeState(to: m.to, subject: m.subject, body: m.body, inReplyTo: m.inReplyTo)))
            ?? UserActivity(type: composeActivity)
    }

    /// Finds a message by its id (mailbox/unique name), or by its unique name in any mailbox when it moved.
    func findMessage(_ id: String) -> MessageRef? {
        let parts = id.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false)
        let unique = parts.count == 2 ? String(parts[1]) : id
        if parts.count == 2, let box = library.mailbox(id: String(parts[0])) {
            let index = library.index(of: box)
            if index.isLoaded {
                if let row = index.row(of: id) { return index.refs[row] }
            } else if let r = try? library.maildir.locate(  // not there: looked for in every mailbox below
                MessageRef(mailbox: box, subdirectory: .new, fileName: unique))
            {
                // A window restored at launch finds its message on disk, without listing the
                // mailbox (100,000 names) before the first frame.
                return r
            }
        }
        for box in library.mailboxes {
            let index = library.index(of: box)
            if let r = index.refs.first(where: { $0.uniqueName == unique }) { return r }
        }
        return nil
    }

    /// Opens a message in its own window beside `scene` — or brings forward the window that shows it.
    func open(_ s: MessageSummary, from scene: WindowScene?) {
        // A tap that lands as its window leaves (Ctrl+H, a close) asks nothing of a window that is gone.
        guard let scene, let system = scene.sceneSystem, system.connectedScenes.contains(where: { $0 === scene })
        else { return }
        scene.windowView.environment.errors.attempt(MailStrings.openTheMessage, userAction: true) {
            try system.activate(
                ActivationRequest(userActivity: Self.messageActivity(s), requestingScene: scene, placement: .standard))
        }
    }

    /// Opens a compose window for `m`.
    func compose(_ m: OutgoingMessage, from scene: WindowScene?) {
        guard let scene, let system = scene.sceneSystem, system.connectedScenes.contains(where: { $0 === scene })
        else { return }
        scene.windowView.environment.errors.attempt(MailStrings.openAComposeWindow, userAction: true) {
            try system.activate(
                ActivationRequest(
                    userActivity: Self.composeActivity(m), requestingScene: scene, placement: .prominent,
                    forcesNewWindow: true))
        }
    }
}
