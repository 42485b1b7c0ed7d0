import Foundation
import Host
import Shell

/// Starts programs as clients of a compositor and tells the shell which app each belongs to.
@MainActor public final class Launcher {
    /// The compositor the programs connect to.
    public let compositor: WaylandCompositor
    /// The shell whose apps it starts.
    public unowned var shell: Shell

    /// A launcher for `shell`'s apps, as clients of `compositor`.
    public init(compositor: WaylandCompositor, shell: Shell) {
        self.compositor = compositor
        self.shell = shell
    }

    /// Makes the shell's other programs and app processes start through this launcher.
    public func install() {
        for app in shell.foreignApps {
            guard let f = app.application as? ForeignApp else { continue }
            f.launch = { [weak self] f in self?.launch(f) ?? false }
            f.launchAction = { [weak self] f, a in self?.launch(f, exec: a.exec) ?? false }
        }
        for app in shell.processApps {
            guard let p = app.application as? ProcessApp else { continue }
            p.launch = { [weak self] p in self?.launch(p) ?? false }
        }
    }

    /// The process each app process was last started as, by app identifier.
    public private(set) var processIDs: [String: pid_t] = [:]

    /// Starts a Slate app's process; it announces itself and connects its windows.
    public func launch(_ app: ProcessApp) -> Bool {
        let pid: pid_t
        do {
            pid = try Spawn.start(app.command, environment: compositor.clientEnvironment())
        } catch {
            FileHandle.standardError.write(Data("slate: \(error)\n".utf8))
            return false
        }
        started.append(pid)
        processIDs[app.identifier] = pid
        appLaunches.append((pid, app))
        return true
    }

    /// App processes started and not yet seen to end.
    private var appLaunches: [(pid: pid_t, app: ProcessApp)] = []

    /// Starts the app's program: its Exec line, or `exec` (an action's).
    public func launch(_ app: ForeignApp, exec: String? = nil) -> Bool {
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
    public func terminateAll() {
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
    public func check() {
        for app in failed { shell.programFailed(app) }
        failed.removeAll()
        // An app process that ends is reaped at once (a crash leaves no zombie); one that ends
        // before it connected could not start.
        appLaunches.removeAll { pid, app in
            guard let status = Spawn.reap(pid) else { return false }
            started.removeAll { $0 == pid }
            // Only the launch under way can fail to start (an older process of the app, killed, may
            // be reaped while the next one starts).
            if app.isLaunching, processIDs[app.identifier] == pid {
                FileHandle.standardError.write(
                    Data("slate: \(app.displayName.en) ended (status \(status)) before it connected\n".utf8))
                shell.processFailedToStart(app)
            }
            return true
        }
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
