import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import ShellPorts
import Testing
import UI

/// X11 programs through Xwayland, as a person meets them: xterm started from its desktop file beside
/// another window, typed into in Russian; an X11 dialog centred on top, its menu where it put it, its
/// urgency and full-screen wishes; the clipboard and the primary selection both ways; Xwayland killed
/// and started again; and a program setting malformed window properties. Set-up installs xwayland,
/// xterm and xclip; a missing one fails its test.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(3)))) struct X11Tests {
    /// Whether Xwayland and the X11 programs the tests start are installed (said, not skipped).
    static func installed(_ tools: String...) -> Bool {
        let missing = (["Xwayland"] + tools).filter { !tool($0) }
        #expect(missing.isEmpty, "set-up installs \(missing.joined(separator: ", "))")
        return missing.isEmpty
    }

    /// The X11 test program (`Fixtures/x11-client.c`), compiled once a run.
    static let client: String? = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-x11-client-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        if FileManager.default.isExecutableFile(atPath: out) { return out }
        let source = here.appendingPathComponent("Fixtures/x11-client.c").path
        return ProgramsDrawTests.run(["cc", "-o", out, source, "-lxcb"]) ? out : nil
    }()

    static let yellow = RGBA(1, 208.0 / 255, 0, 1)
    static let mainBlue = RGBA(0x1f / 255.0, 0x5f / 255.0, 0xd0 / 255.0, 1)
    static let dialogOrange = RGBA(1, 0x80 / 255.0, 0, 1)
    static let menuGreen = RGBA(0, 0xc0 / 255.0, 0, 1)

    /// Where a toplevel's picture is on the screen (points).
    static func pictureRect(_ rig: Rig, _ top: ClientToplevel) -> Rect? {
        guard let frame = rig.shell.window(showing: top), let view = frame.scene.rootView as? ForeignSurfaceView
        else { return nil }
        return view.convert(view.pictureRect(for: top.pictureSize ?? view.surfaceRect.size), to: nil)
    }

    /// The X11 toplevel titled `title`.
    static func x11(_ rig: Rig, _ title: String) -> ClientToplevel? {
        rig.host.compositor.toplevels.first { $0.isX11 && $0.title == title }
    }

    /// The Xwayland serving this compositor's display, found by its command line (":N -rootless").
    static func xwaylandPID(display: String) -> pid_t? {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        for entry in entries {
            guard let pid = pid_t(entry),
                let data = FileManager.default.contents(atPath: "/proc/\(entry)/cmdline")
            else { continue }
            let args = data.split(separator: 0).map { String(decoding: $0, as: UTF8.self) }
            if args.count > 2, args[0].hasSuffix("Xwayland"), args[1] == display, args[2] == "-rootless" { return pid }
        }
        return nil
    }

    /// A program installed from a desktop entry (`StartupWMClass` and all), as the catalog would.
    static func install(_ rig: Rig, _ text: String, id: String) throws -> ShellApp {
        let entry = try DesktopEntry(parsing: text, id: id)
        let app = rig.shell.install(foreign: ForeignApp(entry: entry))
        rig.host.launcher.install()
        return app
    }

    /// xterm, started from its desktop file (the Launcher's environment: `DISPLAY` is Xwayland's,
    /// started by this first X11 program), joins its app by the file; beside a GTK window in Split
    /// View it is asked for its half and fills it with its colours (its text among them), the GTK
    /// window keeping the other; Russian typed on the shell's keyboard (the us,ru keymap) reaches it
    /// and the program it runs reads it.
    @Test func xtermFromItsDesktopFileFillsItsHalfAndIsTypedInRussian() throws {
        guard Self.installed("xterm"), ColourWindow.available else { return }
        let dir = try ProgramsDrawTests.folder("xterm")
        defer { try? FileManager.default.removeItem(at: dir) }
        let typed = dir.appendingPathComponent("typed.txt").path
        let script = dir.appendingPathComponent("xterm.sh")
        // (A UTF-8 locale, or xterm drops what it cannot encode; a big font on a known colour.)
        try """
        #!/bin/sh
        exec env LC_ALL=C.UTF-8 xterm -u8 -fa 'DejaVu Sans Mono' -fs 18 -bg '#ffd000' -fg black -T 'Slate XTerm' \\
            -e sh -c 'echo Slate X11; IFS= read -r line; printf %s "$line" > "$0"; sleep 60' '\(typed)'
        """.write(to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Left", "#00a000")
        guard rig.wait(20, "the GTK window", { rig.toplevel(titled: "Left")?.picture != nil }),
            let left = rig.window(titled: "Left")
        else { return }
        let app = try Self.install(
            rig, "[Desktop Entry]\nType=Application\nName=XTerm\nExec=\(script.path)\nStartupWMClass=XTerm\n",
            id: "slate-test-xterm")
        let started = MonotonicClock.read()
        rig.shell.openApp(app)
        guard rig.wait(20, "xterm's window", { Self.x11(rig, "Slate XTerm")?.picture != nil }),
            let top = Self.x11(rig, "Slate XTerm"), let window = rig.shell.window(showing: top)
        else { return }
        let firstPicture = MonotonicClock.read() - started
        #expect(top.appID == "XTerm", "its class is its app id")
        #expect(rig.shell.app(ofWindow: window.id) === app, "xterm's window joins the app of its desktop file")
        rig.shell.show(fullScreen: left.id)
        rig.shell.show(split: window.id, on: .right)
        let half = Size((1366 - 10) / 2, 980)
        guard rig.wait(10, "xterm redrawn at half the screen", { top.picture?.size == half }) else {
            Issue.record("xterm's picture: \(String(describing: top.picture?.size))")
            return
        }
        rig.settle()
        let r = try #require(Self.pictureRect(rig, top))
        #expect(r.minX > 680 && abs(r.width - half.width) < 1, "xterm in the right half: \(r)")
        #expect(
            RealProgramsTests.count(rig, Rect(r.minX + 20, r.minY + 100, r.width - 40, r.height - 120), Self.yellow)
                > 50_000, "xterm's background in its half")
        #expect(rig.darkPixels(in: Rect(r.minX, r.minY, 300, 40)) > 20, "its first line's text")
        #expect(close(rig.meanColor(Rect(60, 100, 560, 800)), RGBA(0, 160.0 / 255, 0, 1)), "the GTK window's half")
        rig.snapshot("x11-xterm-beside-gtk")

        rig.shell.focus(window.id)
        rig.settle()
        #expect(top.hasKeyboardFocus, "xterm has the keys")
        rig.host.host.type("привет, Slate")
        rig.host.host.key(KeyPress(.return))
        rig.wait(10, "the typed line written") {
            (try? String(contentsOfFile: typed, encoding: .utf8)) == "привет, Slate"
        }
        print("x11: xterm's first picture \(Int(firstPicture * 1000)) ms after its icon was tapped (Xwayland started)")
    }

    /// The X11 toplevel of class `appID`.
    static func x11(_ rig: Rig, appID: String) -> ClientToplevel? {
        rig.host.compositor.toplevels.first { $0.isX11 && $0.appID == appID }
    }

    /// The size the shell gives `top`'s program (its window's content area), in points.
    static func givenSize(_ rig: Rig, _ top: ClientToplevel) -> Size? {
        guard let frame = rig.shell.window(showing: top), let view = frame.scene.rootView as? ForeignSurfaceView
        else { return nil }
        let r = view.surfaceRect
        return Size(r.width.rounded(), r.height.rounded())
    }

    /// Whether `top`'s program has drawn at the size the shell gives it.
    static func drawsAtGivenSize(_ rig: Rig, _ top: ClientToplevel) -> Bool {
        guard let given = givenSize(rig, top), let size = top.picture?.size else { return false }
        return size == given
    }

    /// Real X11 programs (x11-apps' xclock and xeyes) are Slate windows in every arrangement: xclock
    /// opens full screen and draws at the screen's size; xeyes in Slide Over over it draws at Slide
    /// Over's size, and its eyes follow the pointer over it; App Exposé shows xclock's window small;
    /// in Windowed Apps xclock's window has the window's controls and the program draws at its size.
    @Test func xclockAndXeyesAreSlateWindowsInEveryArrangement() throws {
        guard Self.installed("xclock", "xeyes") else { return }
        let rig = try Rig()
        defer { rig.shutdown() }
        #expect(Self.xwaylandPID(display: rig.host.compositor.x11Display ?? "") == nil, "no X server until asked")
        let clockStarted = MonotonicClock.read()
        try rig.launch(["xclock", "-update", "1", "-bg", "#ffd000"])
        guard rig.wait(20, "xclock", { Self.x11(rig, appID: "XClock")?.picture != nil }),
            let clock = Self.x11(rig, appID: "XClock"), let clockWindow = rig.shell.window(showing: clock)
        else { return }
        let clockFirst = MonotonicClock.read() - clockStarted
        #expect(rig.shell.arrangement == .fullScreen(clockWindow.id), "xclock opens full screen")
        guard rig.wait(10, "xclock at the screen's size", { Self.drawsAtGivenSize(rig, clock) }) else { return }
        #expect((clock.picture?.size.width ?? 0) == 1366, "the screen's width")
        rig.settle()
        #expect(
            RealProgramsTests.count(rig, Rect(40, 120, 300, 300), Self.yellow) > 20_000,
            "its background, as the program was told")
        rig.snapshot("x11-xclock-full-screen")

        // (Unshaped: the pixels of a shaped window outside its shape are whatever its buffer held.)
        let eyesStarted = MonotonicClock.read()
        try rig.launch(["xeyes", "+shape"])
        guard rig.wait(20, "xeyes", { Self.x11(rig, appID: "XEyes")?.picture != nil }),
            let eyes = Self.x11(rig, appID: "XEyes"), let eyesWindow = rig.shell.window(showing: eyes)
        else { return }
        print(
            "x11: first picture: xclock \(Int(clockFirst * 1000)) ms (Xwayland started for it), xeyes",
            "\(Int((MonotonicClock.read() - eyesStarted) * 1000)) ms (Xwayland up)")
        rig.shell.show(fullScreen: clockWindow.id)
        rig.shell.show(slideOver: eyesWindow.id)
        guard rig.wait(10, "xeyes at Slide Over's size", { Self.drawsAtGivenSize(rig, eyes) }) else { return }
        rig.settle()
        let e = try #require(Self.pictureRect(rig, eyes))
        #expect(e.width < 600 && e.minX > 683, "xeyes in Slide Over, on the right: \(e)")
        rig.snapshot("x11-xeyes-slide-over")
        // Its eyes follow the pointer: its picture with the pointer at its left, then at its right.
        let before = eyes.pictureCount
        rig.host.host.pointer(.hover(Point(e.minX + 10, e.midY)))
        // (It may look there already: a while to redraw, if it does.)
        _ = rig.host.run(until: { eyes.pictureCount > before }, timeout: 1)
        let calm = MonotonicClock.read() + 0.3
        _ = rig.host.run(until: { MonotonicClock.read() > calm }, timeout: 2)
        let lookingLeft = try #require(eyes.picture)
        rig.host.host.pointer(.hover(Point(e.maxX - 10, e.midY)))
        #expect(
            rig.wait(5, "xeyes looking the other way") {
                (eyes.picture?.difference(from: lookingLeft, tolerance: 32).count ?? 0) > 200
            })
        rig.host.host.pointer(.exit)

        let clockApp = try #require(rig.shell.app(ofWindow: clockWindow.id))
        rig.shell.showExpose(for: clockApp)
        rig.settle()
        #expect(rig.shell.visibility(of: clock) == .inExpose, "xclock's window in App Exposé")
        rig.snapshot("x11-expose")
        rig.shell.closeExpose()
        rig.settle()

        rig.shell.setMultitasking(.windowed)
        rig.settle()
        let windowed = try #require(rig.shell.window(showing: clock))
        #expect(windowed.chrome == .windowControls, "a window with its controls")
        guard
            rig.wait(
                10, "xclock at its window's size",
                {
                    Self.drawsAtGivenSize(rig, clock) && (clock.picture?.size.height ?? 0) < 1000 - 24
                })
        else { return }
        rig.settle()
        rig.snapshot("x11-xclock-windowed")
    }

    /// An X11 dialog (WM_TRANSIENT_FOR, of one fixed size) opens centred on top of its program's
    /// window, at its own size, with the keys, and closes on Ctrl+W (WM_DELETE_WINDOW); an
    /// override-redirect window (a menu) is shown where the program put it from its window's place
    /// on the screen; urgency asks for attention (a banner, a badge); a request to be full screen
    /// takes the screen from Split View.
    @Test func anX11DialogOpensCentredOnTopAndItsMenusUrgencyAndFullScreenAreHonoured() throws {
        guard Self.installed() else { return }
        let client = try #require(Self.client, "the X11 test program did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client, "dialog"])
        guard
            rig.wait(
                20, "the main window and its dialog",
                {
                    Self.x11(rig, "X11 Main")?.picture != nil && Self.x11(rig, "X11 Dialog")?.picture != nil
                }), let mainTop = Self.x11(rig, "X11 Main"), let dialogTop = Self.x11(rig, "X11 Dialog"),
            let main = rig.shell.window(showing: mainTop), let dialog = rig.shell.window(showing: dialogTop)
        else { return }
        rig.settle()
        rig.snapshot("x11-dialog")
        #expect(rig.shell.arrangement == .fullScreen(main.id))
        #expect(rig.shell.centerWindow == dialog.id, "the dialog is centred on top")
        #expect(rig.shell.focusedWindow == dialog.id, "the dialog has the keys")
        #expect(dialogTop.picture?.size == Size(300, 140), "the dialog keeps its fixed size")
        let d = try #require(Self.pictureRect(rig, dialogTop))
        #expect(abs(d.midX - 683) < 2 && d.width == 300, "the dialog centred across the screen: \(d)")
        #expect(close(rig.meanColor(d.insetBy(dx: 20, dy: 20)), Self.dialogOrange), "the dialog's colour")
        rig.host.host.key(try #require(KeyPress(parsing: "ctrl+w")))
        rig.wait(10, "the dialog closed by its program") { Self.x11(rig, "X11 Dialog") == nil }
        #expect(rig.shell.window(showing: mainTop) != nil, "the main window stays")

        // A menu: an override-redirect window at (40, 60) of the window, as the program computed it
        // from where X says the window is, once the window is in its place (as a click opens one).
        let menuProgram = try rig.launch([client, "menu"])
        defer { finish(menuProgram) }
        let menuWindow = {
            rig.host.compositor.toplevels.first { $0.isX11 && $0.title == "X11 Main" && $0 !== mainTop }
        }
        guard rig.wait(10, "the menu's window", { menuWindow()?.picture != nil }) else { return }
        rig.settle()
        kill(menuProgram.processIdentifier, SIGUSR1)
        guard rig.wait(10, "the menu", { menuWindow()?.openPopups.first?.picture != nil }), let menuTop = menuWindow()
        else { return }
        rig.settle()
        rig.snapshot("x11-menu")
        let menu = try #require(menuTop.openPopups.first)
        #expect(menu.frame == Rect(40, 60, 120, 80), "the menu where the program put it: \(menu.frame)")
        let w = try #require(Self.pictureRect(rig, menuTop))
        #expect(
            close(rig.meanColor(Rect(w.minX + 50, w.minY + 70, 100, 60)), Self.menuGreen), "the menu drawn there")
        menuProgram.terminate()

        // Urgency: a window in the background that asks for attention gets a banner and a badge.
        let urgent = try rig.launch([client, "urgent"])
        defer { finish(urgent) }
        guard rig.wait(10, "the urgent window", { Self.x11(rig, "X11 Urgent")?.picture != nil }) else { return }
        rig.shell.show(fullScreen: main.id)
        rig.settle()
        kill(urgent.processIdentifier, SIGUSR1)
        rig.wait(10, "a banner asking for attention") {
            rig.shell.bannerMessage?.hasSuffix("wants your attention") ?? false
        }
        urgent.terminate()

        // Full screen: asked from Split View, granted to the window in use.
        let full = try rig.launch([client, "fullscreen"])
        defer { finish(full) }
        guard rig.wait(10, "the window to go full screen", { Self.x11(rig, "X11 Full")?.picture != nil }),
            let fullTop = Self.x11(rig, "X11 Full"), let fullWindow = rig.shell.window(showing: fullTop),
            let mainAgain = rig.shell.window(showing: mainTop)
        else { return }
        rig.shell.show(fullScreen: mainAgain.id)
        rig.shell.show(split: fullWindow.id, on: .right)
        rig.settle()
        kill(full.processIdentifier, SIGUSR1)
        rig.wait(10, "the window full screen") { rig.shell.arrangement == .fullScreen(fullWindow.id) }
    }

    /// A finger on an X11 window reaches its program where it touched: Xwayland gets it as `wl_touch`
    /// and, for a program without XInput 2 (the fixture, as most X11 programs), the X server makes it a
    /// button press at that place in the window.
    @Test func aFingerOnAnX11WindowReachesItsProgramWhereItTouched() throws {
        guard Self.installed() else { return }
        let client = try #require(Self.client, "the X11 test program did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client, "touch"])
        guard rig.wait(20, "the X11 window", { Self.x11(rig, "X11 Touch")?.picture != nil }),
            let top = Self.x11(rig, "X11 Touch")
        else { return }
        rig.settle()
        let r = try #require(Self.pictureRect(rig, top))
        let finger = Point(r.minX + 400, r.minY + 300)
        rig.host.host.tap(at: finger)
        guard rig.wait(10, "the program to hear the finger", { top.title.hasPrefix("X11 Pressed ") }) else { return }
        let place = top.title.dropFirst("X11 Pressed ".count).split(separator: ",").compactMap { Double($0) }
        #expect(place.count == 2 && abs(place[0] - 400) <= 1 && abs(place[1] - 300) <= 1, "pressed at \(top.title)")
    }

    /// With an X11 window in use (wlroots' XWM bridges the selections for the focused X11 window),
    /// what an X11 program puts on the clipboard or the primary selection is what a Wayland program
    /// reads, and the other way round.
    @Test func theClipboardAndThePrimarySelectionCrossBothWays() throws {
        guard Self.installed("xclip"), tool("wl-copy"), tool("wl-paste") else { return }
        let client = try #require(Self.client, "the X11 test program did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client, "dialog"])
        guard rig.wait(20, "the X11 window", { Self.x11(rig, "X11 Dialog")?.hasKeyboardFocus ?? false }) else {
            return
        }
        rig.settle()
        for (x, w) in [("clipboard", []), ("primary", ["--primary"])] {
            // (Each copying program stays to serve what it copied, as a program does.)
            try rig.launch(["sh", "-c", "printf 'from X11 \(x)' | exec xclip -quiet -selection \(x) -i"])
            rig.wait(10, "the X11 \(x) in Wayland's") {
                rig.shellOutput(["wl-paste", "--no-newline"] + w) == "from X11 \(x)"
            }
            try rig.launch(["wl-copy", "--foreground"] + w + ["from Wayland \(x)"])
            rig.wait(10, "Wayland's \(x) in X11's") {
                rig.shellOutput(["xclip", "-o", "-selection", x]) == "from Wayland \(x)"
            }
        }
    }

    /// Xwayland killed (SIGKILL) takes its X11 windows with it — a banner says the program stopped —
    /// and nothing else: the GTK window stays and draws; the next X11 program, xterm from its icon
    /// again, starts a new Xwayland, and its window joins xterm's app by `StartupWMClass`.
    @Test func xwaylandKilledTakesOnlyItsWindowsAndStartsAgain() throws {
        guard Self.installed("xterm"), ColourWindow.available else { return }
        let rig = try Rig()
        defer { rig.shutdown() }
        // (Started from its icon, both times: the launcher's children, whose end the launcher hears.)
        let app = try Self.install(
            rig,
            "[Desktop Entry]\nType=Application\nName=XTerm\nExec=xterm -T \"Killed XTerm\"\nStartupWMClass=XTerm\n",
            id: "slate-test-xterm")
        try rig.colourWindow("Stays", "#0000ff")
        guard rig.wait(20, "the GTK window", { rig.toplevel(titled: "Stays")?.picture != nil }) else { return }
        rig.shell.openApp(app)
        guard rig.wait(20, "xterm", { Self.x11(rig, "Killed XTerm")?.picture != nil }),
            let first = Self.x11(rig, "Killed XTerm"), let display = rig.host.compositor.x11Display,
            let pid = Self.xwaylandPID(display: display)
        else { return }
        let stays = try #require(rig.toplevel(titled: "Stays"))
        kill(pid, SIGKILL)
        guard rig.wait(10, "xterm's window gone", { Self.x11(rig, "Killed XTerm") == nil }) else { return }
        #expect(rig.shell.bannerMessage == "XTerm stopped: X11 (Xwayland) ended")
        let staysWindow = try #require(rig.shell.window(showing: stays), "the GTK window stays")
        rig.shell.show(fullScreen: staysWindow.id)
        rig.settle()
        #expect(rig.toplevel(titled: "Stays") === stays && stays.isResponding, "the GTK program is still connected")
        #expect(close(rig.meanColor(Rect(100, 100, 1166, 800)), RGBA(0, 0, 1, 1)), "and its window shows")

        let restart = MonotonicClock.read()
        rig.shell.openApp(app)
        guard
            rig.wait(
                20, "xterm again, on a new Xwayland",
                {
                    Self.x11(rig, "Killed XTerm").map { $0 !== first && $0.picture != nil } ?? false
                }), let second = Self.x11(rig, "Killed XTerm"), let window = rig.shell.window(showing: second)
        else { return }
        print("x11: Xwayland started again, xterm's picture \(Int((MonotonicClock.read() - restart) * 1000)) ms after")
        #expect(Self.xwaylandPID(display: rig.host.compositor.x11Display ?? "") != pid, "a new Xwayland")
        #expect(rig.shell.app(ofWindow: window.id) === app, "matched to its desktop file by StartupWMClass")
    }

    /// A program whose window properties are malformed — a 1 MiB title that is not UTF-8, atom lists
    /// and hints in the wrong format or too short, an icon whose sizes lie, set again and again while
    /// it is shown, then 2000 titles in a burst — neither crashes nor stalls the shell: its window
    /// shows in its colour with its last title, each malformed property is dropped, and frames keep
    /// coming for the GTK window beside it.
    @Test func aProgramWithMalformedPropertiesNeitherCrashesNorStallsTheShell() throws {
        guard Self.installed(), ColourWindow.available else { return }
        let client = try #require(Self.client, "the X11 test program did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.colourWindow("Beside", "#00ffff")
        guard rig.wait(20, "the GTK window", { rig.toplevel(titled: "Beside")?.picture != nil }) else { return }
        try rig.launch([client, "hostile"])
        var longest = 0.0
        var last = MonotonicClock.read()
        let shown = rig.wait(30, "the hostile window with its last title") {
            let now = MonotonicClock.read()
            longest = max(longest, now - last)
            last = now
            return Self.x11(rig, "X11 Hostile 1999")?.picture != nil
        }
        guard shown, let top = Self.x11(rig, "X11 Hostile 1999"), let window = rig.shell.window(showing: top) else {
            return
        }
        #expect(longest < 1, "the longest turn while it set its properties: \(longest) s")
        rig.shell.show(fullScreen: window.id)
        // Under load the program's picture at its new size comes a moment after the shell's turns.
        _ = rig.wait(30, "its window drawn full screen in its colour") {
            guard let r = Self.pictureRect(rig, top), r.width > 80, r.height > 80 else { return false }
            return close(rig.meanColor(r.insetBy(dx: 40, dy: 40)), RGBA(1, 0, 1, 1))
        }
        #expect(top.appID.unicodeScalars.count < 256 && top.title == "X11 Hostile 1999")
        #expect(!top.prefersCentred, "hints that are no hints make no dialog")
        let beside = try #require(rig.toplevel(titled: "Beside"))
        #expect(rig.toplevel(titled: "Beside") === beside && beside.isResponding)
    }
}
