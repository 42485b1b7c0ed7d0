import Compositor
import Foundation
import Graphics
import Host
import Menus
import Shell
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

    init(inner: ShellWorld) throws {
        self.inner = inner
        compositor = try WaylandCompositor(backend: .headless, size: inner.shell.bounds.size, scale: inner.host.scale)
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
        compositor.shell = inner.shell
        let c = compositor
        let l = launcher
        inner.host.onFrame = { [weak c, weak l] in
            c?.dispatch()
            c?.framesShown()
            l?.check()
        }
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
        guard launcher.launch(foreign) else { throw UnsupportedStep("cannot start \(entry.exec ?? entry.id)") }
        let end = MonotonicClock.read() + Self.launchTimeout
        while MonotonicClock.read() < end, shellApp.openSessions.count <= before {
            compositor.dispatch(timeout: 0.005)
            inner.host.run(for: HeadlessHost.frameInterval)
        }
        guard shellApp.openSessions.count > before else {
            throw UnsupportedStep("\(entry.name.en) showed no window within \(Int(Self.launchTimeout)) s")
        }
        // Its opening animation, as a person would wait for it.
        inner.host.run(for: 0.5)
    }

    func scopeRoot(_ scope: Script.Scope) throws -> View? { try inner.scopeRoot(scope) }
    func edgePoint(left: Bool) -> Point { inner.edgePoint(left: left) }
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

    func shutdown() {
        launcher.terminateAll()
        compositor.shutdown()
    }
}
