/// What a mailbox is for, recognised from its name.
public enum MailboxRole: String, Sendable, Hashable, CaseIterable {
    /// The root folder, where new mail arrives.
    case inbox
    /// Unfinished messages ("Drafts").
    case drafts
    /// Copies of sent messages ("Sent", "Sent Items", …).
    case sent
    /// Kept messages ("Archive").
    case archive
    /// Spam ("Junk", "Spam").
    case junk
    /// Deleted messages ("Trash", "Deleted Items", …).
    case trash
    /// Any other folder, including ones named in other languages.
    case other

    /// The role of a top-level folder called `name` (English names, any case).
    ///
    /// Folders named in other languages (e.g. Russian "Корзина") are `.other`.
    public init(folderName name: String) {
        switch name.lowercased() {
        case "inbox": self = .inbox
        case "drafts", "draft": self = .drafts
        case "sent", "sent items", "sent messages", "sent mail", "outbox": self = .sent
        case "archive", "archives", "all mail": self = .archive
        case "junk", "spam", "junk e-mail", "junk email", "bulk mail": self = .junk
        case "trash", "deleted", "deleted items", "deleted messages", "bin": self = .trash
        default: self = .other
        }
    }

    /// Position in a folder list: Inbox first, then the standard folders.
    var sortOrder: Int {
        switch self {
        case .inbox: return 0
        case .drafts: return 1
        case .sent: return 2
        case .archive: return 3
        case .junk: return 4
        case .trash: return 5
        case .other: return 6
        }
    }
}
