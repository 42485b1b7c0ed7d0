import Foundation
import Graphics
import Testing

@testable import Windowing

/// The window manager as a value: every operation a pure function, tested without views.
@Suite struct WindowManagerTests {
    let screen = Size(1366, 1024)
    /// What the shell's status bar and home indicator keep (`ShellMetrics.windowChrome`).
    let chrome = EdgeInsets(top: 24, bottom: 20)

    func manager(_ mode: MultitaskingMode = .fullScreen) -> WindowManager {
        WindowManager(screen: screen, chrome: chrome, mode: mode)
    }

    // MARK: Full-Screen Apps

    @Test func aFirstWindowOpensFullScreenTakingInput() {
        var m = manager()
        m.open("A", app: "notes")
        #expect(m.fullScreen.arrangement == .fullScreen("A"))
        #expect(m.focused == "A" && m.visibleWindows == ["A"])
        m.open("B", app: "notes")
        #expect(m.fullScreen.arrangement == .fullScreen("B"))
        #expect(m.visibleWindows == ["B"] && m.recency == ["B", "A"])
        let l = m.layout()
        #expect(
            l.windows == [
                WindowPlacement(id: "B", frame: Rect(size: screen), style: .fullScreen, chrome: .multitaskingControl)
            ])
        #expect(l.divider == nil)
    }

    @Test func openingOnASideOrBesideMakesSplitView() {
        var m = manager()
        m.open("A", app: "mail")
        m.open("B", app: "mail", at: .side(.left))
        #expect(m.fullScreen.arrangement == .split(left: "B", right: "A", fraction: 0.5))
        m.open("C", app: "mail", at: .beside("A"))
        #expect(m.fullScreen.arrangement == .split(left: "A", right: "C", fraction: 0.5))
        #expect(m.focused == "C")
        let l = m.layout()
        #expect(l.windows.map(\.style) == [.tiled, .tiled])
        #expect(l.divider == Rect(678, 0, 10, 1024))
        // Beside a window that is not on the screen: full screen.
        m.open("D", app: "mail", at: .beside("B"))
        #expect(m.fullScreen.arrangement == .fullScreen("D"))
    }

    @Test func centredAndSlideOverFloatOverTheMainScreen() {
        var m = manager()
        m.open("A", app: "mail")
        m.open("B", app: "mail", at: .centred)
        #expect(m.visibleWindows == ["B", "A"])
        m.showSlideOver("A")
        #expect(m.fullScreen.arrangement == .empty && m.fullScreen.slideOver == "A")
        #expect(m.visibleWindows == ["B", "A"] && m.focused == "A")
        m.setSlideOverHidden(true)
        #expect(m.visibleWindows == ["B"] && m.focused == "B")
        #expect(m.layout().showsSlideOverTab)
        m.setSlideOverHidden(false)
        #expect(m.focused == "A")
        m.showFullScreen("A")
        #expect(m.fullScreen.slideOver == nil && m.fullScreen.arrangement == .fullScreen("A"))
    }

    @Test func closingGivesInputToTheWindowBehind() {
        var m = manager()
        m.open("A", app: "x")
        m.open("B", app: "x", at: .side(.right))
        m.close("B")
        #expect(m.fullScreen.arrangement == .fullScreen("A") && m.focused == "A")
        m.close("A")
        #expect(m.visibleWindows.isEmpty && m.focused == nil && m.windows.isEmpty && m.stacking.isEmpty)
    }

    @Test func theDividerSnapsAndClosesASide() {
        var m = manager()
        m.open("A", app: "x")
        m.open("B", app: "x", at: .side(.right))
        m.setSplitFraction(0.6)
        #expect(m.fullScreen.arrangement == .split(left: "A", right: "B", fraction: 0.6))
        m.releaseDivider(at: 900)
        #expect(m.fullScreen.arrangement == .split(left: "A", right: "B", fraction: 2.0 / 3))
        m.releaseDivider(at: 1300)
        #expect(m.fullScreen.arrangement == .fullScreen("A") && m.focused == "A")
    }

    @Test func tilesAcrossAreSplitViewInFullScreenApps() {
        var m = manager()
        m.open("A", app: "x")
        m.open("B", app: "x")
        m.tile("A", .leftThird)
        #expect(m.fullScreen.arrangement == .split(left: "A", right: "B", fraction: 1.0 / 3))
        m.tile("A", .rightThird)
        #expect(m.fullScreen.arrangement == .split(left: "B", right: "A", fraction: 2.0 / 3))
        m.tile("A", .fill)
        #expect(m.fullScreen.arrangement == .fullScreen("A"))
        let before = m
        m.tile("A", .topLeftQuarter)
        #expect(m == before, "a quarter has no place in Full-Screen Apps")
    }

    @Test func goingHomeLeavesNothingOnTheScreen() {
        var m = manager()
        m.open("A", app: "x")
        m.open("B", app: "x")
        m.showSlideOver("A")
        m.goHome()
        #expect(m.visibleWindows.isEmpty && m.focused == nil && m.fullScreen.slideOverHidden)
        m.show("B")
        #expect(m.visibleWindows == ["B"])
    }

    // MARK: Windowed Apps

    @Test func aWindowOpensFullScreenThenAtItsAppsLastPlace() {
        var m = manager(.windowed)
        m.open("A", app: "notes")
        #expect(m.windows["A"]?.windowed.isFullScreen == true)
        #expect(m.layout().windows.first?.style == .fullScreen)
        #expect(m.layout().windows.first?.chrome == .windowControls)
        m.resize("A", to: Size(700, 500))
        #expect(m.windowedFrame(of: "A") == Rect(0, 24, 700, 500), "from full screen, from its top left")
        m.move("A", to: Point(200, 150))
        m.close("A")
        m.open("B", app: "notes")
        #expect(m.windowedFrame(of: "B") == Rect(200, 150, 700, 500), "where the app's last window was")
        m.open("C", app: "notes")
        #expect(m.windowedFrame(of: "C") == Rect(228, 178, 700, 500), "cascaded from the one there")
        #expect(m.stacking == ["B", "C"] && m.focused == "C")
        m.open("D", app: "mail")
        #expect(m.windows["D"]?.windowed.isFullScreen == true, "another app's first window: full screen")
    }

    @Test func windowsStayOnTheScreen() {
        var m = manager(.windowed)
        m.open("A", app: "x")
        m.resize("A", to: Size(600, 400))
        m.move("A", to: Point(-5000, -300))
        #expect(m.windowedFrame(of: "A") == Rect(-504, 24, 600, 400))
        m.move("A", to: Point(5000, 5000))
        #expect(m.windowedFrame(of: "A") == Rect(1270, 928, 600, 400))
        // Growing past the screen's edge stops at it.
        m.move("A", to: Point(700, 100))
        m.resize("A", to: Size(1000, 2000))
        #expect(m.windowedFrame(of: "A") == Rect(700, 100, 666, 924))
    }

    @Test func resizingKeepsToTheLimitsAndTheAnchor() {
        var m = manager(.windowed)
        m.open("A", app: "x", limits: SizeLimits(minimum: Size(400, 350), maximum: Size(800, 0)))
        m.resize("A", to: Size(100, 100))
        #expect(m.windowedFrame(of: "A")?.size == Size(400, 350))
        m.resize("A", to: Size(1200, 900))
        #expect(m.windowedFrame(of: "A")?.size == Size(800, 900))
        m.move("A", to: Point(300, 100))
        m.resize("A", to: Size(500, 500), keeping: .bottomRight)
        #expect(m.windowedFrame(of: "A") == Rect(600, 500, 500, 500))
        // The system's smallest window, unless the program is smaller still.
        m.open("B", app: "y", limits: SizeLimits(minimum: Size(100, 100), maximum: Size(200, 150)))
        #expect(m.windows["B"]?.limits == SizeLimits(minimum: Size(200, 150), maximum: Size(200, 150)))
        #expect(m.windowedFrame(of: "B")?.size == Size(200, 150), "full screen, as large as it can be")
        m.open("C", app: "z")
        m.resize("C", to: .zero)
        #expect(m.windowedFrame(of: "C")?.size == WindowingMetrics.minimumSize)
        m.setLimits("C", SizeLimits(minimum: Size(500, 400)))
        #expect(m.windowedFrame(of: "C")?.size == Size(500, 400))
    }

    @Test func tilesFillTheirPartBelowTheStatusBar() {
        let area = Rect(0, 24, 1366, 1000)
        #expect(Tile.fill.frame(in: area, gap: 8) == area)
        #expect(Tile.leftHalf.frame(in: area, gap: 8) == Rect(0, 24, 679, 1000))
        #expect(Tile.rightHalf.frame(in: area, gap: 8) == Rect(687, 24, 679, 1000))
        #expect(Tile.topHalf.frame(in: area, gap: 8) == Rect(0, 24, 1366, 496))
        #expect(Tile.bottomRightQuarter.frame(in: area, gap: 8) == Rect(687, 528, 679, 496))
        #expect(Tile.middleThird.frame(in: area, gap: 8) == Rect(459, 24, 448, 1000))
        #expect(Tile.rightTwoThirds.frame(in: area, gap: 8) == Rect(459, 24, 907, 1000))
        var m = manager(.windowed)
        m.open("A", app: "x")
        m.open("B", app: "x")
        m.tile("A", .leftHalf)
        m.tile("B", .rightHalf)
        #expect(m.layout().windows.map(\.frame) == [Rect(0, 24, 679, 1000), Rect(687, 24, 679, 1000)])
        #expect(m.focused == "B")
        // Moved, a tiled window floats at its own size again.
        let own = m.windows["A"]!.windowed.frame.size
        m.move("A", to: Point(100, 100))
        #expect(m.windowedFrame(of: "A") == Rect(origin: Point(100, 100), size: own))
        #expect(m.windows["A"]?.windowed.tile == nil && m.stacking.last == "A")
        // A window too wide for a tile keeps to the tile's corner.
        m.open("C", app: "y", limits: SizeLimits(minimum: Size(800, 300)))
        m.tile("C", .rightHalf)
        #expect(m.windowedFrame(of: "C") == Rect(566, 24, 800, 1000))
    }

    @Test func theTouchedWindowComesForward() {
        var m = manager(.windowed)
        for id in ["A", "B", "C"] {
            m.open(id, app: "x")
            m.resize(id, to: Size(500, 400))
        }
        #expect(m.stacking == ["A", "B", "C"] && m.focused == "C")
        m.focus("A")
        #expect(m.stacking == ["B", "C", "A"] && m.visibleWindows == ["A", "C", "B"])
        #expect(m.layout().windows.map(\.id) == ["B", "C", "A"])
    }

    @Test func minimizingTakesAWindowIntoTheDockAndShowingBringsItBack() {
        var m = manager(.windowed)
        m.open("A", app: "x")
        m.open("B", app: "x")
        m.minimize("B")
        #expect(m.visibleWindows == ["A"] && m.focused == "A")
        #expect(m.windows["B"]?.windowed.isMinimized == true)
        m.show("B")
        #expect(m.visibleWindows == ["B", "A"] && m.focused == "B")
        m.goHome()
        #expect(m.visibleWindows.isEmpty && m.focused == nil)
        m.show("A")
        #expect(m.visibleWindows == ["A"])
    }

    @Test func fullScreenAndBackInWindowedApps() {
        var m = manager(.windowed)
        m.open("A", app: "x")
        m.resize("A", to: Size(640, 480))
        m.tile("A", .leftHalf)
        m.showFullScreen("A")
        #expect(m.windowedFrame(of: "A") == Rect(size: screen))
        m.exitFullScreen("A")
        #expect(m.windows["A"]?.windowed.tile == .leftHalf)
        #expect(m.windowedFrame(of: "A") == Rect(0, 24, 679, 1000))
    }

    @Test func aDropOpensAWindowWhereItFell() {
        var m = manager(.windowed)
        m.open("A", app: "x")
        m.open("B", app: "x", at: .at(Point(900, 500)))
        let r = m.windowedFrame(of: "B")!
        #expect(abs(r.midX - 900) <= 1 && abs(r.midY - 500) <= 1)
        m.open("C", app: "x", at: .side(.left))
        #expect(m.windows["C"]?.windowed.tile == .leftHalf)
    }

    @Test func dropZonesAtTheEdgesAndCorners() {
        let z = WindowingMetrics.dropZone
        #expect(Tile.dropZone(at: Point(10, 500), screen: screen, zone: z, top: z) == .leftHalf)
        #expect(Tile.dropZone(at: Point(1360, 500), screen: screen, zone: z, top: z) == .rightHalf)
        #expect(Tile.dropZone(at: Point(600, 5), screen: screen, zone: z, top: z) == .fill)
        #expect(Tile.dropZone(at: Point(5, 5), screen: screen, zone: z, top: z) == .topLeftQuarter)
        #expect(Tile.dropZone(at: Point(1360, 1020), screen: screen, zone: z, top: z) == .bottomRightQuarter)
        #expect(Tile.dropZone(at: Point(600, 500), screen: screen, zone: z, top: z) == nil)
    }

    // MARK: Modes

    @Test func eachModeKeepsItsArrangement() {
        var m = manager()
        m.open("A", app: "x")
        m.open("B", app: "x", at: .side(.right))
        m.setMode(.windowed)
        // What was on the screen comes along, in front; the focus stays.
        #expect(Set(m.visibleWindows) == ["A", "B"] && m.focused == "B")
        m.resize("A", to: Size(500, 400))
        m.open("C", app: "y")
        m.minimize("C")
        m.setMode(.fullScreen)
        #expect(m.fullScreen.arrangement == .split(left: "A", right: "B", fraction: 0.5))
        #expect(m.focused == "A")
        m.setMode(.windowed)
        #expect(m.windowedFrame(of: "A")?.size == Size(500, 400))
        #expect(m.windows["C"]?.windowed.isMinimized == true)
        // Into Full-Screen Apps, a front window not on that screen goes full screen.
        m.show("C")
        m.setMode(.fullScreen)
        #expect(m.fullScreen.arrangement == .fullScreen("C") && m.focused == "C")
    }

    @Test func aWindowOpenedInFullScreenAppsWaitsInTheDock() {
        var m = manager()
        m.open("A", app: "x")
        m.open("B", app: "x")
        m.setMode(.windowed)
        #expect(m.visibleWindows == ["B"])
        #expect(m.windows["A"]?.windowed.isMinimized == true)
    }

    // MARK: Restoration

    @Test func theModelSavesAndComesBack() throws {
        var m = manager(.windowed)
        m.open("A", app: "x", limits: SizeLimits(minimum: Size(380, 320)))
        m.resize("A", to: Size(600, 450))
        m.move("A", to: Point(40, 80))
        m.open("B", app: "y")
        m.tile("B", .rightHalf)
        m.open("C", app: "y")
        m.minimize("C")
        m.focus("A")
        let data = try JSONEncoder().encode(m)
        let back = try JSONDecoder().decode(WindowManager.self, from: data)
        #expect(back == m)
        // A file saved before the chrome was reads with none; a live manager restoring from it
        // keeps its own.
        var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        object["chrome"] = nil
        let older = try JSONDecoder().decode(
            WindowManager.self, from: try JSONSerialization.data(withJSONObject: object))
        #expect(older.chrome == .zero && older.windows == m.windows)
        #expect(manager(.windowed).restored(from: older).chrome == chrome)
        // A new shell: its windows open again as their apps bring them back, then take their places.
        var fresh = manager()
        fresh.open("C", app: "y")
        fresh.open("A", app: "x")
        fresh.open("B", app: "y")
        fresh.open("D", app: "z")
        let restored = fresh.restored(from: back)
        #expect(restored.mode == .windowed)
        #expect(restored.windowedFrame(of: "A") == Rect(40, 80, 600, 450))
        #expect(restored.windows["B"]?.windowed.tile == .rightHalf)
        #expect(restored.windows["C"]?.windowed.isMinimized == true)
        #expect(back.stacking == ["C", "B", "A"], "minimized C gave B the focus, which came forward")
        #expect(restored.stacking == ["D", "C", "B", "A"] && restored.focused == "A")
        // A window gone meanwhile is left out.
        var fewer = manager()
        fewer.open("B", app: "y")
        #expect(fewer.restored(from: back).stacking == ["B"])
        #expect(fewer.restored(from: back).focused == "B")
    }

    @Test func fullScreenAppsComesBackWithItsSplit() {
        var m = manager()
        m.open("A", app: "x")
        m.open("B", app: "x", at: .side(.right))
        m.setSplitFraction(1.0 / 3)
        m.open("C", app: "x", at: .centred)
        var fresh = manager()
        for id in ["A", "B", "C"] { fresh.open(id, app: "x") }
        let r = fresh.restored(from: m)
        #expect(r.fullScreen.arrangement == .split(left: "A", right: "B", fraction: 1.0 / 3))
        #expect(r.fullScreen.centred == "C" && r.focused == "C")
        var one = manager()
        one.open("B", app: "x")
        #expect(one.restored(from: m).fullScreen.arrangement == .fullScreen("B"))
    }

    // MARK: Invariants

    /// Thousands of operations chosen at random, in both modes: after each, the invariants hold.
    @Test(arguments: [1, 2, 3, 4])
    func invariantsHoldAfterEveryOperation(seed: UInt64) {
        var rng = SplitMix(seed: seed)
        var m = manager()
        var next = 0
        for step in 0..<1500 {
            let ids = Array(m.windows.keys).sorted()
            let any = ids.isEmpty ? "none" : ids[Int(rng.next() % UInt64(ids.count))]
            let point = Point(Double(rng.next() % 3000) - 800, Double(rng.next() % 2400) - 600)
            let size = Size(Double(rng.next() % 2000), Double(rng.next() % 1600))
            switch rng.next() % 20 {
            case 0, 1:
                next += 1
                let openings: [WindowOpening] = [
                    .automatic, .side(.left), .side(.right), .centred, .beside(any), .at(point),
                ]
                let limits =
                    rng.next() % 3 == 0
                    ? SizeLimits(
                        minimum: Size(size.width / 3, size.height / 3), maximum: rng.next() % 2 == 0 ? .zero : size)
                    : .none
                m.open("W\(next)", app: "app\(rng.next() % 3)", limits: limits, at: openings[Int(rng.next() % 6)])
            case 2: m.close(any)
            case 3: m.focus(any)
            case 4: m.show(any)
            case 5: m.move(any, to: point)
            case 6: m.resize(any, to: size, keeping: WindowCorner.allCases[Int(rng.next() % 4)])
            case 7: m.tile(any, Tile.allCases[Int(rng.next() % UInt64(Tile.allCases.count))])
            case 8: m.minimize(any)
            case 9: m.showFullScreen(any)
            case 10: m.showSplit(any, on: rng.next() % 2 == 0 ? .left : .right)
            case 11: m.showSlideOver(any)
            case 12: m.setSlideOverHidden(rng.next() % 2 == 0)
            case 13: m.releaseDivider(at: point.x)
            case 14: m.setMode(rng.next() % 2 == 0 ? .windowed : .fullScreen)
            case 15: m.goHome()
            case 16: m.exitFullScreen(any)
            case 17: m.showCentred(any)
            case 18: m.hide(any)
            default: m.setLimits(any, SizeLimits(minimum: Size(size.width / 4, size.height / 4)))
            }
            let broken = Self.brokenInvariants(m)
            #expect(broken.isEmpty, "seed \(seed), step \(step): \(broken)")
            if !broken.isEmpty { return }
        }
    }

    /// What is wrong with `m`, if anything.
    static func brokenInvariants(_ m: WindowManager) -> [String] {
        var out: [String] = []
        let visible = m.visibleWindows
        if Set(visible).count != visible.count { out.append("a window twice on the screen: \(visible)") }
        for id in visible where m.windows[id] == nil { out.append("\(id) shown but unknown") }
        if let f = m.focused, !visible.contains(f) { out.append("focused \(f) is not on the screen") }
        if m.focused == nil, !visible.isEmpty { out.append("nothing focused while \(visible) are shown") }
        if Set(m.stacking) != Set(m.windows.keys) || m.stacking.count != m.windows.count {
            out.append("the stacking \(m.stacking) is not the windows \(m.windows.keys.sorted())")
        }
        for id in m.fullScreen.arrangement.windows + [m.fullScreen.slideOver, m.fullScreen.centred].compactMap({ $0 })
        where m.windows[id] == nil {
            out.append("Full-Screen Apps shows \(id), which is gone")
        }
        if Set(m.recency).count != m.recency.count { out.append("recency repeats: \(m.recency)") }
        let screen = Rect(size: m.screen)
        // The band at a window's top a finger drags it by (the shell's `WindowMetrics.controlBarHeight`).
        let grabBand = 32.0
        for id in m.windows.keys {
            guard let w = m.windows[id], let r = m.windowedFrame(of: id) else { continue }
            let seen = r.intersection(screen)
            // (A window smaller than what is kept on the screen is kept whole.)
            if seen.width < min(WindowingMetrics.keptOnScreen, r.width) - 0.5
                || seen.height < min(grabBand, r.height) - 0.5
            {
                out.append("\(id) at \(r) is off the screen")
            }
            if r.minY < m.windowArea.minY - 0.5, r != screen { out.append("\(id) at \(r) is under the status bar") }
            if !w.windowed.isFullScreen, !w.limits.allows(r.size) {
                out.append("\(id) at \(r) breaks its limits \(w.limits)")
            }
        }
        if m.mode == .windowed {
            for p in m.layout().windows where !visible.contains(p.id) { out.append("\(p.id) laid out but not shown") }
        }
        return out
    }
}

/// A small seeded generator (SplitMix64), so that a failing run can be run again.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
