import Foundation
import Graphics
import Host
import Shell
import SlateLog
import UI
import Windowing

/// This file's lines on the log.
private let log = Logger("command")

/// Slate's command line, for any set of apps: `run`, `render`, `script`, `tour`, `lint`, `bench`,
/// `probe` and `help`. The `slate` executable is this with Slate's own apps; a package of your own
/// calls it with yours:
///
/// ```swift
/// import SlateSystem
///
/// exit(Slate.main(apps: [.mail, AppEntry(name: "Notes") { _ in NotesApp() }]))
/// ```
@MainActor public enum Slate {
    /// Runs the verb in `arguments` (without the program's name) over `apps` and returns the exit code:
    /// 0 success, 1 failure, 2 bad usage, input that cannot be read, or no display. `slate bench` is
    /// the `slate` program's alone (a program of your own says it has no benchmarks).
    public static func main(apps: [AppEntry], arguments: [String] = Array(CommandLine.arguments.dropFirst())) -> Int32 {
        main(apps: apps, arguments: arguments, bench: nil)
    }

    /// `main`, with `bench` running `slate bench` (the `slate` program passes `SlateBench`'s).
    package static func main(
        apps: [AppEntry], arguments: [String] = Array(CommandLine.arguments.dropFirst()),
        bench: (@MainActor (Arguments) -> Int32)?
    ) -> Int32 {
        let args: Arguments
        do {
            args = try Arguments(arguments, valued: Arguments.valued.union(apps.flatMap(\.options)))
        } catch {
            return failure("\(error)", code: 2)
        }
        let system = SystemCommands(apps: apps, bench: bench)
        do {
            // A --locale Slate does not speak is said before anything starts.
            _ = try args.language()
            return try system.run(args)
        } catch let e as UsageError {
            return failure(e.description, code: 2)
        } catch {
            return failure("\(error)", code: 1)
        }
    }

    static func failure(_ message: String, code: Int32) -> Int32 {
        log.error(message)
        return code
    }
}

/// The verbs over one set of apps.
@MainActor struct SystemCommands {
    let apps: [AppEntry]
    /// `slate bench`, where the program has it.
    var bench: (@MainActor (Arguments) -> Int32)?

    func run(_ args: Arguments) throws -> Int32 {
        switch args.verb {
        case "help": return try HelpCommand.run(args, apps: apps)
        case "run": return try runWindow(args)
        case "session": return try runSession(args)
        case "render": return try render(args)
        case "bench":
            guard let bench else { throw UsageError("bench is the slate program's; this program has no benchmarks") }
            return bench(args)
        case "tour": return try TourCommand.run(args, apps: apps)
        case "lint": return LintCommand.run(args, apps: apps)
        case "script": return try ScriptCommand.run(args, apps: apps)
        case "probe": return try Probe.run(args)
        case "app": return try AppCommand.run(args, apps: apps)
        case "install": return try InstallCommand.run(args, apps: apps)
        default: throw UsageError("unknown verb '\(args.verb)'; see slate --help")
        }
    }

    /// `slate run`: the shell as a Wayland compositor on the wall clock, in a window on the desktop
    /// (or, with `--backend headless`, with no screen), its apps processes of their own.
    func runWindow(_ args: Arguments) throws -> Int32 {
        if let control = ConformanceCommand.controlDescriptor() {
            return try ConformanceCommand.run(args, control: control, device: try device(args))
        }
        return try CompositorCommand.run(
            args, backend: try CompositorCommand.backend(args) ?? .nested, apps: apps, device: try device(args)
        ) { try configure(args, root: $0) }
    }

    /// `slate session`: Slate full screen on the machine's own screen from a text console (DRM/KMS
    /// and libinput through a seat), as `slate run` is in a window; with no screen or seat to take,
    /// one line saying what is missing and what to do, exit code 2.
    func runSession(_ args: Arguments) throws -> Int32 {
        try CompositorCommand.run(args, backend: .session, apps: apps, device: try device(args)) {
            try configure(args, root: $0)
        }
    }

    /// `slate render`: the screen drawn once, headless, to a PNG.
    func render(_ args: Arguments) throws -> Int32 {
        guard let out = args.options["out"] else { throw UsageError("render needs --out FILE.png") }
        // Render draws the same picture everywhere: the sample mail at 9:41, never the user's.
        if args.options["maildir"] != nil {
            throw UsageError("render draws the sample mail; --maildir is for slate run")
        }
        if ProcessInfo.processInfo.environment["SLATE_MAILDIR"] != nil {
            log.notice("render draws the sample mail; SLATE_MAILDIR is not used")
        }
        if try CompositorCommand.backend(args) != nil {
            return try CompositorCommand.render(args, apps: apps, device: try device(args), out: out)
        }
        let clock = VirtualClock()
        let places = SystemBuilder.scratchPlaces(options: args.options)
        defer { try? FileManager.default.removeItem(at: places.dataHome.deletingLastPathComponent()) }
        let screen = try SystemBuilder.makeShell(
            device: try device(args), clock: clock, places: places, apps: apps, language: try args.language())
        try configure(args, root: screen)
        let host = HeadlessHost(root: screen, clock: clock, scale: try args.double("scale", default: 2))
        host.run(for: 1)
        let folder = URL(fileURLWithPath: out).deletingLastPathComponent()
        do {
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot make the folder \(folder.path) for \(out): \(error.localizedDescription)")
        }
        try host.savePNG(out)
        print(out)
        return 0
    }

    func configure(_ args: Arguments, root: RootView) throws {
        if let a = args.options["appearance"] {
            guard let ap = Appearance(rawValue: a) else {
                throw UsageError("--appearance is light or dark, not '\(a)'")
            }
            root.appearance = ap
        }
        if let l = args.options["locale"], let language = Language(localeName: l) {
            // --locale wins over Settings' language for the start of the run.
            (root as? Shell)?.setLanguage(language)
        }
        if let m = args.options["multitasking"] {
            guard let mode = MultitaskingMode(rawValue: m) else {
                throw UsageError("--multitasking is full-screen or windowed, not '\(m)'")
            }
            (root as? Shell)?.setMultitasking(mode)
        }
    }

    /// `--device ipad-pro-12.9|ipad-pro-11` and `--portrait`.
    func device(_ args: Arguments) throws -> Device {
        let name = args.options["device"] ?? "ipad-pro-12.9"
        guard let d = Device(parsing: name, orientation: args.flags.contains("portrait") ? "portrait" : "landscape")
        else {
            throw UsageError("--device is ipad-pro-12.9 or ipad-pro-11, not '\(name)'")
        }
        return d
    }
}

/// Ends the process with `message` on standard error (for failures deep in a benchmark).
package func fail(_ message: String, code: Int32) -> Never {
    log.error(message)
    exit(code)
}
