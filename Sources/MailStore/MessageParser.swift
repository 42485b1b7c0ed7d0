import Foundation

/// Parses RFC 5322 messages with MIME (RFC 2045–2047, 2231) into `Message`s.
///
/// Never throws and never traps on malformed input: what cannot be
/// understood is described in `Message.problems`.
public enum MessageParser {
    /// How many characters of body text a snippet holds at most.
    public static let snippetLength = 140

    /// How many bytes of a text part are decoded for a snippet.
    static let snippetRawLimit = 8 * 1024

    /// Parses a whole message.
    public static func parse(_ data: Data) -> Message {
        let bytes = [UInt8](data)
        return parse(bytes: bytes[...], depth: 0, mode: .full)
    }

    /// Parses only what a message list shows: the headers and a snippet of
    /// the first readable text. `data` may be just the head of the file;
    /// a body cut short is not an error here.
    public static func summary(_ data: Data) -> MessagePreview {
        let bytes = [UInt8](data)
        var type = ContentType.defaultPlain
        let message = parse(
            bytes: bytes[...], depth: 0, mode: .snippet(rawLimit: snippetRawLimit),
            headersOnlyHint: true, rootType: &type)
        var snippet = message.text.collapsingWhitespace()
        if snippet.count > snippetLength {
            snippet = String(snippet.prefix(snippetLength))
            while snippet.last == " " { snippet.removeLast() }
            snippet += "…"
        }
        let mayHaveAttachments = type.mimeType == "multipart/mixed" || (!type.isMultipart && type.type != "text")
        return MessagePreview(
            from: message.from.first, subject: message.subject, date: message.date,
            snippet: snippet, messageID: message.messageID, mayHaveAttachments: mayHaveAttachments)
    }

    /// Parses the given bytes as a message (also used for `message/rfc822` parts).
    static func parse(
        bytes: ArraySlice<UInt8>, depth: Int, mode: BodyExtractor.Mode,
        headersOnlyHint: Bool = false
    ) -> Message {
        var type = ContentType.defaultPlain
        return parse(bytes: bytes, depth: depth, mode: mode, headersOnlyHint: headersOnlyHint, rootType: &type)
    }

    /// Parses the given bytes as a message and tells the top-level content type.
    static func parse(
        bytes: ArraySlice<UInt8>, depth: Int, mode: BodyExtractor.Mode,
        headersOnlyHint: Bool, rootType: inout ContentType
    ) -> Message {
        var problems: [String] = []
        let parsed = MessageHeaders.parse(bytes)
        problems.append(contentsOf: parsed.problems)
        let headers = parsed.headers

        var message = Message(headers: headers)
        message.from = MailAddress.parseList(headers["From"] ?? "")
        if case .full = mode {
            message.to = headers.values("To").flatMap { MailAddress.parseList($0) }
            message.cc = headers.values("Cc").flatMap { MailAddress.parseList($0) }
            message.replyTo = MailAddress.parseList(headers["Reply-To"] ?? "")
        }
        if let subject = headers["Subject"] {
            var decoded = EncodedWordDecoder.decode(subject, problems: &problems)
            if decoded.utf8.contains(0x09) {
                decoded = String(decoded.unicodeScalars.map { $0 == "\t" ? " " : Character($0) })
            }
            message.subject = decoded.trimmingASCIIWhitespace()
        }
        if let dateValue = headers["Date"] {
            message.date = MailDateParser.parse(dateValue)
            if message.date == nil { problems.append("unreadable Date \"\(dateValue)\"") }
        }
        message.messageID = messageIDs(headers["Message-ID"]).first
        message.inReplyTo = messageIDs(headers["In-Reply-To"])
        message.references = messageIDs(headers["References"])

        var structureProblems: [String] = []
        let root = MIMEPart(
            headers: headers, body: bytes[parsed.bodyStart...], defaultType: .defaultPlain,
            depth: depth, problems: &structureProblems, partial: headersOnlyHint)
        rootType = root.contentType
        var extractor = BodyExtractor(mode: mode, depth: depth)
        extractor.visit(root)
        problems.append(contentsOf: structureProblems)
        problems.append(contentsOf: extractor.problems)

        message.text = extractor.text
        message.html = extractor.html
        message.attachments = extractor.attachments
        message.problems = problems
        return message
    }

    /// Extracts `<id>` tokens from a message-ID list header, without brackets.
    static func messageIDs(_ value: String?) -> [String] {
        guard let value, !value.isEmpty else { return [] }
        var ids: [String] = []
        var current: String?
        for c in value {
            if c == "<" {
                current = ""
            } else if c == ">" {
                if let id = current, !id.isEmpty { ids.append(id) }
                current = nil
            } else if current != nil, !c.isWhitespace {
                current!.append(c)
            }
        }
        if ids.isEmpty {
            ids = value.split(whereSeparator: { $0.isWhitespace || $0 == "," }).map(String.init)
        }
        return ids
    }
}
