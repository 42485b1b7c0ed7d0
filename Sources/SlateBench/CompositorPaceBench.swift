import Foundation
import SlateLog
import SlateSystem

/// `slate bench compositor.full-damage…`: the live loop (`slate run --backend headless`, paced by the
/// headless output's refresh) serving one program that redraws its whole window at every frame
/// callback, as a video, a game or a browser scrolling does — at 1× and at 2× — and, beside it in the
/// same run, sway on the same wlroots with the same kind of client (`../shared/peers/
/// compositor-peer.sh`).
extension Bench {
    static var compositorPaceCases: [Case] {
        [
            Case(name: "compositor.full-damage-client@1x") { fullDamageClient(scale: 1) },
            Case(name: "compositor.full-damage-client@2x") { fullDamageClient(scale: 2) },
        ]
    }

    /// The frames the client draws in each case (10 s at 60 Hz).
    static let fullDamageFrames = 600

    /// What a process uses: its CPU time in clock ticks and its resident memory (kB) by kind.
    struct ProcessUse {
        var ticks: Int
        var rss: Double
        var anonymous: Double
        var shared: Double

        /// Read from `/proc/PID`; nil when the process is gone.
        static func read(_ pid: Int32) -> ProcessUse? {
            guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
                let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
                let close = stat.lastIndex(of: ")")
            else { return nil }
            // Fields after the command's closing parenthesis: the 14th and 15th of the line are
            // the user and system ticks (the 12th and 13th after it).
            let fields = stat[stat.index(after: close)...].split(separator: " ")
            guard fields.count > 13, let user = Int(fields[11]), let system = Int(fields[12]) else { return nil }
            func kB(_ key: String) -> Double {
                let line = status.split(separator: "\n").first { $0.hasPrefix(key + ":") } ?? ""
                return Double(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
            }
            return ProcessUse(
                ticks: user + system, rss: kB("VmRSS"), anonymous: kB("RssAnon"), shared: kB("RssShmem"))
        }
    }

    /// A program beside `slate` (the bench client is built with it).
    static func sibling(_ name: String) -> String? {
        let exe = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().deletingLastPathComponent()
        let path = exe.appendingPathComponent(name).path
        return FileManager.default.isExecutableFile(atPath: path) ? path : nil
    }

