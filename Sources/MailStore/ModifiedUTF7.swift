/// The modified UTF-7 of IMAP mailbox names (RFC 3501 §5.1.3), which
/// Maildir++ also uses for folder names: printable ASCII stands for itself,
/// `&-` is "&", and `&…-` holds UTF-16 in base64 with "," for "/".
public enum ModifiedUTF7 {
    /// Decodes `name`, or returns nil if it is not valid modified UTF-7.
    public static func decode(_ name: String) -> String? {
        var result = String.UnicodeScalarView()
        let bytes = Array(name.utf8)
        var i = 0
        while i < bytes.count {
            let b = bytes[i]
            guard b >= 0x20, b <= 0x7E else { return nil }
            if b != UInt8(ascii: "&") {
                result.append(Unicode.Scalar(b))
                i += 1
                continue
            }
            guard let dash = bytes[(i + 1)...].firstIndex(of: UInt8(ascii: "-")) else { return nil }
            if dash == i + 1 {
                result.append("&")
                i += 2
                continue
            }
            guard let units = decodeBase64UTF16(bytes[(i + 1)..<dash]) else { return nil }
            let scalars = String(decoding: units, as: UTF16.self)
            guard !scalars.unicodeScalars.contains("\u{FFFD}") else { return nil }
            result.append(contentsOf: scalars.unicodeScalars)
            i = dash + 1
        }
        return String(result)
    }

    /// Encodes `name` in modified UTF-7.
    public static func encode(_ name: String) -> String {
        var out = ""
        var pending: [UInt16] = []
        func flush() {
            guard !pending.isEmpty else { return }
            out += "&" + encodeBase64UTF16(pending) + "-"
            pending.removeAll()
        }
        for scalar in name.unicodeScalars {
            if scalar.value >= 0x20 && scalar.value <= 0x7E {
                flush()
                out += scalar == "&" ? "&-" : String(scalar)
            } else {
                pending.append(contentsOf: String(scalar).utf16)
            }
        }
        flush()
        return out
    }

    private static let alphabet = Array("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+,".utf8)

    private static func decodeBase64UTF16(_ chars: ArraySlice<UInt8>) -> [UInt16]? {
        var bits: UInt32 = 0
        var bitCount = 0
        var bytes: [UInt8] = []
        for c in chars {
            guard let v = alphabet.firstIndex(of: c) else { return nil }
            bits = bits << 6 | UInt32(v)
            bitCount += 6
            if bitCount >= 8 {
                bitCount -= 8
                bytes.append(UInt8(truncatingIfNeeded: bits >> UInt32(bitCount)))
            }
        }
        // Leftover bits must be zero padding, and the bytes must make whole UTF-16 units.
        guard bitCount < 6, bits & ((1 << UInt32(bitCount)) - 1) == 0, bytes.count % 2 == 0, !bytes.isEmpty else {
            return nil
        }
        return stride(from: 0, to: bytes.count, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
    }

    private static func encodeBase64UTF16(_ units: [UInt16]) -> String {
        var bytes: [UInt8] = []
        for u in units {
            bytes.append(UInt8(u >> 8))
            bytes.append(UInt8(u & 0xFF))
        }
        var out: [UInt8] = []
        var i = 0
        while i < bytes.count {
            let b0 = UInt32(bytes[i])
            let b1 = i + 1 < bytes.count ? UInt32(bytes[i + 1]) : 0
            let b2 = i + 2 < bytes.count ? UInt32(bytes[i + 2]) : 0
            let n = b0 << 16 | b1 << 8 | b2
            out.append(alphabet[Int(n >> 18 & 63)])
            out.append(alphabet[Int(n >> 12 & 63)])
            if i + 1 < bytes.count { out.append(alphabet[Int(n >> 6 & 63)]) }
            if i + 2 < bytes.count { out.append(alphabet[Int(n & 63)]) }
            i += 3
        }
        return String(decoding: out, as: UTF8.self)
    }
}
