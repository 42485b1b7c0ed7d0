/// A parsed `Content-Disposition` header (RFC 2183, with RFC 2231 file names).
public struct ContentDisposition: Sendable, Hashable {
    /// The lower-cased disposition type, usually `inline` or `attachment`.
    public var type: String
    /// Parameters by lower-cased name, with RFC 2231 encodings resolved.
    public var parameters: [String: String]

    /// Whether the disposition is `attachment`.
    public var isAttachment: Bool { type == "attachment" }
    /// The `filename` parameter, with RFC 2047 encoded words decoded too
    /// (a common, non-standard practice).
    public var filename: String? { parameters["filename"].map { EncodedWordDecoder.decode($0) } }

    /// Parses a header value.
    public init(headerValue: String) {
        var problems: [String] = []
        self.init(headerValue: headerValue, problems: &problems)
    }

    init(headerValue: String, problems: inout [String]) {
        let parsed = MIMEParameters(headerValue: headerValue, problems: &problems)
        type = parsed.value.lowercased()
        parameters = parsed.parameters
    }
}
