import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

/// Touch as touch, pointer as pointer: a finger's touch (`Touch.TouchType.direct`) reaches another
/// program as `wl_touch`, the mouse's press (`.indirectPointer`) as `wl_pointer`; a touch the shell
/// takes for itself is cancelled in the program; a finger can carry a drag between programs.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct TouchInputTests {
    /// The GTK program that names in its title each press and touch it gets, full screen.
    static func reporter(_ rig: Rig) throws -> WindowFrameView? {
        try rig.colourWindow("Report", "#ffffff", mode: "report-input")
        guard rig.wait(20, "the window", { rig.toplevel(titled: "Report")?.picture != nil }),
            let window = rig.host.compositor.toplevels.first.flatMap({ rig.shell.window(showing: $0) })
        else { return nil }
        rig.settle()
        return window
    }

    /// What the program says it got (its title after "Report:").
    static func reported(_ rig: Rig) -> String {
        let title = rig.host.compositor.toplevels.first?.title ?? ""
        return title.hasPrefix("Report:") ? String(title.dropFirst("Report:".count)) : ""
    }

    /// A tap in the middle of the window by a device of `type`, and what the program then reports.
    static func tap(_ rig: Rig, _ window: WindowFrameView, type: Touch.TouchType, expect: String) -> String {
        let p = window.convert(Point(window.bounds.midX, window.bounds.midY), to: nil)
        let host = rig.host.host
        let id = host.touchDown(at: p, type: type)
        rig.host.run(for: 0.05)
        host.touchUp(id, at: p)
        rig.wait(10, "the program to report \(expect)") { reported(rig).contains(expect) }
        return reported(rig)
    }

    @Test(.enabled(if: ColourWindow.available)) func aFingerReachesTheProgramAsTouch() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let window = try Self.reporter(rig) else { return }
        let got = Self.tap(rig, window, type: .direct, expect: "touch-end")
        #expect(got.contains("touch-begin") && got.contains("touch-end"), "reported: \(got)")
        #expect(!got.contains("button-press"), "a finger came as the pointer: \(got)")
    }

    @Test(.enabled(if: ColourWindow.available)) func theMouseReachesTheProgramAsThePointer() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let window = try Self.reporter(rig) else { return }
        let got = Self.tap(rig, window, type: .indirectPointer, expect: "button-release")
        #expect(got.contains("button-press") && got.contains("button-release"), "reported: \(got)")
        #expect(!got.contains("touch-begin"), "the mouse came as a finger: \(got)")
    }

    /// The shell takes a finger that is down on the window (a system gesture beginning, or a
    /// window going: `cancelAllTouches`): the program hears `wl_touch.cancel`, not an end.
    @Test(.enabled(if: ColourWindow.available)) func aFingerTheShellTakesIsCancelledInTheProgram() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let window = try Self.reporter(rig) else { return }
        let p = window.convert(Point(window.bounds.midX, window.bounds.midY), to: nil)
        let host = rig.host.host
        let id = host.touchDown(at: p, type: .direct)
        guard rig.wait(10, "the touch to begin", { Self.reported(rig).contains("touch-begin") }) else { return }
        rig.shell.dispatcher.cancelAllTouches()
        rig.wait(10, "the program to hear the cancel") { Self.reported(rig).contains("touch-cancel") }
        host.touchUp(id, at: p)
        rig.host.run(for: 0.2)
        let got = Self.reported(rig)
        #expect(got.contains("touch-cancel") && !got.contains("touch-end"), "reported: \(got)")
        // The next finger is a touch again, from the start.
        _ = Self.tap(rig, window, type: .direct, expect: "touch-end")
    }

    /// The system gesture itself: a finger that goes down on the program's window at the bottom
    /// edge and swipes up shows the Dock; the program hears the finger cancelled, never lifted.
    @Test(.enabled(if: ColourWindow.available)) func aFingerTakenForTheDockSwipeIsCancelledInTheProgram() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        guard try Self.reporter(rig) != nil else { return }
        let bottom = rig.shell.bounds.maxY - 2
        let x = rig.shell.bounds.midX
        let host = rig.host.host
        let id = host.touchDown(at: Point(x, bottom), type: .direct)
        rig.host.run(for: 0.05)
        for i in 1...10 {
            host.touchMove(id, to: Point(x, bottom - Double(i) * GestureSettings.dockRevealDistance / 4))
            rig.host.step(wait: 0.01)
        }
        rig.wait(5, "the Dock") { rig.shell.dockRevealed }
        rig.wait(10, "the program to hear the cancel") { Self.reported(rig).contains("touch-cancel") }
        host.touchUp(id, at: Point(x, bottom - 100))
        rig.host.run(for: 0.2)
        let got = Self.reported(rig)
        #expect(!got.contains("touch-end"), "the program saw the Dock's finger lift: \(got)")
    }

    /// A GTK program's text dragged by a finger (`wl_data_device.start_drag` with the serial of the
    /// finger's down, which the compositor must accept) into another GTK program, or by the mouse.
    func dragBetweenGTKPrograms(type: Touch.TouchType) throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Target", "#ffffff", mode: "drop-target")
        guard rig.wait(20, "the target window", { rig.toplevel(titled: "Target")?.picture != nil }),
            let target = rig.window(titled: "Target"), let path = ColourWindow.path
        else { return }
        try rig.launch(["env", "GSK_RENDERER=cairo", path, "Source", "#ffffff", "--drag-source", "by finger"])
        guard rig.wait(20, "the source window", { rig.toplevel(titled: "Source")?.picture != nil }),
            let source = rig.window(titled: "Source")
        else { return }
        rig.shell.show(fullScreen: target.id)
        rig.shell.show(split: source.id, on: .left)
        rig.wait(5, "both at half the screen") {
            rig.toplevel(titled: "Source")?.picture?.size.width ?? 0 < 700
                && rig.toplevel(titled: "Target")?.picture?.size.width ?? 0 < 700
        }
        rig.settle()
        let from = source.convert(Point(source.bounds.midX, source.bounds.midY), to: nil)
        let to = target.convert(Point(target.bounds.midX, target.bounds.midY), to: nil)
        let host = rig.host.host
        let id = host.touchDown(at: from, type: type)
        for i in 1...40 {
            let t = Double(i) / 40
            host.touchMove(id, to: Point(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t))
            rig.host.compositor.dispatch(timeout: 0.01)
            host.run(for: HeadlessHost.frameInterval)
        }
        rig.wait(3, "the drag to start") { rig.toplevel(titled: "Source")?.isDraggingBetweenPrograms == true }
        #expect(rig.host.compositor.isDragCarriedByFinger == (type == .direct), "carried by the wrong device")
        host.touchUp(id, at: to)
        rig.wait(10, "the text dropped on the target") { rig.toplevel(titled: "Target Dropped: by finger") != nil }
    }

    @Test(.enabled(if: ColourWindow.available)) func aFingerDragsTextBetweenGTKPrograms() throws {
        try dragBetweenGTKPrograms(type: .direct)
    }

    @Test(.enabled(if: ColourWindow.available)) func theMouseDragsTextBetweenGTKPrograms() throws {
        try dragBetweenGTKPrograms(type: .indirectPointer)
    }
}
