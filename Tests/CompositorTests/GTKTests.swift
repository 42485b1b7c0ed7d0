import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI
import Windowing

@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(1)))) struct GTKTests {
    static let red = RGBA(1, 0, 0, 1)
    static let blue = RGBA(0, 0, 1, 1)

    /// A GTK 4 window opens full screen, is drawn at the size it was asked for, and fills the screen
    /// below the status bar with its colour; a second one goes beside it in Split View, and the two
    /// halves of the screen take their colours.
    @Test(.enabled(if: ColourWindow.available)) func fullScreenThenSplitView() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Red", "#ff0000")
        guard
            rig.wait(20, "the red GTK window", { rig.toplevel(titled: "Red")?.picture != nil }),
            let red = rig.window(titled: "Red"), let redTop = rig.toplevel(titled: "Red")
        else { return }
        #expect(rig.shell.arrangement == .fullScreen(red.id))
        // The client follows the size it was asked: the screen below the status bar and above the home
        // indicator, 1366 × 980 points.
        rig.wait(10, "the red window at its full-screen size") {
            redTop.picture?.size == Size(1366, 1024 - 24 - 20)
        }
        rig.settle()
        rig.snapshot("gtk-full-screen")
        #expect(close(rig.meanColor(Rect(100, 100, 1166, 800)), Self.red), "the screen is not red")

        try rig.colourWindow("Blue", "#0000ff")
        guard rig.wait(20, "the blue GTK window", { rig.toplevel(titled: "Blue")?.picture != nil }),
            let blue = rig.window(titled: "Blue"), let blueTop = rig.toplevel(titled: "Blue")
        else { return }
        // It opened full screen; the red one goes to its left in Split View.
        rig.shell.show(split: red.id, on: .left)
        #expect(rig.shell.arrangement == .split(left: red.id, right: blue.id, fraction: 0.5))
        let half = Size((1366 - 10) / 2, 980)
        rig.wait(10, "both windows redrawn at half the screen") {
            redTop.picture?.size == half && blueTop.picture?.size == half
        }
        rig.settle()
        rig.snapshot("gtk-split-view")
        #expect(close(rig.meanColor(Rect(60, 100, 560, 800)), Self.red), "the left half is not red")
        #expect(close(rig.meanColor(Rect(746, 100, 560, 800)), Self.blue), "the right half is not blue")
    }

    /// A window behind another lets go of its picture once the screen rests (22 MB at 2× for a
    /// full-screen window), and shows it again, read from its program's buffer, when it comes back.
    @Test(.enabled(if: ColourWindow.available)) func aWindowBehindLetsGoOfItsPictureAndShowsItAgain() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Red", "#ff0000")
        guard rig.wait(20, "the red GTK window", { rig.toplevel(titled: "Red")?.picture != nil }),
            let red = rig.window(titled: "Red"), let redTop = rig.toplevel(titled: "Red")
        else { return }
        try rig.colourWindow("Blue", "#0000ff")
        guard rig.wait(20, "the blue GTK window", { rig.toplevel(titled: "Blue")?.picture != nil }),
            let blueTop = rig.toplevel(titled: "Blue")
        else { return }
        rig.settle()
        #expect(close(rig.meanColor(Rect(100, 100, 1166, 800)), Self.blue), "the screen is not blue")
        rig.wait(10, "the red window, behind, to let go of its picture") { redTop.keptPictureBytes == 0 }
        // The window on the screen keeps none either: it is drawn from its program's buffer.
        #expect(blueTop.keptPictureBytes == 0, "the window on the screen keeps a picture")
        #expect(redTop.pictureSize != nil, "its size is still known")
        rig.shell.show(fullScreen: red.id)
        rig.settle()
        #expect(close(rig.meanColor(Rect(100, 100, 1166, 800)), Self.red), "the red window is not shown again")
        #expect(redTop.picture?.size == redTop.pictureSize, "its picture, read again when asked for")
    }

    /// A popover that would fall below the window is moved inside it (so inside the screen).
    @Test(.enabled(if: ColourWindow.available)) func popupStaysInsideTheScreen() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Popup", "#00ff00", mode: "popup")
        guard rig.wait(20, "the window", { rig.toplevel(titled: "Popup")?.picture != nil }),
            let top = rig.toplevel(titled: "Popup"), let window = rig.window(titled: "Popup")
        else { return }
        guard rig.wait(10, "its popover", { top.openPopups.first?.picture != nil }) else { return }
        rig.settle()
        rig.snapshot("gtk-popup")
        let frame = top.popups[0].frame
        let size = top.requestedSize ?? .zero
        #expect(frame.minX >= 0 && frame.minY >= 0, "popup at \(frame)")
        #expect(frame.maxX <= size.width && frame.maxY <= size.height, "popup \(frame) outside \(size)")
        let view = window.scene.rootView as! ForeignSurfaceView
        let onScreen = view.convert(frame.offsetBy(dx: 0, dy: view.surfaceRect.minY), to: nil)
        #expect(rig.shell.bounds.contains(onScreen), "popup \(onScreen) outside the screen")
    }

    /// A dialog (a window with a parent) opens centred on top, its parent full screen behind it.
    /// Drag and drop between programs: a text dragged out of one GTK window in Split View and let go
    /// over the other is dropped there (the compositor relays wl_data_device's drag; the pointer goes
    /// to the window under the finger).
    @Test(.enabled(if: ColourWindow.available)) func aTextDraggedBetweenProgramsIsDropped() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Target", "#ffffff", mode: "drop-target")
        guard rig.wait(20, "the target window", { rig.toplevel(titled: "Target")?.picture != nil }),
            let target = rig.window(titled: "Target")
        else { return }
        guard let path = ColourWindow.path else { return }
        try rig.launch(["env", "GSK_RENDERER=cairo", path, "Source", "#ffffff", "--drag-source", "hello slate"])
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
        // The label in the middle of the source window, dragged to the middle of the target window.
        let from = source.convert(Point(source.bounds.midX, source.bounds.midY), to: nil)
        let to = target.convert(Point(target.bounds.midX, target.bounds.midY), to: nil)
        let host = rig.host.host
        let id = host.touchDown(at: from)
        for i in 1...40 {
            let t = Double(i) / 40
            host.touchMove(id, to: Point(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t))
            rig.host.compositor.dispatch(timeout: 0.01)
            host.run(for: HeadlessHost.frameInterval)
        }
        rig.wait(3, "the drag to reach the target") {
            rig.toplevel(titled: "Source")?.isDraggingBetweenPrograms == true
        }
        host.touchUp(id, at: to)
        rig.wait(10, "the text dropped on the target") {
            rig.toplevel(titled: "Target Dropped: hello slate") != nil
        }
    }

    @Test(.enabled(if: ColourWindow.available)) func dialogOpensCentred() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Main", "#ffff00", mode: "dialog")
        let both = rig.wait(20, "the window and its dialog") {
            rig.window(titled: "Main") != nil && rig.window(titled: "Main Dialog") != nil
        }
        guard both, let main = rig.window(titled: "Main"), let dialog = rig.window(titled: "Main Dialog") else {
            return
        }
        rig.settle()
        rig.snapshot("gtk-dialog")
        #expect(rig.shell.arrangement == .fullScreen(main.id))
        #expect(rig.shell.centerWindow == dialog.id)
        #expect(rig.shell.focusedWindow == dialog.id)
    }

    /// A tap on the screen reaches the program as a click where the finger was, and the window's
    /// new title reaches the shell.
    @Test(.enabled(if: ColourWindow.available)) func tapClicksTheProgram() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Button", "#ff00ff", mode: "button")
        guard rig.wait(20, "the window", { rig.toplevel(titled: "Button")?.picture != nil }) else { return }
        rig.settle()
        rig.host.host.tap(at: Point(683, 540))
        rig.wait(10, "the click to retitle the window") { rig.window(titled: "Button Clicked") != nil }
    }

    /// The same program's window in Slide Over is asked for Slide Over's width and redraws at it; the
    /// switcher shows both windows with their pictures.
    @Test(.enabled(if: ColourWindow.available)) func slideOverAndSwitcher() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Under", "#00ffff")
        guard rig.wait(20, "the first window", { rig.toplevel(titled: "Under")?.picture != nil }) else { return }
        try rig.colourWindow("Over", "#ff8000")
        guard rig.wait(20, "the second window", { rig.toplevel(titled: "Over")?.picture != nil }),
            let under = rig.window(titled: "Under"), let over = rig.window(titled: "Over"),
            let overTop = rig.toplevel(titled: "Over")
        else { return }
        rig.shell.show(fullScreen: under.id)
        rig.shell.show(slideOver: over.id)
        #expect(rig.shell.slideOver == over.id)
        #expect(rig.shell.arrangement == .fullScreen(under.id))
        rig.wait(10, "the Slide Over window redrawn at its width") {
            overTop.picture?.size.width == WindowingMetrics.slideOverWidth
        }
        rig.settle()
        rig.snapshot("gtk-slide-over")
        rig.shell.showSwitcher()
        rig.settle()
        rig.snapshot("gtk-switcher")
        #expect(rig.shell.expose?.cells.count == 2)
        #expect(rig.shell.snapshotImages.count == 2)
    }
}
