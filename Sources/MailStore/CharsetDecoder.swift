import Foundation

/// Decodes bytes in a MIME charset to a Swift `String`.
///
/// UTF-8, US-ASCII and ISO-8859-1 are decoded directly; every other
/// charset goes through `iconv(3)`. An unknown charset falls back to
/// UTF-8 when the bytes are valid UTF-8 and to Latin-1 otherwise, and
/// says so in the returned problem.
enum CharsetDecoder {
    /// A decoded text and what, if anything, went wrong while decoding it.
    struct Decoded: Sendable {
        var text: String
        var problem: String?
    }

    /// Decodes `bytes` declared to be in `charset` (nil means unspecified).
    ///
    /// - Parameter lenientTail: when true (used for snippets cut from the
    ///   head of a file) an incomplete multi-byte sequence at the very end
    ///   is dropped silently instead of being reported.
    static func decode(_ bytes: ArraySlice<UInt8>, charset: String?, lenientTail: Bool = false) -> Decoded {
        let name = normalize(charset ?? "us-ascii")
        switch name {
        case "utf-8", "us-ascii":
            if isASCII(bytes) { return Decoded(text: latin1(bytes)) }
            if let text = validUTF8(bytes) { return Decoded(text: text) }
            if name == "us-ascii" {
                // Mislabelled 8-bit text: Windows-1252 is the usual culprit.
                if let converted = viaIconv(bytes, charset: "WINDOWS-1252", lenientTail: lenientTail) {
                    return Decoded(
                        text: converted.text, problem: "8-bit bytes in text declared us-ascii; decoded as Windows-1252")
                }
                return Decoded(
                    text: latin1(bytes), problem: "8-bit bytes in text declared us-ascii; decoded as Latin-1")
            }
            if lenientTail, let text = validUTF8(dropIncompleteUTF8Tail(bytes)) {
                return Decoded(text: text)
            }
            let text = String(decoding: bytes, as: UTF8.self)
            return Decoded(text: text, problem: "invalid UTF-8 sequences replaced")
        case "iso-8859-1":
            return Decoded(text: latin1(bytes))
        default:
            if isASCII(bytes) && asciiCompatible(name) { return Decoded(text: latin1(bytes)) }
            if let converted = viaIconv(bytes, charset: name, lenientTail: lenientTail) {
                return converted
            }
            if let text = validUTF8(bytes) {
                return Decoded(text: text, problem: "unknown charset \"\(charset ?? "")\"; decoded as UTF-8")
            }
            return Decoded(text: latin1(bytes), problem: "unknown charset \"\(charset ?? "")\"; decoded as Latin-1")
        }
    }

    /// Whether `charset` is one this decoder can handle without falling back.
    static func isKnown(_ charset: String) -> Bool {
        let name = normalize(charset)
        return ["utf-8", "us-ascii", "iso-8859-1"].contains(name) || Iconv.supports(name)
    }

    /// Lower-cases a charset label, strips quotes and an RFC 2231 language
    /// suffix, and maps common aliases that iconv does not know.
    static func normalize(_ charset: String) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(charset.utf8.count)
        for b in charset.utf8 {
            if b == UInt8(ascii: "*") { break }  // RFC 2231 language suffix
            if b == UInt8(ascii: "\"") || b == UInt8(ascii: "'") || b == 0x20 || b == 0x09 { continue }
            bytes.append(b >= 0x41 && b <= 0x5A ? b + 32 : b)
        }
        let name = String(decoding: bytes, as: UTF8.self)
        switch name {
        case "utf8", "unicode-1-1-utf-8", "unicode-2-0-utf-8", "x-unicode20utf8": return "utf-8"
        case "ascii", "us_ascii", "ansi_x3.4-1968", "iso646-us", "646", "": return "us-ascii"
        case "latin1", "latin-1", "iso8859-1", "iso_8859-1", "l1", "iso-ir-100", "cp819": return "iso-8859-1"
        case "win-1251", "windows1251", "x-cp1251", "cp-1251": return "windows-1251"
        case "windows1252", "x-cp1252", "cp-1252": return "windows-1252"
        case "koi8r", "koi8", "x-koi8-r": return "koi8-r"
        case "koi8u": return "koi8-u"
        case "iso-8859-8-i", "iso-8859-8-e": return "iso-8859-8"
        case "iso-8859-6-i", "iso-8859-6-e": return "iso-8859-6"
        case "ks_c_5601-1987", "ks_c_5601", "x-windows-949": return "cp949"
        case "gb2312", "x-gbk", "gb_2312-80": return "gbk"
        case "x-sjis", "shift-jis", "ms_kanji", "windows-31j": return "cp932"
        case "x-mac-cyrillic", "mac-cyrillic": return "maccyrillic"
        case "unicode-1-1-utf-7", "x-unicode-2-0-utf-7": return "utf-7"
        default: return name
        }
    }

    // MARK: - Helpers

    private static func viaIconv(_ bytes: ArraySlice<UInt8>, charset: String, lenientTail: Bool) -> Decoded? {
        guard let result = Iconv.convert(bytes, from: charset, to: "UTF-8", replacement: [0xEF, 0xBF, 0xBD]) else {
            return nil
        }
        var out = result.bytes[...]
        var problem: String?
        if result.truncatedInput {
            if lenientTail {
                out = out.dropLast(3)
            } else {
                problem = "text in \(charset) ends in an incomplete character"
            }
        }
        if result.invalidSequences > 0 {
            problem = "\(result.invalidSequences) byte(s) invalid in \(charset) replaced"
        }
        return Decoded(text: String(decoding: out, as: UTF8.self), problem: problem)
    }

    private static func asciiCompatible(_ name: String) -> Bool {
        !(name.hasPrefix("utf-16") || name.hasPrefix("utf-32") || name.hasPrefix("ucs")
            || name == "utf-7" || name.hasPrefix("iso-2022") || name.hasPrefix("hz") || name.hasPrefix("ibm")
            || name.hasPrefix("cp0") || name.hasPrefix("ebcdic"))
    }

    static func isASCII(_ bytes: ArraySlice<UInt8>) -> Bool {
        // Eight bytes a step: a 10 MB body is checked in milliseconds, not seconds.
        bytes.withUnsafeBytes { raw in
            var i = 0
            while i + 8 <= raw.count {
                if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { return false }
                i += 8
            }
            while i < raw.count {
                if raw[i] >= 0x80 { return false }
                i += 1
            }
            return true
        }
    }

    static func validUTF8(_ bytes: ArraySlice<UInt8>) -> String? {
        String(validating: bytes, as: UTF8.self)
    }

    static func latin1(_ bytes: ArraySlice<UInt8>) -> String {
        if isASCII(bytes) { return String(decoding: bytes, as: UTF8.self) }
        var scalars = String.UnicodeScalarView()
        for b in bytes { scalars.append(Unicode.Scalar(b)) }
        return String(scalars)
    }

    /// Drops a final multi-byte UTF-8 sequence that lacks some of its bytes.
    static func dropIncompleteUTF8Tail(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var i = bytes.endIndex
        var continuation = 0
        while i > bytes.startIndex, continuation < 4 {
            let b = bytes[i - 1]
            if b & 0xC0 == 0x80 {
                continuation += 1
                i -= 1
                continue
            }
            let needed = b >= 0xF0 ? 3 : b >= 0xE0 ? 2 : b >= 0xC0 ? 1 : 0
            if needed > continuation { return bytes[bytes.startIndex..<(i - 1)] }
            break
        }
        return bytes
    }
}
