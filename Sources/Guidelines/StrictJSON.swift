/// JSON read strictly (RFC 8259: no trailing commas, no comments, no duplicate keys, no control
/// characters in strings), every value with the line and column where it starts, so that a menu file's
/// mistakes can be named with their place. Bounded: nesting deeper than `maximumDepth` or more than
/// `maximumValues` values is refused with its place, so no file can exhaust the stack or memory.
struct StrictJSON {
    /// A value and where it starts (1-based line and column; columns count characters).
    struct Node {
        var value: Value
        var line: Int
        var column: Int
    }

    enum Value {
        case object([(key: String, node: Node)])
        case array([Node])
        case string(String)
        /// The number as written, for exact integers.
        case number(String)
        case bool(Bool)
        case null

        /// What a person calls this kind of value, for errors.
        var kind: String {
            switch self {
            case .object: "an object"
            case .array: "a list"
            case .string: "a string"
            case .number: "a number"
            case .bool: "true or false"
            case .null: "null"
            }
        }
    }

    struct SyntaxError: Error {
        var line: Int
        var column: Int
        var reason: String
    }

    static let maximumDepth = 32
    static let maximumValues = 1_000_000

    private let bytes: [UInt8]
    private var pos = 0
    private var line = 1
    private var column = 1
    private var values = 0

    private init(_ bytes: [UInt8]) { self.bytes = bytes }

    /// The document's single top-level value.
    static func parse(_ bytes: [UInt8]) throws(SyntaxError) -> Node {
        var p = StrictJSON(bytes)
        if p.bytes.starts(with: [0xEF, 0xBB, 0xBF]) { p.pos = 3 }  // a UTF-8 byte order mark
        p.skipSpace()
        let root = try p.value(depth: 0)
        p.skipSpace()
        if p.pos < p.bytes.count { throw p.error("unexpected text after the end of the document") }
        return root
    }

    private func error(_ reason: String) -> SyntaxError { SyntaxError(line: line, column: column, reason: reason) }

    private var current: UInt8? { pos < bytes.count ? bytes[pos] : nil }

    private mutating func advance() {
        let b = bytes[pos]
        pos += 1
        if b == UInt8(ascii: "\n") {
            line += 1
            column = 1
        } else if b & 0xC0 != 0x80 {
            column += 1
        }
    }

    private mutating func skipSpace() {
        while let b = current, b == 0x20 || b == 0x09 || b == 0x0A || b == 0x0D { advance() }
    }

    private mutating func expect(_ c: Character) throws(SyntaxError) {
        guard let b = current, b == c.asciiValue else {
            throw error(current == nil ? "the file ends early: expected '\(c)'" : "expected '\(c)'")
        }
        advance()
    }

