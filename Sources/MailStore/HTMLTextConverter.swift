/// Turns HTML into readable plain text.
///
/// Drops tags, comments and the contents of `<script>`, `<style>`, `<head>`
/// and `<title>`; turns `<br>` into a line break, block elements (`<p>`,
/// `<div>`, headings, tables rows, …) into paragraph or line breaks and
/// `<li>` into a line starting with "• "; collapses whitespace outside
/// `<pre>`; and decodes named and numeric character references.
public enum HTMLTextConverter {
    /// Converts `html` to plain text.
    public static func text(fromHTML html: String) -> String {
        var converter = Converter(Array(html.unicodeScalars))
        return converter.run()
    }

    private struct Converter {
        let input: [Unicode.Scalar]
        var i = 0
        var out = String.UnicodeScalarView()
        /// Number of line breaks wanted before the next visible text (0, 1 or 2).
        var pendingBreaks = 0
        var pendingSpace = false
        var preDepth = 0

        init(_ input: [Unicode.Scalar]) {
            self.input = input
        }

        mutating func run() -> String {
            while i < input.count {
                let c = input[i]
                if c == "<" {
                    handleTag()
                } else if c == "&" {
                    let (scalars, next) = entity(at: i)
                    for s in scalars { emitText(s) }
                    i = next
                } else {
                    emitText(c)
                    i += 1
                }
            }
            var plain = String.UnicodeScalarView()
            plain.append(contentsOf: out.lazy.map { $0 == "\u{00A0}" ? " " : $0 })
            let result = String(plain)
            // Trim trailing spaces on each line, and the text as a whole.
            let lines = result.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
                var l = line
                while l.last == " " || l.last == "\t" { l = l.dropLast() }
                return l
            }
            return lines.joined(separator: "\n").trimmingASCIIWhitespace()
        }

        mutating func emitText(_ c: Unicode.Scalar) {
            if preDepth == 0 && (c == " " || c == "\t" || c == "\n" || c == "\r" || c == "\u{0C}") {
                pendingSpace = true
                return
            }
            if preDepth > 0 && c == "\r" { return }
            if !out.isEmpty {
                if pendingBreaks > 0 {
                    emitPendingBreaks()
                } else if pendingSpace, let last = out.last, last != "\n", last != " " {
                    out.append(" ")
                }
            }
            pendingBreaks = 0
            pendingSpace = false
            out.append(c)
        }

        mutating func requestBreaks(_ n: Int) {
            pendingBreaks = max(pendingBreaks, n)
            pendingSpace = false
        }

        mutating func handleTag() {
            // Comments.
            if starts(with: "<!--") {
                if let end = find("-->", from: i + 4) { i = end + 3 } else { i = input.count }
                return
            }
            // Doctype, CDATA, processing instructions.
            if starts(with: "<!") || starts(with: "<?") {
                if let end = find(">", from: i + 2) { i = end + 1 } else { i = input.count }
                return
            }
            var j = i + 1
            var closing = false
            if j < input.count, input[j] == "/" {
                closing = true
                j += 1
            }
            var name = ""
            while j < input.count, input[j].properties.isAlphabetic || ("0"..."9").contains(input[j]) {
                name.unicodeScalars.append(input[j])
                j += 1
            }
            if name.isEmpty {
                // A lone "<" in text.
                emitText("<")
                i += 1
                return
            }
            name = name.lowercased()
            // Find the end of the tag, respecting quoted attribute values.
            var quote: Unicode.Scalar?
            let attributesStart = j
            while j < input.count {
                let c = input[j]
                if let q = quote {
                    if c == q { quote = nil }
                } else if c == "\"" || c == "'" {
                    quote = c
                } else if c == ">" {
                    break
                }
                j += 1
            }
            let attributes = input[attributesStart..<min(j, input.count)]
            i = min(j + 1, input.count)
            let selfClosing = attributes.last == "/"

            switch name {
            case "script", "style", "head", "title", "noscript", "template":
                if !closing && !selfClosing { skipElement(named: name) }
            case "br":
                if preDepth > 0 {
                    out.append("\n")
                } else {
                    // Each <br> is a real line break, even several in a row.
                    flushBreaksForBR()
                }
            case "p", "div", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "table", "ul", "ol",
                "dl", "section", "article", "header", "footer", "form", "address", "center", "main", "nav", "aside",
                "figure", "hr":
                if name == "p" || name.hasPrefix("h") || name == "blockquote" || name == "table" || name == "hr"
                    || name == "ul" || name == "ol"
                {
                    requestBreaks(2)
                } else {
                    requestBreaks(1)
                }
            case "pre":
                requestBreaks(2)
                preDepth = closing ? max(0, preDepth - 1) : preDepth + 1
            case "li":
                if !closing {
                    requestBreaks(1)
                    emitListBullet()
                } else {
                    requestBreaks(1)
                }
            case "tr", "dt", "dd", "caption":
                requestBreaks(1)
            case "td", "th":
                if !closing { pendingSpace = true }
            default:
                break
            }
        }

        mutating func flushBreaksForBR() {
            if out.isEmpty { return }
            if pendingBreaks > 0 {
                emitPendingBreaks()
            }
            out.append("\n")
            pendingSpace = false
        }

        mutating func emitPendingBreaks() {
            var existing = 0
            var idx = out.endIndex
            while idx > out.startIndex {
                idx = out.index(before: idx)
                if out[idx] == "\n" { existing += 1 } else { break }
            }
            for _ in 0..<max(0, pendingBreaks - existing) { out.append("\n") }
            pendingBreaks = 0
        }

