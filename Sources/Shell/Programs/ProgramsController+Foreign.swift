import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

/// What the shell keeps about other programs: which app each launched process belongs to.
@MainActor public final class ForeignWindows {
    /// The app each launched process belongs to, by process id.
    var launchedBy: [Int32: ShellApp] = [:]
    /// Every foreign toplevel shown now, with its app.
    public internal(set) var shown: [ObjectIdentifier: ShellApp] = [:]
    /// The desktop-file ids of the foreign apps the Dock holds (the dock file); nil: none of them.
    public var dock: [String]?

    init() {}
}

// Windows of other programs (Wayland clients): they join the shell as scenes of a `ForeignApp`.
extension ProgramsController {
    /// Adds another program to the Home screen and the Dock (its windows are not restored: they
    /// live in the program).
    @discardableResult
    func install(foreign app: ForeignApp) -> ShellApp {
        shell.install(app, restoring: false)
    }

    /// Whether an app's icon belongs in the Dock: Slate's own always; another program when the dock
    /// file lists it.
    func isInDock(_ app: ShellApp) -> Bool {
        let f = app.application as? ForeignApp
        // Settings › Home Screen & Dock: the person's choice, by app identifier or desktop-file id.
        let chosen = shell.settings[.dockApps]
        if let on = chosen[app.identifier] ?? f?.entry.flatMap({ chosen[$0.id] }) { return on }
        guard let f else { return true }
        guard let id = f.entry?.id, let dock = foreign.dock else { return false }
        return dock.contains(id)
    }

    /// The installed foreign apps.
    var foreignApps: [ShellApp] { shell.apps.filter { $0.application is ForeignApp } }
    /// The foreign apps whose windows the shell shows: the installed ones, and those uninstalled
    /// while their windows were open.
    var hostedForeignApps: [ShellApp] { shell.hostedApps.filter { $0.application is ForeignApp } }

    /// Starts the program of a foreign app (its `.desktop` Exec line); a failure shows a banner.
    func launch(_ app: ShellApp) {
        guard let f = app.application as? ForeignApp else { return }
        if f.launch?(f) != true {
            shell.showBanner(ShellStrings.couldNotOpen.formatted(f.displayName))
        }
    }

    /// Starts one of the `.desktop` file's actions of a foreign app; a failure shows a banner.
    func launch(_ app: ShellApp, action: DesktopEntry.Action) {
        guard let f = app.application as? ForeignApp else { return }
        if f.launchAction?(f, action) != true {
            shell.showBanner(ShellStrings.couldNotOpen.formatted(f.displayName))
        }
    }

    /// A program started for the app `identifier` could not start or ended before showing a window,
    /// with a failure: a banner says so.
    func programFailed(app identifier: String) {
        guard let app = shell.app(identifier) else { return }
        shell.showBanner(ShellStrings.couldNotOpen.formatted(app.application.displayName))
    }

    /// A program's window drew in a buffer the shell cannot show (too big to read): a banner names
    /// it, so the window is not taken for one left blank.
    func programCannotBeShown(_ name: String) {
        shell.showBanner(
            ShellStrings.cannotBeShown.formatted(name.isEmpty ? ShellStrings.program : LocalizedString(verbatim: name)))
    }

    /// The app process `pid` was started for, if Slate started it.
    func app(launchedAs pid: Int32) -> ShellApp? { foreign.launchedBy[pid] }

    /// Remembers that process `pid` was started for the app `identifier`, so its first window joins
    /// that app.
    func noteLaunch(ofApp identifier: String, processID pid: Int32) {
        foreign.launchedBy[pid] = shell.app(identifier)
    }

    /// A new window of another program: it becomes a window of its app — the one whose desktop
    /// file matches its app id, the one that launched its process, or a new app named after it —
    /// and opens full screen (a dialog or a window of fixed size: centred on top), taking input.
    func adopt(_ toplevel: any ForeignToplevel) {
        if let scene = toplevel as? SceneToplevel {
            adopt(scene: scene)
        } else {
            adoptForeign(toplevel)
        }
    }

    func adoptForeign(_ toplevel: any ForeignToplevel) {
        let app = foreignApp(for: toplevel)
        guard let f = app.application as? ForeignApp else { return }
        f.pending.append(toplevel)
        foreign.shown[ObjectIdentifier(toplevel)] = app
        shell.closeExpose()
        shell.environment.errors.attempt(ShellStrings.openTheProgram, userAction: false) {
            try app.activate(
                ActivationRequest(
                    placement: toplevel.prefersCentred ? .prominent : .automatic, forcesNewWindow: true, role: .primary)
            )
        }
        f.pending.removeAll { $0 === toplevel }
        // A window whose first buffer the shell cannot read is named now (it would be blank).
        if toplevel.cannotBeShown { programCannotBeShown(f.displayName.resolved(shell.language)) }
        // A dialog of the same program that came first stays in front and keeps the input.
        if let c = shell.centerWindow, shell.windows[c]?.app === app, !toplevel.prefersCentred {
            shell.focus(c, animated: false)
        }
    }

