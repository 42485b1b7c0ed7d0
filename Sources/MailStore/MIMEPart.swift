/// One node of a message's MIME tree (RFC 2045/2046). Bodies are slices of
/// the original bytes, still transfer-encoded.
struct MIMEPart: Sendable {
    var headers: MessageHeaders
    var contentType: ContentType
    var disposition: ContentDisposition?
    var transferEncoding: TransferEncoding
    /// The raw (still transfer-encoded) body.
    var body: ArraySlice<UInt8>
    /// Sub-parts of a multipart; empty otherwise.
    var children: [MIMEPart] = []

    /// Nesting deeper than this is not followed (protects the stack from hostile input).
    static let maximumDepth = 24

    /// Builds the part for a header section already parsed and its body.
    init(
        headers: MessageHeaders, body: ArraySlice<UInt8>, defaultType: ContentType,
        depth: Int, problems: inout [String], partial: Bool = false
    ) {
        self.headers = headers
        self.body = body
        if let value = headers["Content-Type"] {
            contentType = ContentType(headerValue: value, problems: &problems)
        } else {
            contentType = defaultType
        }
        disposition = headers["Content-Disposition"].map { ContentDisposition(headerValue: $0, problems: &problems) }
        transferEncoding = TransferEncoding(headerValue: headers["Content-Transfer-Encoding"])

        guard contentType.isMultipart else { return }
        guard let boundary = contentType.boundary, !boundary.isEmpty else {
            problems.append("\(contentType.mimeType) has no boundary parameter; shown as plain text")
            contentType = ContentType(type: "text", subtype: "plain", parameters: contentType.parameters)
            return
        }
        guard depth < MIMEPart.maximumDepth else {
            problems.append("MIME parts nested deeper than \(MIMEPart.maximumDepth) levels were skipped")
            return
        }
        let split = MIMEPart.split(body, boundary: Array(boundary.utf8))
        if split.parts.isEmpty {
            problems.append("boundary \"\(boundary)\" of \(contentType.mimeType) not found; shown as plain text")
            contentType = ContentType(type: "text", subtype: "plain", parameters: contentType.parameters)
            return
        }
        if !split.closed && !partial {
            problems.append(
                "closing boundary \"--\(boundary)--\" of \(contentType.mimeType) is missing; the last part may be incomplete"
            )
        }
        let childDefault =
            contentType.subtype == "digest"
            ? ContentType(type: "message", subtype: "rfc822")
            : ContentType.defaultPlain
        for partBytes in split.parts {
            let parsed = MessageHeaders.parse(partBytes)
            // A part with no headers at all is legal (defaults apply), so only
            // keep structural complaints other than "no header section".
            var headers = parsed.headers
            var bodyStart = parsed.bodyStart
            if parsed.problems.contains("message has no header section") {
                headers = MessageHeaders()
                // "No headers" means the part starts with its body, unless it
                // starts with the blank line that ends an empty header section.
                bodyStart = partBytes.startIndex
                if let first = partBytes.first, first == 0x0A {
                    bodyStart += 1
                } else if partBytes.count >= 2, partBytes[partBytes.startIndex] == 0x0D,
                    partBytes[partBytes.startIndex + 1] == 0x0A
                {
                    bodyStart += 2
                }
            }
            children.append(
                MIMEPart(
                    headers: headers, body: partBytes[bodyStart...], defaultType: childDefault,
                    depth: depth + 1, problems: &problems, partial: partial))
        }
    }

    /// Splits a multipart body at its boundary delimiter lines.
    ///
    /// Returns the body of each part (without the line break that belongs to
    /// the following delimiter) and whether a close delimiter was seen.
    static func split(_ body: ArraySlice<UInt8>, boundary: [UInt8]) -> (parts: [ArraySlice<UInt8>], closed: Bool) {
        var parts: [ArraySlice<UInt8>] = []
        var partStart: Int?
        var pos = body.startIndex
        let end = body.endIndex
        let dash = UInt8(ascii: "-")
        while pos < end {
            var lineEnd = pos
            while lineEnd < end, body[lineEnd] != 0x0A { lineEnd += 1 }
            let next = lineEnd < end ? lineEnd + 1 : end
            var contentEnd = lineEnd
            if contentEnd > pos, body[contentEnd - 1] == 0x0D { contentEnd -= 1 }

            let after = pos + 2 + boundary.count
            if after <= contentEnd, body[pos] == dash, body[pos + 1] == dash,
                body[(pos + 2)..<after].elementsEqual(boundary)
            {
                var restStart = after
                let isClose = after + 2 <= contentEnd && body[after] == dash && body[after + 1] == dash
                if isClose { restStart += 2 }
                if body[restStart..<contentEnd].allSatisfy({ $0 == 0x20 || $0 == 0x09 }) {
                    if let start = partStart {
                        var partEnd = pos
                        if partEnd > start, body[partEnd - 1] == 0x0A { partEnd -= 1 }
                        if partEnd > start, body[partEnd - 1] == 0x0D { partEnd -= 1 }
                        parts.append(body[start..<max(start, partEnd)])
                    }
                    if isClose { return (parts, true) }
                    partStart = next
                }
            }
            pos = next
        }
        if let start = partStart {
            parts.append(body[min(start, end)..<end])
        }
        return (parts, false)
    }
}
