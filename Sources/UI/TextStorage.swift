/// A place in text: a paragraph (a line between newlines) and a byte offset into its UTF-8, always on
/// a character boundary. Paragraph and byte keep every operation local to one paragraph, so a 1 MB
/// text edits as fast as a short one.
public struct TextPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The paragraph, from 0.
    public var paragraph: Int
    /// The byte in the paragraph's UTF-8.
    public var offset: Int

    /// A position; the caller keeps it on a character boundary (`TextStorage.clamped` does).
    public init(paragraph: Int, offset: Int) {
        self.paragraph = paragraph
        self.offset = offset
    }

    /// The start of any text.
    public static let start = TextPosition(paragraph: 0, offset: 0)

    /// Text order: by paragraph, then by byte.
    public static func < (a: TextPosition, b: TextPosition) -> Bool {
        (a.paragraph, a.offset) < (b.paragraph, b.offset)
    }

    /// `paragraph:offset`.
    public var description: String { "\(paragraph):\(offset)" }
}

/// A run of text from `start` up to `end`, in order.
public struct TextRange: Hashable, Sendable, CustomStringConvertible {
    /// The first position of the range.
    public var start: TextPosition
    /// Just past the last character of the range.
    public var end: TextPosition

    /// The range between two positions, in either order.
    public init(_ a: TextPosition, _ b: TextPosition) {
        start = min(a, b)
        end = max(a, b)
    }

    /// An empty range: a caret.
    public init(caret p: TextPosition) { self.init(p, p) }

    /// Whether the range holds nothing (a caret).
    public var isEmpty: Bool { start == end }
    /// `start…end`.
    public var description: String { "\(start)…\(end)" }
}

/// Text kept as paragraphs, and as one string beside them (what saving and the accessibility value
/// read), both changed in place by each edit.
public struct TextStorage: Sendable {
    /// The paragraphs, without their newlines; at least one.
    public private(set) var paragraphs: [String]
    /// The whole text, paragraphs joined by newlines.
    public private(set) var string: String

    /// Storage for `text`, split into paragraphs at its newlines.
    public init(_ text: String = "") {
        string = text
        paragraphs = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if paragraphs.isEmpty { paragraphs = [""] }
    }

    /// The position after the last character.
    public var end: TextPosition {
        TextPosition(paragraph: paragraphs.count - 1, offset: paragraphs[paragraphs.count - 1].utf8.count)
    }

    /// The whole text as a range.
    public var all: TextRange { TextRange(.start, end) }

    /// `p` moved inside the text and onto a character boundary.
    public func clamped(_ p: TextPosition) -> TextPosition {
        let i = min(max(0, p.paragraph), paragraphs.count - 1)
        let para = paragraphs[i]
        let off = min(max(0, p.offset), para.utf8.count)
        return TextPosition(paragraph: i, offset: Self.boundary(in: para, atOrBefore: off))
    }

    /// The byte offset of `p` in `string`.
    public func utf8Offset(of p: TextPosition) -> Int {
        var o = 0
        for i in 0..<p.paragraph { o += paragraphs[i].utf8.count + 1 }
        return o + p.offset
    }

    /// The position of the byte offset `o` of `string`.
    public func position(ofUTF8Offset o: Int) -> TextPosition {
        var rest = max(0, o)
        for (i, p) in paragraphs.enumerated() {
            let n = p.utf8.count
            if rest <= n { return clamped(TextPosition(paragraph: i, offset: rest)) }
            rest -= n + 1
        }
        return end
    }

    /// The text of `range`, newlines included.
    public func text(in range: TextRange) -> String {
        let a = range.start
        let b = range.end
        if a.paragraph == b.paragraph { return Self.slice(paragraphs[a.paragraph], a.offset, b.offset) }
        var out = Self.slice(paragraphs[a.paragraph], a.offset, paragraphs[a.paragraph].utf8.count)
        for i in (a.paragraph + 1)..<b.paragraph {
            out += "\n"
            out += paragraphs[i]
        }
        out += "\n"
        out += Self.slice(paragraphs[b.paragraph], 0, b.offset)
        return out
    }

    /// Replaces `range` with `text` and returns the position just after the inserted text.
    @discardableResult
    public mutating func replace(_ range: TextRange, with text: String) -> TextPosition {
        let a = clamped(range.start)
        let b = clamped(range.end)
        let ga = utf8Offset(of: a)
        let gb = ga + (a.paragraph == b.paragraph ? b.offset - a.offset : utf8Offset(of: b) - ga)
        let u = string.utf8
        string.replaceSubrange(u.index(u.startIndex, offsetBy: ga)..<u.index(u.startIndex, offsetBy: gb), with: text)
        let head = Self.slice(paragraphs[a.paragraph], 0, a.offset)
        let tail = Self.slice(paragraphs[b.paragraph], b.offset, paragraphs[b.paragraph].utf8.count)
        var pieces = text.utf8.split(separator: 10, omittingEmptySubsequences: false).map {
            String(decoding: $0, as: UTF8.self)
        }
        if pieces.isEmpty { pieces = [""] }
        let endOffset = (pieces.count == 1 ? head.utf8.count : 0) + pieces[pieces.count - 1].utf8.count
        pieces[0] = head + pieces[0]
        pieces[pieces.count - 1] += tail
        if pieces.count == 1 && a.paragraph == b.paragraph {
            paragraphs[a.paragraph] = pieces[0]
        } else {
            paragraphs.replaceSubrange(a.paragraph...b.paragraph, with: pieces)
        }
        return TextPosition(paragraph: a.paragraph + pieces.count - 1, offset: endOffset)
    }

