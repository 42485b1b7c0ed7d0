import Foundation

/// Walks a MIME tree and collects what a reader sees: body text, the HTML
/// version if any, and attachments.
struct BodyExtractor {
    enum Mode {
        /// Decode everything.
        case full
        /// Decode only the first readable text, from at most `rawLimit` bytes of it.
        case snippet(rawLimit: Int)
    }

    let mode: Mode
    let depth: Int
    var texts: [String] = []
    var html: String?
    var attachments: [Attachment] = []
    var problems: [String] = []

    init(mode: Mode, depth: Int = 0) {
        self.mode = mode
        self.depth = depth
    }

    private var isSnippet: Bool {
        if case .snippet = mode { return true }
        return false
    }

    private var done: Bool { isSnippet && !texts.isEmpty }

    /// The collected body text.
    var text: String { texts.joined(separator: "\n\n") }

    mutating func visit(_ part: MIMEPart) {
        guard !done else { return }
        let type = part.contentType
        if type.isMultipart && !part.children.isEmpty {
            switch type.subtype {
            case "alternative":
                visitAlternative(part)
            case "related":
                visit(part.children[0])
                for child in part.children.dropFirst() { addAttachment(child) }
            default:
                for child in part.children {
                    if isNamedInlineText(child) {
                        // A text file sent inline (a log, notes.txt): read in place, as Apple Mail and
                        // Thunderbird show it, and offered as a file too.
                        appendText(of: child)
                        addAttachment(child)
                    } else if isBodyText(child) || (child.contentType.isMultipart && !child.children.isEmpty)
                        || child.contentType.mimeType == "message/rfc822"
                    {
                        visit(child)
                    } else {
                        addAttachment(child)
                    }
                }
            }
            return
        }
        if isNamedInlineText(part) {
            appendText(of: part)
            addAttachment(part)
        } else if isBodyText(part) {
            appendText(of: part)
        } else if type.mimeType == "message/rfc822" {
            addEmbeddedMessage(part)
        } else if texts.isEmpty && type.type == "text" && !isAttachmentDisposition(part) && !isSnippet {
            // e.g. a lone text/enriched or text/calendar body: show it as text and offer it too.
            appendText(of: part)
            addAttachment(part)
        } else {
            addAttachment(part)
        }
    }

    private mutating func visitAlternative(_ part: MIMEPart) {
        let children = part.children
        let htmlChild = children.last { $0.contentType.mimeType == "text/html" }
        if !isSnippet, html == nil, let anyHTML = htmlChild ?? BodyExtractor.firstHTML(in: children) {
            html = decodeText(anyHTML, collectProblems: false)
        }
        if let plain = children.first(where: { $0.contentType.mimeType == "text/plain" }) {
            appendText(of: plain)
        } else if let nested = children.first(where: { $0.contentType.isMultipart && !$0.children.isEmpty }) {
            visit(nested)
        } else if let htmlChild {
            appendText(of: htmlChild)
        } else if let last = children.last {
            visit(last)
        }
    }

    private func isAttachmentDisposition(_ part: MIMEPart) -> Bool {
        part.disposition?.isAttachment == true
    }

    /// A text/plain part with a file name that is not marked `attachment` (disposition `inline`, or
    /// none): a file meant to be read in the message as well as kept.
    private func isNamedInlineText(_ part: MIMEPart) -> Bool {
        part.contentType.mimeType == "text/plain" && !isAttachmentDisposition(part)
            && (part.disposition?.filename != nil || part.contentType.name != nil)
    }

    /// A text/plain or text/html part meant to be read in place.
    private func isBodyText(_ part: MIMEPart) -> Bool {
        let mime = part.contentType.mimeType
        guard mime == "text/plain" || mime == "text/html" else { return false }
        if isAttachmentDisposition(part) { return false }
        if part.disposition?.filename != nil { return false }
        if part.contentType.name != nil && part.disposition == nil && !texts.isEmpty { return false }
        return true
    }

    private mutating func appendText(of part: MIMEPart) {
        let decoded = decodeText(part, collectProblems: true)
        if part.contentType.mimeType == "text/html" {
            if html == nil && !isSnippet { html = decoded }
            texts.append(HTMLTextConverter.text(fromHTML: decoded))
        } else {
            texts.append(decoded)
        }
    }

