/// Decodes RFC 2047 encoded words (`=?charset?B|Q?text?=`) in header text.
///
/// Whitespace between two adjacent encoded words is dropped, and adjacent
/// words in the same charset are joined before charset decoding so that a
/// multi-byte character split across two words survives.
public enum EncodedWordDecoder {
    /// Decodes every encoded word in `text`; text outside encoded words is kept.
    public static func decode(_ text: String) -> String {
        var problems: [String] = []
        return decode(text, problems: &problems)
    }

    /// Decodes every encoded word in `text`, appending what went wrong to `problems`.
    public static func decode(_ text: String, problems: inout [String]) -> String {
        let bytes = Array(text.utf8)
        guard bytes.count >= 8, containsMarker(bytes) else { return text }

        var output = ""
        var literalStart = 0
        var pendingCharset: String?
        var pendingBytes: [UInt8] = []
        var i = 0

        func flushPending() {
            guard let charset = pendingCharset else { return }
            let decoded = CharsetDecoder.decode(pendingBytes[...], charset: charset)
            if let problem = decoded.problem { problems.append("encoded word: \(problem)") }
            output += decoded.text
            pendingCharset = nil
            pendingBytes.removeAll(keepingCapacity: true)
        }

        while i < bytes.count {
            guard bytes[i] == UInt8(ascii: "="), i + 1 < bytes.count, bytes[i + 1] == UInt8(ascii: "?"),
                let word = parseWord(bytes, at: i)
            else {
                i += 1
                continue
            }
            let gap = bytes[literalStart..<i]
            let gapIsWhitespace = gap.allSatisfy(isASCIIWhitespace)
            if !(pendingCharset != nil && gapIsWhitespace) {
                flushPending()
                output += String(decoding: gap, as: UTF8.self)
            }
            var wordBytes: [UInt8]
            if word.encoding == UInt8(ascii: "B") || word.encoding == UInt8(ascii: "b") {
                var wordProblems: [String] = []
                wordBytes = TransferEncoding.decodeBase64(bytes[word.text], problems: &wordProblems)
                problems.append(contentsOf: wordProblems.map { "encoded word: \($0)" })
            } else {
                wordBytes = decodeQ(bytes[word.text])
            }
            let charset = CharsetDecoder.normalize(word.charset)
            if pendingCharset != nil && pendingCharset != charset { flushPending() }
            pendingCharset = charset
            pendingBytes.append(contentsOf: wordBytes)
            i = word.end
            literalStart = i
        }
        flushPending()
        output += String(decoding: bytes[literalStart...], as: UTF8.self)
        return output
    }

    private struct Word {
        var charset: String
        var encoding: UInt8
        var text: Range<Int>
        var end: Int
    }

    private static func containsMarker(_ bytes: [UInt8]) -> Bool {
        var i = 0
        while i + 1 < bytes.count {
            if bytes[i] == UInt8(ascii: "="), bytes[i + 1] == UInt8(ascii: "?") { return true }
            i += 1
        }
        return false
    }

    /// Parses `=?charset?E?text?=` starting at `start`, or returns nil.
    private static func parseWord(_ bytes: [UInt8], at start: Int) -> Word? {
        let q = UInt8(ascii: "?")
        var i = start + 2
        let charsetStart = i
        while i < bytes.count, bytes[i] != q {
            if isASCIIWhitespace(bytes[i]) || i - charsetStart > 40 { return nil }
            i += 1
        }
        guard i > charsetStart, i + 2 < bytes.count else { return nil }
        let charset = String(decoding: bytes[charsetStart..<i], as: UTF8.self)
        let encoding = bytes[i + 1]
        guard [UInt8(ascii: "B"), UInt8(ascii: "b"), UInt8(ascii: "Q"), UInt8(ascii: "q")].contains(encoding),
            bytes[i + 2] == q
        else { return nil }
        i += 3
        let textStart = i
        while i + 1 < bytes.count {
            if bytes[i] == q && bytes[i + 1] == UInt8(ascii: "=") {
                return Word(charset: charset, encoding: encoding, text: textStart..<i, end: i + 2)
            }
            if isASCIIWhitespace(bytes[i]) { return nil }
            i += 1
        }
        return nil
    }

    /// The "Q" encoding: like quoted-printable, with "_" standing for a space.
    private static func decodeQ(_ bytes: ArraySlice<UInt8>) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = bytes.startIndex
        while i < bytes.endIndex {
            let b = bytes[i]
            if b == UInt8(ascii: "_") {
                out.append(0x20)
            } else if b == UInt8(ascii: "="), i + 2 < bytes.endIndex,
                let h = TransferEncoding.hexValue(bytes[i + 1]), let l = TransferEncoding.hexValue(bytes[i + 2])
            {
                out.append(h << 4 | l)
                i += 2
            } else {
                out.append(b)
            }
            i += 1
        }
        return out
    }
}
