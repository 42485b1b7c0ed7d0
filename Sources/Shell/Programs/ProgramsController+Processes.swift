import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

// Slate apps as processes of their own (Slate's scene protocol): their windows join the shell as
// scenes with the app's own session identifiers; they and the other programs are started by the
// launcher the compositor gives (`programLauncher`).
extension ProgramsController {
    /// Sends each app's start to `programLauncher` (called when it is set).
    func connectLaunches() {
        for app in shell.apps { connectLaunch(of: app) }
    }

    /// Sends `app`'s start to `programLauncher` (an app installed after it was set, too).
    func connectLaunch(of app: ShellApp) {
        if let program = app.application as? ForeignApp {
            // The entry as it is when the program starts: its file may have changed since.
            program.launch = { [weak self] program in
                guard let entry = program.entry else { return false }
                return self?.shell.programLauncher?.launch(
                    .program(identifier: program.identifier, entry: entry, exec: nil))
                    ?? false
            }
            program.launchAction = { [weak self] program, action in
                guard let entry = program.entry else { return false }
                return self?.shell.programLauncher?.launch(
                    .program(identifier: program.identifier, entry: entry, exec: action.exec))
                    ?? false
            }
        } else if let process = app.application as? ProcessApp {
            process.launch = { [weak self] process in
                self?.shell.programLauncher?.launch(
                    .appProcess(identifier: process.identifier, command: process.command))
                    ?? false
            }
        }
    }

    var contentSizeCategory: ContentSizeCategory { shell.environment.contentSizeCategory }

    func displayName(ofApp identifier: String) -> LocalizedString? { shell.app(identifier)?.application.displayName }

    func isLaunching(app identifier: String) -> Bool {
        (shell.app(identifier)?.application as? ProcessApp)?.isLaunching ?? false
    }

    func appProcessFailedToStart(_ identifier: String) {
        guard let process = shell.app(identifier)?.application as? ProcessApp else { return }
        processFailedToStart(process)
    }

    func hasWindows(app identifier: String) -> Bool {
        guard let app = shell.app(identifier) else { return false }
        return !shell.windows(of: app).isEmpty
    }

    /// The installed app processes.
    var processApps: [ShellApp] { shell.apps.filter { $0.application is ProcessApp } }

    /// A process announced itself as the app `identifier`: true when the shell knows that app and it
    /// does not run already (the process is then its one running instance and gets the windows the
    /// shell asked for meanwhile).
    func processDidAnnounce(_ identifier: String, channel: any AppChannel) -> Bool {
        guard let app = processApps.first(where: { $0.identifier == identifier }),
            let p = app.application as? ProcessApp, p.channel == nil
        else { return false }
        p.channel = channel
        p.isLaunching = false
        foreign.launchedBy[channel.processID] = app
        // The windows the shell shows without the app's picture: the app connects them again.
        let waiting = p.waiting
        p.waiting.removeAll()
        for w in waiting { channel.connect(session: w.session, role: w.role, activity: w.activity) }
        // Windows closed while it was away: connected so that they can be discarded.
        for id in p.discardedWhileAway { channel.connect(session: id, role: .primary, activity: nil) }
        for scene in app.connectedScenes where p.toplevels[scene.session.persistentIdentifier] == nil {
            let id = scene.session.persistentIdentifier
            guard !waiting.contains(where: { $0.session == id }) else { continue }
            channel.connect(session: id, role: scene.session.role, activity: nil)
        }
        return true
    }

    /// An app process's connection ended (it quit or crashed): its windows stay, dimmed.
    func processDidEnd(_ channel: any AppChannel) {
        for app in processApps {
            guard let p = app.application as? ProcessApp, p.channel === channel else { continue }
            p.channel = nil
            p.isLaunching = false
        }
    }

    /// A program started for an app process ended before it connected: a banner says so.
    func processFailedToStart(_ app: ProcessApp) {
        guard app.isLaunching else { return }
        app.isLaunching = false
        app.waiting.removeAll()
        shell.showBanner(ShellStrings.couldNotOpen.formatted(app.displayName))
    }