    /// Transfer-decodes and charset-decodes a text part, with LF line ends and
    /// trailing blank lines removed; format=flowed is unwrapped.
    private mutating func decodeText(_ part: MIMEPart, collectProblems: Bool) -> String {
        var raw = part.body
        var partial = false
        if case .snippet(let limit) = mode, raw.count > limit {
            raw = raw.prefix(limit)
            partial = true
        }
        var local: [String] = []
        let bytes = part.transferEncoding.decode(raw, problems: &local, partial: partial || isSnippet)
        var charset = part.contentType.charset
        if charset == nil, part.contentType.subtype == "html" {
            charset = BodyExtractor.sniffHTMLCharset(bytes)
        }
        if charset == nil && !CharsetDecoder.isASCII(bytes[...]) && CharsetDecoder.validUTF8(bytes[...]) != nil {
            charset = "utf-8"
        }
        let decoded = CharsetDecoder.decode(bytes[...], charset: charset, lenientTail: partial || isSnippet)
        if let problem = decoded.problem { local.append(problem) }
        if collectProblems {
            problems.append(contentsOf: local.map { "\(part.contentType.mimeType) part: \($0)" })
        }
        var text = BodyExtractor.normalizeLineEnds(decoded.text)
        if part.contentType.subtype == "plain",
            part.contentType.parameters["format"]?.lowercased() == "flowed"
        {
            let delsp = part.contentType.parameters["delsp"]?.lowercased() == "yes"
            text = BodyExtractor.unflow(text, deleteSpace: delsp)
        }
        while text.hasSuffix("\n") || text.hasSuffix(" ") || text.hasSuffix("\t") { text.removeLast() }
        return text
    }

    private mutating func addAttachment(_ part: MIMEPart) {
        guard !isSnippet else { return }
        if part.contentType.isMultipart {
            // A multipart with no usable children (e.g. bad boundary) — keep its children's files.
            for child in part.children { addAttachment(child) }
            return
        }
        var local: [String] = []
        let bytes = part.transferEncoding.decode(part.body, problems: &local)
        let given = part.disposition?.filename ?? part.contentType.name
        let name = given.flatMap { $0.isEmpty ? nil : $0 } ?? BodyExtractor.madeUpName(for: part.contentType)
        problems.append(contentsOf: local.map { "attachment \"\(name)\": \($0)" })
        var contentID = part.headers["Content-ID"]?.trimmingASCIIWhitespace()
        if let id = contentID, id.hasPrefix("<"), id.hasSuffix(">"), id.count >= 2 {
            contentID = String(id.dropFirst().dropLast())
        }
        attachments.append(
            Attachment(
                filename: name, hasOwnFilename: given?.isEmpty == false,
                mimeType: part.contentType.mimeType, data: Data(bytes),
                contentID: contentID, isInline: part.disposition?.type == "inline"))
    }

    private mutating func addEmbeddedMessage(_ part: MIMEPart) {
        var local: [String] = []
        let bytes = part.transferEncoding.decode(part.body, problems: &local)
        if isSnippet {
            if !isAttachmentDisposition(part) {
                let inner = MessageParser.parse(bytes: bytes[...], depth: depth + 1, mode: mode)
                if !inner.text.isEmpty { texts.append(inner.text) }
            }
            return
        }
        guard depth < MIMEPart.maximumDepth else {
            problems.append("forwarded messages nested too deeply were skipped")
            return
        }
        let inner = MessageParser.parse(bytes: bytes[...], depth: depth + 1, mode: mode)
        problems.append(contentsOf: local.map { "forwarded message: \($0)" })
        problems.append(contentsOf: inner.problems.map { "forwarded message: \($0)" })
        let given = part.disposition?.filename ?? part.contentType.name
        let name = given ?? ((inner.subject.isEmpty ? "message" : inner.subject) + ".eml")
        attachments.append(
            Attachment(
                filename: name, hasOwnFilename: given != nil, mimeType: "message/rfc822",
                data: Data(bytes), isInline: !isAttachmentDisposition(part)))
        if !isAttachmentDisposition(part) {
            var lines = ["---------- Forwarded message ----------"]
            if let sender = inner.from.first { lines.append("From: \(sender)") }
            if let date = inner.headers["Date"] { lines.append("Date: \(date)") }
            lines.append("Subject: \(inner.subject)")
            texts.append(lines.joined(separator: "\n") + "\n\n" + inner.text)
            attachments.append(contentsOf: inner.attachments)
        }
    }

