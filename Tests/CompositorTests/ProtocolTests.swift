import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

/// The protocols programs use beyond the core, each doing what it is for in Slate, driven by small
/// clients that speak them.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(3)))) struct ProtocolTests {
    static let viewporter = "/usr/share/wayland-protocols/stable/viewporter/viewporter.xml"
    static let presentationTime = "/usr/share/wayland-protocols/stable/presentation-time/presentation-time.xml"
    static let singlePixel = "/usr/share/wayland-protocols/staging/single-pixel-buffer/single-pixel-buffer-v1.xml"

    static func viewportClient() throws -> String {
        try #require(
            ProgramsDrawTests.fixture("viewport-client", protocols: [viewporter, presentationTime, singlePixel]),
            "the viewport test client did not compile")
    }

    /// A 2 × 2 buffer stretched by its viewport to the whole window shows its four colours in the
    /// window's four quarters, and a single-pixel buffer stretched to 120 × 80 over it shows its
    /// colour there: what the program asked its viewports for, not its buffers' sizes.
    @Test func buffersAreDrawnThroughTheirViewports() throws {
        let client = try Self.viewportClient()
        let dir = try ProgramsDrawTests.folder("viewports")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client, dir.appendingPathComponent("report").path])
        guard rig.wait(20, "the window", { rig.window(titled: "Viewports") != nil }),
            let window = rig.window(titled: "Viewports"), let top = rig.toplevel(titled: "Viewports")
        else { return }
        rig.wait(10, "its picture at its full-screen size") { top.pictureSize == Size(1366, 980) }
        rig.settle()
        rig.snapshot("viewports")
        let r = try #require(
            (window.scene.rootView as? ForeignSurfaceView).map { $0.convert($0.surfaceRect, to: nil) })
        let red = RGBA(1, 0, 0, 1)
        let green = RGBA(0, 1, 0, 1)
        let blue = RGBA(0, 0, 1, 1)
        let white = RGBA(1, 1, 1, 1)
        let yellow = RGBA(1, 1, 0, 1)
        let points: [(Double, Double, RGBA, String)] = [
            // (Filtered as it is stretched: each quarter is its colour alone from its middle out.)
            (r.width * 0.2, r.height * 0.2 + 40, red, "top left"), (r.width * 0.8, r.height * 0.2, green, "top right"),
            (r.width * 0.2, r.height * 0.8, blue, "bottom left"),
            (r.width * 0.8, r.height * 0.8, white, "bottom right"),
            (100, 80, yellow, "the single-pixel subsurface"), (45, 45, yellow, "its corner"),
            (155, 115, yellow, "its other corner"),
        ]
        for (x, y, colour, place) in points {
            let pixel = rig.framebuffer.pixel(x: Int(r.minX + x), y: Int(r.minY + y))
            #expect(ProgramsDrawTests.isColour(pixel, colour), "\(place) at (\(x), \(y)): \(pixel)")
        }
        // Just outside the subsurface: the main surface's red.
        let outside = rig.framebuffer.pixel(x: Int(r.minX + 170), y: Int(r.minY + 130))
        #expect(!ProgramsDrawTests.isColour(outside, yellow), "the subsurface spills over (170, 130): \(outside)")
    }

    /// The presented, discarded and refresh figures the viewport client reported.
    static func presentationReport(_ path: String) -> (presented: Int, discarded: Int, refresh: Int)? {
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return fields.count == 3 ? (fields[0], fields[1], fields[2]) : nil
    }

    /// A program asking for presentation feedback with each frame is told once for each frame the
    /// output showed — presented, with the output's refresh — and nothing is left unanswered.
    @Test func presentationFeedbackComesOncePerShownFrame() throws {
        let client = try Self.viewportClient()
        let dir = try ProgramsDrawTests.folder("presentation")
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report").path
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        try rig.launch([client, report, "--present"])
        rig.run(for: 20) { (Self.presentationReport(report)?.presented ?? 0) > 10 }
        let before = try #require(Self.presentationReport(report), "no presentation feedback came")
        let framesBefore = rig.compositor.outputFrames
        rig.run(for: 2)
        let after = try #require(Self.presentationReport(report))
        let frames = Int(rig.compositor.outputFrames - framesBefore)
        let presented = after.presented - before.presented
        #expect(frames > 60, "the output showed \(frames) frames in 2 s")
        #expect(presented <= frames + 1, "\(presented) presented for \(frames) frames")
        #expect(Double(presented) >= Double(frames) * 0.8, "\(presented) presented for \(frames) frames")
        #expect(after.discarded - before.discarded <= 2, "feedback discarded: \(before) → \(after)")
        // The output's refresh (60 Hz: 16.7 ms), as the protocol says, in nanoseconds.
        #expect((16_000_000...17_000_000).contains(after.refresh), "refresh \(after.refresh) ns")
    }
}

