import Graphics
import Testing

@testable import Windowing

@Suite struct SpaceLayoutTests {
    /// The 13-inch iPad Pro in landscape.
    let screen = Size(1366, 1024)
    /// What the shell's status bar and home indicator keep (`ShellMetrics.windowChrome`).
    let chrome = EdgeInsets(top: 24, bottom: 20)

    @Test func splitViewFramesLeaveTheDividerBetween() throws {
        let (w, d) = SpaceLayout.frames(Arrangement.split(left: "A", right: "B", fraction: 0.5), screen: screen)
        #expect(w[0].0 == "A" && w[0].1 == Rect(0, 0, 678, 1024))
        #expect(w[1].0 == "B" && w[1].1 == Rect(688, 0, 678, 1024))
        #expect(d == Rect(678, 0, 10, 1024))
        let (t, _) = SpaceLayout.frames(Arrangement.split(left: "A", right: "B", fraction: 2.0 / 3), screen: screen)
        #expect(t[0].1.width == 906 && t[1].1.minX == 916)
    }

    static let snaps: [(Double, DividerOutcome)] = [
        (100, .closeLeft), (300, .fraction(1.0 / 3)), (520, .fraction(1.0 / 3)), (600, .fraction(0.5)),
        (780, .fraction(0.5)), (800, .fraction(2.0 / 3)), (850, .fraction(2.0 / 3)), (1100, .fraction(2.0 / 3)),
        (1200, .closeRight),
    ]

    @Test(arguments: Self.snaps)
    func dividerSnaps(x: Double, outcome: DividerOutcome) throws {
        #expect(SpaceLayout.snap(dividerAt: x, width: 1366) == outcome, "released at \(x)")
    }

    @Test func droppingOnASideOpensBesideTheCurrentWindow() throws {
        #expect(
            SpaceLayout.arrangement(.fullScreen("A"), dropping: "B", on: .right)
                == .split(left: "A", right: "B", fraction: 0.5))
        #expect(
            SpaceLayout.arrangement(.fullScreen("A"), dropping: "B", on: .left)
                == .split(left: "B", right: "A", fraction: 0.5))
        #expect(SpaceLayout.arrangement(.empty, dropping: "B", on: .left) == .fullScreen("B"))
        #expect(SpaceLayout.arrangement(.fullScreen("A"), dropping: "A", on: .left) == .fullScreen("A"))
        // In Split View the dropped window replaces the one on its side.
        #expect(
            SpaceLayout.arrangement(.split(left: "A", right: "B", fraction: 1.0 / 3), dropping: "C", on: .right)
                == .split(left: "A", right: "C", fraction: 0.5))
        #expect(
            SpaceLayout.arrangement(.split(left: "A", right: "B", fraction: 0.5), dropping: "B", on: .left)
                == .split(left: "B", right: "A", fraction: 0.5))
    }

    @Test func edgeTargetsArmNearTheSides() throws {
        #expect(SpaceLayout.edgeTarget(at: Point(30, 500), screen: screen) == .left)
        #expect(SpaceLayout.edgeTarget(at: Point(1330, 500), screen: screen) == .right)
        #expect(SpaceLayout.edgeTarget(at: Point(683, 500), screen: screen) == nil)
        #expect(SpaceLayout.edgeTargetFrame(.right, screen: screen) == Rect(911, 0, 455, 1024))
    }

    @Test func slideOverFloatsAtTheSideAndHidesOffScreen() throws {
        let f = SpaceLayout.slideOverFrame(screen: screen, chrome: chrome)
        #expect(f == Rect(1038, 32, 320, 964))
        #expect(SpaceLayout.slideOverFrame(screen: screen, chrome: chrome, hidden: true).minX >= 1366)
        #expect(SpaceLayout.slideOverFrame(screen: screen, chrome: chrome, right: false).minX == 8)
    }

    @Test func exposeGridCentresRows() throws {
        let cells = SpaceLayout.exposeCells(count: 4, area: Rect(0, 100, 1366, 800), screen: screen)
        #expect(cells.count == 4)
        #expect(cells[0].width == cells[3].width)
        #expect(cells[0].minY == cells[1].minY && cells[3].minY > cells[0].maxY)
        // The lone cell of the second row is centred.
        #expect(abs(cells[3].midX - 683) < 1)
        #expect(SpaceLayout.exposeCells(count: 0, area: .zero, screen: screen).isEmpty)
    }
}