    private mutating func value(depth: Int) throws(SyntaxError) -> Node {
        guard depth < Self.maximumDepth else { throw error("nested deeper than \(Self.maximumDepth) levels") }
        values += 1
        guard values <= Self.maximumValues else { throw error("more than \(Self.maximumValues) values") }
        let (l, c) = (line, column)
        guard let b = current else { throw error("the file ends early: expected a value") }
        let v: Value
        switch b {
        case UInt8(ascii: "{"): v = try object(depth: depth)
        case UInt8(ascii: "["): v = try array(depth: depth)
        case UInt8(ascii: "\""): v = .string(try string())
        case UInt8(ascii: "t"): v = try literal("true", .bool(true))
        case UInt8(ascii: "f"): v = try literal("false", .bool(false))
        case UInt8(ascii: "n"): v = try literal("null", .null)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): v = .number(try number())
        default: throw error("expected a value")
        }
        return Node(value: v, line: l, column: c)
    }

    private mutating func literal(_ word: String, _ v: Value) throws(SyntaxError) -> Value {
        for u in word.utf8 {
            guard current == u else { throw error("expected a value") }
            advance()
        }
        return v
    }

    private mutating func object(depth: Int) throws(SyntaxError) -> Value {
        advance()  // {
        var members: [(key: String, node: Node)] = []
        var seen = Set<String>()
        skipSpace()
        if current == UInt8(ascii: "}") {
            advance()
            return .object(members)
        }
        while true {
            skipSpace()
            guard current == UInt8(ascii: "\"") else {
                throw error(
                    current == UInt8(ascii: "}")
                        ? "a comma before '}' (trailing commas are not JSON)" : "expected a key in quotes")
            }
            let keyError = error("the key is given twice")
            let key = try string()
            guard seen.insert(key).inserted else { throw keyError }
            skipSpace()
            try expect(":")
            skipSpace()
            members.append((key, try value(depth: depth + 1)))
            skipSpace()
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            try expect("}")
            return .object(members)
        }
    }

    private mutating func array(depth: Int) throws(SyntaxError) -> Value {
        advance()  // [
        var items: [Node] = []
        skipSpace()
        if current == UInt8(ascii: "]") {
            advance()
            return .array(items)
        }
        while true {
            skipSpace()
            if current == UInt8(ascii: "]") { throw error("a comma before ']' (trailing commas are not JSON)") }
            items.append(try value(depth: depth + 1))
            skipSpace()
            if current == UInt8(ascii: ",") {
                advance()
                continue
            }
            try expect("]")
            return .array(items)
        }
    }

    private mutating func string() throws(SyntaxError) -> String {
        advance()  // "
        var out: [UInt8] = []
        while true {
            guard let b = current else { throw error("the file ends inside a string") }
            if b == UInt8(ascii: "\"") {
                advance()
                return String(decoding: out, as: UTF8.self)
            }
            if b < 0x20 { throw error("a control character inside a string (write it as \\n, \\t or \\u00XX)") }
            if b != UInt8(ascii: "\\") {
                out.append(b)
                advance()
                continue
            }
            advance()
            guard let e = current else { throw error("the file ends inside a string") }
            advance()
            switch e {
            case UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "/"): out.append(e)
            case UInt8(ascii: "b"): out.append(0x08)
            case UInt8(ascii: "f"): out.append(0x0C)
            case UInt8(ascii: "n"): out.append(0x0A)
            case UInt8(ascii: "r"): out.append(0x0D)
            case UInt8(ascii: "t"): out.append(0x09)
            case UInt8(ascii: "u"):
                var scalar = try hex4()
                if (0xD800...0xDBFF).contains(scalar), current == UInt8(ascii: "\\"),
                    pos + 1 < bytes.count, bytes[pos + 1] == UInt8(ascii: "u")
                {
                    advance()
                    advance()
                    let low = try hex4()
                    if (0xDC00...0xDFFF).contains(low) {
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    } else {
                        out.append(contentsOf: Array("\u{FFFD}".utf8))
                        scalar = low
                    }
                }
                let s = Unicode.Scalar(scalar) ?? "\u{FFFD}"  // a lone surrogate
                out.append(contentsOf: Array(String(Character(s)).utf8))
            default: throw error("an unknown escape '\\\(Character(Unicode.Scalar(e)))'")
            }
        }
    }

    private mutating func hex4() throws(SyntaxError) -> UInt32 {
        var v: UInt32 = 0
        for _ in 0..<4 {
            guard let b = current, let d = Character(Unicode.Scalar(b)).hexDigitValue else {
                throw error("\\u needs four hexadecimal digits")
            }
            v = v * 16 + UInt32(d)
            advance()
        }
        return v
    }

    private mutating func number() throws(SyntaxError) -> String {
        let start = pos
        func digits(_ p: inout StrictJSON) -> Int {
            var n = 0
            while let b = p.current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
                p.advance()
                n += 1
            }
            return n
        }
        if current == UInt8(ascii: "-") { advance() }
        if current == UInt8(ascii: "0") {
            advance()
            if let b = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(b) {
                throw error("a number does not start with 0")
            }
        } else if digits(&self) == 0 {
            throw error("expected digits")
        }
        if current == UInt8(ascii: ".") {
            advance()
            guard digits(&self) > 0 else { throw error("expected digits after '.'") }
        }
        if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
            advance()
            if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { advance() }
            guard digits(&self) > 0 else { throw error("expected digits in the exponent") }
        }
        return String(decoding: bytes[start..<pos], as: UTF8.self)
    }
}
