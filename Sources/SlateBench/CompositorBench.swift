import Compositor
import Foundation
import Graphics
import Host
import Shell
import SlateSystem
import UI

/// `slate bench compositor…`: the shell as a Wayland compositor with real clients, headless — two
/// clients in Split View composed at 2×, a committed buffer's way to the screen, and a GTK 4
/// program's launch to its first frame on screen.
extension Bench {
    static var compositorCases: [Case] {
        [
            Case(name: "compositor.split-two-clients@2x") { compositorSplit() },
            Case(name: "compositor.commit-to-screen@2x") { compositorCommitLatency() },
            Case(name: "compositor.gtk4-launch-to-first-frame") { compositorGTKLaunch() },
            Case(name: "compositor.memory-four-apps@2x") { compositorMemoryFourApps() },
            Case(name: "compositor.identify-client") { compositorIdentifyClient() },
        ]
    }

    /// What the privacy gate pays for a client it has not seen: the process's start time and
    /// executable from /proc, then the installed program that starts that executable (the machine's
    /// whole .desktop catalog installed in the shell). Each sample is a new process, identified once;
    /// the same process again is answered from memory (`extra["cached-ms"]`).
    static func compositorIdentifyClient() -> Result {
        let rig = compositorRig(scale: 1)
        defer { rig.shutdown() }
        rig.shell.install(catalog: DesktopCatalog.load())
        let policy = rig.compositor.privacy
        var xs: [Double] = []
        var cached: [Double] = []
        for _ in 0..<60 {
            guard let pid = try? Spawn.start(["sleep", "5"], environment: [:]) else {
                fail("bench: cannot start sleep", code: 1)
            }
            defer {
                kill(pid, SIGKILL)
                while Spawn.reap(pid) == nil { usleep(1000) }
            }
            var t0 = now()
            guard policy.identify(pid) != nil else { fail("bench: process \(pid) not identified", code: 1) }
            xs.append((now() - t0) * 1000)
            t0 = now()
            _ = policy.identify(pid)
            cached.append((now() - t0) * 1000)
        }
        var r = result("compositor.identify-client", Array(xs.dropFirst(3)))
        r.extra["cached-ms"] = median(cached)
        r.extra["programs-installed"] = Double(rig.shell.installedPrograms.count)
        return r
    }

    /// A headless compositor over an empty shell at `scale`.
    static func compositorRig(scale: Double) -> CompositorHost<Shell> {
        let clock = VirtualClock()
        let shell = Shell(device: Device(), clock: clock, stateHome: nil)
        do {
            return try CompositorHost(shell: shell, clock: clock, scale: scale)
        } catch {
            fail("bench: no compositor: \(error)", code: 1)
        }
    }

    /// Starts `argv` with its output thrown away and waits for its window's first picture.
    static func open(_ argv: [String], in rig: CompositorHost<Shell>) -> ClientToplevel {
        let before = rig.compositor.toplevels.count
        do {
            try rig.launch(argv, log: FileHandle(forWritingAtPath: "/dev/null"))
        } catch {
            fail("bench: cannot start \(argv[0]): \(error)", code: 1)
        }
        guard
            rig.run(
                until: { rig.compositor.toplevels.count > before && rig.compositor.toplevels.last?.picture != nil },
                timeout: 20)
        else { fail("bench: \(argv[0]) showed no window", code: 1) }
        return rig.compositor.toplevels.last!
    }