    // MARK: - Helpers

    /// The first text/html leaf in `parts` and their descendants (depth first).
    static func firstHTML(in parts: [MIMEPart]) -> MIMEPart? {
        for part in parts {
            if part.contentType.mimeType == "text/html" { return part }
            if let found = firstHTML(in: part.children) { return found }
        }
        return nil
    }

    static func madeUpName(for type: ContentType) -> String {
        let extensions = [
            "jpeg": "jpg", "plain": "txt", "octet-stream": "bin", "msword": "doc",
            "vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
            "vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx", "calendar": "ics",
            "x-vcard": "vcf", "vcard": "vcf", "rfc822": "eml",
        ]
        let ext =
            extensions[type.subtype]
            ?? (type.subtype.count <= 5 && type.subtype.allSatisfy { $0.isLetter || $0.isNumber }
                ? type.subtype : "bin")
        return "attachment.\(ext)"
    }

    static func normalizeLineEnds(_ text: String) -> String {
        guard text.utf8.contains(0x0D) else { return text }
        // One pass over the bytes (two replacingOccurrences took seconds on a 10 MB body). Only ASCII
        // bytes change, so the UTF-8 stays valid.
        var out: [UInt8] = []
        out.reserveCapacity(text.utf8.count)
        func run(_ bytes: UnsafeBufferPointer<UInt8>) {
            var i = 0
            while i < bytes.count {
                if bytes[i] == 0x0D {
                    out.append(0x0A)
                    if i + 1 < bytes.count, bytes[i + 1] == 0x0A { i += 1 }
                } else {
                    out.append(bytes[i])
                }
                i += 1
            }
        }
        if text.utf8.withContiguousStorageIfAvailable(run) == nil {
            Array(text.utf8).withUnsafeBufferPointer(run)
        }
        return String(decoding: out, as: UTF8.self)
    }

    /// Looks for `charset=` in the first kilobyte of an HTML document.
    static func sniffHTMLCharset(_ bytes: [UInt8]) -> String? {
        let head = bytes.prefix(1024).map { $0 >= 0x41 && $0 <= 0x5A ? $0 + 32 : $0 }
        let needle = Array("charset=".utf8)
        guard head.count > needle.count else { return nil }
        for i in 0...(head.count - needle.count) where head[i..<(i + needle.count)].elementsEqual(needle) {
            var j = i + needle.count
            while j < head.count, head[j] == UInt8(ascii: "\"") || head[j] == UInt8(ascii: "'") { j += 1 }
            var name: [UInt8] = []
            while j < head.count, name.count < 40 {
                let b = head[j]
                let isNameByte = (b >= 0x61 && b <= 0x7A) || (b >= 0x30 && b <= 0x39) || b == 0x2D || b == 0x5F
                guard isNameByte else { break }
                name.append(b)
                j += 1
            }
            return name.isEmpty ? nil : String(decoding: name, as: UTF8.self)
        }
        return nil
    }

    /// Unwraps `format=flowed` text (RFC 3676): soft line breaks (a line
    /// ending in a space) are joined, space-stuffing is removed, and quote
    /// depth is respected.
    static func unflow(_ text: String, deleteSpace: Bool) -> String {
        var output: [String] = []
        var buffer = ""
        var bufferDepth = -1
        func flush() {
            if bufferDepth >= 0 {
                output.append(bufferDepth > 0 ? String(repeating: ">", count: bufferDepth) + " " + buffer : buffer)
            }
            buffer = ""
            bufferDepth = -1
        }
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = Substring(rawLine)
            var depth = 0
            while line.first == ">" {
                depth += 1
                line = line.dropFirst()
            }
            if line.first == " " { line = line.dropFirst() }
            if bufferDepth >= 0 && depth != bufferDepth { flush() }
            let isSignature = line == "-- "
            if line.hasSuffix(" ") && !isSignature {
                if deleteSpace { line = line.dropLast() }
                buffer += line
                bufferDepth = depth
            } else {
                buffer += line
                bufferDepth = depth
                flush()
            }
        }
        flush()
        return output.joined(separator: "\n")
    }
}
