import Compositor
import Foundation
import Graphics
import Host
import Shell
import SystemUI
import Testing
import UI

@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(1)))) struct ClientTests {
    /// weston-simple-shm's window becomes a full-screen Slate window, and its pixels are on screen.
    @Test(.enabled(if: tool("weston-simple-shm"))) func simpleShmPixelsOnScreen() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch(["weston-simple-shm"])
        guard rig.wait(10, "a window of weston-simple-shm", { rig.shell.visibleWindows.count == 1 }) else { return }
        guard let top = rig.host.compositor.toplevels.first,
            rig.wait(10, "its first picture", { top.picture != nil })
        else { return }
        rig.settle()
        let id = rig.shell.visibleWindows[0]
        #expect(rig.shell.arrangement == .fullScreen(id))
        #expect(rig.shell.focusedWindow == id)
        // The picture drawn in the last frame is the toplevel's picture now: compare them.
        rig.host.compositor.dispatch()
        rig.host.host.frame()
        guard let picture = top.picture, let frame = rig.shell.windows[id] else {
            Issue.record("no picture or no window")
            return
        }
        let view = frame.scene.rootView as! ForeignSurfaceView
        // weston-simple-shm keeps its own size (250 × 250) whatever it is asked: its picture is shown
        // as drawn, centred in the window. Compare the mean colours of four quarters of its middle
        // on the screen and in the client's picture (a shifted or blended edge moves a mean little;
        // a window without the client's pixels, or with others, moves it far).
        let placed = view.pictureRect(for: picture.size)
        #expect(placed.size == picture.size, "the picture is stretched to \(placed.size)")
        #expect(
            abs(placed.midX - view.surfaceRect.midX) < 1 && abs(placed.midY - view.surfaceRect.midY) < 1,
            "the picture is not centred: \(placed) in \(view.surfaceRect)")
        let r = view.convert(placed, to: nil)
        var matches = 0
        for (fx, fy) in [(0.2, 0.2), (0.5, 0.2), (0.2, 0.5), (0.5, 0.5)] {
            let onScreen = rig.meanColor(
                Rect(r.minX + r.width * fx, r.minY + r.height * fy, r.width * 0.3, r.height * 0.3))
            let inClient = mean(
                picture,
                Rect(
                    Double(picture.width) * fx, Double(picture.height) * fy, Double(picture.width) * 0.3,
                    Double(picture.height) * 0.3))
            if close(onScreen, inClient, 0.08) {
                matches += 1
            } else if ProcessInfo.processInfo.environment["SLATE_TEST_VERBOSE"] != nil {
                print("quarter \(fx),\(fy): screen \(onScreen) client \(inClient)")
            }
        }
        #expect(!close(rig.meanColor(r), RGBA(1, 1, 1, 1), 0.05), "the window is blank")
        rig.snapshot("simple-shm")
        #expect(matches == 4, "the client's pixels are not on the screen (\(matches) of 4 quarters match)")
    }

    /// A client killed with SIGKILL takes only its window with it: the shell keeps running and the
    /// next client's window opens.
    @Test(.enabled(if: tool("weston-simple-shm"))) func killedClientLeavesTheShellRunning() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        let victim = try rig.launch(["weston-simple-shm"])
        guard rig.wait(10, "the first window", { rig.shell.visibleWindows.count == 1 }) else { return }
        kill(victim.processIdentifier, SIGKILL)
        guard rig.wait(10, "the window to go", { rig.shell.visibleWindows.isEmpty }) else { return }
        #expect(rig.shell.windows.isEmpty)
        #expect(rig.host.compositor.toplevels.isEmpty)
        rig.settle()
        try rig.launch(["weston-simple-shm"])
        rig.wait(10, "a window of the next client") {
            rig.shell.visibleWindows.count == 1 && rig.host.compositor.toplevels.first?.picture != nil
        }
    }
}

@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(1)))) struct InputTests {
    /// Keys typed on the shell reach the focused program through the keymap: a shell in foot runs
    /// what is typed, and the file it makes appears.
    @Test(.enabled(if: tool("foot"))) func typingReachesTheFocusedProgram() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-typing-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try rig.launch(["foot", "--working-directory", dir.path, "--", "sh"])
        guard rig.wait(20, "foot's window", { rig.host.compositor.toplevels.first?.picture != nil }) else { return }
        rig.settle()
        // The shell's prompt first; then a command, as a person types it.
        rig.host.run(for: 0.5)
        rig.host.host.type("echo Typed_OK > out.txt")
        rig.host.host.key(KeyPress(.return))
        let out = dir.appendingPathComponent("out.txt").path
        rig.wait(10, "the file the typed command writes") {
            (try? String(contentsOfFile: out, encoding: .utf8)) == "Typed_OK\n"
        }
        // Russian too: the keymap's second layout makes the Cyrillic letters, Shift the capitals.
        rig.host.host.type("echo Привет_Ёж > ru.txt")
        rig.host.host.key(KeyPress(.return))
        let ru = dir.appendingPathComponent("ru.txt").path
        rig.wait(10, "the file the Russian command writes") {
            (try? String(contentsOfFile: ru, encoding: .utf8)) == "Привет_Ёж\n"
        }
    }
}

