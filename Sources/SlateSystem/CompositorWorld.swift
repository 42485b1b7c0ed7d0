import Compositor
import Foundation
import Graphics
import Host
import Menus
import Scenes
import Shell
import ShellPorts
import SlateScripts
import UI

/// What scripts act on with `--backend headless`: the shell world, served by a real compositor,
/// where `launch NAME` also starts an installed program by its `.desktop` Name (or id) and waits
/// for its window. Clients are served after every frame the script draws.
@MainActor final class CompositorWorld: ScriptWorld {
    let inner: ShellWorld
    let compositor: WaylandCompositor
    let launcher: Launcher
    let catalog: DesktopCatalog
    /// How long `launch` waits for a program's window, in seconds of real time.
    static let launchTimeout = 20.0
    /// How many turns in a row an app process's windows must be ready before `launch` returns.
    static let steadyTurns = 30
    /// Slate's apps that run as processes of their own (`--processes`), by name; empty: in-process.
    let processApps: [String: ProcessApp]

    /// The settings folder the shell and the app processes share (`--processes`), nil in-process.
    let configHome: URL?

    /// The world over `inner`'s shell; with `processes`, Slate's apps each run in a process of their
    /// own, with their data and state under `scratch`, on the headless date.
    init(inner: ShellWorld, processes: [AppEntry] = [], scratch: URL? = nil) throws {
        self.inner = inner
        var made: [String: ProcessApp] = [:]
        let dir = (scratch ?? FileManager.default.temporaryDirectory).appendingPathComponent("processes")
        // The shell and the app processes share a settings file of the run's own (never the person's),
        // so that Settings in its process changes what the others show.
        configHome = processes.isEmpty ? nil : dir.appendingPathComponent("config")
        for entry in processes {
            let options = [
                "state-dir": dir.appendingPathComponent("state").path,
                "now": ISO8601DateFormatter().string(from: SystemBuilder.headlessDate),
            ]
            made[entry.name.lowercased()] = try AppCommand.processApp(
                entry, options: options,
                environment: [
                    "XDG_DATA_HOME=\(dir.appendingPathComponent("data").path)",
                    "XDG_CONFIG_HOME=\(dir.appendingPathComponent("config").path)",
                    // Notes' sample notes in the run's documents folder (where `expect file` and
                    // `write file` look, as in-process), not the person's.
                    "SLATE_NOTES_DIR=\((scratch ?? dir).appendingPathComponent("Documents/Notes").path)",
                ])
        }
        processApps = made
        compositor = try WaylandCompositor(
            backend: .headless, size: inner.shell.bounds.size, scale: inner.host.scale, language: inner.shell.language)
        catalog = DesktopCatalog.load()
        launcher = Launcher(compositor: compositor, shell: inner.shell)
        attach()
        launcher.install()
    }

    /// Points the compositor at the shell now (a `device` or `locale` step makes a new one).
    private func attach() {
        if compositor.shell !== inner.shell {
            // The installed programs on the Home screen, and those of the dock file in the Dock.
            CompositorCommand.installPrograms(
                inner.shell, scale: inner.host.scale, environment: ProcessInfo.processInfo.environment)
        }
        if let configHome, inner.shell.settings.file == nil {
            inner.shell.settings = SettingsStore(configHome: configHome)
        }
        compositor.shell = inner.shell
        let c = compositor
        let l = launcher
        let shell = inner.shell
        inner.host.onFrame = { [weak c, weak l, weak shell] in
            // Settings in its own process saved the file: the shell reads it (a stat a frame).
            shell?.settings.reloadIfChanged()
            c?.dispatch()
            c?.framesShown()
            l?.check()
        }
        // Real programs answer in real time: the script's clock keeps to it, serving them meanwhile.
        inner.host.waitForRealTime = { [weak c] seconds in c?.dispatch(timeout: seconds) }
    }

    var host: HeadlessHost {
        attach()
        return inner.host
    }

    func setDevice(_ name: String, landscape: Bool) throws {
        try inner.setDevice(name, landscape: landscape)
        attach()
    }

    func setAppearance(_ appearance: Appearance) throws { try inner.setAppearance(appearance) }

    func setLanguage(_ language: Language) throws {
        try inner.setLanguage(language)
        attach()
    }

