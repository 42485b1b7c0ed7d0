import Compositor
import Foundation
import Graphics
import Host
import Rendering
import Shell
import UI

/// `slate run --backend headless|nested` and `slate render --backend headless --open CMD…`: the shell
/// as a Wayland compositor, with the installed programs (their `.desktop` files) beside the apps.
@MainActor enum CompositorCommand {
    /// The icon size drawn for the Home screen, in points (the Dock draws it smaller).
    static let iconPoints = ShellMetrics.homeIconSize

    static func backend(_ args: Arguments) throws -> CompositorBackend? {
        guard let b = args.options["backend"] else { return nil }
        guard let backend = CompositorBackend(rawValue: b) else {
            throw UsageError("--backend is headless or nested, not '\(b)'")
        }
        return backend
    }

    /// Puts the installed programs on the Home screen (and those in the dock file in the Dock).
    static func installPrograms(_ shell: Shell, scale: Double, environment: [String: String]) {
        let dirs = DesktopCatalog.dataDirectories(environment)
        let pixels = Int((iconPoints * scale).rounded())
        shell.install(catalog: DesktopCatalog.load(environment: environment)) { entry in
            entry.icon.flatMap {
                AppIconTheme.image(named: $0, pixels: pixels, scale: scale, dataDirectories: dirs)
            }
        }
    }

    /// `slate run --backend …`: serves clients until the process is ended.
    static func run(_ args: Arguments, backend: CompositorBackend, apps: [AppEntry], device: Device) throws -> Int32 {
        let clock = VirtualClock()
        let scale = try args.double("scale", default: 1)
        let shell = try SystemBuilder.makeShell(
            device: device, clock: clock, places: SystemBuilder.userPlaces(args), apps: apps)
        installPrograms(shell, scale: scale, environment: ProcessInfo.processInfo.environment)
        let live: LiveHost
        do {
            live = try LiveHost(shell: shell, clock: clock, backend: backend, scale: scale)
        } catch {
            return Slate.failure("\(error)", code: backend == .nested ? 2 : 1)
        }
        let launcher = Launcher(compositor: live.compositor, shell: shell)
        launcher.install()
        live.onTurn = { launcher.check() }
        FileHandle.standardOutput.write(Data("WAYLAND_DISPLAY=\(live.compositor.socketName)\n".utf8))
        live.run()
        return 0
    }

    /// `slate render --backend headless --open "CMD ARGS" [--open …] [--split]`: the screen once the
    /// programs have drawn, to a PNG. With `--split`, the last program's window goes beside the
    /// first app's window in Split View.
    static func render(_ args: Arguments, apps: [AppEntry], device: Device, out: String) throws -> Int32 {
        let clock = VirtualClock()
        let places = SystemBuilder.scratchPlaces(options: args.options)
        defer { try? FileManager.default.removeItem(at: places.dataHome.deletingLastPathComponent()) }
        let shell = try SystemBuilder.makeShell(device: device, clock: clock, places: places, apps: apps)
        let scale = try args.double("scale", default: 2)
        installPrograms(shell, scale: scale, environment: ProcessInfo.processInfo.environment)
        let host: CompositorHost
        do {
            host = try CompositorHost(shell: shell, clock: clock, scale: scale)
        } catch {
            return Slate.failure("\(error)", code: 1)
        }
        defer { host.shutdown() }
        let commands = (args.options["open"] ?? "").split(separator: ",").map {
            $0.split(separator: " ").map(String.init)
        }.filter { !$0.isEmpty }
        let first = shell.focusedWindow
        for argv in commands {
            let before = host.compositor.toplevels.count
            do {
                try host.launch(argv)
            } catch {
                return Slate.failure("cannot start \(argv.joined(separator: " ")): \(error)", code: 2)
            }
            let timeout = try args.double("timeout", default: 20)
            guard
                host.run(
                    until: {
                        host.compositor.toplevels.count > before && host.compositor.toplevels.last?.picture != nil
                    }, timeout: timeout)
            else {
                return Slate.failure("\(argv[0]) showed no window within \(Int(timeout)) s", code: 1)
            }
        }
        if args.flags.contains("split"), let first, let last = host.compositor.toplevels.last,
            let w = shell.window(showing: last)
        {
            shell.show(fullScreen: first)
            shell.show(split: w.id, on: .right)
            _ = host.run(until: { last.picture?.size == last.requestedSize }, timeout: 5)
        }
        // Let the windows settle and the programs draw at their final sizes.
        for _ in 0..<90 { host.step(wait: 0.003) }
        try host.host.savePNG(out)
        print(out)
        return 0
    }
}

/// Starts programs as clients of a compositor and tells the shell which app each belongs to.
@MainActor final class Launcher {
    let compositor: WaylandCompositor
    unowned var shell: Shell

    init(compositor: WaylandCompositor, shell: Shell) {
        self.compositor = compositor
        self.shell = shell
    }

    func install() {
        for app in shell.foreignApps {
            guard let f = app.application as? ForeignApp else { continue }
            f.launch = { [weak self] f in self?.launch(f) ?? false }
            f.launchAction = { [weak self] f, a in self?.launch(f, exec: a.exec) ?? false }
        }
    }

    /// Starts the app's program: its Exec line, or `exec` (an action's).
    func launch(_ app: ForeignApp, exec: String? = nil) -> Bool {
        guard let entry = app.entry, let argv = try? entry.command(exec) else { return false }
        let pid: pid_t
        do {
            pid = try Spawn.start(argv, environment: compositor.clientEnvironment(), directory: entry.path)
        } catch {
            FileHandle.standardError.write(Data("slate: \(error)\n".utf8))
            // Said on the screen at the next check, as for a program that ends at once.
            if let s = shell.app(app.identifier) { failed.append(s) }
            return true
        }
        started.append(pid)
        if let s = shell.app(app.identifier) {
            shell.noteLaunch(of: s, processID: pid)
            running.append((pid, s))
        }
        return true
    }

    /// Every program started, to end them with the run.
    private var started: [pid_t] = []

    /// Ends the programs it started (SIGTERM), serving them for up to a second while they close.
    func terminateAll() {
        for pid in started { kill(pid, SIGTERM) }
        let end = MonotonicClock.read() + 1
        while !compositor.toplevels.isEmpty, MonotonicClock.read() < end { compositor.dispatch(timeout: 0.01) }
        for pid in started { _ = Spawn.reap(pid) }
        started.removeAll()
    }

    /// Programs started and not yet seen to end or to show a window.
    private var running: [(pid: pid_t, app: ShellApp)] = []
    /// Apps whose program could not be started at all.
    private var failed: [ShellApp] = []

    /// Looks at the programs started: one that ended with a failure before showing a window is
    /// reported on the screen (and in the log); one that showed a window is no longer watched (a
    /// process that ends later is reaped by nobody: it stays a zombie until Slate ends).
    func check() {
        for app in failed { shell.programFailed(app) }
        failed.removeAll()
        running.removeAll { pid, app in
            guard let status = Spawn.reap(pid) else { return !shell.windows(of: app).isEmpty }
            if status != 0, shell.windows(of: app).isEmpty {
                FileHandle.standardError.write(
                    Data(
                        "slate: \(app.application.displayName.en) ended (status \(status)) before showing a window\n"
                            .utf8))
                shell.programFailed(app)
            }
            return true
        }
    }
}
