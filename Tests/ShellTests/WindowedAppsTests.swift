import Foundation
import Graphics
import Host
import Menus
import Scenes
import SlateTesting
import Testing
@_spi(Testing) import UI

@testable import Shell
@testable import SlateScripts

/// Windowed Apps by real input: the grab handle, the top band, the window controls and their menu,
/// flicks to the edges, the Dock, Exposé.
@MainActor @Suite struct WindowedAppsTests {
    /// Notes in Windowed Apps with `count` windows (the first full screen, as a window opens).
    func windowed(_ count: Int = 1) throws -> ShellWorld {
        let w = world()
        try run(w, "launch Notes")
        w.shell.setMultitasking(.windowed)
        for _ in 1..<max(1, count) { try run(w, "key ctrl+n") }
        w.host.run(for: 0.5)
        return w
    }

    /// A finger drags from `a` to `b` and lifts (after resting, so no flick).
    func drag(_ w: ShellWorld, from a: Point, to b: Point, duration: Double = 0.4) {
        let id = w.host.touchDown(at: a)
        w.host.drag(id, from: a, to: b, duration: duration)
        w.host.run(for: 0.2)
        w.host.touchUp(id, at: b)
        w.host.run(for: 0.6)
    }

    func frame(_ w: ShellWorld, _ id: String) -> Rect { w.shell.windows[id]!.frame }

    @Test func theHandleResizesLiveAndTheTopMoves() throws {
        let w = try windowed()
        let id = try #require(w.shell.focusedWindow)
        let window = try #require(w.shell.windows[id])
        #expect(window.style == .fullScreen && window.chrome == .windowControls)
        #expect(!window.handle.isHidden && !window.windowControls.isHidden && window.control.isHidden)
        // The handle, dragged up and left: the window follows the finger, the app laid out at each size.
        let start = window.handle.frameInRoot.center
        let finger = w.host.touchDown(at: start)
        w.host.drag(finger, from: start, to: Point(start.x - 300, start.y - 200), duration: 0.3)
        #expect(window.frame.size == Size(1366 - 300, 1024 - 24 - 200))
        #expect(window.scene.windowView.frame.size == window.frame.size, "laid out as the finger moves")
        w.host.drag(
            finger, from: Point(start.x - 300, start.y - 200), to: Point(start.x - 600, start.y - 400), duration: 0.3)
        w.host.touchUp(finger, at: Point(start.x - 600, start.y - 400))
        w.host.run(for: 0.5)
        #expect(frame(w, id) == Rect(0, 24, 766, 600))
        #expect(window.style == .window)
        #expect(window.scene.windowView.frame.size == Size(766, 600))
        #expect(window.scene.windowView.safeAreaInsets.top == WindowMetrics.controlBarHeight)
        // The top band, dragged: the window moves with the finger.
        let grip = Point(400, 24 + 16)
        drag(w, from: grip, to: Point(600, 200))
        #expect(frame(w, id) == Rect(200, 184, 766, 600))
        #expect(w.shell.windowManager.windows[id]?.windowed.tile == nil)
    }

    @Test func threeWindowsOverlapAndTheTouchedOneComesForward() throws {
        let w = try windowed(3)
        let ids = w.shell.windowManager.stacking
        #expect(ids.count == 3)
        let frames = [Rect(60, 90, 640, 520), Rect(360, 220, 620, 560), Rect(680, 60, 620, 600)]
        for (id, r) in zip(ids, frames) {
            w.shell.manage(animated: false) { m in
                m.resize(id, to: r.size)
                m.move(id, to: r.origin)
            }
        }
        w.host.run(for: 0.5)
        #expect(ids.map { frame(w, $0) } == frames)
        #expect(w.shell.windowManager.stacking == ids)
        expectReference(w.host.frame(), "windowed-three")
        // A touch on the back window's visible part brings it forward.
        w.host.tap(at: Point(100, 400))
        w.host.run(for: 0.3)
        #expect(w.shell.windowManager.stacking.last == ids[0] && w.shell.focusedWindow == ids[0])
        let layerOrder = w.shell.windowLayer.subviews.compactMap { ($0 as? WindowFrameView)?.id }
        #expect(layerOrder.suffix(3) == [ids[1], ids[2], ids[0]])
    }

