import Foundation
import MailStore
import Scenes
import UI

// Mail in Spotlight: every message of every mailbox offered by its subject, its sender and its
// first lines, opened in its own window (W2d) from a result. The mailboxes are read away from the
// frame, on the screen's background work of the window that asks (`offerMailToSpotlight`), when a
// Mail window first shows and again after the mail changed; the system keeps what was offered while
// Mail is not running.
extension MailApp {
    /// The most of a message read for Spotlight: its headers and first lines.
    nonisolated static let spotlightHead = 8_192

    /// Offers every message to Spotlight, read away from `view`'s frames; again, once done, when the
    /// mail changed meanwhile. Nothing without a system.
    func offerMailToSpotlight(from view: View) {
        if spotlightObserver == nil {
            spotlightObserver = library.observe { [weak self, weak view] in
                guard let self else { return }
                self.spotlightStale = true
                if let view { self.offerMailToSpotlight(from: view) }
            }
        }
        guard system != nil, spotlightStale, !spotlightReading else { return }
        spotlightStale = false
        spotlightReading = true
        let maildir = library.maildir
        let mailboxes = library.mailboxes
        view.environment.backgroundWork.run(for: view) {
            Self.searchableMessages(in: mailboxes, of: maildir)
        } deliver: { [weak self, weak view] items in
            guard let self else { return }
            self.spotlightReading = false
            do {
                try self.system?.deleteSearchableItems(domains: nil)
                try self.system?.indexSearchableItems(items)
            } catch {
                self.library.errors.report(error, while: MailStrings.offerToSpotlight)
            }
            if self.spotlightStale, let view { self.offerMailToSpotlight(from: view) }
        }
    }

    /// Every message of `mailboxes` as Spotlight is offered it (a mailbox that cannot be read gives
    /// none; a message that cannot be read is left out).
    nonisolated static func searchableMessages(in mailboxes: [Mailbox], of maildir: Maildir) -> [SearchableItem] {
        var items: [SearchableItem] = []
        for mailbox in mailboxes {
            guard let refs = try? maildir.messages(in: mailbox) else { continue }
            items.reserveCapacity(items.count + refs.count)
            for ref in refs {
                guard let head = head(of: ref.url) else { continue }
                let summary = MessageSummary(ref: ref, preview: MessageParser.summary(head))
                let sender = summary.fromName.isEmpty ? (summary.from?.address ?? "") : summary.fromName
                items.append(
                    SearchableItem(
                        identifier: ref.id, domain: mailbox.id, kind: .message,
                        title: summary.subject.isEmpty ? MailStrings.noSubject.en : summary.subject,
                        subtitle: sender.isEmpty ? nil : sender, text: summary.snippet,
                        keywords: summary.from.map { [$0.address] } ?? [], date: summary.date,
                        userActivity: messageActivity(summary)))
            }
        }
        return items
    }

    /// The first `spotlightHead` bytes of a message; nil when it cannot be read.
    nonisolated static func head(of url: URL) -> Data? {
        guard let handle = try? FileHandle(forReadingFrom: url) else { return nil }
        defer { try? handle.close() }
        return try? handle.read(upToCount: spotlightHead)
    }
}
