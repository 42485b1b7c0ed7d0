import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import ShellPorts
import SlateLog
import SlateSystem
import UI

/// `slate bench system…`: the system around the apps — the status bar's minute tick, Control Center
/// pulled down at 2×, and the shell at rest with every session service connected.
extension Bench {
    static var systemCases: [Case] {
        [
            Case(name: "system.clock-tick@2x") { systemClockTick() },
            Case(name: "system.control-center-pull@2x") { systemControlCenterPull() },
            Case(name: "system.idle-with-services") { systemIdle() },
        ]
    }

    /// The screen (Mail's Inbox at 2×) at rest; the minute turns 60 times. Each sample is the frame in
    /// which the tick lands (the clock read, its text laid out and drawn); `damage-pt2` is what that
    /// frame drew, beside `clock-pt2`, the clock's own rectangle.
    static func systemClockTick() -> Result {
        let s = ShellScreen(scale: 2)
        defer { s.close() }
        let time = BenchTime(clock: s.clock)
        s.shell.services.time = time
        s.shell.services = s.shell.services
        s.host.run(for: 0.5)
        var xs: [Double] = []
        var damage: [Double] = []
        var between = 0
        for _ in 0..<60 {
            // Up to just before the minute: nothing is drawn…
            let wait = time.timeOfDay().secondsToNextMinute - 0.05
            s.clock.advance(by: wait)
            s.host.frame()
            if !s.host.lastDamage.isEmpty { between += 1 }
            // …then the frame the tick lands in.
            s.clock.advance(by: 0.1)
            let t0 = now()
            s.host.frame()
            xs.append((now() - t0) * 1000)
            damage.append(s.host.lastDamage.reduce(0) { $0 + $1.width * $1.height })
        }
        let clock = s.shell.statusBarClockFrame
        var r = result("system.clock-tick@2x", xs)
        r.extra["damage-pt2"] = median(damage)
        r.extra["clock-pt2"] = clock.width * clock.height
        r.extra["frames-drawn-between"] = Double(between)
        return r
    }

    /// Control Center pulled down from the top-right corner at 2× over Mail's Inbox — 240 pt, a move a
    /// frame at 120 Hz — then let go and sprung open, then closed by Esc. Each sample is one frame that
    /// drew (the first of each pull, which makes the blurred backdrop, is `first-frame`); `max` is the
    /// slowest.
    static func systemControlCenterPull() -> Result {
        let s = ShellScreen(scale: 2)
        defer { s.close() }
        // As on a real screen: made ready while the screen rests.
        s.shell.preparesControlCenterAtRest = true
        var xs: [Double] = []
        var first: [Double] = []
        let trace = ProcessInfo.processInfo.environment["SLATE_BENCH_TRACE"] != nil
        func frame(_ round: Int, _ label: String) {
            s.clock.advance(by: HeadlessHost.frameInterval)
            let t0 = now()
            s.host.frame()
            let ms = (now() - t0) * 1000
            guard !s.host.lastDamage.isEmpty else { return }
            if trace { print("\(label) \(ms) ms, progress \(s.shell.controlCenterProgress ?? 0)") }
            if s.shell.controlCenterProgress != nil, first.count <= round {
                first.append(ms)
            } else if round > 0 {
                xs.append(ms)
            }
        }
        for round in 0..<6 {
            let start = Point(s.shell.bounds.width - 120, 6)
            let id = s.host.touchDown(at: start)
            s.host.frame()
            let steps = 30
            for i in 1...steps {
                s.host.touchMove(id, to: Point(start.x, start.y + 240 * Double(i) / Double(steps)))
                frame(round, "pull")
            }
            s.host.touchUp(id, at: Point(start.x, start.y + 240))
            for _ in 0..<60 { frame(round, "open") }
            guard s.shell.controlCenterProgress == 1 else { fail("bench: Control Center did not open", code: 1) }
            s.host.key(KeyPress(.escape))
            for _ in 0..<60 { frame(round, "close") }
            guard !s.shell.isControlCenterShown else { fail("bench: Control Center did not close", code: 1) }
        }
        var r = result("system.control-center-pull@2x", xs)
        r.extra["max"] = xs.max() ?? .nan
        r.extra["first-frame"] = median(first)
        r.extra["frames"] = Double(xs.count)
        return r
    }