    /// Where text inserted at `p` ends.
    public func position(_ p: TextPosition, advancedOver text: String) -> TextPosition {
        var newlines = 0
        var last = 0
        for (i, byte) in text.utf8.enumerated() where byte == 10 {
            newlines += 1
            last = i + 1
        }
        if newlines == 0 { return TextPosition(paragraph: p.paragraph, offset: p.offset + text.utf8.count) }
        return TextPosition(paragraph: p.paragraph + newlines, offset: text.utf8.count - last)
    }

    // MARK: Moving by characters and words

    /// The position one character after `p` (the next paragraph's start after a paragraph's end).
    public func position(after p: TextPosition) -> TextPosition {
        let para = paragraphs[p.paragraph]
        if p.offset >= para.utf8.count {
            return p.paragraph + 1 < paragraphs.count ? TextPosition(paragraph: p.paragraph + 1, offset: 0) : p
        }
        let u = para.utf8
        let next = para.index(after: u.index(u.startIndex, offsetBy: p.offset))
        return TextPosition(paragraph: p.paragraph, offset: u.distance(from: u.startIndex, to: next))
    }

    /// The position one character before `p`.
    public func position(before p: TextPosition) -> TextPosition {
        if p.offset == 0 {
            return p.paragraph > 0
                ? TextPosition(paragraph: p.paragraph - 1, offset: paragraphs[p.paragraph - 1].utf8.count) : p
        }
        let para = paragraphs[p.paragraph]
        let u = para.utf8
        let prev = para.index(before: u.index(u.startIndex, offsetBy: p.offset))
        return TextPosition(paragraph: p.paragraph, offset: u.distance(from: u.startIndex, to: prev))
    }

    /// The character just after `p`, or nil at a paragraph's end.
    public func character(at p: TextPosition) -> Character? {
        let para = paragraphs[p.paragraph]
        let u = para.utf8
        guard p.offset < u.count else { return nil }
        return para[u.index(u.startIndex, offsetBy: p.offset)]
    }

    static func isWordCharacter(_ c: Character) -> Bool { c.isLetter || c.isNumber || c == "_" || c == "'" }

    /// The end of the word at or after `p` (Ctrl+→): spaces and punctuation are skipped first.
    public func wordEnd(after p: TextPosition) -> TextPosition {
        var q = p
        if q.offset >= paragraphs[q.paragraph].utf8.count { return position(after: q) }
        while let c = character(at: q), !Self.isWordCharacter(c) { q = position(after: q) }
        while let c = character(at: q), Self.isWordCharacter(c) { q = position(after: q) }
        return q
    }

    /// The start of the word at or before `p` (Ctrl+←).
    public func wordStart(before p: TextPosition) -> TextPosition {
        if p.offset == 0 { return position(before: p) }
        var q = p
        func before(_ q: TextPosition) -> Character? { q.offset == 0 ? nil : character(at: position(before: q)) }
        while let c = before(q), !Self.isWordCharacter(c) { q = position(before: q) }
        while let c = before(q), Self.isWordCharacter(c) { q = position(before: q) }
        return q
    }

    /// The word around `p` (a double click), or the run of other characters there.
    public func wordRange(at p: TextPosition) -> TextRange {
        let p = clamped(p)
        let probe = character(at: p) ?? (p.offset > 0 ? character(at: position(before: p)) : nil)
        guard let probe else { return TextRange(caret: p) }
        let isWord = Self.isWordCharacter(probe)
        var a = p
        while a.offset > 0, let c = character(at: position(before: a)), Self.isWordCharacter(c) == isWord {
            a = position(before: a)
        }
        var b = p
        while let c = character(at: b), Self.isWordCharacter(c) == isWord { b = position(after: b) }
        return TextRange(a, b)
    }

    // MARK: Bytes

    static func slice(_ s: String, _ a: Int, _ b: Int) -> String {
        let u = s.utf8
        guard a < b else { return "" }
        return String(Substring(u[u.index(u.startIndex, offsetBy: a)..<u.index(u.startIndex, offsetBy: b)]))
    }

    /// The character boundary at or before byte `off` of `s`.
    static func boundary(in s: String, atOrBefore off: Int) -> Int {
        let u = s.utf8
        let i = u.index(u.startIndex, offsetBy: off)
        if let j = i.samePosition(in: s) { return u.distance(from: u.startIndex, to: j) }
        let j = s.index(before: i)
        return u.distance(from: u.startIndex, to: j)
    }
}
