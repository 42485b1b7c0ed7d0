import Foundation
import Guidelines
import Host
import Scenes
import Shell
import Spelling
import UI

/// Where a run keeps its data and state, and what time its apps believe it is.
public struct AppPlaces: Sendable {
    /// A throwaway run (`render`, `script`, `tour`, `lint`, `bench`): fresh folders removed at exit
    /// and a fixed date, so that every run gives the same pictures.
    public var isScratch: Bool
    /// The data home: `$XDG_DATA_HOME` (`~/.local/share`), or the scratch folder. An app keeps its
    /// data under `slate/<name>` in it (`dataDirectory(for:)`).
    public var dataHome: URL
    /// The state home (`$XDG_STATE_HOME`): the shell keeps each app's windows under `slate/<app-id>/`.
    public var stateHome: URL
    /// The documents folder of a scratch run (beside its data home); a user's run finds theirs in
    /// `$XDG_DOCUMENTS_DIR` or `user-dirs.dirs`, as an app chooses.
    public var documentsDirectory: URL { dataHome.deletingLastPathComponent().appendingPathComponent("Documents") }
    /// The command line's options (`--maildir PATH` is `options["maildir"]`).
    public var options: [String: String]
    /// The process's environment variables.
    public var environment: [String: String]
    /// The date and time now, as the host tells it (a fixed date in scratch runs).
    public var now: @Sendable () -> Date

    public init(
        isScratch: Bool, dataHome: URL, stateHome: URL, options: [String: String] = [:],
        environment: [String: String] = [:], now: @escaping @Sendable () -> Date
    ) {
        self.isScratch = isScratch
        self.dataHome = dataHome
        self.stateHome = stateHome
        self.options = options
        self.environment = environment
        self.now = now
    }

    /// The folder an app named `name` keeps its own data in: `<data home>/slate/<name>`.
    public func dataDirectory(for name: String) -> URL {
        dataHome.appendingPathComponent("slate").appendingPathComponent(name)
    }
}

/// An app the command line can show: its name (as scripts and `slate lint` call it), the command-line
/// options it reads, and how to make it in a run's places.
public struct AppEntry: Sendable {
    /// The name scripts `launch` and `slate lint` takes: the app's English display name.
    public var name: String
    /// Options with a value that the app reads from `AppPlaces.options` (`maildir` for `--maildir`).
    public var options: Set<String>
    /// Makes the app. A thrown error ends the run with its message (exit code 2).
    public var make: @MainActor @Sendable (AppPlaces) throws -> any Application
    /// Checks the run's options before the app is started as a process of its own, so that the
    /// shell says at once what is wrong (a `--maildir` that is no Maildir) rather than the app later.
    public var check: @MainActor @Sendable (AppPlaces) throws -> Void

    /// An app named `name` reading `options`, made by `make`; `check` vets the options before the
    /// app starts as a process (by default nothing is checked).
    public init(
        name: String, options: Set<String> = [],
        check: @escaping @MainActor @Sendable (AppPlaces) throws -> Void = { _ in },
        make: @escaping @MainActor @Sendable (AppPlaces) throws -> any Application
    ) {
        self.name = name
        self.options = options
        self.check = check
        self.make = make
    }
}

/// Puts the system together: the shell, the apps, where their data and state live.
@MainActor package enum SystemBuilder {
    /// The date headless runs believe it is: iPad marketing's 9:41, on the day the tour was made.
    /// 2026-11-29T09:41:00Z, in seconds since 1970: no date parser is made for it (one costs
    /// milliseconds, and was made in the frame that showed Mail's first rows).
    nonisolated package static let headlessDate = Date(timeIntervalSince1970: 1_795_945_260)

    /// The user's places: `$XDG_DATA_HOME`, `$XDG_STATE_HOME` (or `--state-dir`), the wall clock.
    static func userPlaces(_ args: Arguments) -> AppPlaces {
        let env = ProcessInfo.processInfo.environment
        let dataHome: URL
        if let d = env["XDG_DATA_HOME"], d.hasPrefix("/") {
            dataHome = URL(fileURLWithPath: d)
        } else {
            dataHome = HomeFolder.url(environment: env).appendingPathComponent(".local/share")
        }
        let state =
            args.options["state-dir"].map { URL(fileURLWithPath: $0) }
            ?? RestorationStore.defaultStateHome(environment: env)
        return AppPlaces(
            isScratch: false, dataHome: dataHome, stateHome: state, options: args.options, environment: env,
            now: { WallClock.now() })
    }

    /// Places of a throwaway run: data and state in a temporary folder, a fixed date.
    package static func scratchPlaces(options: [String: String] = [:]) -> AppPlaces {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-\(ProcessInfo.processInfo.processIdentifier)-\(UUID().uuidString.prefix(8))")
        // Removed when the process exits, however it exits.
        ScratchFolders.shared.add(dir)
        return AppPlaces(
            isScratch: true, dataHome: dir.appendingPathComponent("data"),
            stateHome: dir.appendingPathComponent("state"),
            options: options, environment: ProcessInfo.processInfo.environment, now: { headlessDate })
    }

    /// The apps scripts and the tour can launch by name; each is made once, when first launched.
    static func catalog(_ apps: [AppEntry], places: AppPlaces) -> [String: () -> any Application] {
        var made: [String: any Application] = [:]
        var out: [String: () -> any Application] = [:]
        for entry in apps {
            out[entry.name] = {
                if let m = made[entry.name] { return m }
                do {
                    let m = try entry.make(places)
                    made[entry.name] = m
                    return m
                } catch {
                    fail("cannot start \(entry.name): \(error)", code: 2)
                }
            }
        }
        return out
    }

    /// The keyboard's suggestions for every shell of the process: hunspell, each dictionary read once.
    static let suggester = HunspellSuggester()

    /// The shell with `apps` installed; their windows come back, or the first app's first window opens.
    /// With `processes` (the run's arguments), each app is a process of its own, started when needed.
    /// `settings` (the person's file) is the shell's before any app connects (nil: in memory). The
    /// screen speaks `language` (the run's), or `environment`'s when one is given.
    package static func makeShell(
        device: Device, clock: any Clock, places: AppPlaces, apps: [AppEntry], language: Language,
        environment: ScreenEnvironment? = nil, processes: Arguments? = nil, settings: SettingsStore? = nil
    ) throws -> Shell {
        let shell = Shell(
            device: device, clock: clock, stateHome: places.stateHome,
            environment: environment ?? ScreenEnvironment(language: language))
        if let settings { shell.settings = settings }
        shell.textSuggester = suggester
        #if DEBUG
            // Debug builds say in the console where the apps break the guidelines, once per finding.
            let monitor = GuidelineMonitor()
            shell.onWindowPlaced = { app in monitor.check(scenes: app.connectedScenes) }
        #endif
        // Where the windows were (read before the apps bring theirs back, applied after).
        shell.loadArrangement()
        var installed: [ShellApp] = []
        for entry in apps {
            if let args = processes {
                installed.append(shell.install(try AppCommand.processApp(entry, arguments: args), restoring: false))
            } else {
                installed.append(shell.install(try entry.make(places)))
            }
        }
        if processes == nil {
            shell.restoreArrangement()
            if shell.visibleWindows.isEmpty, let first = installed.first { shell.openApp(first) }
        }
        return shell
    }
}