    /// Two foot terminals side by side, each rewriting one line without end; each sample is one frame composed
    /// after a client committed a new buffer (that window's picture is drawn again, the rest is not).
    static func compositorSplit() -> Result {
        let rig = compositorRig(scale: 2)
        defer { rig.shutdown() }
        // Two terminals rewriting a clock on one line without end: they redraw every frame (that line),
        // at the size and scale asked.
        let busy = ["sh", "-c", "while :; do printf '\\r%s' $(date +%s%N); sleep 0.004; done"]
        let a = open(["foot", "-o", "scrollback.lines=0", "--"] + busy, in: rig)
        let b = open(["foot", "-o", "scrollback.lines=0", "--"] + busy, in: rig)
        guard let wa = rig.shell.window(showing: a), let wb = rig.shell.window(showing: b) else {
            fail("bench: the clients have no windows", code: 1)
        }
        rig.shell.show(fullScreen: wa.id)
        rig.shell.show(split: wb.id, on: .right)
        for _ in 0..<60 { rig.step(wait: 0.002) }
        guard case .split = rig.shell.arrangement else { fail("bench: no Split View", code: 1) }
        var xs: [Double] = []
        // SLATE_BENCH_TRACE=1 prints every frame: its time, the clients' damage and the area drawn.
        let trace = ProcessInfo.processInfo.environment["SLATE_BENCH_TRACE"] != nil
        while xs.count < 200 {
            let count = a.pictureCount + b.pictureCount
            rig.compositor.dispatch(timeout: 0.05)
            guard a.pictureCount + b.pictureCount > count else {
                // A commit read while frames were being acknowledged: acknowledge again.
                rig.compositor.framesShown()
                continue
            }
            rig.host.clock.advance(by: HeadlessHost.frameInterval)
            let t0 = now()
            rig.host.frame()
            xs.append((now() - t0) * 1000)
            if trace {
                print(
                    "  frame \(xs.count)  \(String(format: "%.2f", xs.last!)) ms  client damage \(a.damage.map { "\($0)" } ?? "whole") "
                        + "\(b.damage.map { "\($0)" } ?? "whole")  drawn \(rig.host.lastDamage)")
            }
            rig.compositor.framesShown()
        }
        var r = result("compositor.split-two-clients@2x", xs)
        r.extra["damaged-pt2"] = rig.host.lastDamage.reduce(0) { $0 + $1.width * $1.height }
        return r
    }

    /// From the moment a client's commit is read (its damaged rows copied) to the end of the frame
    /// that shows it: a foot terminal full screen at 2×, rewriting one line.
    static func compositorCommitLatency() -> Result {
        let rig = compositorRig(scale: 2)
        defer { rig.shutdown() }
        let busy = ["sh", "-c", "while :; do printf '\\r%s' $(date +%s%N); sleep 0.004; done"]
        let a = open(["foot", "-o", "scrollback.lines=0", "--"] + busy, in: rig)
        for _ in 0..<60 { rig.step(wait: 0.002) }
        var xs: [Double] = []
        while xs.count < 200 {
            let count = a.pictureCount
            rig.compositor.dispatch(timeout: 0.05)
            guard a.pictureCount > count else {
                rig.compositor.framesShown()
                continue
            }
            rig.host.clock.advance(by: HeadlessHost.frameInterval)
            rig.host.frame()
            xs.append((now() - a.pictureTime) * 1000)
            rig.compositor.framesShown()
        }
        var r = result("compositor.commit-to-screen@2x", xs)
        // One frame at 120 Hz: the budget a commit has to reach the screen.
        r.extra["budget-ms"] = 1000 / 120
        return r
    }

    /// The GTK 4 test program (Tests/CompositorTests/Fixtures/colour-window.c), compiled into the
    /// temporary folder; its path.
    static func colourWindowBinary() -> String {
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("../../Tests/CompositorTests/Fixtures/colour-window.c").standardized.path
        let binary = FileManager.default.temporaryDirectory.appendingPathComponent("slate-bench-colour-window").path
        let cc = Process()
        cc.executableURL = URL(fileURLWithPath: "/bin/sh")
        cc.arguments = ["-c", "cc -o '\(binary)' '\(source)' $(pkg-config --cflags --libs gtk4)"]
        do {
            try cc.run()
            cc.waitUntilExit()
        } catch {
            fail("bench: cannot run cc: \(error)", code: 1)
        }
        guard cc.terminationStatus == 0 else { fail("bench: cannot compile \(source)", code: 1) }
        return binary
    }

