import Compositor
import Foundation
import Graphics
import Host
import Shell
import TestSessionBus
import Testing
import UI

/// A headless shell serving real Wayland clients, removed at the end of the test.
@MainActor final class Rig {
    let clock = VirtualClock()
    let shell: Shell
    let host: CompositorHost<Shell>
    let log: FileHandle
    /// The programs' D-Bus session (`sessionBus(for:)`), ended with the rig.
    let bus: PrivateBus

    /// A shell at `scale`; the test configuration allows wl-copy and wl-paste the clipboard (the tests
    /// read and set it with them) unless `privacyDefaults` is false.
    init(scale: Double = 1, device: Device = Device(), stateHome: URL? = nil, privacyDefaults: Bool = true) throws {
        shell = Shell(device: device, clock: clock, stateHome: stateHome)
        host = try CompositorHost(shell: shell, clock: clock, scale: scale)
        log = FileHandle(forWritingAtPath: "/dev/null")!
        bus = try sessionBus(for: host.compositor)
        if privacyDefaults { host.compositor.privacy.allow(["/usr/bin/wl-copy", "/usr/bin/wl-paste"], .clipboard) }
        host.run(for: 0.05)
    }

    /// Starts a client; its output is thrown away unless SLATE_TEST_VERBOSE is set.
    @discardableResult
    func launch(_ argv: [String]) throws -> Process {
        let verbose = ProcessInfo.processInfo.environment["SLATE_TEST_VERBOSE"] != nil
        return try host.launch(argv, log: verbose ? nil : log)
    }

    /// Turns until `condition` holds, at most `timeout` seconds.
    @discardableResult
    func wait(_ timeout: Double = 10, _ what: String, _ condition: () -> Bool) -> Bool {
        let ok = host.run(until: condition, timeout: timeout * testSlowdown)
        if !ok { Issue.record("timed out after \(timeout) s waiting for \(what)") }
        return ok
    }

    /// Lets the shell's animations end (half a second of virtual time, served as it goes).
    func settle() {
        for _ in 0..<60 { host.step(wait: 0.001) }
    }

    var framebuffer: PixelImage { host.host.framebuffer }

    /// The mean colour of a rectangle of the screen (points).
    func meanColor(_ r: Rect) -> RGBA {
        let fb = framebuffer
        let s = fb.scale
        let x0 = Int(r.minX * s)
        let y0 = Int(r.minY * s)
        let x1 = Int(r.maxX * s)
        let y1 = Int(r.maxY * s)
        var acc = (0.0, 0.0, 0.0)
        var n = 0.0
        for y in stride(from: y0, to: y1, by: 4) {
            for x in stride(from: x0, to: x1, by: 4) {
                let p = fb.pixel(x: x, y: y)
                acc.0 += p.red
                acc.1 += p.green
                acc.2 += p.blue
                n += 1
            }
        }
        return RGBA(acc.0 / n, acc.1 / n, acc.2 / n, 1)
    }

    /// Writes the screen to `$SLATE_TEST_OUT/NAME.png` when that variable is set (to look at).
    func snapshot(_ name: String) {
        guard let dir = ProcessInfo.processInfo.environment["SLATE_TEST_OUT"] else { return }
        try? host.host.savePNG("\(dir)/\(name).png")
    }

    func shutdown() {
        host.shutdown()
        bus.end()
    }

    /// Runs a program as a client of this compositor while serving it, and returns what it printed
    /// (nil when it could not run or took more than 10 s).
    func shellOutput(_ argv: [String]) -> String? {
        let out = Pipe()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = argv
        p.environment = host.compositor.clientEnvironment()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        guard (try? p.run()) != nil else { return nil }
        // Read while serving: a program that waits for the compositor must not block the test.
        var data = Data()
        let reader = out.fileHandleForReading
        let end = MonotonicClock.read() + 10
        while p.isRunning, MonotonicClock.read() < end { host.step(wait: 0.005) }
        if p.isRunning {
            finish(p)
            return nil
        }
        finish(p)
        data = reader.readDataToEndOfFile()
        return String(decoding: data, as: UTF8.self)
    }
}

