import Foundation
import Graphics
import Host
import ShellPorts
import UI

/// The shell as a Wayland compositor with no screen: a `HeadlessHost` draws the shell (and the
/// clients' pictures in its windows) while the compositor serves real client processes on the real
/// clock. Tests, `slate render --backend headless` and the benchmarks drive it, with Slate's `Shell`
/// as `Root` (the compositor knows it only by its ports).
@MainActor public final class CompositorHost<Root: RootView & CompositorShell & LaunchingShell> {
    /// The shell that shows the clients' windows.
    public let shell: Root
    /// The headless host that draws the shell on the virtual clock.
    public let host: HeadlessHost
    /// The compositor the clients connect to.
    public let compositor: WaylandCompositor
    /// The programs started through `launch`, still running or not.
    public private(set) var processes: [Process] = []

    /// A compositor for `shell`, drawn at `scale` by a headless host on `clock`.
    public init(shell: Root, clock: VirtualClock, scale: Double) throws(CompositorError) {
        self.shell = shell
        host = HeadlessHost(root: shell, clock: clock, scale: scale)
        compositor = try WaylandCompositor(
            backend: .headless, size: shell.bounds.size, scale: scale, language: shell.language)
        compositor.shell = shell
        launcher = Launcher(compositor: compositor, shell: shell)
        launcher.install()
    }

    /// Starts the shell's other programs and app processes, and watches them.
    public let launcher: Launcher

    /// Starts `argv` as a client of this compositor (`WAYLAND_DISPLAY` set, and `DISPLAY` to its
    /// Xwayland); the program is looked up on `PATH`. Its output goes to `log` (standard error when nil).
    @discardableResult
    public func launch(_ argv: [String], workingDirectory: String? = nil, log: FileHandle? = nil) throws -> Process {
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = argv
        p.environment = compositor.clientEnvironment()
        if let d = workingDirectory { p.currentDirectoryURL = URL(fileURLWithPath: d) }
        p.standardInput = FileHandle.nullDevice
        if let log {
            p.standardOutput = log
            p.standardError = log
        }
        try p.run()
        processes.append(p)
        return p
    }

    /// One turn: the clients are served (waiting up to `wait` seconds for one), the virtual clock
    /// moves one frame, the frame is drawn and the clients are told it was shown.
    public func step(wait: Double = 0.002) {
        compositor.dispatch(timeout: wait)
        host.clock.advance(by: HeadlessHost.frameInterval)
        host.frame()
        compositor.framesShown()
        launcher.check()
    }

    /// Turns until `condition` holds or `timeout` seconds of real time pass; returns whether it held.
    @discardableResult
    public func run(until condition: () -> Bool, timeout: Double) -> Bool {
        let end = MonotonicClock.read() + timeout
        while MonotonicClock.read() < end {
            if condition() { return true }
            step()
        }
        return condition()
    }

    /// Turns for `seconds` of real time.
    public func run(for seconds: Double) {
        _ = run(until: { false }, timeout: seconds)
    }

    /// Stops the programs it started and the compositor.
    public func shutdown() {
        for p in processes where p.isRunning { p.terminate() }
        launcher.terminateAll()
        // Served while their windows close (a client blocked on its socket would not see the
        // signal), for at most a second; then the compositor goes and takes any left with it.
        let end = MonotonicClock.read() + 1
        while !compositor.toplevels.isEmpty, MonotonicClock.read() < end {
            compositor.dispatch(timeout: 0.01)
        }
        compositor.shutdown()
        for p in processes { p.waitUntilExit() }
    }
}
