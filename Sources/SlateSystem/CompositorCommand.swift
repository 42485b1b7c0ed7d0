import Compositor
import Foundation
import Graphics
import Host
import Rendering
import Scenes
import Shell
import ShellPorts
import SlateLog
import SystemUI
import UI

/// This file's lines on the log.
private let log = Logger("session")

/// `slate run --backend headless|nested` and `slate render --backend headless --open CMD…`: the shell
/// as a Wayland compositor, with the installed programs (their `.desktop` files) beside the apps.
@MainActor package enum CompositorCommand {
    /// The icon size drawn for the Home screen, in points (the Dock draws it smaller).
    static let iconPoints = ShellMetrics.homeIconSize

    static func backend(_ args: Arguments) throws -> CompositorBackend? {
        guard let b = args.options["backend"] else { return nil }
        guard let backend = CompositorBackend(rawValue: b), backend != .session else {
            throw UsageError("--backend is headless or nested, not '\(b)'")
        }
        return backend
    }

    /// `--renderer auto|gles2|pixman` (else `WLR_RENDERER`, as wlroots' own compositors read it):
    /// what draws on the nested window or the panel.
    static func renderer(_ args: Arguments, environment: [String: String]) throws -> ScreenRenderer {
        if let named = args.options["renderer"] {
            guard let renderer = ScreenRenderer(rawValue: named) else {
                throw UsageError("--renderer is auto, gles2 or pixman, not '\(named)'")
            }
            return renderer
        }
        guard let named = environment["WLR_RENDERER"], !named.isEmpty else { return .auto }
        guard let renderer = ScreenRenderer(rawValue: named) else {
            log.warning("WLR_RENDERER=\(named) is not auto, gles2 or pixman; the renderer is chosen as auto")
            return .auto
        }
        return renderer
    }

    /// Puts the installed programs on the Home screen (and those in the dock file in the Dock).
    static func installPrograms(_ shell: Shell, scale: Double, environment: [String: String]) {
        shell.install(catalog: DesktopCatalog.load(environment: environment), icon: iconDrawer(scale, environment))
    }

    /// Draws a program's icon for the Home screen at `scale` from the icon themes of `environment`'s
    /// data directories (on any thread: it reads and decodes a file, nothing more).
    static func iconDrawer(_ scale: Double, _ environment: [String: String]) -> @Sendable (DesktopEntry) -> PixelImage?
    {
        let dirs = DesktopCatalog.dataDirectories(environment)
        let pixels = Int((iconPoints * scale).rounded())
        return { entry in
            entry.icon.flatMap { AppIconTheme.image(named: $0, pixels: pixels, scale: scale, dataDirectories: dirs) }
        }
    }

    /// Watches the `applications` folders of `environment`'s data directories (made before the
    /// catalog is read, so that a program installed meanwhile is not missed); nil, said in one line,
    /// when inotify cannot be had: the catalog is then read at start only.
    static func watchPrograms(environment: [String: String], errors: ErrorReporter) -> FolderTreeWatch? {
        let roots = DesktopCatalog.dataDirectories(environment).map { $0 + "/applications" }
        do {
            return try FolderTreeWatch(roots: roots, fileSuffix: ".desktop")
        } catch {
            errors.log("programs installed or removed while Slate runs show after a restart: \(error)")
            return nil
        }
    }

    /// Follows the programs' desktop files while `host` runs: when `watch` sees them change, the
    /// shell reads the catalog again once the burst is over, off the main thread, and applies it
    /// (`Shell.programFilesChanged`). Folders that cannot be watched are said once each.
    static func followPrograms(
        _ shell: Shell, watch: FolderTreeWatch?, host: LiveHost, scale: Double, environment: [String: String]
    ) {
        guard let watch else { return }
        shell.catalogSource = CatalogSource(
            load: { DesktopCatalog.load(environment: environment) }, icon: iconDrawer(scale, environment))
        var said: Set<String> = []
        let errors = shell.environment.errors
        func sayUnwatchable() {
            for folder in watch.unwatchable.sorted() where said.insert(folder).inserted {
                errors.log("cannot watch \(folder) (inotify's watches used up): programs there show after a restart")
            }
        }
        sayUnwatchable()
        host.watch([watch.fileDescriptor]) { [weak shell] in
            guard watch.drain() else { return }
            shell?.programFilesChanged()
            sayUnwatchable()
        }
        // What changed while the catalog was read at start (the watch was already there) is read now.
        if watch.drain() { shell.programFilesChanged() }
    }

    /// `slate run [--backend nested|headless]` and `slate session`: the shell serves clients until
    /// its window is closed or the process is ended. Slate's apps are processes of their own (as on an iPad), unless
    /// `--in-process` keeps them inside the shell's process. `firstFrame` is called once, as the
    /// first frame is drawn (`slate bench`'s start-up case stops there).
    package static func run(
        _ args: Arguments, backend: CompositorBackend, apps: [AppEntry], device: Device,
        firstFrame: ((LiveHost) -> Void)? = nil, configure: (Shell) throws -> Void
    ) throws -> Int32 {
        let env = ProcessInfo.processInfo.environment
        let inProcess = args.flags.contains("in-process")
        let places = SystemBuilder.userPlaces(args)
        // What would stop an app at its start is said now, by the shell, in one line.
        for entry in apps { try entry.check(places) }
        if backend == .nested, (env["WAYLAND_DISPLAY"] ?? "").isEmpty, (env["DISPLAY"] ?? "").isEmpty {
            return Slate.failure(
                "no display to open a window on (neither WAYLAND_DISPLAY nor DISPLAY is set); headless verbs work "
                    + "without one: slate render --out FILE.png, slate bench", code: 2)
        }
        let clock = VirtualClock()
        let renderer = try renderer(args, environment: env)
        // The person's settings, read before the screen is taken (Settings › Display Scale) and the
        // apps start (Settings in the shell's process shows these); the command line's options win
        // for the run.
        let settings = SessionWiring.settings(environment: env)
        // On a screen a person sees, the scale Settings chose (0: as the display says); the headless
        // backend, for tests, keeps --scale's.
        let chosenScale = backend == .headless ? nil : SessionWiring.displayScale(settings)
        // A session takes the screen first: the shell is the panel's size, at its scale.
        var session: WaylandCompositor?
        var device = device
        if backend == .session {
            let wanted = args.options["scale"] == nil ? chosenScale ?? 0 : try args.double("scale", default: 1)
            do {
                session = try WaylandCompositor(
                    backend: .session, size: device.size, scale: wanted, renderer: renderer,
                    language: try args.language())
            } catch {
                return Slate.failure("\(error)", code: 2)
            }
            device = Device(device.model, screenSize: session!.size)
        }
        let scale = try session?.scale ?? args.double("scale", default: chosenScale ?? 1)
        // Settings › Accessibility › Screen Reader Support off: neither the shell nor the app processes
        // it starts join the accessibility bus (SLATE_ACCESSIBILITY, when set, says otherwise).
        if env["SLATE_ACCESSIBILITY"] == nil, !settings[.accessibilityBus] { setenv("SLATE_ACCESSIBILITY", "0", 1) }
        let shell = try SystemBuilder.makeShell(
            device: device, clock: clock, places: places, apps: apps, language: try args.language(),
            processes: inProcess ? nil : args,
            settings: settings)
        // In a window on a desktop, the desktop's own locker locks after its idle time.
        shell.locksWhenIdle = backend != .nested
        try configure(shell)
        // The keyboard on the glass as iPadOS has it (until a hardware key is pressed), or as
        // SLATE_KEYBOARD, else settings.json's "keyboard", says: hardware, on-screen, automatic, or
        // external (squeekboard, wvkbd).
        var keyboard = settings[.keyboard]
        if let named = env["SLATE_KEYBOARD"], !named.isEmpty {
            if let chosen = KeyboardSetting(name: named) {
                keyboard = chosen
            } else {
                log.warning(
                    "the keyboard '\(named)' is not hardware, on-screen, automatic or external; it is automatic")
                keyboard = .automatic
            }
        }
        shell.keyboardPolicy = KeyboardPolicy(keyboard)
        let programsWatch = watchPrograms(environment: env, errors: shell.environment.errors)
        installPrograms(shell, scale: scale, environment: env)
        let live: LiveHost
        do {
            live =
                try session.map { LiveHost(root: shell, clock: clock, compositor: $0) }
                ?? LiveHost(root: shell, clock: clock, backend: backend, scale: scale, renderer: renderer)
        } catch {
            return Slate.failure("\(error)", code: backend == .nested ? 2 : 1)
        }
        // A login that made no runtime folder: said once, the session carries on in Slate's own.
        if let line = live.compositor.runtimeDirectoryLine(language: try args.language()) {
            shell.environment.errors.log(line)
        }
        // On a screen a person sees, what draws it and why (software GL is passed over unless asked for).
        if backend != .headless {
            shell.environment.errors.log(live.compositor.rendererLine(language: try args.language()))
        }
        live.showsFrameTimes = args.flags.contains("frame-times")
        // Which programs may read the clipboard, copy the screen, inject input or manage windows:
        // the person's answers, kept in settings.json (the shell's one store of settings).
        live.compositor.privacy = PrivacyPolicy(settings: shell.settings)
        // Settings › About names the wlroots Slate runs on (its apps are processes started from here).
        setenv("SLATE_WLROOTS_VERSION", WaylandCompositor.wlrootsVersion, 1)
        let launcher = Launcher(compositor: live.compositor, shell: shell)
        launcher.install()
        live.onTurn = { launcher.check() }
        FileHandle.standardOutput.write(Data("WAYLAND_DISPLAY=\(live.compositor.socketName)\n".utf8))
        // X11 programs' display (Xwayland starts when the first connects).
        if let display = live.compositor.x11Display {
            FileHandle.standardOutput.write(Data("DISPLAY=\(display)\n".utf8))
        }
        // The battery, network, brightness, sound, Bluetooth and accelerometer, and the real clock.
        let services = SessionWiring.attach(shell: shell, host: live, environment: env)
        followPrograms(shell, watch: programsWatch, host: live, scale: scale, environment: env)
        // Slate's app processes post their notifications to Slate's server by its name on the bus,
        // known now: the first frame waits for no bus.
        let compositor = live.compositor
        compositor.extraEnvironment["SLATE_NOTIFICATIONS"] = services.notificationServerName { name in
            compositor.extraEnvironment["SLATE_NOTIFICATIONS"] = name
        }
        // Screen readers (AT-SPI), when an accessibility bus is running; nothing otherwise.
        let accessibility = AccessibilityWiring.attach(shell: shell, host: live)
        // The app processes' windows where they were, or the first app's (the shell could not start
        // them before the compositor was up).
        shell.restoreArrangement()
        if shell.visibleWindows.isEmpty,
            shell.processApps.allSatisfy({ !(($0.application as? ProcessApp)?.isLaunching ?? false) }),
            let first = shell.processApps.first
        {
            shell.openApp(first)
        }
        if let firstFrame {
            let previous = live.onFrame
            var drawn = false
            live.onFrame = { [unowned live] in
                previous?()
                if !drawn { firstFrame(live) }
                drawn = true
            }
        }
        TerminationRequest.install()
        live.run()
        withExtendedLifetime((accessibility, services)) {}
        // What each app window showed, for the next start (shown while the apps start again).
        shell.keepWindowPictures()
        // The apps save their windows' state and end (the arrangement is saved as it changes).
        launcher.terminateAll()
        // X11 programs' server ends, and its display is removed.
        live.compositor.endX11()
        return 0
    }

    /// `slate render --backend headless --open "CMD ARGS" [--open …] [--split]`: the screen once the
    /// programs have drawn, to a PNG. With `--split`, the last program's window goes beside the
    /// first app's window in Split View.
    static func render(_ args: Arguments, apps: [AppEntry], device: Device, out: String) throws -> Int32 {
        let clock = VirtualClock()
        let places = SystemBuilder.scratchPlaces(options: args.options)
        defer { try? FileManager.default.removeItem(at: places.dataHome.deletingLastPathComponent()) }
        let shell = try SystemBuilder.makeShell(
            device: device, clock: clock, places: places, apps: apps, language: try args.language())
        let scale = try args.double("scale", default: 2)
        installPrograms(shell, scale: scale, environment: ProcessInfo.processInfo.environment)
        let host: CompositorHost<Shell>
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
            let process: Process
            do {
                process = try host.launch(argv)
            } catch {
                return Slate.failure("cannot start \(argv.joined(separator: " ")): \(error)", code: 2)
            }
            let timeout = try args.double("timeout", default: 20)
            let drawn = { host.compositor.toplevels.count > before && host.compositor.toplevels.last?.picture != nil }
            // A program that ends is not waited for: at once when it failed; after the hand-off grace
            // when it ended with success (its window may come from a process of it already running).
            var endedAt: Double?
            let given = {
                if endedAt == nil, !process.isRunning { endedAt = MonotonicClock.read() }
                guard let endedAt else { return false }
                return process.terminationStatus != 0 || MonotonicClock.read() - endedAt >= Launcher.handOffGrace
            }
            let unshowable = {
                host.compositor.toplevels.count > before && host.compositor.toplevels.last?.cannotBeShown == true
            }
            guard host.run(until: { drawn() || given() || unshowable() }, timeout: timeout), drawn() else {
                if unshowable() {
                    return Slate.failure("\(argv[0])'s window cannot be shown: its buffer is too big to read", code: 1)
                }
                if endedAt != nil, !process.isRunning {
                    return Slate.failure(
                        "\(argv[0]) ended (status \(process.terminationStatus)) without showing a window", code: 1)
                }
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
