import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

/// Drag and drop out of an app process (C3: "to another place, window or app"): a drag that leaves
/// Mail's window goes on as a Wayland drag, which other programs take like any other.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct ProcessDragTests {
    /// Mail (a process) full screen, then a GTK 4 program beside it in Split View; the first message
    /// of the Inbox held until it lifts, then dragged over the GTK window and let go there.
    static func mailBesideTarget(_ rig: Rig, in dir: URL) -> (mail: WindowFrameView, target: WindowFrameView)? {
        let (mail, app) = rig.installMail(in: dir)
        rig.shell.openApp(app)
        guard rig.wait(20, "Mail's window", { rig.shell.visibleWindows.count == 1 && mail.isRunning }),
            let first = rig.shell.visibleWindows.first,
            rig.wait(10, "its picture", { mail.toplevels[first]?.picture != nil }),
            (try? rig.colourWindow("Target", "#ffffff", mode: "drop-target")) != nil,
            rig.wait(20, "the GTK window", { rig.toplevel(titled: "Target")?.picture != nil }),
            let target = rig.window(titled: "Target"), let frame = rig.shell.windows[first]
        else { return nil }
        rig.shell.show(fullScreen: first)
        rig.shell.show(split: target.id, on: .right)
        rig.settle()
        let area = frame.convert(frame.bounds, to: nil)
        guard rig.wait(10, "Mail's rows at half the screen", { rig.darkPixels(in: area) > 200 }) else { return nil }
        return (frame, target)
    }

    /// Mail as a process, full screen with its rows drawn: the app, its window, the middle of the
    /// Inbox's first message (the list beside the sidebar) and a point at the screen's right side.
    static func mailFullScreen(_ rig: Rig, in dir: URL) -> (ProcessApp, String, Point, Point)? {
        let (mail, app) = rig.installMail(in: dir)
        rig.shell.openApp(app)
        guard rig.wait(20, "Mail's window", { rig.shell.visibleWindows.count == 1 && mail.isRunning }),
            let first = rig.shell.visibleWindows.first, let frame = rig.shell.windows[first]
        else { return nil }
        let area = frame.convert(frame.bounds, to: nil)
        guard rig.wait(10, "Mail's rows", { rig.darkPixels(in: area) > 200 }) else { return nil }
        rig.settle()
        let from = frame.convert(
            Point(ProcessDragLayout.listCentreFullScreen, ProcessDragLayout.firstRowCentre), to: nil)
        return (mail, first, from, Point(rig.shell.bounds.maxX - 10, rig.shell.bounds.midY))
    }

    /// Holds at `from` until the app lifts the item (its long press runs on the wall clock), then
    /// moves to `to` in steps, serving the clients between them; returns the touch. A finger's
    /// touch (`.direct`) reaches Mail as `wl_touch`, and its drag starts from the finger's press; the
    /// mouse's (`.indirectPointer`) as `wl_pointer`.
    static func holdAndDrag(_ rig: Rig, from: Point, to: Point, type: Touch.TouchType = .direct) -> Int {
        let host = rig.host.host
        let id = host.touchDown(at: from, type: type)
        rig.host.run(for: 0.9)
        for i in 1...40 {
            let t = Double(i) / 40
            host.touchMove(id, to: Point(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t))
            rig.host.step(wait: 0.01)
        }
        return id
    }

    @Test(.enabled(if: ColourWindow.available)) func aMessageDraggedByAFingerIntoAGTKProgramArrivesAsText() throws {
        try dragMessageIntoGTK(type: .direct)
    }

    @Test(.enabled(if: ColourWindow.available)) func aMessageDraggedByTheMouseIntoAGTKProgramArrivesAsText() throws {
        try dragMessageIntoGTK(type: .indirectPointer)
    }

    /// The first message of Mail's Inbox (Mail a process of its own) held and dragged onto a GTK 4
    /// program's window beside it, by a finger or by the mouse: the program gets the message's text.
    func dragMessageIntoGTK(type: Touch.TouchType) throws {
        let dir = try AppProcessTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let (mail, target) = Self.mailBesideTarget(rig, in: dir) else { return }
        // The first message of the list (Mail compact at half the screen: the list under its bar).
        let from = mail.convert(Point(mail.bounds.midX, ProcessDragLayout.firstRowCentre), to: nil)
        let to = target.convert(Point(target.bounds.midX, target.bounds.midY), to: nil)
        let id = Self.holdAndDrag(rig, from: from, to: to, type: type)
        rig.snapshot("process-drag-over-gtk")
        guard
            rig.wait(5, "the drag to leave Mail", { rig.toplevel(titled: "Target")?.isDraggingBetweenPrograms == true })
        else { return }
        // The shell draws the picture Mail drags under the finger: the lifted message, no wider
        // than an iPad's drag preview.
        #expect(
            rig.host.compositor.isDragCarriedByFinger == (type == .direct),
            "a \(type) drag carried by \(rig.host.compositor.isDragCarriedByFinger ? "a finger" : "the pointer")")
        let picture = try #require(rig.shell.programDragPicture, "no picture under the finger")
        #expect(picture.size.width > 100 && picture.size.width <= 300, "picture: \(picture.size)")
        rig.host.host.touchUp(id, at: to)
        let dropped = { rig.host.compositor.toplevels.first { $0.title.hasPrefix("Target Dropped: ") } }
        rig.wait(10, "the message's text dropped on the GTK window") { dropped() != nil }
        let title = dropped()?.title ?? ""
        #expect(title.contains("Напоминаю, что завтра в 10:00"), "dropped: \(title.prefix(120))")
    }
}