extension ProtocolTests {
    /// Text selected in one GTK program is the primary selection: `wl-paste --primary` reads it, and a
    /// middle click in another program pastes it there.
    @Test(.enabled(if: ColourWindow.available)) func aMiddleClickPastesWhatIsSelectedInAnotherProgram() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Target", "#ffffff", mode: "paste-target")
        guard rig.wait(20, "the target window", { rig.toplevel(titled: "Target")?.picture != nil }),
            let target = rig.window(titled: "Target"), let path = ColourWindow.path
        else { return }
        try rig.launch(["env", "GSK_RENDERER=cairo", path, "Source", "#ffffff", "--select", "from the left"])
        guard rig.wait(20, "the source window", { rig.toplevel(titled: "Source")?.picture != nil }),
            let source = rig.window(titled: "Source")
        else { return }
        rig.shell.show(fullScreen: target.id)
        rig.shell.show(split: source.id, on: .left)
        rig.settle()
        let host = rig.host.host
        // A click in the source's entry selects its text (the primary selection).
        let click = source.convert(Point(source.bounds.midX, source.bounds.midY), to: nil)
        let press = host.touchDown(at: click, type: .indirectPointer)
        rig.host.run(for: 0.1)
        host.touchUp(press, at: click)
        rig.settle()
        let primary = rig.wait(10, "the primary selection") {
            rig.shellOutput(["wl-paste", "--primary", "--no-newline"]) == "from the left"
        }
        #expect(
            primary,
            "wl-paste --primary read \(rig.shellOutput(["wl-paste", "--primary", "--no-newline"]) ?? "nothing")")
        host.pointer(.middleClick(target.convert(Point(target.bounds.midX, target.bounds.midY), to: nil)))
        rig.wait(10, "the text pasted into the target") { rig.toplevel(titled: "Target Pasted: from the left") != nil }
    }
}

extension ProtocolTests {
    /// A program holding an idle inhibitor keeps the screen awake while its window is on the screen
    /// (the idle time stays 0), and not while it is under the Home screen.
    @Test func anIdleInhibitorHoldsTheScreenAwakeOnlyWhileItsWindowShows() throws {
        let client = try #require(
            ProgramsDrawTests.fixture(
                "idle-client",
                protocols: ["/usr/share/wayland-protocols/unstable/idle-inhibit/idle-inhibit-unstable-v1.xml"]),
            "the idle test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        let compositor = rig.host.compositor
        try rig.launch([client])
        guard rig.wait(20, "the window", { rig.window(titled: "Awake") != nil }),
            let window = rig.window(titled: "Awake")
        else { return }
        rig.wait(5, "the inhibitor") { compositor.isIdleInhibited }
        rig.settle()
        #expect(compositor.isIdleInhibited, "the shown window's inhibitor does not hold")
        #expect(compositor.idleTime == 0, "idle for \(compositor.idleTime) s while held awake")

        rig.shell.goHome()
        rig.settle()
        #expect(!compositor.isIdleInhibited, "a window under the Home screen holds the screen awake")
        compositor.noteActivity()
        rig.host.run(for: 0.3)
        #expect(compositor.idleTime >= 0.25, "the idle time does not grow: \(compositor.idleTime) s")

        rig.shell.show(fullScreen: window.id)
        rig.settle()
        #expect(compositor.isIdleInhibited, "back on the screen, the inhibitor does not hold again")
        #expect(compositor.idleTime == 0)
    }
}

extension ProtocolTests {
    /// A program the shell started brings its window forward with the token it was given; a program
    /// asking with a token of its own making, while the person uses another window, only asks for
    /// attention: a banner names it and its icon carries a badge until its window is shown.
    @Test func onlyTheShellsTokenBringsAWindowForwardAnyOtherAsksForAttention() throws {
        let client = try #require(
            ProgramsDrawTests.fixture(
                "activation-client",
                protocols: ["/usr/share/wayland-protocols/staging/xdg-activation/xdg-activation-v1.xml"]),
            "the activation test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        let compositor = rig.host.compositor
        func start(_ title: String, _ mode: String, environment: [String: String]) throws -> (Process, Pipe) {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: client)
            process.arguments = [title, mode]
            process.environment = environment
            let input = Pipe()
            process.standardInput = input
            try process.run()
            return (process, input)
        }
        let (launched, tellLaunched) = try start("Launched", "launched", environment: compositor.launchEnvironment())
        defer { launched.terminate() }
        guard rig.wait(20, "the launched program's window", { rig.window(titled: "Launched") != nil }),
            let launchedWindow = rig.window(titled: "Launched")
        else { return }
        let (stray, tellStray) = try start("Stray", "stray", environment: compositor.clientEnvironment())
        defer { stray.terminate() }
        guard rig.wait(20, "the other program's window", { rig.window(titled: "Stray") != nil }),
            let strayWindow = rig.window(titled: "Stray")
        else { return }
        rig.settle()
        #expect(rig.shell.focusedWindow == strayWindow.id)

