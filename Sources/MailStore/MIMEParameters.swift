/// A header value of the form `value; name=param; name="quoted param"`, as used by
/// `Content-Type` and `Content-Disposition`, with RFC 2231 continuations,
/// charsets and percent-encoding resolved.
struct MIMEParameters: Sendable, Hashable {
    /// The part before the first `;`, trimmed (e.g. `text/plain`).
    var value: String
    /// Parameters by lower-cased name, fully decoded.
    var parameters: [String: String]

    init(headerValue: String) {
        var problems: [String] = []
        self.init(headerValue: headerValue, problems: &problems)
    }

    init(headerValue: String, problems: inout [String]) {
        let bytes = Array(headerValue.utf8)
        let semicolon = UInt8(ascii: ";")
        let equals = UInt8(ascii: "=")
        let quote = UInt8(ascii: "\"")
        var i = 0
        var head: [UInt8] = []
        while i < bytes.count, bytes[i] != semicolon {
            if bytes[i] == UInt8(ascii: "(") {
                MIMEParameters.skipComment(bytes, &i)
                continue
            }
            head.append(bytes[i])
            i += 1
        }
        value = String(decoding: head, as: UTF8.self).trimmingASCIIWhitespace()

        // Raw (name, value) pairs in order.
        var raw: [(name: String, value: String)] = []
        while i < bytes.count {
            // At a ";".
            i += 1
            while i < bytes.count, isASCIIWhitespace(bytes[i]) { i += 1 }
            let nameStart = i
            while i < bytes.count, bytes[i] != equals, bytes[i] != semicolon { i += 1 }
            let paramName = String(decoding: bytes[nameStart..<i], as: UTF8.self).trimmingASCIIWhitespace().lowercased()
            guard i < bytes.count, bytes[i] == equals else { continue }
            i += 1
            while i < bytes.count, bytes[i] == 0x20 || bytes[i] == 0x09 { i += 1 }
            var paramValue: [UInt8] = []
            if i < bytes.count, bytes[i] == quote {
                i += 1
                var closed = false
                while i < bytes.count {
                    let c = bytes[i]
                    if c == UInt8(ascii: "\\"), i + 1 < bytes.count {
                        paramValue.append(bytes[i + 1])
                        i += 2
                        continue
                    }
                    if c == quote {
                        closed = true
                        i += 1
                        break
                    }
                    paramValue.append(c)
                    i += 1
                }
                if !closed { problems.append("unterminated quoted parameter \"\(paramName)\"") }
                // Skip anything up to the next ";".
                while i < bytes.count, bytes[i] != semicolon { i += 1 }
                if !paramName.isEmpty { raw.append((paramName, String(decoding: paramValue, as: UTF8.self))) }
            } else {
                let valueStart = i
                while i < bytes.count, bytes[i] != semicolon { i += 1 }
                if !paramName.isEmpty {
                    raw.append(
                        (paramName, String(decoding: bytes[valueStart..<i], as: UTF8.self).trimmingASCIIWhitespace()))
                }
            }
        }
        parameters = MIMEParameters.combine(raw, problems: &problems)
    }

    /// Skips a (possibly nested) parenthesised comment starting at `i`.
    private static func skipComment(_ bytes: [UInt8], _ i: inout Int) {
        var depth = 0
        while i < bytes.count {
            let c = bytes[i]
            if c == UInt8(ascii: "\\") {
                i += 2
                continue
            }
            if c == UInt8(ascii: "(") { depth += 1 }
            if c == UInt8(ascii: ")") {
                depth -= 1
                if depth == 0 {
                    i += 1
                    return
                }
            }
            i += 1
        }
    }

    /// Resolves RFC 2231 `name*`, `name*0`, `name*1*` … into single values.
    private static func combine(_ raw: [(name: String, value: String)], problems: inout [String]) -> [String: String] {
        var result: [String: String] = [:]
        // base name -> [(section, extended, value)]
        var sections: [String: [(index: Int, extended: Bool, value: String)]] = [:]
        var order: [String] = []
        for (name, value) in raw {
            guard let star = name.firstIndex(of: "*") else {
                if result[name] == nil { result[name] = value }
                continue
            }
            let base = String(name[..<star])
            var rest = name[name.index(after: star)...]
            var extended = false
            var index = 0
            if rest.isEmpty {
                extended = true  // name*=charset'lang'value
            } else {
                if rest.hasSuffix("*") {
                    extended = true
                    rest = rest.dropLast()
                }
                guard let n = Int(rest) else {
                    if result[name] == nil { result[name] = value }
                    continue
                }
                index = n
            }
            if sections[base] == nil { order.append(base) }
            sections[base, default: []].append((index, extended, value))
        }
        for base in order {
            let parts = sections[base, default: []].sorted { $0.index < $1.index }
            var bytes: [UInt8] = []
            var charset: String?
            for (n, part) in parts.enumerated() {
                var text = Substring(part.value)
                if part.extended && n == 0 {
                    // charset'language'value
                    let pieces = text.split(separator: "'", maxSplits: 2, omittingEmptySubsequences: false)
                    if pieces.count == 3 {
                        charset = pieces[0].isEmpty ? nil : String(pieces[0])
                        text = pieces[2]
                    }
                }
                if part.extended {
                    bytes.append(contentsOf: percentDecode(text))
                } else {
                    bytes.append(contentsOf: text.utf8)
                }
            }
            let decoded = CharsetDecoder.decode(bytes[...], charset: charset ?? "utf-8")
            if let problem = decoded.problem { problems.append("parameter \(base): \(problem)") }
            // An RFC 2231 value wins over a plain one of the same name.
            result[base] = decoded.text
        }
        return result
    }

    private static func percentDecode(_ text: Substring) -> [UInt8] {
        let utf8 = Array(text.utf8)
        var out: [UInt8] = []
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "%"), i + 2 < utf8.count,
                let h = TransferEncoding.hexValue(utf8[i + 1]), let l = TransferEncoding.hexValue(utf8[i + 2])
            {
                out.append(h << 4 | l)
                i += 3
            } else {
                out.append(utf8[i])
                i += 1
            }
        }
        return out
    }
}

/// Skips a (possibly nested) parenthesised comment starting at `i`.
func skipComment(_ scalars: [Unicode.Scalar], _ i: inout Int) {
    var depth = 0
    while i < scalars.count {
        let c = scalars[i]
        if c == "\\" {
            i += 2
            continue
        }
        if c == "(" { depth += 1 }
        if c == ")" {
            depth -= 1
            if depth == 0 {
                i += 1
                return
            }
        }
        i += 1
    }
}