        mutating func emitListBullet() {
            if !out.isEmpty { emitPendingBreaks() }
            pendingBreaks = 0
            pendingSpace = false
            out.append("•")
            out.append(" ")
        }

        mutating func skipElement(named name: String) {
            // Skip to the matching close tag, case-insensitively.
            let close = Array("</\(name)".unicodeScalars)
            var j = i
            while j + close.count <= input.count {
                var match = true
                for k in 0..<close.count where lower(input[j + k]) != close[k] {
                    match = false
                    break
                }
                if match {
                    let after = j + close.count
                    if after >= input.count || !(input[after].properties.isAlphabetic) {
                        if let end = find(">", from: after) { i = end + 1 } else { i = input.count }
                        return
                    }
                }
                j += 1
            }
            i = input.count
        }

        func lower(_ c: Unicode.Scalar) -> Unicode.Scalar {
            ("A"..."Z").contains(c) ? Unicode.Scalar(c.value + 32)! : c
        }

        func starts(with prefix: String) -> Bool {
            var j = i
            for p in prefix.unicodeScalars {
                guard j < input.count, lower(input[j]) == p else { return false }
                j += 1
            }
            return true
        }

        func find(_ needle: String, from start: Int) -> Int? {
            let n = Array(needle.unicodeScalars)
            var j = start
            while j + n.count <= input.count {
                if input[j] == n[0] && Array(input[j..<(j + n.count)]) == n { return j }
                j += 1
            }
            return nil
        }

        /// Decodes a character reference at `start` ("&..."); returns "&" alone if it is not one.
        func entity(at start: Int) -> ([Unicode.Scalar], Int) {
            var j = start + 1
            if j < input.count, input[j] == "#" {
                j += 1
                var hex = false
                if j < input.count, input[j] == "x" || input[j] == "X" {
                    hex = true
                    j += 1
                }
                var digits = ""
                while j < input.count, digits.count < 8,
                    hex ? input[j].properties.isASCIIHexDigit : ("0"..."9").contains(input[j])
                {
                    digits.unicodeScalars.append(input[j])
                    j += 1
                }
                guard !digits.isEmpty, let value = UInt32(digits, radix: hex ? 16 : 10) else {
                    return (["&"], start + 1)
                }
                if j < input.count, input[j] == ";" { j += 1 }
                let scalar = value == 0 ? nil : Unicode.Scalar(HTMLTextConverter.windows1252Fix(value))
                return ([scalar ?? "\u{FFFD}"], j)
            }
            var name = ""
            while j < input.count, name.count < 10, input[j].properties.isAlphabetic || ("0"..."9").contains(input[j]) {
                name.unicodeScalars.append(input[j])
                j += 1
            }
            if let value = HTMLTextConverter.namedEntities[name] {
                if j < input.count, input[j] == ";" { j += 1 }
                return (Array(value.unicodeScalars), j)
            }
            return (["&"], start + 1)
        }
    }

    /// Numeric references in 0x80–0x9F mean Windows-1252 characters in practice.
    static func windows1252Fix(_ value: UInt32) -> UInt32 {
        let table: [UInt32: UInt32] = [
            0x80: 0x20AC, 0x82: 0x201A, 0x83: 0x0192, 0x84: 0x201E, 0x85: 0x2026, 0x86: 0x2020, 0x87: 0x2021,
            0x88: 0x02C6, 0x89: 0x2030, 0x8A: 0x0160, 0x8B: 0x2039, 0x8C: 0x0152, 0x8E: 0x017D, 0x91: 0x2018,
            0x92: 0x2019, 0x93: 0x201C, 0x94: 0x201D, 0x95: 0x2022, 0x96: 0x2013, 0x97: 0x2014, 0x98: 0x02DC,
            0x99: 0x2122, 0x9A: 0x0161, 0x9B: 0x203A, 0x9C: 0x0153, 0x9E: 0x017E, 0x9F: 0x0178,
        ]
        return table[value] ?? value
    }

    static let namedEntities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'", "nbsp": "\u{00A0}",
        "AMP": "&", "LT": "<", "GT": ">", "QUOT": "\"",
        "copy": "©", "reg": "®", "trade": "™", "hellip": "…", "mdash": "—", "ndash": "–",
        "laquo": "«", "raquo": "»", "ldquo": "“", "rdquo": "”", "lsquo": "‘", "rsquo": "’",
        "sbquo": "‚", "bdquo": "„", "bull": "•", "middot": "·", "euro": "€", "pound": "£",
        "yen": "¥", "cent": "¢", "sect": "§", "deg": "°", "plusmn": "±", "times": "×",
        "divide": "÷", "shy": "", "zwnj": "", "zwj": "", "lrm": "", "rlm": "", "para": "¶",
        "iexcl": "¡", "iquest": "¿", "frac12": "½", "frac14": "¼", "frac34": "¾", "micro": "µ",
        "auml": "ä", "ouml": "ö", "uuml": "ü", "Auml": "Ä", "Ouml": "Ö", "Uuml": "Ü", "szlig": "ß",
        "eacute": "é", "egrave": "è", "ecirc": "ê", "aacute": "á", "agrave": "à", "acirc": "â",
        "iacute": "í", "oacute": "ó", "uacute": "ú", "ntilde": "ñ", "ccedil": "ç", "Eacute": "É",
        "thinsp": "\u{2009}", "ensp": "\u{2002}", "emsp": "\u{2003}", "larr": "←", "rarr": "→",
        "uarr": "↑", "darr": "↓", "hearts": "♥", "check": "✓", "numero": "№", "prime": "′",
    ]
}