    /// `slate run --backend headless` at `scale` in a scratch home, and `slate-frame-client` drawing
    /// `fullDamageFrames` frames in it. The case's figure is the client's time from each commit to
    /// the frame callback that answered it; beside it the client's frames a second against the
    /// output's refresh, the shell's CPU per client frame, and the shell's resident memory before
    /// the client connected and how much it grew while the client was there, by kind (anonymous:
    /// heap and pictures; shared: the client's buffers mapped), and after it left.
    static func fullDamageClient(scale: Int) -> Result {
        guard let client = sibling("slate-frame-client") else {
            fail("bench: no slate-frame-client beside slate (swift build --product slate-frame-client)", code: 1)
        }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-pace-\(UUID().uuidString)")
        let runtime = home.appendingPathComponent("runtime")
        defer { try? FileManager.default.removeItem(at: home) }
        do {
            try FileManager.default.createDirectory(
                at: runtime, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        } catch {
            fail("bench: cannot make \(runtime.path): \(error)", code: 1)
        }
        var env = ProcessInfo.processInfo.environment
        env["XDG_RUNTIME_DIR"] = runtime.path
        for (key, folder) in [("XDG_STATE_HOME", "state"), ("XDG_DATA_HOME", "data"), ("XDG_CONFIG_HOME", "config")] {
            env[key] = home.appendingPathComponent(folder).path
        }
        env["WAYLAND_DISPLAY"] = nil
        env["SLATE_ACCESSIBILITY"] = "0"
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        shell.arguments = ["run", "--backend", "headless", "--scale", "\(scale)"]
        shell.environment = env
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        do { try shell.run() } catch { fail("bench: cannot start slate run: \(error)", code: 1) }
        defer {
            shell.terminate()
            shell.waitUntilExit()
        }
        let socket = runtime.appendingPathComponent("wayland-0").path
        let end = now() + 20
        while !FileManager.default.fileExists(atPath: socket), now() < end { usleep(50_000) }
        guard FileManager.default.fileExists(atPath: socket) else { fail("bench: slate run made no socket", code: 1) }
        // The shell at rest, its apps open.
        usleep(2_000_000)
        guard let before = ProcessUse.read(shell.processIdentifier) else { fail("bench: slate run ended", code: 1) }
        let drawer = Process()
        drawer.executableURL = URL(fileURLWithPath: client)
        drawer.arguments = ["\(fullDamageFrames)", "\(scale)", "--hold"]
        var clientEnv = env
        clientEnv["WAYLAND_DISPLAY"] = "wayland-0"
        drawer.environment = clientEnv
        let out = Pipe()
        let hold = Pipe()
        drawer.standardOutput = out
        drawer.standardInput = hold
        do { try drawer.run() } catch { fail("bench: cannot start slate-frame-client: \(error)", code: 1) }
        // Its line comes when it has drawn its frames; its window stays until its input closes. The
        // shell's memory is read with the window still there, once the shell has come to rest.
        var printed = ""
        while !printed.contains("\n") {
            let chunk = out.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            printed += String(decoding: chunk, as: UTF8.self)
        }
        let drawn = ProcessUse.read(shell.processIdentifier)
        usleep(1_000_000)
        let connected = ProcessUse.read(shell.processIdentifier)
        try? hold.fileHandleForWriting.close()
        drawer.waitUntilExit()
        // And once it has gone and the shell has come to rest again (as the peer script reads sway).
        usleep(1_000_000)
        let left = ProcessUse.read(shell.processIdentifier)
        guard let drawn, let connected, let left else { fail("bench: slate run ended", code: 1) }
        let figures = Self.keyedFigures(printed)
        guard drawer.terminationStatus == 0, let fps = figures["fps"], let median = figures["median_ms"],
            let p99 = figures["p99_ms"]
        else { fail("bench: slate-frame-client gave no figures: \(printed)", code: 1) }
        let tick = 1000 / Double(sysconf(Int32(_SC_CLK_TCK)))
        var r = Result(
            name: "compositor.full-damage-client@\(scale)x", unit: "ms", median: median, p99: p99, floor: nil)
        r.extra["client-fps"] = fps
        r.extra["cpu-ms-per-frame"] = Double(drawn.ticks - before.ticks) * tick / Double(fullDamageFrames)
        r.extra["rss-at-rest-MB"] = before.rss / 1024
        r.extra["rss-growth-MB"] = (connected.rss - before.rss) / 1024
        r.extra["growth-anonymous-MB"] = (connected.anonymous - before.anonymous) / 1024
        r.extra["growth-shared-MB"] = (connected.shared - before.shared) / 1024
        r.extra["growth-after-MB"] = (left.rss - before.rss) / 1024
        return r
    }

    /// "key value key value …" as numbers.
    static func keyedFigures(_ line: String) -> [String: Double] {
        let words = line.split(whereSeparator: \.isWhitespace).map(String.init)
        var out: [String: Double] = [:]
        for i in stride(from: 0, to: words.count - 1, by: 2) { out[words[i]] = Double(words[i + 1]) }
        return out
    }
}

/// sway (1.7, on the same wlroots 0.15 with the pixman renderer, headless) with one client redrawing
/// 1366 × 1024 with full damage (`../shared/peers/compositor-peer.sh`), run in the same session as
/// Slate's `compositor.full-damage-client@1x`, and the ratios of the two.
enum CompositorPeer {
    static let name = "peer.sway-full-damage-client@1x"