    /// A toplevel of an app process maps: it joins the window of its session, or opens a new window
    /// as the app asked (placement, beside another of its windows).
    func adopt(scene toplevel: any SceneToplevel) {
        guard let app = foreign.launchedBy[toplevel.processID], let p = app.application as? ProcessApp else {
            // Not an app the shell started or knows: a plain foreign window.
            adoptForeign(toplevel)
            return
        }
        let id = toplevel.sessionIdentifier
        // An app sees and changes only its own sessions: a window claiming another app's is refused.
        if let other = shell.windows[id], other.app !== app {
            shell.environment.errors.log("\(app.identifier) claimed a window of \(other.app.identifier); refused")
            toplevel.close()
            return
        }
        if p.discardedWhileAway.remove(id) != nil {
            // Closed in the shell while the app was away: the app destroys it now.
            toplevel.discardScene()
            return
        }
        foreign.shown[ObjectIdentifier(toplevel)] = app
        p.toplevels[id] = toplevel
        p.waiting.removeAll { $0.session == id }
        if let delegate = p.delegates[id] {
            delegate.show(toplevel)
            return
        }
        shell.closeExpose()
        if let closed = app.runtime.recentlyClosed.first(where: { $0.persistentIdentifier == id }) {
            // A window the shell closed, connected again by the app (it had not heard of the close):
            // it opens again under the app's identifier (a new session would need another one).
            shell.environment.errors.attempt(ShellStrings.openTheWindow, userAction: false) {
                try app.runtime.reopen(closed)
            }
        } else {
            let beside = toplevel.besideSession.flatMap { app.runtime.session(withIdentifier: $0)?.scene }
            app.nextIdentifier.set(id)
            defer { app.nextIdentifier.set(nil) }
            shell.environment.errors.attempt(ShellStrings.openTheWindow, userAction: false) {
                try app.activate(
                    ActivationRequest(
                        requestingScene: beside, placement: toplevel.placement, forcesNewWindow: true,
                        role: toplevel.role))
            }
        }
        // The window is the app's session or nothing: a toplevel the shell could not open a window of
        // that identifier for is refused, not kept showing nowhere.
        guard shell.windows[id] != nil else {
            shell.environment.errors.log("\(app.identifier)'s window of session \(id) could not open; refused")
            foreign.shown[ObjectIdentifier(toplevel)] = nil
            if p.toplevels[id] === toplevel { p.toplevels[id] = nil }
            toplevel.close()
            return
        }
    }

    /// The app asked for its window again (`bring_forward`).
    func sceneWantsForward(_ toplevel: any SceneToplevel) {
        guard let app = foreign.shown[ObjectIdentifier(toplevel)],
            let session = app.runtime.session(withIdentifier: toplevel.sessionIdentifier)
        else { return }
        shell.closeExpose()
        shell.environment.errors.attempt(ShellStrings.openTheWindow, userAction: false) {
            try app.activate(ActivationRequest(session: session, placement: toplevel.placement))
        }
    }

    /// The app destroyed the session its toplevel shows (`remove`): the window goes as it asked.
    func sceneWasRemoved(_ toplevel: any SceneToplevel, animation: DismissalAnimation) {
        guard let app = foreign.shown.removeValue(forKey: ObjectIdentifier(toplevel)),
            let p = app.application as? ProcessApp
        else { return }
        let id = toplevel.sessionIdentifier
        if p.toplevels[id] === toplevel { p.toplevels[id] = nil }
        guard let session = app.runtime.session(withIdentifier: id) else { return }
        shell.environment.errors.attempt(ShellStrings.closeTheWindow, userAction: false) {
            try app.destroy(session, animation: animation)
        }
        // The app destroyed the session itself: it is not asked to connect it to discard it later.
        p.discardedWhileAway.remove(id)
    }

    /// A toplevel of an app process went without `remove` (the process ended, or the app let the
    /// scene go to save memory): the session stays, its last picture dimmed.
    func sceneToplevelDidClose(_ toplevel: any SceneToplevel, app: ShellApp) {
        guard let p = app.application as? ProcessApp else { return }
        let id = toplevel.sessionIdentifier
        guard p.toplevels[id] === toplevel else { return }
        p.toplevels[id] = nil
        p.delegates[id]?.showPlaceholder()
    }

    /// An app process asks for a window of whichever app declares the activity's type.
    func openActivity(from channel: any AppChannel, activity: UserActivity, placement: Placement) {
        let requester = processApps.first { ($0.application as? ProcessApp)?.channel === channel }
        guard let target = shell.app(for: activity), target !== requester else {
            shell.showBanner(
                SceneError.activityTypeNotDeclared(
                    type: activity.activityType, app: requester?.identifier ?? "?"
                ).message)
            return
        }
        shell.closeExpose()
        shell.environment.errors.attempt(ShellStrings.openTheWindow, userAction: true) {
            try target.activate(ActivationRequest(userActivity: activity, placement: placement, forcesNewWindow: true))
        }
    }

    // MARK: Their windows' pictures across restarts

    /// Where the app processes' windows' pictures are kept (none without a state folder, or before a
    /// host gave the shell its renderer).
    var windowPictures: WindowPictures? {
        guard let home = shell.stateHome, let codec = shell.environment.renderer else { return nil }
        return WindowPictures(folder: home.appendingPathComponent("slate/shell/pictures"), codec: codec)
    }

    /// Keeps the picture of every window of an app process, for the next start (the shell is ending).
    func keepWindowPictures() {
        guard let store = windowPictures else { return }
        var pictures: [String: PixelImage] = [:]
        for app in processApps {
            guard let p = app.application as? ProcessApp else { continue }
            for (id, d) in p.delegates where d.scene != nil {
                if let picture = d.currentPicture { pictures[id] = picture }
            }
        }
        if let failure = store.keep(pictures) {
            shell.environment.errors.report(failure, while: ShellStrings.saveTheWindowsState)
        }
    }
}
