import Foundation
import Graphics
import SlateTesting
import Testing
import UI

@testable import Shell
@testable import SlateScripts

/// The system's gestures are recognizers in the same arena as the apps': they win the touches they
/// are for and leave the rest to the apps.
@MainActor @Suite struct SystemGestureTests {
    /// A view that counts what reaches it.
    final class Recorder: View {
        var began = 0
        var cancelled = 0
        override func touchBegan(_ touch: Touch, at point: Point) { began += 1 }
        override func touchCancelled(_ touch: Touch) { cancelled += 1 }
    }

    @Test func aSwipeUpFromTheBottomEdgeShowsTheDockAndTakesTheTouchFromTheApp() throws {
        let w = world()
        try run(w, "launch Notes")
        let recorder = Recorder(frame: w.shell.bounds)
        let window = try #require(w.shell.focusedWindow.flatMap { w.shell.windows[$0] })
        window.scene.windowView.addSubview(recorder)
        recorder.frame = window.scene.windowView.bounds
        w.host.run(for: 0.1)
        let bottom = w.shell.bounds.height - 8
        let id = w.host.touchDown(at: Point(600, bottom))
        w.host.drag(id, from: Point(600, bottom), to: Point(600, bottom - 80), duration: 0.2)
        w.host.touchUp(id, at: Point(600, bottom - 80))
        w.host.run(for: 0.1)
        #expect(w.shell.dockRevealed)
        #expect(recorder.began == 1 && recorder.cancelled == 1, "the app saw the touch go, cancelled")
    }

    @Test(arguments: [
        // Starts above the edge zone: the app's own drag.
        (startAbove: 60.0, dx: 0.0, dy: -80.0),
        // Starts in the zone but goes sideways.
        (startAbove: 8.0, dx: 120.0, dy: -5.0),
        // Starts in the zone, too short a swipe.
        (startAbove: 8.0, dx: 0.0, dy: -20.0),
    ])
    func otherTouchesNearTheBottomStayTheApps(startAbove: Double, dx: Double, dy: Double) throws {
        let w = world()
        try run(w, "launch Notes")
        let start = Point(600, w.shell.bounds.height - startAbove)
        let end = Point(start.x + dx, start.y + dy)
        let id = w.host.touchDown(at: start)
        w.host.drag(id, from: start, to: end, duration: 0.2)
        w.host.touchUp(id, at: end)
        w.host.run(for: 0.1)
        #expect(!w.shell.dockRevealed)
    }

    @Test func theEdgeRecognizerSaysWhichEdgeAndHowFar() throws {
        let root = RootView(size: Size(400, 300), clock: VirtualClock())
        let host = DispatcherDriver(root: root)
        var seen: [(ScreenEdgePanGestureRecognizer.Edges?, Point)] = []
        let g = ScreenEdgePanGestureRecognizer(edges: [.left, .right])
        g.action = { g in
            let e = g as! ScreenEdgePanGestureRecognizer
            if g.state == .ended { seen.append((e.startEdge, e.translation())) }
        }
        root.addSystemGestureRecognizer(g)
        host.swipe(from: Point(396, 150), to: Point(300, 150))
        host.swipe(from: Point(200, 150), to: Point(100, 150))
        host.swipe(from: Point(4, 150), to: Point(90, 160))
        #expect(seen.count == 2, "a swipe that starts mid-screen is not an edge swipe")
        #expect(seen.first?.0 == .right && seen.first?.1 == Point(-96, 0))
        #expect(seen.last?.0 == .left && seen.last?.1 == Point(86, 10))
    }
}

/// Touches straight into a root's dispatcher on its virtual clock, without drawing.
@MainActor struct DispatcherDriver {
    let root: RootView
    var clock: VirtualClock { root.clock as! VirtualClock }

    func swipe(from a: Point, to b: Point, steps: Int = 10) {
        let id = Int.random(in: 1000...9999)
        root.dispatcher.handle(Touch(id: id, phase: .began, location: a, timestamp: clock.now))
        for i in 1...steps {
            clock.advance(by: 0.01)
            let p = Point(a.x + (b.x - a.x) * Double(i) / Double(steps), a.y + (b.y - a.y) * Double(i) / Double(steps))
            root.dispatcher.handle(Touch(id: id, phase: .moved, location: p, timestamp: clock.now))
        }
        root.dispatcher.handle(Touch(id: id, phase: .ended, location: b, timestamp: clock.now))
    }
}

