import Foundation
import Graphics
import Host
import Shell
import SlateLog

/// This file's lines on the log.
private let log = Logger("launcher")

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

    /// Makes the shell's other programs and app processes start through this launcher, and only the
    /// processes it started speak as Slate's apps.
    public func install() {
        compositor.mayAnnounce = { [weak self] identifier, pid in
            guard let self else { return false }
            return self.processIDs[identifier] == pid || self.vouched[identifier] == pid
        }
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
    /// Processes started for an app by the launcher's owner rather than the launcher.
    private var vouched: [String: pid_t] = [:]

    /// Vouches that process `pid`, started by the caller, is the app `identifier`'s process: it may
    /// announce itself as that app.
    public func vouch(for identifier: String, processID pid: pid_t) {
        vouched[identifier] = pid
    }

    /// Starts a Slate app's process; it announces itself and connects its windows.
    public func launch(_ app: ProcessApp) -> Bool {
        let pid: pid_t
        do {
            pid = try Spawn.start(app.command, environment: compositor.clientEnvironment())
        } catch {
            log.error("\(error)")
            return false
        }
        started.append(pid)
        processIDs[app.identifier] = pid
        appLaunches.append((pid, app))
        return true
    }

    /// What a program started now gets: the compositor's environment, and, since Qt reads no GNOME
    /// setting, the person's text size as Qt's font DPI (96 at the standard size; one the person set
    /// themselves is kept). Programs started earlier keep theirs: Qt reads it once.
    func programEnvironment() -> [String: String] {
        var environment = compositor.launchEnvironment()
        let category = shell.environment.contentSizeCategory
        if category != .standard, environment["QT_FONT_DPI"] == nil {
            environment["QT_FONT_DPI"] = String(
                Int((Self.standardFontDPI * FontMetrics(category: category).scale).rounded()))
        }
        return environment
    }

    /// The font DPI Qt takes on its own (its logical DPI at scale 1).
    static let standardFontDPI = 96.0

    /// App processes started and not yet seen to end.
    private var appLaunches: [(pid: pid_t, app: ProcessApp)] = []

    /// Starts the app's program: its Exec line, or `exec` (an action's).
    public func launch(_ app: ForeignApp, exec: String? = nil) -> Bool {
        guard let entry = app.entry, let argv = try? entry.command(exec, language: shell.language) else { return false }
        let pid: pid_t
        do {
            pid = try Spawn.start(argv, environment: programEnvironment(), directory: entry.path)
        } catch {
            // Said on the screen at the next check, as for a program that ends at once.
            if let s = shell.app(app.identifier) {
                failed.append((s, "\(error)"))
            } else {
                log.error("\(error)")
            }
            return true
        }
        started.append(pid)
        if let s = shell.app(app.identifier) {
            shell.noteLaunch(of: s, processID: pid)
            failures[s.identifier] = nil
            running.append((pid, s, false))
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

    /// Programs started and not yet seen to end, and whether their app has shown a window since.
    private var running: [(pid: pid_t, app: ShellApp, shown: Bool)] = []
    /// Apps whose program could not be started at all, and why.
    private var failed: [(app: ShellApp, reason: String)] = []
    /// Programs that ended with success before their app showed a window, and when (seconds of
    /// `MonotonicClock`): a launcher that hands its window to a process already running (Firefox
    /// opening a page in its running instance) ends at once, and that window has `handOffGrace`
    /// to come.
    private var endedQuietly: [(app: ShellApp, name: String, at: Double)] = []
    /// How long a program that ended with success may take to have its window shown by another of
    /// its processes, in seconds.
    public static let handOffGrace = 5.0
    /// Why each app's last start failed, by app identifier: one line, as the log says it (scripts
    /// and `slate render` stop waiting for its window then).
    public private(set) var failures: [String: String] = [:]

    /// Looks at the programs started: one that ended before its app showed a window is reported on
    /// the screen (and in the log) when it ends — at once when it failed, after `handOffGrace`
    /// when it ended with success and no other process showed its window. Every program is reaped
    /// when it ends, before or after it showed a window.
    public func check() {
        for (app, reason) in failed { report(app, reason) }
        failed.removeAll()
        // An app process that ends is reaped at once (a crash leaves no zombie); one that ends
        // before it connected could not start.
        appLaunches.removeAll { pid, app in
            guard let status = Spawn.reap(pid) else { return false }
            started.removeAll { $0 == pid }
            // Only the launch under way can fail to start (an older process of the app, killed, may
            // be reaped while the next one starts).
            if app.isLaunching, processIDs[app.identifier] == pid {
                log.error("\(app.displayName.en) ended (status \(status)) before it connected")
                shell.processFailedToStart(app)
            }
            return true
        }
        let now = MonotonicClock.read()
        for i in running.indices where !running[i].shown && !shell.windows(of: running[i].app).isEmpty {
            running[i].shown = true
        }
        running.removeAll { pid, app, shown in
            guard let status = Spawn.reap(pid) else { return false }
            started.removeAll { $0 == pid }
            guard !shown, shell.windows(of: app).isEmpty else { return true }
            let name = app.application.displayName.en
            if status == 0 {
                endedQuietly.append((app, name, now))
            } else {
                report(app, "\(name) ended (status \(status)) before showing a window")
            }
            return true
        }
        endedQuietly.removeAll { app, name, at in
            if !shell.windows(of: app).isEmpty { return true }
            guard now - at >= Self.handOffGrace else { return false }
            report(app, "\(name) ended without showing a window")
            return true
        }
    }

    /// Says on the screen that `app` could not be opened, and why in the log.
    private func report(_ app: ShellApp, _ reason: String) {
        failures[app.identifier] = reason
        log.error(reason)
        shell.programFailed(app)
    }
}
