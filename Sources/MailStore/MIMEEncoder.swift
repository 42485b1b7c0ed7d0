import Foundation

/// Encoders for writing messages (used by the sample and benchmark writers):
/// charsets via iconv, quoted-printable, base64, RFC 2047 words, RFC 5322 dates.
enum MIMEEncoder {
    /// `text` in `charset` (via iconv; "?" for characters the charset lacks,
    /// which the sample tests check never happens).
    static func encode(_ text: String, charset: String) -> [UInt8] {
        let utf8 = Array(text.utf8)
        switch CharsetDecoder.normalize(charset) {
        case "utf-8", "us-ascii":
            return utf8
        default:
            return Iconv.convert(utf8[...], from: "UTF-8", to: charset.uppercased(), replacement: [UInt8(ascii: "?")])?
                .bytes ?? utf8
        }
    }

    /// Quoted-printable (RFC 2045 §6.7) with LF line ends and lines of at most 76 characters.
    static func quotedPrintable(_ bytes: [UInt8]) -> String {
        var out = ""
        var lineLength = 0
        let hex = Array("0123456789ABCDEF".utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            if b == 0x0A {
                out += "\n"
                lineLength = 0
                i += 1
                continue
            }
            let nextIsBreak = i + 1 >= bytes.count || bytes[i + 1] == 0x0A
            var piece: String
            if (b >= 33 && b <= 126 && b != UInt8(ascii: "=")) || ((b == 0x20 || b == 0x09) && !nextIsBreak) {
                piece = String(UnicodeScalar(b))
            } else {
                piece = "=" + String(decoding: [hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self)
            }
            if lineLength + piece.count > 75 {
                out += "=\n"
                lineLength = 0
            }
            out += piece
            lineLength += piece.count
            i += 1
        }
        return out
    }

    /// Base64 in lines of 76 characters, LF line ends.
    static func base64(_ bytes: [UInt8]) -> String {
        let encoded = Data(bytes).base64EncodedString()
        var lines: [Substring] = []
        var rest = Substring(encoded)
        while !rest.isEmpty {
            lines.append(rest.prefix(76))
            rest = rest.dropFirst(76)
        }
        return lines.joined(separator: "\n")
    }

    /// An RFC 2047 "B" encoded word for `text` (several words, space-separated,
    /// when long, split only between characters). ASCII text is returned as is.
    static func encodedWord(_ text: String, charset: String = "UTF-8") -> String {
        if text.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) && !text.contains("=?") {
            return text
        }
        var words: [String] = []
        var chunk = ""
        for character in text {
            let candidate = chunk + String(character)
            if encode(candidate, charset: charset).count > 45 && !chunk.isEmpty {
                words.append("=?\(charset)?B?\(Data(encode(chunk, charset: charset)).base64EncodedString())?=")
                chunk = String(character)
            } else {
                chunk = candidate
            }
        }
        if !chunk.isEmpty {
            words.append("=?\(charset)?B?\(Data(encode(chunk, charset: charset)).base64EncodedString())?=")
        }
        return words.joined(separator: " ")
    }

    /// An RFC 2047 "Q" encoded word for short text.
    static func qEncodedWord(_ text: String, charset: String) -> String {
        let hex = Array("0123456789ABCDEF".utf8)
        var out = "=?\(charset)?Q?"
        for b in encode(text, charset: charset) {
            if b == 0x20 {
                out += "_"
            } else if (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A) {
                out += String(UnicodeScalar(b))
            } else {
                out += "=" + String(decoding: [hex[Int(b >> 4)], hex[Int(b & 15)]], as: UTF8.self)
            }
        }
        return out + "?="
    }

    /// `Name <address>` with the name quoted or encoded as needed.
    static func address(_ name: String?, _ address: String, charset: String = "UTF-8") -> String {
        guard let name, !name.isEmpty else { return address }
        if name.unicodeScalars.allSatisfy({ $0.value >= 0x20 && $0.value < 0x7F }) {
            let special = name.contains { ",;:<>@\"().[]\\".contains($0) }
            let shown =
                special
                ? "\""
                    + name.replacingOccurrences(of: "\\", with: "\\\\")
                    .replacingOccurrences(of: "\"", with: "\\\"") + "\"" : name
            return "\(shown) <\(address)>"
        }
        return "\(encodedWord(name, charset: charset)) <\(address)>"
    }

    /// An RFC 5322 date, e.g. `Tue, 14 May 2024 09:30:00 +0300`.
    static func rfc5322Date(_ date: Date, zoneMinutes: Int) -> String {
        let seconds = Int(date.timeIntervalSince1970.rounded(.down)) + zoneMinutes * 60
        var days = seconds / 86_400
        var secondOfDay = seconds % 86_400
        if secondOfDay < 0 {
            secondOfDay += 86_400
            days -= 1
        }
        let (year, month, day) = civil(fromDays: days)
        let weekday = ["Thu", "Fri", "Sat", "Sun", "Mon", "Tue", "Wed"][((days % 7) + 7) % 7]
        let monthName = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"][month - 1]
        let sign = zoneMinutes < 0 ? "-" : "+"
        let zone = abs(zoneMinutes)
        func two(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return
            "\(weekday), \(day) \(monthName) \(year) \(two(secondOfDay / 3600)):\(two(secondOfDay / 60 % 60)):\(two(secondOfDay % 60)) \(sign)\(two(zone / 60))\(two(zone % 60))"
    }

    /// (year, month, day) for days since 1970-01-01 (H. Hinnant's algorithm).
    static func civil(fromDays z0: Int) -> (Int, Int, Int) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let day = doy - (153 * mp + 2) / 5 + 1
        let month = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}
