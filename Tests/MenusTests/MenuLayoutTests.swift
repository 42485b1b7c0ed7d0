import Graphics
import Testing
import UI

@testable import Menus

/// The layout rules, with every number worked out by hand (screen 1024×768, margins 8 pt, gap 8 pt).
@Suite struct MenuLayoutTests {
    let screen = Rect(0, 0, 1024, 768)

    func rows(_ n: Int, height: Double = 44) -> [MenuLayout.RowSpec] {
        Array(repeating: MenuLayout.RowSpec(height: height), count: n)
    }

    func input(
        source: Rect, preview: Size? = nil, touch: Point? = nil, rows: [MenuLayout.RowSpec],
        order: ElementOrder = .automatic, safe: EdgeInsets = .zero
    ) -> MenuLayout.Input {
        MenuLayout.Input(
            bounds: screen, safeInsets: safe, sourceFrame: source, previewSize: preview ?? source.size * 1.1,
            touchLocation: touch, rows: rows, order: order)
    }

    @Test func anItemInTheTopHalfGetsItsMenuBelow() throws {
        let l = MenuLayout.layout(input(source: Rect(100, 100, 300, 60), rows: rows(5)))
        #expect(l.placement == .below)
        #expect(l.previewFrame == Rect(85, 97, 330, 66), "lifted ×1.1 about the item's centre")
        #expect(l.panelFrame == Rect(85, 171, 250, 220), "8 pt below the preview, lined up with its leading edge")
        #expect(!l.reversed && !l.scrolls && l.contentHeight == 220)
        #expect(l.displayOrder == [0, 1, 2, 3, 4])
        #expect(l.rowFrames == (0..<5).map { Rect(0, Double($0) * 44, 250, 44) })
        let right = MenuLayout.layout(input(source: Rect(100, 100, 300, 60), touch: Point(300, 130), rows: rows(5)))
        #expect(right.panelFrame.maxX == 415, "a finger on the trailing half: the trailing edges line up")
    }

    @Test func anItemInTheBottomHalfGetsItsMenuAboveWithTheFirstElementNearestTheFinger() throws {
        let l = MenuLayout.layout(input(source: Rect(100, 600, 300, 60), rows: rows(5)))
        #expect(l.placement == .above)
        #expect(l.previewFrame == Rect(85, 597, 330, 66))
        #expect(l.panelFrame == Rect(85, 369, 250, 220), "8 pt above the preview")
        #expect(l.reversed, "automatic is priority for touch")
        #expect(l.displayOrder == [4, 3, 2, 1, 0])
        #expect(l.rowFrames[0] == Rect(0, 176, 250, 44), "the first element is at the bottom, next to the preview")
        #expect(l.rowFrames[4] == Rect(0, 0, 250, 44))
        let fixed = MenuLayout.layout(input(source: Rect(100, 600, 300, 60), rows: rows(5), order: .fixed))
        #expect(!fixed.reversed && fixed.rowFrames[0] == Rect(0, 0, 250, 44))
        let priority = MenuLayout.layout(input(source: Rect(100, 100, 300, 60), rows: rows(5), order: .priority))
        #expect(!priority.reversed, "below, priority order reads top to bottom")
    }

    @Test func reversingKeepsGroupsTogetherAndHeadersFirst() throws {
        typealias R = MenuLayout.RowSpec
        let specs: [R] = [
            R(height: 34, role: .pinned), R(height: 44), R(height: 44), R(height: 8, role: .band),
            R(height: 34, role: .header), R(height: 44), R(height: 44), R(height: 8, role: .band), R(height: 44),
        ]
        #expect(MenuLayout.displayOrder(specs, reversed: false) == Array(0..<9))
        #expect(MenuLayout.displayOrder(specs, reversed: true) == [0, 8, 3, 4, 6, 5, 7, 2, 1])
        let frames = MenuLayout.rowFrames(specs, order: [0, 8, 3, 4, 6, 5, 7, 2, 1], width: 250)
        #expect(frames[0] == Rect(0, 0, 250, 34) && frames[8] == Rect(0, 34, 250, 44))
        #expect(frames[1] == Rect(0, 260, 250, 44), "the first item is last, nearest the finger")
    }