    /// A foreign window went away (the client closed it, or died): its window leaves the screen.
    func toplevelDidClose(_ toplevel: any ForeignToplevel) {
        // The last window of a program uninstalled meanwhile: its app goes with it.
        defer { forgetDepartedApps() }
        guard let app = foreign.shown.removeValue(forKey: ObjectIdentifier(toplevel)) else { return }
        if let scene = toplevel as? SceneToplevel {
            sceneToplevelDidClose(scene, app: app)
            return
        }
        guard let f = app.application as? ForeignApp else { return }
        let id = f.sessionID(of: toplevel)
        f.unbind(toplevel)
        if let id, let session = app.runtime.session(withIdentifier: id) {
            shell.environment.errors.attempt(ShellStrings.closeTheWindow, userAction: false) {
                try app.destroy(session, animation: .standard)
            }
        }
    }

    func hasAdopted(_ toplevel: any ForeignToplevel) -> Bool {
        foreign.shown[ObjectIdentifier(toplevel)] != nil
    }

    func programName(of toplevel: any ForeignToplevel) -> String? {
        window(showing: toplevel).flatMap { shell.app(ofWindow: $0.id) }?.application.displayName.resolved(
            shell.language)
    }

    /// Programs whose windows went with what showed them (X11 programs when Xwayland crashed or was
    /// killed): a banner names them, as programs that stopped. Every other window stays.
    func programsStopped(_ names: [String]) {
        guard !names.isEmpty else { return }
        shell.showBanner(ShellStrings.programsStopped.formatted(names.joined(separator: ", ")))
    }

    /// The window showing `toplevel`, if it has one.
    func window(showing toplevel: any ForeignToplevel) -> WindowFrameView? {
        guard let app = foreign.shown[ObjectIdentifier(toplevel)] else { return nil }
        if let scene = toplevel as? SceneToplevel { return shell.windows[scene.sessionIdentifier] }
        guard let f = app.application as? ForeignApp, let id = f.sessionID(of: toplevel) else { return nil }
        return shell.windows[id]
    }

    func foreignApp(for toplevel: any ForeignToplevel) -> ShellApp {
        if toplevel.processID > 0, let a = foreign.launchedBy[toplevel.processID] {
            // A program uninstalled while it ran shows a window again: the window is shown, its app
            // still without an icon.
            if !shell.hostedApps.contains(where: { $0 === a }) { shell.departingApps.append(a) }
            return a
        }
        let appID = toplevel.appID
        let candidates = hostedForeignApps
        if !appID.isEmpty {
            let lower = appID.lowercased()
            if let a = candidates.first(where: {
                guard let e = ($0.application as? ForeignApp)?.entry else { return false }
                return e.id.lowercased() == lower || e.startupWMClass?.lowercased() == lower
                    || e.id.lowercased().hasSuffix("." + lower)
            }) {
                return a
            }
        }
        let id = ForeignApp.identifier(desktopID: appID.isEmpty ? "pid-\(toplevel.processID)" : appID)
        if let a = candidates.first(where: { $0.identifier == id }) { return a }
        let name =
            appID.isEmpty
            ? (toplevel.title.isEmpty ? ShellStrings.program.resolved(shell.language) : toplevel.title) : appID
        return install(foreign: ForeignApp(appID: appID.isEmpty ? "pid-\(toplevel.processID)" : appID, name: name))
    }
}

extension ShellStrings {
    public static let windowIsGone = LocalizedString(
        en: "This window was closed by its program", ru: "Это окно закрыла его программа")
    public static let openTheProgram = LocalizedString(en: "open the program", ru: "открыть программу")
    public static let couldNotOpen = LocalizedString(en: "Could not open %@", ru: "Не удалось открыть %@")
    public static let cannotBeShown = LocalizedString(
        en: "%@ cannot be shown: its window is too big", ru: "Не удаётся показать %@: окно слишком большое")
    public static let program = LocalizedString(en: "Program", ru: "Программа")
    public static let programsStopped = LocalizedString(
        en: "%@ stopped: X11 (Xwayland) ended", ru: "%@: работа прервана — X11 (Xwayland) завершился")
}
