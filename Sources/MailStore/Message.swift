import Foundation

/// A fully parsed message, ready to be shown.
///
/// Parsing never fails: whatever could not be understood is described in
/// `problems`, and the rest is still filled in.
public struct Message: Sendable, Hashable {
    /// All header fields of the message.
    public var headers: MessageHeaders
    /// The `From` addresses (usually one).
    public var from: [MailAddress]
    /// The `To` addresses.
    public var to: [MailAddress]
    /// The `Cc` addresses.
    public var cc: [MailAddress]
    /// The `Reply-To` addresses.
    public var replyTo: [MailAddress]
    /// The `Date`, if present and readable.
    public var date: Date?
    /// The decoded `Subject` (empty when missing).
    public var subject: String
    /// The `Message-ID` without angle brackets.
    public var messageID: String?
    /// The message IDs in `In-Reply-To`, without angle brackets.
    public var inReplyTo: [String]
    /// The message IDs in `References`, without angle brackets, oldest first.
    public var references: [String]
    /// The readable body text: the text/plain part, or HTML converted to text,
    /// with LF line ends. Several inline text parts are joined by a blank line.
    public var text: String
    /// The HTML body as sent, when the message has one.
    public var html: String?
    /// Attachments, in the order they appear.
    public var attachments: [Attachment]
    /// Descriptions of what could not be parsed or decoded.
    public var problems: [String]

    /// The first sender, if any.
    public var sender: MailAddress? { from.first }

    /// Creates a message from its parts.
    public init(
        headers: MessageHeaders = MessageHeaders(), from: [MailAddress] = [], to: [MailAddress] = [],
        cc: [MailAddress] = [], replyTo: [MailAddress] = [], date: Date? = nil, subject: String = "",
        messageID: String? = nil, inReplyTo: [String] = [], references: [String] = [],
        text: String = "", html: String? = nil, attachments: [Attachment] = [], problems: [String] = []
    ) {
        self.headers = headers
        self.from = from
        self.to = to
        self.cc = cc
        self.replyTo = replyTo
        self.date = date
        self.subject = subject
        self.messageID = messageID
        self.inReplyTo = inReplyTo
        self.references = references
        self.text = text
        self.html = html
        self.attachments = attachments
        self.problems = problems
    }
}
