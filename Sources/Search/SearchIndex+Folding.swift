import Foundation

extension SearchIndex {
    /// The folding every comparison uses: lowercased; "ё" and "Ё" as "е" (and "ѐ" as "е", "ѝ" as
    /// "и"), but "й" kept; diacritics stripped ("é" as "e", "ñ" as "n"); full-width letters as their
    /// plain forms; letters and digits kept and everything else — spaces, punctuation, symbols — a
    /// break between words. The words come out separated by one space, none before the first or after
    /// the last: `fold("Веб-браузер!")` is "веб браузер", `fold("  ÉCOLE  ")` is "ecole".
    public static func fold(_ text: String) -> String {
        var folded: [UInt8] = []
        foldUTF8(text, into: &folded)
        return String(decoding: folded, as: UTF8.self)
    }

    /// Appends `text` folded (`fold(_:)`) to `out`, reading at most its first `limit` bytes of UTF-8
    /// (cut back to a whole character), and stopping once `enough` bytes are appended.
    static func foldUTF8(_ text: String, into out: inout [UInt8], limit: Int = .max, enough: Int = .max) {
        var text = text
        text.withUTF8 { utf8 in
            var end = min(utf8.count, limit)
            while end > 0, end < utf8.count, utf8[end] & 0xC0 == 0x80 { end -= 1 }
            foldBytes(UnsafeBufferPointer(rebasing: utf8[..<end]), into: &out, enough: enough)
        }
    }

    /// Appends the folded words of the UTF-8 `utf8` to `out`, stopping once `enough` bytes are
    /// appended. ASCII and Cyrillic are folded here, byte by byte; Latin letters with diacritics
    /// through a table made once; other characters one by one through Foundation's folding.
    static func foldBytes(_ utf8: UnsafeBufferPointer<UInt8>, into out: inout [UInt8], enough: Int = .max) {
        let start = out.count
        var pendingBreak = false
        func beginLetter() {
            if pendingBreak, out.count > start { out.append(0x20) }
            pendingBreak = false
        }
        var index = 0
        let count = utf8.count
        while index < count, out.count - start < enough {
            let lead = utf8[index]
            if lead < 0x80 {
                index += 1
                var byte = lead
                if byte &- 0x41 < 26 { byte |= 0x20 }
                if byte &- 0x61 < 26 || byte &- 0x30 < 10 {
                    beginLetter()
                    out.append(byte)
                } else {
                    pendingBreak = true
                }
                continue
            }
            let length = lead >= 0xF0 ? 4 : lead >= 0xE0 ? 3 : 2
            guard index + length <= count else { break }
            var value = UInt32(lead) & (lead >= 0xF0 ? 0x07 : lead >= 0xE0 ? 0x0F : 0x1F)
            for offset in 1..<length { value = value << 6 | UInt32(utf8[index + offset] & 0x3F) }
            index += length
            if value >= 0x400, value < 0x460 {
                let lower = cyrillicLowercase(value)
                beginLetter()
                out.append(UInt8(0xC0 | lower >> 6))
                out.append(UInt8(0x80 | lower & 0x3F))
                continue
            }
            let fold = value >= 0xA0 && value < 0x250 ? latinFolds[Int(value) - 0xA0] : ScalarFold(value)
            switch fold {
            case .letters(let bytes):
                beginLetter()
                out.append(contentsOf: bytes)
            case .mark:
                // "и" and a combining breve is "й", which stays a letter of its own.
                if value == 0x306, !pendingBreak, out.count >= start + 2, out[out.count - 2] == 0xD0,
                    out[out.count - 1] == 0xB8
                {
                    out[out.count - 1] = 0xB9
                }
            case .wordBreak:
                pendingBreak = true
            }
        }
    }

    /// A Cyrillic letter of U+0400–U+045F lowercased, "ё" and "ѐ" as "е", "ѝ" as "и".
    static func cyrillicLowercase(_ value: UInt32) -> UInt32 {
        switch value {
        case 0x400, 0x401, 0x450, 0x451: return 0x435
        case 0x40D, 0x45D: return 0x438
        case 0x410...0x42F: return value + 0x20
        case 0x402...0x40F: return value + 0x50
        default: return value
        }
    }

    /// The folding of U+00A0–U+024F (Latin-1 and Latin Extended A and B), made once.
    static let latinFolds: [ScalarFold] = (0xA0..<0x250).map { ScalarFold(UInt32($0)) }

    /// What one character folds to.
    enum ScalarFold: Sendable {
        /// These letters or digits (UTF-8).
        case letters([UInt8])
        /// Nothing: a combining mark, part of the word it follows.
        case mark
        /// A break between words.
        case wordBreak

        /// The folding of the character `value` by Foundation: case and diacritics and width away.
        init(_ value: UInt32) {
            guard let scalar = Unicode.Scalar(value) else {
                self = .wordBreak
                return
            }
            if Self.isMark(scalar) {
                self = .mark
                return
            }
            guard Self.isLetterOrDigit(scalar) else {
                self = .wordBreak
                return
            }
            let folded = String(Character(scalar))
                .folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
                .lowercased()
            var bytes: [UInt8] = []
            for part in folded.unicodeScalars where Self.isLetterOrDigit(part) && !Self.isMark(part) {
                bytes.append(contentsOf: String(part).utf8)
            }
            self = bytes.isEmpty ? .mark : .letters(bytes)
        }

        static func isMark(_ scalar: Unicode.Scalar) -> Bool {
            switch scalar.properties.generalCategory {
            case .nonspacingMark, .spacingMark, .enclosingMark: return true
            default: return false
            }
        }

        static func isLetterOrDigit(_ scalar: Unicode.Scalar) -> Bool {
            scalar.properties.isAlphabetic || scalar.properties.numericType != nil
        }
    }

    /// `word` cut to its first `maxWordBytes` bytes, back to a whole character.
    static func cutWord(_ word: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
        guard word.count > maxWordBytes else { return word }
        var end = maxWordBytes
        while end > 0, word[end] & 0xC0 == 0x80 { end -= 1 }
        return UnsafeBufferPointer(rebasing: word[..<end])
    }
}
