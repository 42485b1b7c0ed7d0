/// The header section of a message or MIME part, with case-insensitive lookup.
public struct MessageHeaders: Sendable, Hashable {
    /// All fields in the order they appear.
    public private(set) var fields: [HeaderField]
    private var lowercasedNames: [String]

    /// Creates a header section from fields.
    public init(_ fields: [HeaderField] = []) {
        self.fields = fields
        self.lowercasedNames = fields.map { $0.name.lowercased() }
    }

    /// The value of the first field called `name` (compared case-insensitively), or nil.
    public subscript(_ name: String) -> String? {
        let key = name.lowercased()
        guard let index = lowercasedNames.firstIndex(of: key) else { return nil }
        return fields[index].value
    }

    /// The values of every field called `name` (compared case-insensitively), in order.
    public func values(_ name: String) -> [String] {
        let key = name.lowercased()
        return zip(lowercasedNames, fields).filter { $0.0 == key }.map { $0.1.value }
    }

    /// Whether there are no fields at all.
    public var isEmpty: Bool { fields.isEmpty }

    // MARK: - Parsing

    /// The result of splitting raw bytes into a header section and a body.
    struct Parsed {
        var headers: MessageHeaders
        /// Index in the input where the body starts.
        var bodyStart: Int
        var problems: [String]
    }

    /// Splits `bytes` into header fields and the start of the body.
    ///
    /// Accepts LF and CRLF line ends, skips a leading mbox `From ` line,
    /// and treats input whose first line is not a header as having no
    /// headers at all. Field values that are not valid UTF-8 are decoded
    /// with `fallbackCharset` (when given) or with the charset named in the
    /// section's own Content-Type, else as Latin-1.
    static func parse(_ bytes: ArraySlice<UInt8>, fallbackCharset: String? = nil) -> Parsed {
        var rawFields: [(name: Range<Int>, value: [Range<Int>])] = []
        var problems: [String] = []
        var pos = bytes.startIndex
        let end = bytes.endIndex
        var bodyStart = end
        var first = true

        while pos < end {
            // Find the end of this line.
            var lineEnd = pos
            while lineEnd < end, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            let next = lineEnd < end ? lineEnd + 1 : end
            var contentEnd = lineEnd
            if contentEnd > pos, bytes[contentEnd - 1] == 0x0D { contentEnd -= 1 }

            if contentEnd == pos {
                // Empty line: end of the header section.
                bodyStart = next
                break
            }
            let firstByte = bytes[pos]
            if firstByte == 0x20 || firstByte == 0x09 {
                if rawFields.isEmpty {
                    // Leading whitespace with nothing to continue: not a header section.
                    problems.append("message has no header section")
                    bodyStart = bytes.startIndex
                    break
                }
                rawFields[rawFields.count - 1].value.append(pos..<contentEnd)
                pos = next
                first = false
                continue
            }
            if let colon = fieldNameEnd(bytes, from: pos, to: contentEnd) {
                var nameEnd = colon
                while nameEnd > pos, bytes[nameEnd - 1] == 0x20 || bytes[nameEnd - 1] == 0x09 { nameEnd -= 1 }
                rawFields.append((pos..<nameEnd, [(colon + 1)..<contentEnd]))
                pos = next
                first = false
                continue
            }
            if first, contentEnd - pos >= 5, bytes[pos..<(pos + 5)].elementsEqual("From ".utf8) {
                // mbox separator line.
                pos = next
                first = false
                continue
            }
            if rawFields.isEmpty {
                problems.append("message has no header section")
                bodyStart = bytes.startIndex
            } else {
                problems.append("header section does not end with an empty line")
                bodyStart = pos
            }
            break
        }
        if pos >= end { bodyStart = end }
        if rawFields.isEmpty && problems.isEmpty { problems.append("message has no header section") }

        // Decide how to decode 8-bit header bytes that are not UTF-8: with the
        // given charset, else the one in this section's Content-Type.
        var charset = fallbackCharset
        if charset == nil,
            rawFields.contains(where: { $0.value.contains { !CharsetDecoder.isASCII(bytes[$0]) } }),
            let ct = rawFields.first(where: { equalsIgnoringCase(bytes[$0.name], "content-type") })
        {
            let value = joinValue(bytes, ct.value, charset: nil)
            charset = ContentType(headerValue: value).charset
        }
        var fields: [HeaderField] = []
        fields.reserveCapacity(rawFields.count)
        for raw in rawFields {
            let name = String(decoding: bytes[raw.name], as: UTF8.self)
            fields.append(HeaderField(name: name, value: joinValue(bytes, raw.value, charset: charset)))
        }
        return Parsed(headers: MessageHeaders(fields), bodyStart: bodyStart, problems: problems)
    }

    /// Returns the index of the colon ending a valid field name in `pos..<end`, if any.
    private static func fieldNameEnd(_ bytes: ArraySlice<UInt8>, from pos: Int, to end: Int) -> Int? {
        var i = pos
        var sawSpace = false
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: ":") { return i > pos ? i : nil }
            if b == 0x20 || b == 0x09 {
                sawSpace = true
            } else if b < 33 || b > 126 || sawSpace {
                return nil
            }
            i += 1
        }
        return nil
    }

    private static func joinValue(_ bytes: ArraySlice<UInt8>, _ pieces: [Range<Int>], charset: String?) -> String {
        var joined: [UInt8] = []
        for piece in pieces { joined.append(contentsOf: bytes[piece]) }
        var slice = joined[...]
        while let f = slice.first, isASCIIWhitespace(f) { slice = slice.dropFirst() }
        while let l = slice.last, isASCIIWhitespace(l) { slice = slice.dropLast() }
        if CharsetDecoder.isASCII(slice) { return String(decoding: slice, as: UTF8.self) }
        if let text = CharsetDecoder.validUTF8(slice) { return text }
        if let charset {
            return CharsetDecoder.decode(slice, charset: charset).text
        }
        return CharsetDecoder.latin1(slice)
    }

    private static func equalsIgnoringCase(_ bytes: ArraySlice<UInt8>, _ lowercase: String) -> Bool {
        bytes.count == lowercase.utf8.count
            && zip(bytes, lowercase.utf8).allSatisfy { a, b in (a | 0x20) == b || a == b }
    }
}