    /// `slate run` (a process of its own, in a window under Xvfb when there is one, else with the
    /// headless backend) at rest for 60 s with every session service connected — python-dbusmock's UPower, NetworkManager, logind, BlueZ and
    /// iio-sensor-proxy on a bus standing in for the system's, PulseAudio with a null sink — as a
    /// share of one core (the clock's minute tick included); `without-services` is the same shell with
    /// none reachable, for 30 s. `SLATE_BENCH_IDLE_SECONDS` shortens both.
    static func systemIdle() -> Result {
        let seconds = Double(ProcessInfo.processInfo.environment["SLATE_BENCH_IDLE_SECONDS"] ?? "") ?? 60
        guard let mocks = BenchMocks() else {
            Logger("bench").warning("bench system.idle-with-services needs python3-dbusmock and pulseaudio")
            return Result(name: "system.idle-with-services", unit: "%", median: .nan, p99: .nan)
        }
        defer { mocks.stop() }
        let display = mocks.startDisplay()
        let with = idleShare(
            bus: mocks.address, sound: mocks.soundServer, display: display, folder: mocks.folder, seconds: seconds)
        let without = idleShare(
            bus: "unix:path=/nonexistent/slate-bench", sound: "unix:/nonexistent/slate-bench", display: display,
            folder: mocks.folder, seconds: seconds / 2)
        var r = Result(name: "system.idle-with-services", unit: "%", median: with.percent, p99: with.percent)
        r.extra["without-services"] = without.percent
        r.extra["seconds"] = seconds
        r.extra["threads"] = Double(with.threads)
        r.extra["threads-without"] = Double(without.threads)
        r.extra["in-a-window"] = display == nil ? 0 : 1
        return r
    }

    /// The CPU share of a `slate run --backend headless` at rest for `seconds` (after 8 s to settle)
    /// with its system bus and sound server at the addresses given, and its thread count.
    static func idleShare(bus: String, sound: String, display: String?, folder: URL, seconds: Double) -> (
        percent: Double, threads: Int
    ) {
        let shell = Process()
        shell.executableURL = URL(fileURLWithPath: "/proc/self/exe")
        shell.arguments = ["run", "--scale", "2"] + (display == nil ? ["--backend", "headless"] : [])
        var env = ProcessInfo.processInfo.environment
        if let display {
            env["DISPLAY"] = display
            env["WAYLAND_DISPLAY"] = nil
        }
        env["DBUS_SYSTEM_BUS_ADDRESS"] = bus
        env["PULSE_SERVER"] = sound
        env["XDG_STATE_HOME"] = folder.appendingPathComponent("state").path
        env["XDG_DATA_HOME"] = folder.appendingPathComponent("data").path
        env["XDG_CONFIG_HOME"] = folder.appendingPathComponent("config").path
        env["SLATE_ACCESSIBILITY"] = "0"
        shell.environment = env
        shell.standardOutput = FileHandle.nullDevice
        shell.standardError = FileHandle.nullDevice
        do { try shell.run() } catch { fail("bench: cannot start slate run: \(error)", code: 1) }
        defer {
            kill(shell.processIdentifier, SIGKILL)
            shell.waitUntilExit()
        }
        // Settled: Mail's first window shown, the services read.
        Thread.sleep(forTimeInterval: 8)
        let pid = shell.processIdentifier
        let ticks = Double(sysconf(Int32(_SC_CLK_TCK)))
        let c0 = cpuTicks(pid)
        let t0 = now()
        Thread.sleep(forTimeInterval: seconds)
        let used = (cpuTicks(pid) - c0) / ticks
        let threads = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task").count) ?? 0
        return (used / (now() - t0) * 100, threads)
    }

    /// A process's user and system CPU time, in clock ticks.
    static func cpuTicks(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return 0 }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        // After the name: state is field 3, utime 14 and stime 15 (1-based in proc(5)).
        guard fields.count > 12, let u = Double(fields[11]), let s = Double(fields[12]) else { return 0 }
        return u + s
    }
}

