import Foundation
import Graphics
import Host
import Menus
import Rendering
import Shell
import UI

func fail(_ message: String, code: Int32) -> Never {
    FileHandle.standardError.write(Data("slate: \(message)\n".utf8))
    exit(code)
}

@MainActor func configure(_ args: Arguments, root: RootView) throws {
    if let a = args.options["appearance"] {
        guard let ap = Appearance(rawValue: a) else { throw UsageError("--appearance is light or dark, not '\(a)'") }
        root.appearance = ap
    }
}

@MainActor func setLanguage(_ args: Arguments) throws {
    if let l = args.options["locale"] {
        guard let lang = Language(localeName: l) else { throw UsageError("--locale is en or ru, not '\(l)'") }
        Language.current = lang
    } else {
        Language.current = Language.fromEnvironment(ProcessInfo.processInfo.environment)
    }
}

/// `--device ipad-pro-12.9|ipad-pro-11` and `--portrait`.
@MainActor func device(_ args: Arguments) throws -> Device {
    let name = args.options["device"] ?? "ipad-pro-12.9"
    guard let d = Device(parsing: name, orientation: args.flags.contains("portrait") ? "portrait" : "landscape") else {
        throw UsageError("--device is ipad-pro-12.9 or ipad-pro-11, not '\(name)'")
    }
    return d
}

@MainActor func main() -> Int32 {
    let args: Arguments
    do { args = try Arguments(Array(CommandLine.arguments.dropFirst())) } catch { fail("\(error)", code: 2) }
    do {
        try setLanguage(args)
        switch args.verb {
        case "help":
            print(helpText)
            return 0
        case "run":
            let clock = MonotonicClock()
            let screen = try SystemBuilder.makeShell(
                device: try device(args), clock: clock, places: try SystemBuilder.userPlaces(args))
            try configure(args, root: screen)
            do {
                let host = try SDLHost(root: screen, clock: clock, title: "Slate")
                MenuEnvironment.displayScale = host.scale
                host.run()
                return 0
            } catch let e as HostError {
                if case .noDisplay = e {
                    fail("\(e); headless verbs work without one: slate render --out FILE.png, slate bench", code: 2)
                }
                fail("\(e)", code: 1)
            }
        case "render":
            guard let out = args.options["out"] else { throw UsageError("render needs --out FILE.png") }
            // Render draws the same picture everywhere: the sample mail at 9:41, never the user's.
            if args.options["maildir"] != nil {
                throw UsageError("render draws the sample mail; --maildir is for slate run")
            }
            if ProcessInfo.processInfo.environment["SLATE_MAILDIR"] != nil {
                FileHandle.standardError.write(
                    Data("slate: render draws the sample mail; SLATE_MAILDIR is not used\n".utf8))
            }
            let clock = VirtualClock()
            let screen = try SystemBuilder.makeShell(
                device: try device(args), clock: clock, places: SystemBuilder.scratchPlaces())
            try configure(args, root: screen)
            let host = HeadlessHost(root: screen, clock: clock, scale: try args.double("scale", default: 2))
            MenuEnvironment.displayScale = host.scale
            host.run(for: 1)
            try host.savePNG(out)
            print(out)
            return 0
        case "bench":
            return Bench.run(args)
        case "tour":
            return try TourCommand.run(args)
        case "lint":
            return LintCommand.run(args)
        case "script":
            return try ScriptCommand.run(args)
        case "probe":
            return try Probe.run(args)
        default:
            throw UsageError("unknown verb '\(args.verb)'; see slate --help")
        }
    } catch let e as UsageError {
        fail(e.description, code: 2)
    } catch {
        fail("\(error)", code: 1)
    }
}

exit(MainActor.assumeIsolated { main() })
