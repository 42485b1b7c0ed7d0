import Foundation

/// What a message list needs to know about a message, taken from its
/// headers and the start of its body. See `MessageParser.summary(_:)`.
public struct MessagePreview: Sendable, Hashable {
    /// The first `From` address, if any.
    public var from: MailAddress?
    /// The decoded subject (empty when missing).
    public var subject: String
    /// The `Date` header, if present and readable.
    public var date: Date?
    /// Up to `MessageParser.snippetLength` characters of body text, whitespace collapsed.
    public var snippet: String
    /// The `Message-ID` without angle brackets.
    public var messageID: String?
    /// Whether the message is `multipart/mixed` or a single non-text part,
    /// i.e. probably carries attachments (a hint: the body is not fully read).
    public var mayHaveAttachments: Bool

    /// Creates a preview.
    public init(
        from: MailAddress? = nil, subject: String = "", date: Date? = nil, snippet: String = "",
        messageID: String? = nil, mayHaveAttachments: Bool = false
    ) {
        self.from = from
        self.subject = subject
        self.date = date
        self.snippet = snippet
        self.messageID = messageID
        self.mayHaveAttachments = mayHaveAttachments
    }
}