    func launch(_ app: String, restoring: Bool) throws {
        let lower = app.lowercased()
        if let p = processApps[lower] {
            try launch(process: p)
            return
        }
        guard
            let entry = catalog.entries.first(where: {
                $0.name.en.lowercased() == lower || $0.name.ru.lowercased() == lower || $0.id.lowercased() == lower
            })
        else {
            try inner.launch(app, restoring: restoring)
            return
        }
        attach()
        let shell = inner.shell
        if shell.app(ForeignApp.identifier(desktopID: entry.id)) == nil {
            shell.install(foreign: ForeignApp(entry: entry))
        }
        launcher.shell = shell
        launcher.install()
        guard let shellApp = shell.app(ForeignApp.identifier(desktopID: entry.id)),
            let foreign = shellApp.application as? ForeignApp
        else { throw UnsupportedStep("cannot install \(entry.name.en)") }
        let before = shellApp.openSessions.count
        guard launcher.launch(.program(identifier: foreign.identifier, entry: foreign.entry ?? entry, exec: nil)) else {
            throw UnsupportedStep("cannot start \(entry.exec ?? entry.id)")
        }
        let end = MonotonicClock.read() + Self.launchTimeout
        while MonotonicClock.read() < end, shellApp.openSessions.count <= before,
            launcher.failures[shellApp.identifier] == nil
        {
            compositor.dispatch(timeout: 0.005)
            inner.host.run(for: HeadlessHost.frameInterval)
        }
        if let failure = launcher.failures[shellApp.identifier] { throw UnsupportedStep(failure) }
        guard shellApp.openSessions.count > before else {
            throw UnsupportedStep("\(entry.name.en) showed no window within \(Int(Self.launchTimeout)) s")
        }
        // Its opening animation, as a person would wait for it.
        inner.host.run(for: 0.5)
    }

    /// Shows an app process's windows as a tap on its icon does (starting it when it does not run),
    /// and waits until each window on screen has the app's picture.
    private func launch(process p: ProcessApp) throws {
        attach()
        let shell = inner.shell
        let app = shell.app(p.identifier) ?? shell.install(p, restoring: false)
        launcher.shell = shell
        launcher.install()
        shell.openApp(app)
        let end = MonotonicClock.read() + Self.launchTimeout
        // Ready: every window of the app on screen has the app's picture at the size it was given,
        // and no new picture came for a while (a window resizing in an animation draws again).
        func ready() -> Bool {
            guard p.isRunning, !shell.visibleWindows.isEmpty else { return false }
            let mine = shell.visibleWindows.filter { id in app.openSessions.contains { $0.persistentIdentifier == id } }
            return !mine.isEmpty
                && mine.allSatisfy { id in
                    guard let t = p.toplevels[id] as? ClientToplevel, let size = t.picture?.size else { return false }
                    return size == t.requestedSize
                }
        }
        // Pictures the app's windows have had, so far: a new one (a list filled after "Loading…")
        // starts the count of quiet turns again.
        func pictures() -> Int { p.toplevels.values.reduce(0) { $0 + (($1 as? ClientToplevel)?.pictureCount ?? 0) } }
        var steady = 0
        var seen = pictures()
        while MonotonicClock.read() < end, steady < Self.steadyTurns {
            compositor.dispatch(timeout: 0.005)
            inner.host.run(for: HeadlessHost.frameInterval)
            let now = pictures()
            steady = ready() && now == seen ? steady + 1 : 0
            seen = now
        }
        guard ready() else {
            throw UnsupportedStep("\(p.displayName.en) showed no window within \(Int(Self.launchTimeout)) s")
        }
        inner.host.run(for: 0.5)
    }

    /// SIGKILL to an app process; waits until the shell saw it go.
    func kill(_ app: String) throws {
        guard let p = processApps[app.lowercased()] else {
            throw UnsupportedStep("'\(app)' is not an app running as a process (slate script --processes)")
        }
        guard let pid = launcher.processIDs[p.identifier], p.isRunning else {
            throw UnsupportedStep("\(p.displayName.en) does not run")
        }
        Foundation.kill(pid, SIGKILL)
        let end = MonotonicClock.read() + 10
        while MonotonicClock.read() < end, p.isRunning || !p.toplevels.isEmpty {
            compositor.dispatch(timeout: 0.005)
            inner.host.run(for: HeadlessHost.frameInterval)
        }
        guard !p.isRunning else { throw UnsupportedStep("\(p.displayName.en) did not end") }
    }

    func scopeRoot(_ scope: Script.Scope) throws -> View? { try inner.scopeRoot(scope) }
    func setKeyboard(onScreen: Bool) throws { try inner.setKeyboard(onScreen: onScreen) }
    func edgePoint(left: Bool) -> Point { inner.edgePoint(left: left) }
    func menuBarSwipeX() -> Double { inner.menuBarSwipeX() }
    func windowCount(app: String) throws -> Int {
        // Another program is found by the name on its icon.
        if let a = inner.shell.foreignApps.first(where: {
            $0.application.displayName.en.lowercased() == app.lowercased()
                || $0.application.displayName.ru.lowercased() == app.lowercased()
        }) {
            return a.openSessions.count
        }
        return try inner.windowCount(app: app)
    }
    func windowRole(title: String) throws -> String? { try inner.windowRole(title: title) }
    func splitTitles() throws -> (String, String)? { try inner.splitTitles() }
    func menuRows() throws -> [String?]? { try inner.menuRows() }
    func hasFocus(_ views: [View]) -> Bool { inner.hasFocus(views) }
    func setMultitasking(_ mode: String) throws { try inner.setMultitasking(mode) }
    func windowHandles(title: String) throws -> WindowHandles? { try inner.windowHandles(title: title) }
    func tilingMenuPath(_ layout: String) throws -> [String] { try inner.tilingMenuPath(layout) }

    func shutdown() {
        launcher.terminateAll()
        compositor.shutdown()
    }
}