extension ProcessDragTests {
    /// W2b across processes: a message dragged out of Mail's process to the screen's right side
    /// opens in a window of its own there, beside the Inbox.
    @Test func aMessageDroppedOnTheRightSideOpensBesideTheInbox() throws {
        let dir = try AppProcessTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let (mail, first, from, to) = Self.mailFullScreen(rig, in: dir) else { return }
        let id = Self.holdAndDrag(rig, from: from, to: to)
        guard rig.wait(5, "the side to take the drag", { rig.shell.programDrag?.overSide == true }) else { return }
        rig.snapshot("process-drag-over-right-side")
        rig.host.host.touchUp(id, at: to)
        guard rig.wait(20, "the message's window", { mail.toplevels.count == 2 && rig.shell.visibleWindows.count == 2 })
        else { return }
        rig.settle()
        let message = try #require(rig.shell.visibleWindows.first { $0 != first })
        #expect(mail.toplevels[message]?.role == .auxiliary, "the message opens in an auxiliary window")
        guard case .split(let left, let right, _) = rig.shell.arrangement else {
            Issue.record("not in Split View: \(rig.shell.arrangement)")
            return
        }
        #expect(left == first && right == message, "the message on the right of the Inbox")
        rig.wait(5, "the message's title") { rig.shell.windows[message]?.scene.title == "Встреча завтра" }
    }
}

extension ProcessDragTests {
    /// A program slower than the finger: Mail is stopped while the finger carries its lifted message
    /// to the screen's right side, and begins the drag only once the finger rests there. The side
    /// takes it with no further move (it was looked for on moves only: under ThreadSanitizer, where
    /// Mail runs that slowly, the side never lit).
    @Test func aDragBegunUnderAFingerAlreadyAtTheSideIsTakenThere() throws {
        let dir = try AppProcessTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let (mail, _, from, to) = Self.mailFullScreen(rig, in: dir) else { return }
        let host = rig.host.host
        let id = host.touchDown(at: from)
        rig.host.run(for: 0.9)
        let pid = try #require(rig.host.launcher.processIDs[mail.identifier])
        kill(pid, SIGSTOP)
        for i in 1...40 {
            let t = Double(i) / 40
            host.touchMove(id, to: Point(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t))
            rig.host.step(wait: 0.001)
        }
        #expect(rig.shell.programDrag == nil, "no drag yet: Mail is stopped")
        kill(pid, SIGCONT)
        rig.wait(10, "the side to take the drag Mail began late") { rig.shell.programDrag?.overSide == true }
        // Mail, just resumed, catches up before the finger lifts: the drop reads the message from it
        // (within a second).
        rig.host.run(for: 1)
        host.touchUp(id, at: to)
        rig.wait(20, "the message's window") { mail.toplevels.count == 2 }
    }
}

/// Where Mail's first message row is in a window at half the screen, from the window's top, in
/// points: under the 50 pt navigation bar and the search field, the middle of the first row.
enum ProcessDragLayout {
    static let firstRowCentre = 140.0
    /// The middle of the message list across a full-screen Mail window (its sidebar is 320 pt).
    static let listCentreFullScreen = 800.0
}
