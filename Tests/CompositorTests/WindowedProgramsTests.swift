import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

/// Programs' windows in Windowed Apps: a GTK 4 window resized live by the grab handle (it draws at
/// each size as the finger moves, within its minimum), and moved by a drag of its own header bar
/// (`xdg_toplevel.move`).
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(1)))) struct WindowedProgramsTests {
    /// The GTK window whose title starts with `prefix` (its title reports its size after a space).
    func toplevel(_ rig: Rig, _ prefix: String) -> ClientToplevel? {
        rig.host.compositor.toplevels.first { $0.title.hasPrefix(prefix + " ") || $0.title == prefix }
    }

    /// The size a GTK window reports in its title ("Sized 800x600"), if it does.
    func reportedSize(_ t: ClientToplevel?) -> Size? {
        guard let t, let word = t.title.split(separator: " ").last else { return nil }
        let parts = word.split(separator: "x").compactMap { Double($0) }
        return parts.count == 2 ? Size(parts[0], parts[1]) : nil
    }

    /// Starts a GTK colour window with `flags`, in Windowed Apps, and waits for it.
    func open(_ rig: Rig, _ title: String, _ colour: String, _ flags: [String]) throws -> WindowFrameView? {
        guard let path = ColourWindow.path else { return nil }
        rig.shell.setMultitasking(.windowed)
        try rig.launch(["env", "GSK_RENDERER=cairo", path, title, colour] + flags)
        guard rig.wait(20, "the GTK window", { toplevel(rig, title)?.picture != nil }),
            let w = rig.shell.windows.values.first(where: { $0.scene.rootView is ForeignSurfaceView })
        else { return nil }
        rig.settle()
        return w
    }

    /// The conformance suite's test mode places a program's window where the suite says, with none of
    /// the shell's controls: nothing of the shell's takes a touch along its top edge, where Full-Screen
    /// Apps' multitasking control or Windowed Apps' band would be (a window that changes style keeps
    /// none), so the program's input region alone decides.
    @Test(.enabled(if: ColourWindow.available)) func aPlacedWindowHasNoControlsOverItsTopEdge() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        rig.shell.placeProgramWindowsFreely()
        try rig.colourWindow("Placed", "#00ff00")
        guard rig.wait(20, "the GTK window", { rig.toplevel(titled: "Placed")?.picture != nil }),
            let toplevel = rig.toplevel(titled: "Placed"), let window = rig.window(titled: "Placed")
        else { return }
        #expect(rig.shell.place(toplevel, at: Point(100, 120)))
        rig.settle()
        #expect(window.chrome == .none && window.control.isHidden && window.windowControls.isHidden)
        let frame = window.frameInRoot
        for y in stride(from: frame.minY + 1, to: frame.minY + 60, by: 4) {
            for x in stride(from: frame.minX + 1, to: frame.maxX, by: 8) {
                guard let hit = rig.shell.hitTest(Point(x, y)) else { continue }
                #expect(hit.isDescendant(of: window.scene.windowView), "the shell's \(type(of: hit)) at \(x), \(y)")
            }
        }
    }

    @Test(.enabled(if: ColourWindow.available)) func aGTKWindowIsResizedLiveByTheHandle() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let window = try open(rig, "Sized", "#ff0000", ["--report-size", "--min-size", "500x400"]) else {
            return
        }
        // It opened full screen, its content below the status bar and the controls' band.
        #expect(window.style == .fullScreen && window.chrome == .windowControls)
        rig.wait(10, "its full-screen size") { reportedSize(toplevel(rig, "Sized")) == Size(1366, 1024 - 24 - 32 - 20) }
        // Its minimum is the program's with the window's band: its content's alone, as GTK draws no
        // title bar of its own once told the shell draws the frame (org_kde_kwin_server_decoration).
        let own = try #require(toplevel(rig, "Sized")?.sizeLimits?.minimum)
        #expect(own == Size(500, 400), "\(own)")
        let least = Size(own.width, own.height + WindowMetrics.controlBarHeight)
        #expect(rig.shell.windowManager.windows[window.id]?.limits.minimum == least)
        // The handle, dragged up and left a little at a time: the program draws at the sizes it is
        // asked for while the finger is still down.
        let host = rig.host.host
        let start = window.handle.frameInRoot.center
        let finger = host.touchDown(at: start)
        var seen: Set<Size> = []
        for i in 1...30 {
            host.touchMove(finger, to: Point(start.x - Double(i) * 20, start.y - Double(i) * 15))
            // Served and shown as a display would, at its rate.
            for _ in 0..<2 { rig.host.step(wait: 0.008) }
            if let s = reportedSize(toplevel(rig, "Sized")) { seen.insert(s) }
        }
        let mid = Point(start.x - 600, start.y - 450)
        rig.wait(5, "the program at its size under the finger") {
            reportedSize(toplevel(rig, "Sized")) == Size(window.frame.width, window.frame.height - 32)
        }
        #expect(seen.count >= 3, "the program drew at only \(seen.count) sizes while the handle moved")
        #expect(window.frame.size == Size(1366 - 600, 1000 - 450))
        rig.snapshot("gtk-windowed-resize")
        // Its colour fills the window below its band.
        let f = window.frame
        #expect(close(rig.meanColor(Rect(f.minX + 40, f.minY + 60, f.width - 80, f.height - 100)), RGBA(1, 0, 0, 1)))
        // Further than its minimum: it stops there.
        host.touchMove(finger, to: Point(mid.x - 500, mid.y - 500))
        host.touchUp(finger, at: Point(mid.x - 500, mid.y - 500))
        rig.wait(5, "the program at its smallest") { reportedSize(toplevel(rig, "Sized")) == own }
        #expect(window.frame.size == least)
    }

    func headerBarDrag(_ type: Touch.TouchType) throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let window = try open(rig, "Titled", "#0000ff", ["--header-bar", "--report-size"]) else { return }
        rig.shell.manage { m in
            m.resize(window.id, to: Size(700, 500))
            m.move(window.id, to: Point(100, 120))
        }
        rig.wait(10, "the window at its size") { reportedSize(toplevel(rig, "Titled")) == Size(700, 468) }
        rig.settle()
        // The header bar, just below the window's band: dragged 300 pt right.
        let host = rig.host.host
        let from = Point(450, 120 + 32 + 20)
        let finger = host.touchDown(at: from, type: type)
        for i in 1...30 {
            host.touchMove(finger, to: Point(from.x + Double(i) * 10, from.y + Double(i) * 2))
            for _ in 0..<2 { rig.host.step(wait: 0.008) }
        }
        rig.wait(3, "the program to ask to move") {
            (window.scene.rootView as? ForeignSurfaceView)?.isDrivingWindowDrag == true
        }
        host.touchMove(finger, to: Point(from.x + 320, from.y + 60))
        host.run(for: 0.3)
        host.touchUp(finger, at: Point(from.x + 320, from.y + 60))
        rig.settle()
        let moved = window.frame
        #expect(moved.size == Size(700, 500), "moved, not resized")
        #expect(moved.minX > 100 + 200 && moved.minX <= 100 + 320, "moved to \(moved) by its header bar")
        #expect(moved.minY > 120 + 30 && moved.minY <= 120 + 60)
        #expect((window.scene.rootView as? ForeignSurfaceView)?.isDrivingWindowDrag == false)
    }

    @Test(.enabled(if: ColourWindow.available)) func aGTKHeaderBarDraggedByAFingerMovesItsWindow() throws {
        try headerBarDrag(.direct)
    }

    @Test(.enabled(if: ColourWindow.available)) func aGTKHeaderBarDraggedByTheMouseMovesItsWindow() throws {
        try headerBarDrag(.indirectPointer)
    }

    /// A program that asks to be maximized, full screen or minimized (`xdg_toplevel.set_maximized`,
    /// `set_fullscreen`, `set_minimized`) is: it fills the screen below the status bar, takes the whole
    /// screen, or goes into the Dock.
    @Test(.enabled(if: ColourWindow.available), arguments: ["maximize", "fullscreen", "minimize"])
    func aProgramsOwnRequestIsDone(_ state: String) throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let window = try open(rig, "Asks", "#00aa00", ["--ask", state]) else { return }
        rig.shell.manage { m in
            m.resize(window.id, to: Size(700, 500))
            m.move(window.id, to: Point(200, 150))
        }
        rig.wait(10, "the window at its size") { toplevel(rig, "Asks")?.requestedSize == Size(700, 468) }
        rig.settle()
        rig.host.host.tap(at: Point(550, 400))
        let m = { rig.shell.windowManager.windows[window.id]?.windowed }
        switch state {
        case "maximize":
            rig.wait(5, "the window filling the screen") { m()?.tile == .fill }
            rig.settle()
            #expect(window.frame == Rect(0, 24, 1366, 1000))
            let states = toplevel(rig, "Asks")?.requestedStates ?? []
            #expect(states.contains(.maximized) && !states.contains(.fullScreen), "told \(states)")
        case "fullscreen":
            rig.wait(5, "the window full screen") { m()?.isFullScreen == true }
            rig.settle()
            #expect(window.frame == Rect(0, 0, 1366, 1024))
            // Told it has the whole screen (a video player hides its controls, a browser its bars).
            let states = toplevel(rig, "Asks")?.requestedStates ?? []
            #expect(states.contains(.fullScreen) && !states.contains(.maximized), "told \(states)")
            rig.shell.manage { $0.exitFullScreen(window.id) }
            rig.settle()
            #expect(toplevel(rig, "Asks")?.requestedStates.contains(.fullScreen) == false)
        default:
            rig.wait(5, "the window in the Dock") { m()?.isMinimized == true }
            #expect(!rig.shell.isOnScreen(window.id))
        }
    }
}
