/// A parsed `Content-Type` header (RFC 2045 §5).
public struct ContentType: Sendable, Hashable {
    /// The lower-cased top-level type, e.g. `text`.
    public var type: String
    /// The lower-cased subtype, e.g. `plain`.
    public var subtype: String
    /// Parameters by lower-cased name, with RFC 2231 encodings resolved.
    public var parameters: [String: String]

    /// `type/subtype`, lower-cased.
    public var mimeType: String { "\(type)/\(subtype)" }
    /// The `charset` parameter, if any.
    public var charset: String? { parameters["charset"] }
    /// The `boundary` parameter of a multipart type, if any.
    public var boundary: String? { parameters["boundary"] }
    /// The `name` parameter (an old way to give an attachment's file name), if any.
    public var name: String? { parameters["name"].map { EncodedWordDecoder.decode($0) } }
    /// Whether the type is `multipart/*`.
    public var isMultipart: Bool { type == "multipart" }

    /// `text/plain; charset=us-ascii`, the default when no header is given.
    public static let defaultPlain = ContentType(type: "text", subtype: "plain", parameters: ["charset": "us-ascii"])

    /// Creates a content type from its parts.
    public init(type: String, subtype: String, parameters: [String: String] = [:]) {
        self.type = type.lowercased()
        self.subtype = subtype.lowercased()
        self.parameters = parameters
    }

    /// Parses a header value; a missing or malformed type gives `text/plain`.
    public init(headerValue: String) {
        var problems: [String] = []
        self.init(headerValue: headerValue, problems: &problems)
    }

    init(headerValue: String, problems: inout [String]) {
        let parsed = MIMEParameters(headerValue: headerValue, problems: &problems)
        let pieces = parsed.value.split(separator: "/", maxSplits: 1).map { $0.trimmingASCIIWhitespace().lowercased() }
        if pieces.count == 2, !pieces[0].isEmpty, !pieces[1].isEmpty {
            type = pieces[0]
            subtype = pieces[1]
        } else if pieces.count == 1, pieces[0] == "text" {
            type = "text"
            subtype = "plain"
        } else {
            problems.append("malformed Content-Type \"\(parsed.value)\"; treated as text/plain")
            type = "text"
            subtype = "plain"
        }
        parameters = parsed.parameters
    }
}