    /// Runs the peer, or says in one line why not (and gives nil).
    @MainActor static func run(comparedTo slate: Bench.Result) -> Bench.Result? {
        guard let script = GTKPeer.peerScript("compositor-peer.sh", variable: "SLATE_COMPOSITOR_PEER") else {
            say("no compositor peer script (../shared/peers/compositor-peer.sh; SLATE_COMPOSITOR_PEER)")
            return nil
        }
        guard GTKPeer.succeeds("/usr/bin/env", ["sh", "-c", "command -v sway"]) else {
            say("sway is not installed (apt-get install sway): no peer figure")
            return nil
        }
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/bin/bash")
        p.arguments = [script]
        var env = ProcessInfo.processInfo.environment
        env["SLATE"] = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path
        env["N"] = "\(Bench.fullDamageFrames)"
        p.environment = env
        let out = Pipe()
        p.standardOutput = out
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch {
            say("the compositor peer did not start: \(error)")
            return nil
        }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
        let sway = lines.compactMap { line -> [String: Any]? in
            guard let object = try? JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any],
                object["compositor"] as? String == "sway"
            else { return nil }
            return object
        }.first
        guard let sway, let median = sway["callback_median_ms"] as? Double,
            let cpu = sway["cpu_ms_per_frame"] as? Double
        else {
            say("the compositor peer gave no figure")
            return nil
        }
        var r = Bench.Result(
            name: name, unit: "ms", median: median, p99: (sway["callback_p99_ms"] as? Double) ?? .nan, floor: nil)
        r.extra["client-fps"] = (sway["client_fps"] as? Double) ?? .nan
        r.extra["cpu-ms-per-frame"] = cpu
        r.extra["rss-MB"] = (sway["rss_mb"] as? Double) ?? .nan
        if let slateCPU = slate.extra["cpu-ms-per-frame"] { r.extra["slate-cpu-ratio"] = slateCPU / cpu }
        if let rest = restingRSS(), let rss = sway["rss_mb"] as? Double {
            r.extra["rss-at-rest-MB"] = rest
            r.extra["rss-growth-MB"] = rss - rest
            // (The script reads sway's memory after its client left: Slate's is compared so.)
            if let slateGrowth = slate.extra["growth-after-MB"] {
                r.extra["slate-growth-ratio"] = slateGrowth / max(rss - rest, 0.1)
            }
        }
        return r
    }

    /// sway's resident memory with no client, started as the peer script starts it (headless,
    /// pixman, 1366 × 1024; as root, as the script's user `slatepeer`), in MB; nil when it does not
    /// start.
    @MainActor static func restingRSS() -> Double? {
        let root = getuid() == 0
        let home = URL(fileURLWithPath: "/tmp").appendingPathComponent("slate-sway-\(UUID().uuidString)")
        let runtime = home.appendingPathComponent("rt")
        defer { try? FileManager.default.removeItem(at: home) }
        guard (try? FileManager.default.createDirectory(at: runtime, withIntermediateDirectories: true)) != nil else {
            return nil
        }
        chmod(home.path, 0o755)
        chmod(runtime.path, 0o700)
        let config = home.appendingPathComponent("config")
        guard
            (try? "output HEADLESS-1 resolution 1366x1024\nxwayland disable\n".write(
                to: config, atomically: true, encoding: .utf8)) != nil,
            !root || GTKPeer.succeeds("/bin/chown", ["-R", "slatepeer", home.path])
        else { return nil }
        let command =
            "XDG_RUNTIME_DIR=\(runtime.path) WLR_BACKENDS=headless WLR_RENDERER=pixman WLR_LIBINPUT_NO_DEVICES=1 exec sway -c \(config.path) >/dev/null 2>&1"
        let p = Process()
        p.executableURL = URL(fileURLWithPath: root ? "/bin/su" : "/bin/sh")
        p.arguments = root ? ["slatepeer", "-s", "/bin/bash", "-c", command] : ["-c", command]
        guard (try? p.run()) != nil else { return nil }
        defer {
            p.terminate()
            p.waitUntilExit()
        }
        let end = Bench.now() + 10
        func socket() -> Bool {
            ((try? FileManager.default.contentsOfDirectory(atPath: runtime.path)) ?? []).contains {
                $0.hasPrefix("wayland-") && !$0.hasSuffix(".lock")
            }
        }
        while !socket(), Bench.now() < end { usleep(100_000) }
        usleep(2_000_000)
        let pgrep = Process()
        pgrep.executableURL = URL(fileURLWithPath: "/usr/bin/pgrep")
        pgrep.arguments = ["-n", "-x", "sway"]
        let out = Pipe()
        pgrep.standardOutput = out
        guard (try? pgrep.run()) != nil else { return nil }
        let pidText = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        pgrep.waitUntilExit()
        guard let pid = Int32(pidText.trimmingCharacters(in: .whitespacesAndNewlines)),
            let use = Bench.ProcessUse.read(pid)
        else { return nil }
        kill(pid, SIGTERM)
        return use.rss / 1024
    }

    static func say(_ line: String) {
        Logger("bench", label: name).info(line)
    }
}
