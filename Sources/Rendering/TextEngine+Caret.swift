import CPango
import Foundation
import Graphics

/// The caret geometry of laid-out text, from the same cached Pango layout `drawText` draws: lines
/// (`PangoLayoutIter`), the caret's x (`pango_layout_index_to_line_x`) and hit testing
/// (`pango_layout_xy_to_index`).
extension TextEngine: TextCaretMeasuring {
    private static let scale = Double(PANGO_SCALE)

    public func lines(_ layout: TextLayout) -> [TextLine] {
        lock.lock()
        defer { lock.unlock() }
        let pl = pangoLayout(for: layout)
        var out: [TextLine] = []
        guard let iter = pango_layout_get_iter(pl) else { return out }
        defer { pango_layout_iter_free(iter) }
        repeat {
            var y0: Int32 = 0
            var y1: Int32 = 0
            pango_layout_iter_get_line_yrange(iter, &y0, &y1)
            if let line = pango_layout_iter_get_line_readonly(iter) {
                let start = Int(line.pointee.start_index)
                let length = Int(line.pointee.length)
                out.append(
                    TextLine(
                        start: start, end: start + length, top: Double(y0) / Self.scale,
                        height: Double(y1 - y0) / Self.scale))
            }
        } while pango_layout_iter_next_line(iter) != 0
        if out.isEmpty { out.append(TextLine(start: 0, end: 0, top: 0, height: measureUnlocked(pl).height)) }
        return out
    }

    public func caret(_ layout: TextLayout, at offset: Int) -> (x: Double, line: Int) {
        lock.lock()
        defer { lock.unlock() }
        let pl = pangoLayout(for: layout)
        var line: Int32 = 0
        var x: Int32 = 0
        pango_layout_index_to_line_x(pl, Int32(min(offset, layout.text.utf8.count)), 0, &line, &x)
        return (Double(x) / Self.scale, Int(line))
    }

    public func offset(_ layout: TextLayout, at point: Point) -> Int {
        let (index, trailing): (Int, Int) = {
            lock.lock()
            defer { lock.unlock() }
            let pl = pangoLayout(for: layout)
            var index: Int32 = 0
            var trailing: Int32 = 0
            pango_layout_xy_to_index(
                pl, Int32(point.x * Self.scale), Int32(max(0, point.y) * Self.scale), &index, &trailing)
            return (Int(index), Int(trailing))
        }()
        let text = layout.text
        let utf8 = text.utf8
        guard index < utf8.count else { return utf8.count }
        var i = String.Index(utf8.index(utf8.startIndex, offsetBy: index), within: text) ?? text.startIndex
        for _ in 0..<trailing where i < text.endIndex { i = text.index(after: i) }
        return utf8.distance(from: utf8.startIndex, to: i)
    }

    private func measureUnlocked(_ pl: OpaquePointer) -> Size {
        var w: Int32 = 0
        var h: Int32 = 0
        pango_layout_get_size(pl, &w, &h)
        return Size(Double(w) / Self.scale, Double(h) / Self.scale)
    }
}