    /// Two windows floating side by side, A behind B.
    func twoWindows() throws -> (ShellWorld, String, String) {
        let w = try windowed(2)
        let ids = w.shell.windowManager.stacking
        for (id, r) in zip(ids, [Rect(80, 120, 560, 480), Rect(700, 160, 560, 480)]) {
            w.shell.manage(animated: false) { m in
                m.resize(id, to: r.size)
                m.move(id, to: r.origin)
            }
        }
        w.host.run(for: 0.5)
        return (w, ids[0], ids[1])
    }

    @Test func theControlsCloseMinimizeAndFillTheScreen() throws {
        let (w, a, b) = try twoWindows()
        let front = try #require(w.shell.windows[b])
        // Full screen, and back.
        w.host.tap(at: front.windowControls.fullScreen.frameInRoot.center)
        w.host.run(for: 0.5)
        #expect(frame(w, b) == Rect(0, 0, 1366, 1024))
        #expect(front.windowControls.fullScreen.accessibilityLabel == "Exit Full Screen")
        w.host.tap(at: front.windowControls.fullScreen.frameInRoot.center)
        w.host.run(for: 0.5)
        #expect(frame(w, b) == Rect(700, 160, 560, 480))
        // Minimized: it shrinks away into the Dock, and the window behind takes input.
        w.host.tap(at: front.windowControls.minimize.frameInRoot.center)
        w.host.frame()
        #expect(!front.isHidden, "seen while it shrinks")
        w.host.run(for: 0.6)
        #expect(front.isHidden && front.transform.isIdentity)
        #expect(w.shell.visibleWindows == [a] && w.shell.focusedWindow == a)
        // Brought back (as its app's icon does when it is the app's last window), where it was.
        w.shell.present(b)
        w.host.run(for: 0.5)
        #expect(w.shell.visibleWindows.first == b && frame(w, b) == Rect(700, 160, 560, 480))
        // Closed: the session goes.
        w.host.tap(at: front.windowControls.close.frameInRoot.center)
        w.host.run(for: 0.6)
        #expect(w.shell.windows[b] == nil && w.shell.visibleWindows == [a])
        #expect(front.app.openSessions.count == 1)
    }

    @Test func holdingTheFullScreenControlOffersTheTilingLayouts() throws {
        let (w, _, b) = try twoWindows()
        let front = try #require(w.shell.windows[b])
        let p = front.windowControls.fullScreen.frameInRoot.center
        let finger = w.host.touchDown(at: p)
        w.host.run(for: 0.6)
        w.host.touchUp(finger, at: p)
        w.host.run(for: 0.5)
        try run(
            w,
            """
            expect menu "Full Screen", "Minimize", —, "Fill", "Left Half", "Right Half", —, "Halves", "Thirds", "Quarters"
            tap "Left Half" in menu
            """)
        #expect(frame(w, b) == Rect(0, 24, 679, 1000))
        #expect(w.shell.windowManager.windows[b]?.windowed.tile == .leftHalf)
        // A submenu's layout.
        let p2 = front.windowControls.fullScreen.frameInRoot.center
        let finger2 = w.host.touchDown(at: p2)
        w.host.run(for: 0.6)
        w.host.touchUp(finger2, at: p2)
        w.host.run(for: 0.5)
        try run(w, "tap \"Quarters\" in menu\ntap \"Bottom Right Quarter\" in menu")
        #expect(frame(w, b) == Rect(687, 528, 679, 496))
    }

    @Test func aWindowFlickedOrDroppedAtAnEdgeTiles() throws {
        let (w, a, b) = try twoWindows()
        // Dragged to the right edge: the drop zone shows the right half, and lifting there tiles it.
        let grip = Point(900, 176)
        let finger = w.host.touchDown(at: grip)
        w.host.drag(finger, from: grip, to: Point(1350, 400), duration: 0.4)
        w.host.run(for: 0.1)
        #expect(!w.shell.windowing.dropZone.isHidden)
        #expect(w.shell.windowing.dropZone.frame == Rect(687, 24, 679, 1000))
        expectReference(w.host.frame(), "windowed-drop-zone")
        w.host.run(for: 0.2)
        w.host.touchUp(finger, at: Point(1350, 400))
        w.host.run(for: 0.6)
        #expect(w.shell.windowing.dropZone.isHidden)
        #expect(frame(w, b) == Rect(687, 24, 679, 1000))
        // Flicked toward the left edge from the middle: the left half.
        let other = Point(300, 136)
        let f2 = w.host.touchDown(at: other)
        w.host.drag(f2, from: other, to: Point(200, 140), duration: 0.08)
        w.host.touchUp(f2, at: Point(200, 140))
        w.host.run(for: 0.6)
        #expect(w.shell.windowManager.windows[a]?.windowed.tile == .leftHalf)
        // Flicked up: it fills the screen below the status bar.
        w.shell.manage { $0.move(b, to: Point(700, 300)) }
        w.host.run(for: 0.5)
        let top = Point(900, 316)
        let f3 = w.host.touchDown(at: top)
        w.host.drag(f3, from: top, to: Point(905, 196), duration: 0.06)
        w.host.touchUp(f3, at: Point(905, 196))
        w.host.run(for: 0.6)
        #expect(w.shell.windowManager.windows[b]?.windowed.tile == .fill)
        #expect(frame(w, b) == Rect(0, 24, 1366, 1000))
    }