/// Four or five fingers, as iPadOS's multitasking gestures: a pinch goes Home, a swipe up shows the
/// switcher, sideways goes from window to window by when they were used.
@MainActor @Suite struct MultitaskingGestureShellTests {
    /// Four fingers of a hand across the middle of the screen, moved by `offset` (or closed in on
    /// their centre by `closing` points).
    func hand(_ w: ShellWorld, by offset: Point = .zero, closing: Double = 0) {
        let middle = Point(w.shell.bounds.width / 2, w.shell.bounds.height / 2)
        let starts = [Point(-180, 40), Point(-60, -20), Point(60, -30), Point(180, 10)].map { middle + $0 }
        let ends = starts.map { p -> Point in
            let towards = middle - p
            let length = towards.distance(to: .zero)
            return p + offset + Point(towards.x / length * closing, towards.y / length * closing)
        }
        w.host.fingers(from: starts, to: ends)
        w.host.run(for: 0.5)
    }

    /// Notes with three windows, opened in turn: the last one in front.
    func threeWindows() throws -> (ShellWorld, [String]) {
        let w = world()
        try run(w, "launch Notes")
        let app = try #require(w.shell.apps.first)
        for _ in 0..<2 {
            w.shell.newWindow(of: app)
            w.host.run(for: 0.5)
        }
        let ids = w.shell.recency.reversed() as [String]
        #expect(ids.count == 3 && w.shell.focusedWindow == ids[2])
        return (w, Array(ids))
    }

    @Test func fourFingersPinchedGoHomeAndTakeTheTouchesFromTheApp() throws {
        let w = world()
        try run(w, "launch Notes")
        let window = try #require(w.shell.focusedWindow.flatMap { w.shell.windows[$0] })
        let recorder = SystemGestureTests.Recorder(frame: window.scene.windowView.bounds)
        window.scene.windowView.addSubview(recorder)
        hand(w, closing: 90)
        #expect(w.shell.visibleWindows.isEmpty, "on the Home screen")
        #expect(recorder.began == 4 && recorder.cancelled == 4, "the app saw its four touches taken back")
        // The Home screen's icons take taps again at once.
        try run(w, "tap \"Notes\"")
        w.host.run(for: 0.5)
        #expect(w.shell.visibleWindows.count == 1, "Notes opened from its icon")
    }

    @Test func swipesLeftGoBackThroughTheWindowsAndRightComesForward() throws {
        let (w, ids) = try threeWindows()
        hand(w, by: Point(-200, 0))
        #expect(w.shell.focusedWindow == ids[1], "the one used before")
        hand(w, by: Point(-200, 0))
        #expect(w.shell.focusedWindow == ids[0], "and the one before that, not back to the last")
        hand(w, by: Point(-200, 0))
        #expect(w.shell.focusedWindow == ids[0], "the oldest is the end")
        hand(w, by: Point(200, 0))
        #expect(w.shell.focusedWindow == ids[1])
        hand(w, by: Point(200, 0))
        #expect(w.shell.focusedWindow == ids[2])
        hand(w, by: Point(200, 0))
        #expect(w.shell.focusedWindow == ids[2], "the newest is the other end")
        #expect(w.shell.visibleWindows == [ids[2]], "full screen, one at a time")
    }

    @Test func somethingElseFocusedStartsTheOrderAgain() throws {
        let (w, ids) = try threeWindows()
        hand(w, by: Point(-200, 0))
        hand(w, by: Point(-200, 0))
        #expect(w.shell.focusedWindow == ids[0])
        // Chosen another way (the switcher): the next swipe left goes back to the one before it.
        w.shell.present(ids[2])
        w.host.run(for: 0.5)
        hand(w, by: Point(-200, 0))
        #expect(w.shell.focusedWindow == ids[0], "the one used just before")
    }

    @Test func aSwipeUpShowsTheSwitcherAndDownPutsItAway() throws {
        let (w, ids) = try threeWindows()
        hand(w, by: Point(0, -200))
        #expect(w.shell.expose != nil)
        hand(w, by: Point(0, 200))
        #expect(w.shell.expose == nil)
        #expect(w.shell.visibleWindows == [ids[2]], "back to the window it was over")
    }

    @Test func threeFingersTheLockScreenAndTheSettingLeaveItAlone() throws {
        let (w, ids) = try threeWindows()
        let middle = Point(w.shell.bounds.width / 2, w.shell.bounds.height / 2)
        let three = [Point(-100, 0), Point(0, -20), Point(100, 0)].map { middle + $0 }
        w.host.fingers(from: three, to: three.map { $0 + Point(-200, 0) })
        w.host.run(for: 0.5)
        #expect(w.shell.focusedWindow == ids[2], "three fingers are the app's")
        w.shell.settings[.multitaskingGestures] = false
        hand(w, by: Point(-200, 0))
        hand(w, closing: 90)
        #expect(w.shell.focusedWindow == ids[2], "Gestures off in Multitasking & Gestures")
        w.shell.settings[.multitaskingGestures] = true
        w.shell.lock()
        w.host.run(for: 0.5)
        hand(w, closing: 90)
        hand(w, by: Point(0, -200))
        #expect(w.shell.expose == nil, "nothing over the lock screen")
    }
}