        // The launched program asks with the shell's token: its window comes forward.
        tellLaunched.fileHandleForWriting.write(Data("go\n".utf8))
        rig.wait(10, "the launched window brought forward") { rig.shell.focusedWindow == launchedWindow.id }
        #expect(rig.shell.arrangement == .fullScreen(launchedWindow.id))

        // The other asks with a token of its own: nothing moves; a banner and a badge.
        tellStray.fileHandleForWriting.write(Data("go\n".utf8))
        rig.wait(10, "the request for attention") { rig.shell.windowsWantingAttention.contains(strayWindow.id) }
        rig.settle()
        #expect(rig.shell.focusedWindow == launchedWindow.id, "a stray request took the keys")
        #expect(rig.shell.arrangement == .fullScreen(launchedWindow.id), "a stray request took the screen")
        #expect(
            rig.shell.bannerMessage?.contains("wants your attention") == true,
            "banner: \(rig.shell.bannerMessage ?? "none")")
        let badge =
            rig.shell.dock.icons.first { rig.shell.app(ofWindow: strayWindow.id)?.identifier == $0.appIdentifier }
            ?? rig.shell.home.icons.first { rig.shell.app(ofWindow: strayWindow.id)?.identifier == $0.appIdentifier }
        #expect(badge?.badgeCount == 1, "no badge on the program's icon")

        // Shown, it asks no more.
        rig.shell.show(fullScreen: strayWindow.id)
        rig.settle()
        #expect(!rig.shell.windowsWantingAttention.contains(strayWindow.id))
        #expect(badge?.badgeCount == 0, "the badge stays once the window is shown")
    }
}

extension ProtocolTests {
    /// grim (wlr-screencopy) copies the screen at rest, where nothing changes and no frame would be
    /// shown otherwise: the whole screen as a PNG of the output's size, and a part of it with the
    /// colours the program drew there.
    @Test(.enabled(if: tool("grim"))) func grimCopiesTheScreenAtRest() throws {
        let client = try #require(
            ProgramsDrawTests.fixture(
                "idle-client",
                protocols: ["/usr/share/wayland-protocols/unstable/idle-inhibit/idle-inhibit-unstable-v1.xml"]),
            "the idle test client did not compile")
        let dir = try ProgramsDrawTests.folder("grim")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        rig.compositor.privacy.allow(["/usr/bin/grim"], .screen)
        try rig.launch([client])
        rig.run(for: 20) { rig.window(titled: "Awake") != nil }
        // At rest: the window's opening animation over, nothing drawn for a while.
        rig.run(for: 1.5)
        func grim(_ arguments: [String]) -> Int32? {
            guard let pid = try? Spawn.start(["grim"] + arguments, environment: rig.compositor.clientEnvironment())
            else { return nil }
            var status: Int32?
            rig.run(for: 10) {
                status = Spawn.reap(pid)
                return status != nil
            }
            if status == nil { kill(pid, SIGKILL) }
            return status
        }
        let png = dir.appendingPathComponent("screen.png").path
        #expect(grim([png]) == 0, "grim did not finish")
        let header = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: png))) ?? Data()).prefix(24)
        // PNG: the signature, then IHDR with the width and height (big-endian) at 16 and 20.
        func word(_ at: Int) -> Int {
            header.count >= at + 4 ? header[at..<(at + 4)].reduce(0) { $0 << 8 | Int($1) } : 0
        }
        #expect(header.starts(with: [0x89, 0x50, 0x4e, 0x47]), "not a PNG")
        #expect(word(16) == 1366 && word(20) == 1024, "PNG of \(word(16)) × \(word(20))")

        let ppm = dir.appendingPathComponent("part.ppm").path
        #expect(grim(["-t", "ppm", "-g", "600,400 20x20", ppm]) == 0, "grim did not copy a part")
        let bytes = [UInt8]((try? Data(contentsOf: URL(fileURLWithPath: ppm))) ?? Data())
        // "P6\n20 20\n255\n", then RGB: the window's colour, #203040.
        let pixels = bytes.suffix(20 * 20 * 3)
        #expect(pixels.count == 1200, "\(bytes.count) bytes of PPM")
        let middle = Array(pixels.dropFirst((10 * 20 + 10) * 3).prefix(3))
        #expect(middle == [0x20, 0x30, 0x40], "the copy's middle is \(middle)")
    }
}