/// Ends `p` if it still runs, and lets Foundation see it end: until then the process's run-loop source
/// holds the Process and its pipes (LeakSanitizer reports them at exit), and the loop that would run
/// it is not spun while the compositor serves.
///
/// Bounded: a child started from a dispatch worker thread (where the main actor's jobs run under the
/// test runner) inherits the thread's blocked signals, SIGTERM among them — Foundation does not reset
/// the mask — so one still running `terminateGrace` after SIGTERM is killed; and Foundation, its
/// SIGCHLD blocked on those threads too, may never see a child end (a zombie stays unreaped), so it
/// is waited for no longer than that again. Waiting without a limit hung the suite.
func finish(_ p: Process) {
    if p.isRunning { p.terminate() }
    spin(until: { !p.isRunning }, for: terminateGrace)
    if p.isRunning {
        kill(p.processIdentifier, SIGKILL)
        spin(until: { !p.isRunning }, for: terminateGrace)
    }
    // Ended: Foundation lets go of the Process (and of what it holds, its environment and pipes) once
    // its run-loop source has seen the end, which this waits for, at once (LeakSanitizer reported
    // each Process left before it).
    if !p.isRunning { p.waitUntilExit() }
}

/// Runs the current run loop (where Foundation notices a child end) until `done` or `seconds` pass.
private func spin(until done: () -> Bool, for seconds: Double) {
    let end = MonotonicClock.read() + seconds
    while !done(), MonotonicClock.read() < end {
        _ = RunLoop.current.run(mode: .default, before: Date(timeIntervalSinceNow: 0.01))
    }
}

/// How long a test's child has to end after SIGTERM (and again after SIGKILL), in seconds.
let terminateGrace = 2.0

/// How many times slower than a plain debug build the tests run: `SLATE_TEST_SLOWDOWN`, which
/// scripts/sanitizer-tests.sh sets (ThreadSanitizer makes every process, the app processes the
/// tests start too, several times slower), else 1. The rig's waits and the suites' time limits are
/// scaled by it.
nonisolated let testSlowdown: Double = {
    let v = ProcessInfo.processInfo.environment["SLATE_TEST_SLOWDOWN"].flatMap(Double.init) ?? 1
    return v.isFinite && v >= 1 ? v : 1
}()

/// A suite's time limit of `minutes`, scaled by `testSlowdown`.
nonisolated func minutesAllowed(_ minutes: Int) -> Int { minutes * Int(testSlowdown.rounded(.up)) }

nonisolated func tool(_ name: String) -> Bool {
    FileManager.default.isExecutableFile(atPath: "/usr/bin/\(name)")
}

/// The GTK 4 test program (`Fixtures/colour-window.c`), compiled once a run into a temporary folder;
/// nil (with an issue recorded) when it cannot be built.
@MainActor enum ColourWindow {
    static var built: String??

    static var path: String? {
        if let b = built { return b }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/colour-window.c").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-colour-window-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/sh")
        p.arguments = ["-c", "timeout 60 cc -o '\(out)' '\(source)' $(pkg-config --cflags --libs gtk4)"]
        do {
            try p.run()
            p.waitUntilExit()
        } catch {
            Issue.record("cannot run cc: \(error)")
        }
        built = p.terminationStatus == 0 ? out : nil
        if built! == nil { Issue.record("the GTK 4 test program did not compile") }
        return built!
    }

    /// Whether GTK 4 and a C compiler are installed.
    nonisolated static var available: Bool {
        FileManager.default.fileExists(atPath: "/usr/include/gtk-4.0/gtk/gtk.h") && tool("cc")
    }
}

extension Rig {
    /// Starts the GTK 4 program with a window of one colour (the cairo renderer: there is no GPU).
    @discardableResult
    func colourWindow(_ title: String, _ colour: String, mode: String? = nil) throws -> Process? {
        guard let path = ColourWindow.path else { return nil }
        let extra = mode.map { ["--\($0)"] } ?? []
        return try launch(["env", "GSK_RENDERER=cairo", path, title, colour] + extra)
    }