    @Test func swipingUpAndHoldingShowsExposeOfEveryWindow() throws {
        let (w, _, _) = try twoWindows()
        let start = Point(683, 1020)
        let finger = w.host.touchDown(at: start)
        w.host.drag(finger, from: start, to: Point(683, 700), duration: 0.25)
        #expect(w.shell.expose == nil, "not while it moves")
        w.host.run(for: 0.4)
        let expose = try #require(w.shell.expose)
        #expect(expose.cells.count == 2)
        w.host.touchUp(finger, at: Point(683, 700))
        w.host.run(for: 0.3)
        // A short swipe up shows the Dock only.
        w.shell.closeExpose()
        let f2 = w.host.touchDown(at: start)
        w.host.drag(f2, from: start, to: Point(683, 960), duration: 0.2)
        w.host.run(for: 0.5)
        w.host.touchUp(f2, at: Point(683, 960))
        #expect(w.shell.expose == nil && w.shell.dockRevealed)
    }

    @Test func theWindowMenuHasTheTilingLayouts() throws {
        let (w, _, b) = try twoWindows()
        let bar = try #require(w.shell.menuBar(forWindow: b))
        let window = try #require(bar.menus.first { $0.identifier == MenuBar.Identifier.window })
        let tiling = try #require(
            window.children.lazy.compactMap { e -> Menu? in
                if case .menu(let m) = e, m.identifier == MenuBar.Identifier.windowTiling { return m }
                return nil
            }.first)
        let titles = tiling.children.map { e -> String in
            switch e {
            case .action(let a): a.title.en
            case .menu(let m): m.title.en
            default: "?"
            }
        }
        #expect(titles == ["Full Screen", "Minimize", "Fill", "Left Half", "Right Half", "Move & Resize"])
    }

    @Test func bothModesKeepTheirPlacesAndComeBackAfterARelaunch() throws {
        let (w, a, b) = try twoWindows()
        w.shell.manage { $0.tile(a, .leftHalf) }
        w.host.run(for: 0.5)
        let before = w.shell.windowManager
        let w2 = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: w.stateHome, scale: 1)
        try run(w2, "launch Notes restoring\nexpect windows Notes 2")
        w2.host.run(for: 0.5)
        #expect(w2.shell.multitasking == .windowed)
        #expect(w2.shell.windowManager.windowedFrame(of: b) == before.windowedFrame(of: b))
        #expect(w2.shell.windowManager.windows[a]?.windowed.tile == .leftHalf)
        #expect(w2.shell.windowManager.stacking == before.stacking)
        #expect(w2.shell.focusedWindow == before.focused)
        #expect(w2.shell.windows[b]?.frame == Rect(700, 160, 560, 480))
    }

    /// W2b in Windowed Apps: an object dropped on the wallpaper between the windows opens its window
    /// where it fell; dropped on a side, it takes that half.
    @Test func anObjectDroppedOnTheWallpaperOpensWhereItFell() throws {
        let w = try windowed()
        let list = try #require(w.shell.focusedWindow)
        w.shell.manage(animated: false) { m in
            m.resize(list, to: Size(500, 500))
            m.move(list, to: Point(40, 60))
        }
        w.host.run(for: 0.5)
        try run(w, "drag \"Ideas\" to 1000,640\nexpect windows Notes 2\nexpect focused \"Ideas\"")
        let ideas = try #require(w.shell.focusedWindow)
        let r = frame(w, ideas)
        #expect(abs(r.midX - 1000) <= 1 && abs(r.midY - 640) <= 1, "at \(r)")
        try run(w, "drag \"Shopping\" to right edge\nexpect windows Notes 3\nexpect focused \"Shopping\"")
        #expect(frame(w, try #require(w.shell.focusedWindow)) == Rect(687, 24, 679, 1000))
    }
}
