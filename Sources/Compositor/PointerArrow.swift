import Graphics

/// The pointer a mouse or trackpad moves on a panel (`slate session`), where nothing else draws
/// one: iPadOS 26's arrow (it replaced iPadOS 13–18's round pointer), dark with a light rim and a
/// soft shadow, its tip on the point. The host draws it over each frame it moves in (`LiveHost`);
/// a finger on the glass puts it away until the pointer moves again, as iPadOS does.
struct PointerArrow {
    /// The arrow's outline from its tip, in points: a 17.5 pt arrow with a cut tail (Slate's
    /// reading of Apple's iPadOS 26 press pictures, where the pointer is the size of the status
    /// bar's text).
    static let outline: [Point] = [
        Point(0, 0), Point(0, 16), Point(4, 12.6), Point(7, 17.5), Point(9.6, 16.4), Point(6.7, 11.6),
        Point(11.6, 11.6),
    ]
    /// The outline's extent from the tip.
    static let size = Size(outline.map(\.x).max() ?? 0, outline.map(\.y).max() ?? 0)
    /// Its fill and rim (Slate: the system's label colour over a white rim, legible on light and dark).
    static let fill = Color(light: RGBA(0.08, 0.08, 0.09, 1), dark: RGBA(0.08, 0.08, 0.09, 1))
    static let rim = Color.white
    static let rimWidth = 1.4
    /// Its shadow (Slate: a small soft one, as the system's pointer casts).
    static let shadow = Color(light: RGBA(0, 0, 0, 0.35), dark: RGBA(0, 0, 0, 0.35))
    static let shadowBlur = 2.0
    static let shadowOffset = Point(0, 1)

    /// The arrow with its tip at `tip`.
    static func path(tip: Point) -> Path {
        var path = Path()
        path.move(to: Point(tip.x + outline[0].x, tip.y + outline[0].y))
        for p in outline.dropFirst() { path.line(to: Point(tip.x + p.x, tip.y + p.y)) }
        path.close()
        return path
    }

    /// What the arrow with its tip at `tip` covers, its rim and shadow too (points).
    static func rect(tip: Point) -> Rect {
        let margin = rimWidth + shadowBlur * 2 + 1
        return Rect(tip.x - margin, tip.y - margin, size.width + 2 * margin, size.height + 2 * margin + shadowOffset.y)
    }

    /// Draws the arrow with its tip at `tip`.
    static func draw(in canvas: any Canvas, tip: Point) {
        let arrow = path(tip: tip)
        canvas.drawShadow(of: arrow, color: shadow, blur: shadowBlur, offset: shadowOffset)
        canvas.stroke(arrow, with: rim, lineWidth: rimWidth * 2)
        canvas.fill(arrow, with: fill)
    }
}