/// A clock of the time of day that reads the screen's clock (a bench drives it across minutes).
@MainActor final class BenchTime: TimeService {
    let clock: any Clock
    let start: Double
    init(clock: any Clock) {
        self.clock = clock
        start = 9 * 3600 + 41 * 60 + 30 - clock.now
    }
    func now() -> Date { Date(timeIntervalSince1970: 1_795_945_260 + clock.now) }
    func timeOfDay() -> TimeOfDay {
        let t = start + clock.now
        let minutes = Int(t / 60)
        return TimeOfDay(
            hour: minutes / 60 % 24, minute: minutes % 60,
            secondsToNextMinute: 60 - t.truncatingRemainder(dividingBy: 60))
    }
    var uses24HourTime: Bool { false }
    var timeZone: TimeZone { TimeZone(identifier: "UTC") ?? .current }
}

/// The session services' stand-ins for the idle bench: a bus daemon, python-dbusmock's templates on
/// it, PulseAudio with a null sink; each killed after two minutes should the bench be killed first.
final class BenchMocks {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-bench-mocks-\(UUID().uuidString)")
    var address = ""
    var soundServer = ""
    private var processes: [Process] = []

    init?() {
        let fm = FileManager.default
        guard fm.fileExists(atPath: "/usr/lib/python3/dist-packages/dbusmock"),
            fm.isExecutableFile(atPath: "/usr/bin/pulseaudio")
        else { return nil }
        try? fm.createDirectory(at: folder.appendingPathComponent("pulse"), withIntermediateDirectories: true)
        let out = Pipe()
        guard
            let daemon = start(
                ["/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1"], stdout: out)
        else { return nil }
        _ = daemon
        address = BenchBus.firstLine(of: out)
        for (template, parameters) in [
            ("upower", nil), ("networkmanager", nil), ("logind", nil), ("bluez5", nil),
            ("iio-sensors-proxy", #"{"has_accelerometer": true, "accelerometer_orientation": "normal"}"#),
        ] as [(String, String?)] {
            _ = start(
                ["/usr/bin/python3", "-m", "dbusmock", "--template", template]
                    + (parameters.map { ["--parameters", $0] } ?? []))
        }
        let socket = folder.appendingPathComponent("pulse/native").path
        _ = start([
            "/usr/bin/pulseaudio", "--daemonize=no", "-n", "--exit-idle-time=-1", "-F", "/dev/null",
            "--load=module-null-sink sink_name=slate_bench",
            "--load=module-native-protocol-unix socket=\(socket) auth-anonymous=1",
        ])
        soundServer = "unix:" + socket
        // The mocks take a moment to own their names.
        Thread.sleep(forTimeInterval: 2)
    }

    private func start(_ argv: [String], stdout: Pipe? = nil) -> Process? {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        p.arguments = ["-s", "KILL", "180"] + argv
        var env = ProcessInfo.processInfo.environment
        env["DBUS_SYSTEM_BUS_ADDRESS"] = address
        env["HOME"] = folder.appendingPathComponent("pulse").path
        env["XDG_RUNTIME_DIR"] = folder.appendingPathComponent("pulse").path
        p.environment = env
        p.standardOutput = stdout ?? FileHandle.nullDevice
        p.standardError = FileHandle.nullDevice
        do { try p.run() } catch { return nil }
        processes.append(p)
        return p
    }

    /// Starts Xvfb (when installed) and returns its display (":N"), for `slate run` in a window.
    func startDisplay() -> String? {
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/Xvfb") else { return nil }
        let out = Pipe()
        guard
            start(
                ["/usr/bin/Xvfb", "-displayfd", "1", "-screen", "0", "2800x2100x24", "-nolisten", "tcp"], stdout: out)
                != nil
        else { return nil }
        let display = BenchBus.firstLine(of: out)
        return display.isEmpty ? nil : ":" + display
    }

    func stop() {
        for p in processes.reversed() where p.isRunning {
            let children =
                (try? String(
                    contentsOfFile: "/proc/\(p.processIdentifier)/task/\(p.processIdentifier)/children", encoding: .utf8
                )) ?? ""
            for c in children.split(separator: " ").compactMap({ Int32($0) }) { kill(c, SIGKILL) }
            kill(p.processIdentifier, SIGKILL)
        }
        try? FileManager.default.removeItem(at: folder)
    }
}
