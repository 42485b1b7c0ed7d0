extension StringProtocol {
    /// The string without leading and trailing spaces, tabs, CR and LF.
    func trimmingASCIIWhitespace() -> String {
        let bytes = Array(utf8)
        var start = 0
        var end = bytes.count
        while start < end, isASCIIWhitespace(bytes[start]) { start += 1 }
        while end > start, isASCIIWhitespace(bytes[end - 1]) { end -= 1 }
        if start == 0 && end == bytes.count, let string = self as? String { return string }
        return String(decoding: bytes[start..<end], as: UTF8.self)
    }
}

extension String {
    /// Collapses every run of whitespace (including line breaks) into one space and trims the ends.
    func collapsingWhitespace() -> String {
        var result = ""
        result.reserveCapacity(utf8.count)
        var pendingSpace = false
        for scalar in unicodeScalars {
            let isSpace =
                scalar.isASCII
                ? scalar == " " || scalar == "\n" || scalar == "\t" || scalar == "\r" || scalar == "\u{0B}"
                    || scalar == "\u{0C}"
                : scalar.properties.isWhitespace || scalar == "\u{00A0}"
            if isSpace {
                pendingSpace = !result.isEmpty
            } else {
                if pendingSpace { result.unicodeScalars.append(" ") }
                pendingSpace = false
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }
}

@inline(__always)
func isASCIIWhitespace(_ b: UInt8) -> Bool {
    b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D
}
