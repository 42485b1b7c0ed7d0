/// One line of a wrapped paragraph: which bytes of the paragraph's UTF-8 it holds and where it is.
public struct TextLine: Hashable, Sendable {
    /// The first byte of the line in the paragraph's UTF-8.
    public var start: Int
    /// Just past the line's last byte (a trailing space that wrapped stays on the line).
    public var end: Int
    /// The line's top, from the top of the paragraph, in points.
    public var top: Double
    /// The line's height, in points.
    public var height: Double

    /// A line of a paragraph.
    public init(start: Int, end: Int, top: Double, height: Double) {
        self.start = start
        self.end = end
        self.top = top
        self.height = height
    }
}

/// What a text editor needs from the text engine beyond sizes: the lines a paragraph wraps into, where
/// the caret stands before a byte, and which byte a point falls on. Offsets are in the paragraph's
/// UTF-8 bytes, always on character boundaries. The layout is the one `drawText` draws (no line limit,
/// no truncation, wrapped at `width`), so the caret and the drawn text agree.
public protocol TextCaretMeasuring: TextMeasuring {
    /// The lines of `layout`, top to bottom; one empty line for empty text.
    func lines(_ layout: TextLayout) -> [TextLine]
    /// The caret before the byte `offset`: its x from the layout's left and the index of its line.
    func caret(_ layout: TextLayout, at offset: Int) -> (x: Double, line: Int)
    /// The byte nearest to `point` (layout coordinates), on a character boundary.
    func offset(_ layout: TextLayout, at point: Point) -> Int
}

/// The approximate measurer's caret geometry: every character is 0.55 em wide, lines break at the
/// character that would cross the width. Pure tests of editing use it; it never draws.
extension ApproximateTextMeasurer: TextCaretMeasuring {
    private func metrics(_ layout: TextLayout) -> (charW: Double, lineH: Double, perLine: Int) {
        let charW = layout.font.size * 0.55
        let lineH = (layout.font.size * 1.2).rounded()
        let perLine = layout.width.map { max(1, Int($0 / charW)) } ?? Int.max
        return (charW, lineH, perLine)
    }

    /// Byte offsets of each character boundary, the end included.
    private func boundaries(_ text: String) -> [Int] {
        var out = [0]
        var o = 0
        for c in text {
            o += c.utf8.count
            out.append(o)
        }
        return out
    }

    /// Lines of as many characters as fit, 0.55 em each.
    public func lines(_ layout: TextLayout) -> [TextLine] {
        let m = metrics(layout)
        let b = boundaries(layout.text)
        let chars = b.count - 1
        var out: [TextLine] = []
        var i = 0
        repeat {
            let j = min(chars, i + m.perLine)
            out.append(TextLine(start: b[i], end: b[j], top: Double(out.count) * m.lineH, height: m.lineH))
            i = j
        } while i < chars
        return out
    }

    /// The caret after as many characters as come before `offset` on its line.
    public func caret(_ layout: TextLayout, at offset: Int) -> (x: Double, line: Int) {
        let m = metrics(layout)
        let b = boundaries(layout.text)
        let ci = b.firstIndex { $0 >= offset } ?? (b.count - 1)
        let chars = b.count - 1
        var line = m.perLine == Int.max ? 0 : ci / m.perLine
        // The end of a full line shows at the end of that line, not the start of an empty next one.
        if line > 0, ci == chars, ci % m.perLine == 0 { line -= 1 }
        return (Double(ci - line * (m.perLine == Int.max ? 0 : m.perLine)) * m.charW, line)
    }

    /// The character boundary nearest to `point` on its line.
    public func offset(_ layout: TextLayout, at point: Point) -> Int {
        let ls = lines(layout)
        let m = metrics(layout)
        let li = min(ls.count - 1, max(0, Int(point.y / m.lineH)))
        let b = boundaries(layout.text)
        let first = b.firstIndex(of: ls[li].start) ?? 0
        let last = b.firstIndex(of: ls[li].end) ?? (b.count - 1)
        let ci = min(last, first + max(0, Int((point.x / m.charW).rounded())))
        return b[ci]
    }
}
