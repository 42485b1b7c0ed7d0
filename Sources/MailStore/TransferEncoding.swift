/// A MIME `Content-Transfer-Encoding` (RFC 2045 §6) and its decoder.
public enum TransferEncoding: Sendable, Hashable {
    /// 7bit, 8bit or binary: the body is stored as it is.
    case identity
    /// `quoted-printable` (RFC 2045 §6.7).
    case quotedPrintable
    /// `base64` (RFC 2045 §6.8).
    case base64
    /// An encoding this parser does not know; the body is kept as it is.
    case unknown(String)

    /// Parses a `Content-Transfer-Encoding` header value (nil means 7bit).
    public init(headerValue: String?) {
        let value = (headerValue ?? "7bit").trimmingASCIIWhitespace().lowercased()
        switch value {
        case "7bit", "8bit", "binary", "": self = .identity
        case "quoted-printable": self = .quotedPrintable
        case "base64": self = .base64
        default: self = .unknown(value)
        }
    }

    /// Decodes `bytes`; anything that cannot be decoded is described in `problems`.
    ///
    /// - Parameter partial: the input was cut short on purpose (snippets), so a
    ///   truncated final group is not a problem.
    func decode(_ bytes: ArraySlice<UInt8>, problems: inout [String], partial: Bool = false) -> [UInt8] {
        switch self {
        case .identity:
            return Array(bytes)
        case .quotedPrintable:
            return TransferEncoding.decodeQuotedPrintable(bytes, problems: &problems)
        case .base64:
            return TransferEncoding.decodeBase64(bytes, problems: &problems, partial: partial)
        case .unknown(let name):
            problems.append("unknown Content-Transfer-Encoding \"\(name)\"; shown undecoded")
            return Array(bytes)
        }
    }

    /// Decodes quoted-printable text: `=XX` escapes, soft line breaks, and
    /// trailing whitespace on lines (which RFC 2045 says to drop). Invalid
    /// escapes are kept literally and reported once.
    static func decodeQuotedPrintable(_ bytes: ArraySlice<UInt8>, problems: inout [String]) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var invalid = false
        var i = bytes.startIndex
        let end = bytes.endIndex
        var lineStartInOut = 0
        var protectedEnd = 0
        while i < end {
            let b = bytes[i]
            if b == UInt8(ascii: "=") {
                // Soft line break: "=" followed by optional whitespace then (CR)LF.
                var j = i + 1
                while j < end, bytes[j] == 0x20 || bytes[j] == 0x09 { j += 1 }
                if j == end {
                    i = end
                    continue
                }
                if bytes[j] == 0x0A {
                    i = j + 1
                    continue
                }
                if bytes[j] == 0x0D, j + 1 < end, bytes[j + 1] == 0x0A {
                    i = j + 2
                    continue
                }
                if i + 2 < end, let h = hexValue(bytes[i + 1]), let l = hexValue(bytes[i + 2]) {
                    out.append(h << 4 | l)
                    protectedEnd = out.count  // an encoded space is content, not padding
                    i += 3
                    continue
                }
                invalid = true
                out.append(b)
                i += 1
            } else if b == 0x0A || b == 0x0D {
                // Hard line break: drop trailing transport whitespace.
                while out.count > max(lineStartInOut, protectedEnd),
                    out[out.count - 1] == 0x20 || out[out.count - 1] == 0x09
                {
                    out.removeLast()
                }
                out.append(b)
                i += 1
                if b == 0x0A { lineStartInOut = out.count }
            } else {
                out.append(b)
                i += 1
            }
        }
        if invalid { problems.append("invalid quoted-printable escape kept as it is") }
        return out
    }

    /// Decodes base64, skipping line breaks and whitespace. Other characters
    /// outside the alphabet are skipped and reported; a final incomplete
    /// group is decoded as far as it goes and reported as truncated.
    static func decodeBase64(_ bytes: ArraySlice<UInt8>, problems: inout [String], partial: Bool = false) -> [UInt8] {
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count * 3 / 4)
        var quad: UInt32 = 0
        var count = 0
        var invalid = 0
        var sawPadding = false
        for b in bytes {
            let v: UInt32
            switch b {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): v = UInt32(b - UInt8(ascii: "A"))
            case UInt8(ascii: "a")...UInt8(ascii: "z"): v = UInt32(b - UInt8(ascii: "a") + 26)
            case UInt8(ascii: "0")...UInt8(ascii: "9"): v = UInt32(b - UInt8(ascii: "0") + 52)
            case UInt8(ascii: "+"): v = 62
            case UInt8(ascii: "/"): v = 63
            case UInt8(ascii: "="):
                sawPadding = true
                continue
            case 0x20, 0x09, 0x0A, 0x0D:
                continue
            default:
                invalid += 1
                continue
            }
            if sawPadding {
                // Some encoders concatenate padded chunks; keep decoding.
                flushPartial(quad, count, into: &out)
                quad = 0
                count = 0
                sawPadding = false
            }
            quad = quad << 6 | v
            count += 1
            if count == 4 {
                out.append(UInt8(truncatingIfNeeded: quad >> 16))
                out.append(UInt8(truncatingIfNeeded: quad >> 8))
                out.append(UInt8(truncatingIfNeeded: quad))
                quad = 0
                count = 0
            }
        }
        if count > 0 {
            flushPartial(quad, count, into: &out)
            if !sawPadding && !partial {
                problems.append("base64 data is truncated (\(count) character(s) left over)")
            } else if count == 1 && !partial {
                problems.append("base64 data is truncated (1 character left over)")
            }
        }
        if invalid > 0 {
            problems.append("\(invalid) character(s) outside the base64 alphabet skipped")
        }
        return out
    }

    private static func flushPartial(_ quad: UInt32, _ count: Int, into out: inout [UInt8]) {
        switch count {
        case 2:
            out.append(UInt8(truncatingIfNeeded: quad >> 4))
        case 3:
            out.append(UInt8(truncatingIfNeeded: quad >> 10))
            out.append(UInt8(truncatingIfNeeded: quad >> 2))
        default:
            break
        }
    }

    static func hexValue(_ b: UInt8) -> UInt8? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return b - UInt8(ascii: "0")
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return b - UInt8(ascii: "A") + 10
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return b - UInt8(ascii: "a") + 10
        default: return nil
        }
    }
}
