import Foundation
import MailStore
import Scenes
import UI

// New mail: a message that arrives in the Inbox while no Mail window is in front is announced as a
// notification (its sender, its subject); a tap opens its window.
extension MailApp {
    /// Keeps the system (its notifications go there), and takes the Inbox's new messages now as known.
    public func didConnect(to system: any SceneSystem) {
        self.system = system
        if knownInbox == nil { knownInbox = Set(inboxNewMessages().map(\.uniqueName)) }
    }

    /// Mail looks for new mail every 10 s with no window in front (Slate's figure: a local Maildir
    /// costs a folder listing).
    public var refreshInterval: Double? { 10 }

    /// Looks for new mail (`checkForNewMail`).
    public func refresh() { checkForNewMail() }

    /// Looks at the Inbox's new messages (its `new/` folder: arrived, not yet seen by a mail program)
    /// and announces each that was not there at the last look, unless a Mail window is in front (the
    /// person sees it come). Returns how many were announced.
    @discardableResult
    public func checkForNewMail() -> Int {
        let refs = inboxNewMessages()
        let known = knownInbox ?? []
        knownInbox = known.union(refs.map(\.uniqueName))
        guard let system else { return 0 }
        let fresh = refs.filter { !known.contains($0.uniqueName) }
        guard !fresh.isEmpty, !system.connectedScenes.contains(where: { $0.activationState == .foregroundActive })
        else { return 0 }
        var announced = 0
        for ref in fresh.prefix(Self.announcedAtOnce) {
            let summary = MessageSummary(ref: ref, preview: MessageParser.summary(Self.head(of: ref.url)))
            let notification = UserNotification(
                identifier: "message/\(ref.uniqueName)",
                title: summary.fromName.isEmpty ? (summary.from?.address ?? "") : summary.fromName,
                body: summary.subject.isEmpty ? MailStrings.noSubject.resolved(system.language) : summary.subject,
                userActivity: Self.messageActivity(summary))
            do {
                try system.post(notification)
                announced += 1
            } catch {
                library.errors.report(error, while: MailStrings.announceNewMail)
                break
            }
        }
        return announced
    }

    /// At most this many new messages are announced at a look (a thousand arriving at once are not a
    /// thousand banners).
    static let announcedAtOnce = 5

    /// The Inbox's messages in `new/`; none when it cannot be read (Mail's windows say why).
    private func inboxNewMessages() -> [MessageRef] {
        guard let inbox = library.mailbox(role: .inbox),
            let refs = try? library.maildir.messages(in: inbox)
        else { return [] }
        return refs.filter { $0.subdirectory == .new }
    }

    /// The first 64 KB of a message (its headers and the start of its body).
    private static func head(of url: URL) -> Data {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return Data() }
        defer { try? handle.close() }
        return (try? handle.read(upToCount: 65_536)) ?? Data()
    }
}
