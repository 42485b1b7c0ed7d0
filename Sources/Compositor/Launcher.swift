import Foundation
import Graphics
import Host
import ShellPorts
import SlateLog

/// This file's lines on the log.
private let log = Logger("launcher")

/// Starts programs as clients of a compositor and tells the shell which app each belongs to.
@MainActor public final class Launcher: ProgramLauncher {
    /// The compositor the programs connect to.
    public let compositor: WaylandCompositor
    /// The shell whose apps it starts.
    public unowned var shell: any LaunchingShell

    /// A launcher for `shell`'s apps, as clients of `compositor`.
    public init(compositor: WaylandCompositor, shell: any LaunchingShell) {
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
        shell.programLauncher = self
    }

    /// Starts what the shell asked for: a Slate app's process, or a program from its desktop entry.
    public func launch(_ request: LaunchRequest) -> Bool {
        switch request {
        case .appProcess(let identifier, let command): launchProcess(identifier, command: command)
        case .program(let identifier, let entry, let exec): launchProgram(identifier, entry: entry, exec: exec)
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
    private func launchProcess(_ identifier: String, command: [String]) -> Bool {
        let pid: pid_t
        do {
            pid = try Spawn.start(command, environment: compositor.clientEnvironment())
        } catch {
            log.error("\(error)")
            return false
        }
        started.append(pid)
        processIDs[identifier] = pid
        appLaunches.append((pid, identifier))
        return true
    }

    /// What a program started now gets: the compositor's environment, and, since Qt reads no GNOME
    /// setting, the person's text size as Qt's font DPI (96 at the standard size; one the person set
    /// themselves is kept). Programs started earlier keep theirs: Qt reads it once.
    func programEnvironment() -> [String: String] {
        var environment = compositor.launchEnvironment()
        let category = shell.contentSizeCategory
        if category != .standard, environment["QT_FONT_DPI"] == nil {
            environment["QT_FONT_DPI"] = String(
                Int((Self.standardFontDPI * FontMetrics(category: category).scale).rounded()))
        }
        return environment
    }

    /// The font DPI Qt takes on its own (its logical DPI at scale 1).
    static let standardFontDPI = 96.0

    /// App processes started and not yet seen to end, by the app's identifier.
    private var appLaunches: [(pid: pid_t, app: String)] = []

    /// Starts the app `identifier`'s program from `entry`: its Exec line, or `exec` (an action's).
    private func launchProgram(_ identifier: String, entry: DesktopEntry, exec: String?) -> Bool {
        guard let argv = try? entry.command(exec, language: shell.language) else { return false }
        let known = shell.displayName(ofApp: identifier) != nil
        let pid: pid_t
        do {
            pid = try Spawn.start(argv, environment: programEnvironment(), directory: entry.path)
        } catch {
            // Said on the screen at the next check, as for a program that ends at once.
            if known {
                failed.append((identifier, "\(error)"))
            } else {
                log.error("\(error)")
            }
            return true
        }
        started.append(pid)
        if known {
            shell.noteLaunch(ofApp: identifier, processID: pid)
            failures[identifier] = nil
            running.append((pid, identifier, false))
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

    /// Programs started and not yet seen to end, by their app's identifier, and whether their app has
    /// shown a window since.
    private var running: [(pid: pid_t, app: String, shown: Bool)] = []
    /// Apps whose program could not be started at all, and why.
    private var failed: [(app: String, reason: String)] = []
    /// Programs that ended with success before their app showed a window, and when (seconds of
    /// `MonotonicClock`): a launcher that hands its window to a process already running (Firefox
    /// opening a page in its running instance) ends at once, and that window has `handOffGrace`
    /// to come.
    private var endedQuietly: [(app: String, name: String, at: Double)] = []
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
            if shell.isLaunching(app: app), processIDs[app] == pid {
                log.error("\(shell.displayName(ofApp: app)?.en ?? app) ended (status \(status)) before it connected")
                shell.appProcessFailedToStart(app)
            }
            return true
        }
        let now = MonotonicClock.read()
        for i in running.indices where !running[i].shown && shell.hasWindows(app: running[i].app) {
            running[i].shown = true
        }
        running.removeAll { pid, app, shown in
            guard let status = Spawn.reap(pid) else { return false }
            started.removeAll { $0 == pid }
            guard !shown, !shell.hasWindows(app: app) else { return true }
            let name = shell.displayName(ofApp: app)?.en ?? app
            if status == 0 {
                endedQuietly.append((app, name, now))
            } else {
                report(app, "\(name) ended (status \(status)) before showing a window")
            }
            return true
        }
        endedQuietly.removeAll { app, name, at in
            if shell.hasWindows(app: app) { return true }
            guard now - at >= Self.handOffGrace else { return false }
            report(app, "\(name) ended without showing a window")
            return true
        }
    }

    /// Says on the screen that `app` could not be opened, and why in the log.
    private func report(_ app: String, _ reason: String) {
        failures[app] = reason
        log.error(reason)
        shell.programFailed(app: app)
    }
}
