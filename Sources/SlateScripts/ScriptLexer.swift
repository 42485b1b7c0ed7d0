import Graphics

struct Token: Equatable {
    enum Kind: Equatable {
        case word(String)
        case quoted(String)
        case number(Double)
        case point(Double, Double)
        case duration(Double)
        case comma, bar, dash
    }
    var kind: Kind
    var column: Int
}

struct Lexer {
    let line: String
    let number: Int
    let source: String
    /// The line without its comment.
    var code = ""

    init(line: String, number: Int, source: String) {
        self.line = line
        self.number = number
        self.source = source
    }

    func error(_ col: Int, _ msg: String) -> ScriptSyntaxError {
        ScriptSyntaxError(source: source, line: number, column: col, message: msg)
    }

    mutating func tokens() throws(ScriptSyntaxError) -> [Token] {
        let chars = Array(line)
        var out: [Token] = []
        var i = 0
        var end = chars.count
        while i < chars.count {
            let c = chars[i]
            let col = i + 1
            if c == "#" {
                end = i
                break
            }
            if c == " " || c == "\t" || c == "\r" {
                i += 1
                continue
            }
            if c == "\"" || c == "“" || c == "«" {
                let close: Character = c == "\"" ? "\"" : c == "“" ? "”" : "»"
                var j = i + 1
                var s = ""
                while j < chars.count && chars[j] != close {
                    // A backslash keeps the next character as it is (a quote in quotes), and
                    // `\n` is a new line (a file's text in `write file`).
                    if chars[j] == "\\" && j + 1 < chars.count {
                        j += 1
                        s.append(chars[j] == "n" ? "\n" : chars[j])
                        j += 1
                        continue
                    }
                    s.append(chars[j])
                    j += 1
                }
                guard j < chars.count else { throw error(col, "the quoted text is not closed") }
                out.append(Token(kind: .quoted(s), column: col))
                i = j + 1
                continue
            }
            if c == "," {
                out.append(Token(kind: .comma, column: col))
                i += 1
                continue
            }
            if c == "|" {
                out.append(Token(kind: .bar, column: col))
                i += 1
                continue
            }
            if c == "—" || c == "–" {
                out.append(Token(kind: .dash, column: col))
                i += 1
                continue
            }
            // A bare word, number, duration or point: up to a space or a comma (a point keeps its comma).
            var j = i
            var w = ""
            while j < chars.count && chars[j] != " " && chars[j] != "\t" && chars[j] != "#" && chars[j] != "\r" {
                if chars[j] == "," {
                    // x,y: a comma between two numbers belongs to the word.
                    if w.count <= ScriptLimits.longestNumber, Double(w) != nil, j + 1 < chars.count,
                        chars[j + 1].isNumber || chars[j + 1] == "-" || chars[j + 1] == "."
                    {
                        w.append(",")
                        j += 1
                        continue
                    }
                    break
                }
                w.append(chars[j])
                j += 1
            }
            let kind = Self.classify(w)
            if case .word = kind, w.count <= ScriptLimits.longestNumber, Self.looksNumeric(w) {
                throw error(col, "\(ScriptLimits.shown(w)) is not a finite number")
            }
            out.append(Token(kind: kind, column: col))
            i = j
        }
        code = String(chars[0..<end])
        return out
    }

    static func classify(_ w: String) -> Token.Kind {
        if w == "--" || w == "-" { return .dash }
        // Only finite numbers are numbers ("inf", "nan" and 1e999 are not); long words are words.
        guard w.count <= ScriptLimits.longestNumber else { return .word(w) }
        func finite<S: StringProtocol>(_ s: S) -> Double? {
            guard let d = Double(String(s)), d.isFinite else { return nil }
            return d
        }
        let parts = w.split(separator: ",", omittingEmptySubsequences: false)
        if parts.count == 2, let x = finite(parts[0]), let y = finite(parts[1]) { return .point(x, y) }
        if let d = finite(w) { return .number(d) }
        if w.hasSuffix("ms"), let d = finite(w.dropLast(2)) { return .duration(d / 1000) }
        if w.hasSuffix("s"), let d = finite(w.dropLast()) { return .duration(d) }
        return .word(w)
    }

    /// Whether a word Swift reads as a number that is not finite (inf, nan, 1e999), alone, with a
    /// unit, or in a point: such words are errors, not step words.
    static func looksNumeric(_ w: String) -> Bool {
        let body = w.hasSuffix("ms") ? String(w.dropLast(2)) : w.hasSuffix("s") ? String(w.dropLast()) : w
        return body.split(separator: ",", omittingEmptySubsequences: false).contains { Double(String($0)) != nil }
    }
}