    @Test func previewAndMenuStayEightPointsInsideTheScreen() throws {
        let corner = MenuLayout.layout(input(source: Rect(900, 20, 120, 40), rows: rows(3)))
        #expect(corner.previewFrame == Rect(884, 18, 132, 44), "pushed in from the right edge")
        #expect(corner.panelFrame == Rect(766, 70, 250, 132), "centred under the preview, then pushed in")
        #expect(corner.panelFrame.maxX == 1016)
        let top = MenuLayout.layout(input(source: Rect(100, 0, 200, 10), rows: rows(3)))
        #expect(top.previewFrame.minY == 8)
        let left = MenuLayout.layout(input(source: Rect(0, 700, 40, 40), rows: rows(3)))
        #expect(left.previewFrame.minX == 8 && left.panelFrame.minX == 8)
        #expect(left.panelFrame.maxY + 8 == left.previewFrame.minY)
        let safe = MenuLayout.layout(
            input(source: Rect(100, 0, 200, 10), rows: rows(3), safe: EdgeInsets(top: 24, bottom: 20)))
        #expect(safe.previewFrame.minY == 32, "and inside the safe area")
    }

    @Test func whenBothDoNotFitThePreviewShrinks() throws {
        let l = MenuLayout.layout(input(source: Rect(100, 100, 400, 400), rows: rows(10)))
        #expect(l.previewFrame == Rect(148, 8, 304, 304), "440 pt shrank to 304 so that 440 pt of menu fit")
        #expect(l.panelFrame == Rect(148, 320, 250, 440))
        #expect(l.panelFrame.maxY == 760 && !l.scrolls)
        #expect(abs(l.previewScale(for: Size(440, 440)) - 304.0 / 440) < 1e-12)
    }

    @Test func aLongMenuScrollsOnceThePreviewIsAtHalfItsSize() throws {
        let l = MenuLayout.layout(input(source: Rect(100, 100, 400, 400), rows: rows(20)))
        #expect(l.previewFrame == Rect(190, 8, 220, 220), "half of 440")
        #expect(l.panelFrame == Rect(175, 236, 250, 524), "centred under the narrower preview")
        #expect(l.scrolls && l.contentHeight == 880)
        #expect(l.rowFrames[19] == Rect(0, 836, 250, 44), "rows keep their places in the scrolled content")
    }

    @Test func theCompactFormOpensAtThePointerAndFlipsAtTheEdges() throws {
        let a = MenuLayout.compact(bounds: screen, at: Point(100, 100), rows: rows(3))
        #expect(a.panelFrame == Rect(100, 100, 250, 132) && a.placement == .below && a.previewFrame == .zero)
        let b = MenuLayout.compact(bounds: screen, at: Point(900, 700), rows: rows(3))
        #expect(b.panelFrame == Rect(650, 568, 250, 132), "to the left of and above the pointer")
        #expect(b.placement == .above && !b.reversed, "a pointer menu keeps its order")
        let c = MenuLayout.compact(bounds: screen, at: Point(900, 700), rows: rows(3), order: .priority)
        #expect(c.reversed)
        let d = MenuLayout.compact(bounds: screen, at: Point(500, 400), rows: rows(30))
        #expect(d.panelFrame == Rect(500, 8, 250, 752) && d.scrolls)
    }

    @Test func newRowsGrowAwayFromThePreview() throws {
        let below = MenuLayout.layout(input(source: Rect(100, 100, 300, 60), rows: rows(5)))
        let grown = MenuLayout.resized(below, bounds: screen, rows: rows(7))
        #expect(grown.panelFrame == Rect(85, 171, 250, 308), "the top edge stays")
        #expect(grown.previewFrame == below.previewFrame)
        #expect(Array(grown.rowFrames.prefix(5)) == below.rowFrames, "rows already shown do not move")
        let long = MenuLayout.resized(below, bounds: screen, rows: rows(30))
        #expect(long.panelFrame == Rect(85, 171, 250, 589) && long.scrolls, "it scrolls rather than jump")
        let above = MenuLayout.layout(input(source: Rect(100, 600, 300, 60), rows: rows(5)))
        let up = MenuLayout.resized(above, bounds: screen, rows: rows(7))
        #expect(up.panelFrame == Rect(85, 281, 250, 308) && up.panelFrame.maxY == above.panelFrame.maxY)
        #expect(up.rowFrames[0] == Rect(0, 264, 250, 44), "still reversed, the first element still nearest")
    }

    @Test func aThousandRowsAreLaidOutInOrder() throws {
        let many = rows(1000)
        let l = MenuLayout.layout(input(source: Rect(100, 100, 300, 60), rows: many))
        #expect(l.rowFrames.count == 1000 && l.rowFrames[999] == Rect(0, 43956, 250, 44))
        #expect(l.scrolls && l.panelFrame.maxY == 760)
    }
}