extension ClientTests {
    /// A program that draws part of its window in a subsurface — weston-subsurfaces: a green main
    /// surface with a red subsurface over it — has both on the screen.
    @Test(.enabled(if: tool("weston-subsurfaces"))) func subsurfacesAreComposedIntoTheWindow() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch(["weston-subsurfaces", "--no-triangle"])
        guard rig.wait(20, "its window", { rig.host.compositor.toplevels.first?.picture != nil }) else { return }
        rig.settle()
        rig.host.run(for: 0.5)
        rig.snapshot("subsurfaces")
        let picture = try #require(rig.host.compositor.toplevels.first?.picture)
        var (red, green) = (0, 0)
        for y in stride(from: 0, to: picture.height, by: 4) {
            for x in stride(from: 0, to: picture.width, by: 4) {
                let p = picture.pixel(x: x, y: y)
                if p.red > 0.6, p.green < 0.3, p.blue < 0.3 { red += 1 }
                if p.green > 0.5, p.red < 0.3, p.blue < 0.3 { green += 1 }
            }
        }
        #expect(green > 500, "the main surface's green canvas: \(green)")
        #expect(red > 500, "the red subsurface: \(red)")
    }

    /// The fixture `subsurface-client.c`, compiled once a run against the repository's xdg-shell code.
    static var subsurfaceClient: String? { ProgramsDrawTests.fixture("subsurface-client") }

    /// A window with a subsurface showing whose main surface redraws a band of rows across it, frame
    /// after frame: only the band is copied (a picture made whole each commit cost foot in Split View
    /// 12 ms a frame instead of 0.5), and the subsurface stays over the rows copied.
    @Test func aSubsurfaceStaysOverTheRowsItsWindowRedraws() throws {
        let client = try #require(Self.subsurfaceClient, "the subsurface test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client])
        guard rig.wait(20, "its window", { rig.toplevel(titled: "Subsurface")?.picture != nil }) else { return }
        let top = try #require(rig.toplevel(titled: "Subsurface"))
        guard rig.wait(20, "its band redrawn 20 times", { top.pictureCount >= 20 }) else { return }
        let picture = try #require(top.picture)
        #expect(picture.width == 240 && picture.height == 160, "\(picture.width)×\(picture.height)")
        let d = try #require(top.damage, "the last commit was copied whole")
        #expect(d.minY == 40 && d.height == 80, "the band's rows: \(d)")
        func isRed(_ p: RGBA) -> Bool { p.red > 0.9 && p.green < 0.1 && p.blue < 0.1 }
        func isBlue(_ p: RGBA) -> Bool { p.blue > 0.7 && p.red < 0.1 && p.green < 0.1 }
        // The subsurface (80 × 60 at 80, 50) lies inside the band (rows 40..<120).
        for (x, y) in [(120, 80), (81, 51), (159, 109)] {
            #expect(isRed(picture.pixel(x: x, y: y)), "the subsurface at (\(x), \(y)): \(picture.pixel(x: x, y: y))")
        }
        for (x, y) in [(20, 80), (200, 60), (20, 10), (120, 140)] {
            #expect(isBlue(picture.pixel(x: x, y: y)), "the window at (\(x), \(y)): \(picture.pixel(x: x, y: y))")
        }
    }
}

extension InputTests {
    /// A window that lets go of the keys takes them from nobody: the shell tells the window given
    /// them first and the one losing them after, and the keys stay where they went (a window opened
    /// beside another once lost every key this way).
    @Test(.enabled(if: tool("foot"))) func aWindowLettingGoLeavesTheKeysWhereTheyWent() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch(["foot"])
        try rig.launch(["foot"])
        let drawn = { rig.host.compositor.toplevels.filter { $0.picture != nil } }
        guard rig.wait(20, "two windows", { drawn().count == 2 }) else { return }
        let (a, b) = (drawn()[0], drawn()[1])
        a.setKeyboardFocus(true)
        b.setKeyboardFocus(false)
        #expect(a.hasKeyboardFocus)
        #expect(!b.hasKeyboardFocus)
        b.setKeyboardFocus(true)
        a.setKeyboardFocus(false)
        #expect(b.hasKeyboardFocus)
        #expect(!a.hasKeyboardFocus)
        b.setKeyboardFocus(false)
        #expect(!b.hasKeyboardFocus)
    }
}

@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(1)))) struct DockRecentsTests {
    /// A program the Dock does not keep joins it after the divider once its window was used, as
    /// iPadOS's recent apps; one the Dock keeps does not.
    @Test(.enabled(if: tool("weston-simple-shm"))) func aProgramUsedRecentlyIsAfterTheDivider() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        // A Slate app: the Dock keeps it.
        rig.shell.install(SceneProtocolTests.testApp, restoring: false)
        #expect(rig.shell.dock.icons.count == 1)
        #expect(rig.shell.dock.recentIcons.isEmpty)
        try rig.launch(["weston-simple-shm"])
        guard rig.wait(10, "its window", { rig.shell.visibleWindows.count == 1 }) else { return }
        rig.settle()
        let recent = rig.shell.dock.recentIcons
        #expect(recent.count == 1)
        let kept = rig.shell.dock.icons
        #expect(!kept.contains { $0.appIdentifier == recent.first?.appIdentifier }, "not among the kept apps")
        let last = try #require(kept.last)
        let first = try #require(recent.first)
        #expect(first.frame.minX > last.frame.maxX + ShellMetrics.dockSpacing, "after the divider")
        #expect(rig.shell.dock.preferredWidth > Double(kept.count + 1) * ShellMetrics.dockIconSize)
        rig.shell.goHome()
        rig.settle()
        rig.snapshot("dock-recents")
    }
}
