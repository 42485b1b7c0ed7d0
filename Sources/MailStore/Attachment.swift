import Foundation

/// A non-text part of a message: a file, an inline image, a forwarded message.
public struct Attachment: Sendable, Hashable {
    /// The file name from `Content-Disposition` or `Content-Type` (RFC 2231/2047 decoded),
    /// or a name made up from the type when the message gives none.
    public var filename: String
    /// Whether `filename` was given by the message (false when made up).
    public var hasOwnFilename: Bool
    /// The lower-cased MIME type, e.g. `application/pdf`.
    public var mimeType: String
    /// The decoded content (empty in a copy made by `withoutData()`).
    public var data: Data {
        didSet { size = data.count }
    }
    /// The size of the decoded content in bytes (kept by `withoutData()`).
    public private(set) var size: Int
    /// The `Content-ID` without angle brackets, for inline images.
    public var contentID: String?
    /// Whether the part asked to be shown inline rather than as an attachment.
    public var isInline: Bool

    /// Creates an attachment.
    public init(
        filename: String, hasOwnFilename: Bool = true, mimeType: String, data: Data,
        contentID: String? = nil, isInline: Bool = false
    ) {
        self.filename = filename
        self.hasOwnFilename = hasOwnFilename
        self.mimeType = mimeType
        self.data = data
        self.size = data.count
        self.contentID = contentID
        self.isInline = isInline
    }

    /// The same attachment without its content, its size kept: what a window lists while the
    /// message's file keeps the bytes (a 50 MB attachment is not held in memory to show its name).
    public func withoutData() -> Attachment {
        var copy = self
        copy.data = Data()
        copy.size = size
        return copy
    }
}
