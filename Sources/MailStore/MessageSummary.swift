import Foundation

/// One row of a message list: where the message is, who sent it, what it
/// is about, when, the start of its text, and its state.
public struct MessageSummary: Sendable, Hashable, Identifiable {
    /// The message file.
    public var ref: MessageRef
    /// The first sender, if any.
    public var from: MailAddress?
    /// The sender's display name, else address, else empty.
    public var fromName: String
    /// The decoded subject (empty when missing).
    public var subject: String
    /// The `Date` header, else the delivery time in the file name, else the distant past.
    public var date: Date
    /// Up to `MessageParser.snippetLength` characters of body text, whitespace collapsed.
    public var snippet: String
    /// Whether the message probably has attachments (see `MessagePreview.mayHaveAttachments`).
    public var mayHaveAttachments: Bool

    /// Whether the message was read (`S`).
    public var isSeen: Bool { ref.flags.contains(.seen) }
    /// Whether the message is flagged (`F`).
    public var isFlagged: Bool { ref.flags.contains(.flagged) }
    /// Whether the message was replied to (`R`).
    public var isReplied: Bool { ref.flags.contains(.replied) }
    /// Whether the message is a draft (`D`).
    public var isDraft: Bool { ref.flags.contains(.draft) }
    /// Same identity as the message reference.
    public var id: String { ref.id }

    /// Combines a reference with the preview parsed from its file.
    public init(ref: MessageRef, preview: MessagePreview) {
        self.ref = ref
        from = preview.from
        fromName = preview.from?.displayName ?? ""
        subject = preview.subject
        date = preview.date ?? ref.deliveryDate ?? .distantPast
        snippet = preview.snippet
        mayHaveAttachments = preview.mayHaveAttachments
    }

    /// Ordering for a message list: newest first; ties by unique name, descending.
    public static func newestFirst(_ a: MessageSummary, _ b: MessageSummary) -> Bool {
        if a.date != b.date { return a.date > b.date }
        return a.ref.uniqueName > b.ref.uniqueName
    }
}

extension Array where Element == MessageSummary {
    /// The summaries sorted newest first (see `MessageSummary.newestFirst`).
    public func sortedNewestFirst() -> [MessageSummary] {
        sorted(by: MessageSummary.newestFirst)
    }
}