    /// The window whose title is `title`.
    func window(titled title: String) -> WindowFrameView? {
        shell.windows.values.first { $0.scene.title == title }
    }

    /// The client toplevel titled `title`.
    func toplevel(titled title: String) -> ClientToplevel? {
        host.compositor.toplevels.first { $0.title == title }
    }
}

/// The mean colour of a rectangle of an image (pixels).
func mean(_ image: PixelImage, _ r: Rect) -> RGBA {
    var acc = (0.0, 0.0, 0.0)
    var n = 0.0
    for y in stride(from: Int(r.minY), to: Int(r.maxY), by: 2) {
        for x in stride(from: Int(r.minX), to: Int(r.maxX), by: 2) {
            let p = image.pixel(x: x, y: y)
            acc.0 += p.red
            acc.1 += p.green
            acc.2 += p.blue
            n += 1
        }
    }
    return RGBA(acc.0 / n, acc.1 / n, acc.2 / n, 1)
}

/// Whether two colours are within `tolerance` on every channel.
func close(_ a: RGBA, _ b: RGBA, _ tolerance: Double = 0.06) -> Bool {
    abs(a.red - b.red) < tolerance && abs(a.green - b.green) < tolerance && abs(a.blue - b.blue) < tolerance
}

/// The live loop of `slate run --backend headless` (paced by the output, frames presented to it)
/// with a shell, serving real clients; the test drives it for stretches of real time.
@MainActor final class LiveRig {
    let clock = VirtualClock()
    let shell: Shell
    let live: LiveHost
    var compositor: WaylandCompositor { live.compositor }
    private var children: [Process] = []
    /// The programs' D-Bus session (`sessionBus(for:)`), ended with the rig.
    let bus: PrivateBus

    init(stateHome: URL) throws {
        shell = Shell(device: Device(), clock: clock, stateHome: stateHome)
        live = try LiveHost(root: shell, clock: clock, backend: .headless, scale: 1)
        bus = try sessionBus(for: live.compositor)
    }

    /// Starts a client of this compositor.
    func launch(_ argv: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: argv[0])
        process.arguments = Array(argv.dropFirst())
        process.environment = compositor.clientEnvironment()
        if ProcessInfo.processInfo.environment["SLATE_TEST_VERBOSE"] == nil {
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
        }
        try process.run()
        children.append(process)
    }

    /// Runs the live loop until `done` says so, or `seconds` of real time pass; whether `done` held.
    @discardableResult
    func run(for seconds: Double, until done: @escaping () -> Bool = { false }) -> Bool {
        let end = MonotonicClock.read() + seconds * testSlowdown
        var held = false
        live.onTurn = { [live] in
            if done() {
                held = true
                live.stop()
            } else if MonotonicClock.read() > end {
                live.stop()
            }
        }
        live.run()
        return held
    }

    /// The window titled `title`, once it shows.
    func window(titled title: String) -> WindowFrameView? {
        shell.windows.values.first { $0.scene.title == title }
    }

    func shutdown() {
        // (Killed and reaped directly: Foundation's `waitUntilExit` did not return here.)
        for process in children {
            kill(process.processIdentifier, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(process.processIdentifier, &status, 0)
        }
        compositor.shutdown()
        bus.end()
    }
}

/// A D-Bus session of the rig's own for the programs `compositor` starts (`DBUS_SESSION_BUS_ADDRESS`
/// in their environment), started with their environment. Without one, a GTK program with an X
/// display had D-Bus start a bus for its display, and at-spi's launcher and accessibility bus daemon
/// on it, which outlived the test (12 daemons from the X11, GTK and real programs' suites), each
/// holding one of the user's 128 inotify instances. The bus activates what a desktop's would (at-spi,
/// the document portal GTK 4's drag and drop offers files through), and ends it all with the rig.
@MainActor func sessionBus(for compositor: WaylandCompositor) throws -> PrivateBus {
    let bus = try PrivateBus(lifetime: Int(600 * testSlowdown), environment: compositor.clientEnvironment())
    compositor.extraEnvironment["DBUS_SESSION_BUS_ADDRESS"] = bus.address
    return bus
}