    /// The GTK 4 test program: launch to its first buffer, and to the first frame that shows it; 5
    /// launches.
    static func compositorGTKLaunch() -> Result {
        let binary = colourWindowBinary()
        let rig = compositorRig(scale: 1)
        defer { rig.shutdown() }
        var toScreen: [Double] = []
        var toBuffer: [Double] = []
        for i in 0..<5 {
            let before = rig.compositor.toplevels.count
            let t0 = now()
            do {
                try rig.launch(
                    ["env", "GSK_RENDERER=cairo", binary, "Bench \(i)", "#3478f6"],
                    log: FileHandle(forWritingAtPath: "/dev/null"))
            } catch {
                fail("bench: cannot start the GTK program: \(error)", code: 1)
            }
            var shown = false
            let end = now() + 20
            while !shown && now() < end {
                rig.compositor.dispatch(timeout: 0.001)
                rig.host.clock.advance(by: HeadlessHost.frameInterval)
                rig.host.frame()
                if rig.compositor.toplevels.count > before, let t = rig.compositor.toplevels.last, t.picture != nil {
                    toBuffer.append((t.pictureTime - t0) * 1000)
                    toScreen.append((now() - t0) * 1000)
                    shown = true
                }
                rig.compositor.framesShown()
            }
            if !shown { fail("bench: the GTK program showed no window in 20 s", code: 1) }
        }
        var r = result("compositor.gtk4-launch-to-first-frame", toScreen)
        r.extra["first-buffer-median"] = median(toBuffer)
        return r
    }

    /// The shell's resident memory with four programs open at 2× — two GTK 4 windows and two foot
    /// terminals, the last full screen and the others behind it — once the screen is at rest, read in
    /// a process of its own. Beside it, the bytes of the windows' pictures and of the frame buffer.
    static func compositorMemoryFourApps() -> Result {
        let name = "compositor.memory-four-apps@2x"
        if let r = inOwnProcess(name) { return r }
        let binary = colourWindowBinary()
        let rig = compositorRig(scale: 2)
        defer { rig.shutdown() }
        for i in 0..<2 { _ = open(["env", "GSK_RENDERER=cairo", binary, "Memory \(i)", "#3478f6"], in: rig) }
        for _ in 0..<2 { _ = open(["foot", "-o", "scrollback.lines=0", "--", "sleep", "60"], in: rig) }
        // Served until every window has drawn at its size and the screen has come to rest.
        for _ in 0..<300 { rig.step(wait: 0.002) }
        let mb = 1_048_576.0
        let status = processStatus()
        // The programs' own buffers (shared memory they made and the shell reads) are theirs: counted
        // beside, not in, the shell's figure.
        let own = (status["RssAnon"] ?? .nan) + (status["RssFile"] ?? .nan)
        var r = Result(name: name, unit: "MB", median: own, p99: own, floor: nil)
        r.extra["rss-MB"] = status["VmRSS"] ?? .nan
        r.extra["programs-buffers-MB"] = status["RssShmem"] ?? .nan
        r.extra["pictures-MB"] =
            Double(rig.compositor.toplevels.reduce(0) { $0 + $1.keptPictureBytes }) / mb
        r.extra["framebuffer-MB"] = Double(rig.host.framebuffer.pixels.count) / mb
        r.extra["windows"] = Double(rig.compositor.toplevels.count)
        return r
    }

    /// The memory figures of /proc/self/status given in kB (VmRSS, RssAnon, RssFile, RssShmem), in
    /// megabytes.
    static func processStatus() -> [String: Double] {
        guard let s = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return [:] }
        var out: [String: Double] = [:]
        for line in s.split(separator: "\n") where line.hasSuffix(" kB") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2, let kb = Double(parts[1].dropLast(3).trimmingCharacters(in: .whitespaces)) else {
                continue
            }
            out[String(parts[0])] = kb / 1024
        }
        return out
    }
}
