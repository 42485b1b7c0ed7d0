/// The folders of a Maildir, and the ones that could not be read.
public struct MailboxListing: Sendable, Hashable {
    /// Readable mailboxes: INBOX first, then Drafts, Sent, Archive, Junk, Trash,
    /// then the rest by name with subfolders after their parents.
    public var mailboxes: [Mailbox]
    /// Folders that were skipped, each with what was wrong.
    public var problems: [MaildirError]

    /// Creates a listing.
    public init(mailboxes: [Mailbox], problems: [MaildirError]) {
        self.mailboxes = mailboxes
        self.problems = problems
    }

    /// The first mailbox with `role`, if any.
    public func mailbox(withRole role: MailboxRole) -> Mailbox? {
        mailboxes.first { $0.role == role }
    }

    /// The mailbox whose decoded full name (e.g. `Work/Projects`) is `fullName`.
    public func mailbox(named fullName: String) -> Mailbox? {
        mailboxes.first { $0.fullName == fullName }
    }
}
