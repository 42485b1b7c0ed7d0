import ClientHost
import Foundation
import Graphics
import Guidelines
import Scenes
import Shell
import ShellPorts
import SlateLog
import UI

/// This file's lines on the log.
private let log = Logger("app")

/// `slate app NAME`: one of the apps as a process of its own, its windows shown by Slate's shell (a
/// Wayland compositor at `$WAYLAND_DISPLAY` that speaks Slate's scene protocol). The shell starts it
/// this way with `--processes`; a person may too, from a terminal inside the shell.
@MainActor package enum AppCommand {
    static func run(_ args: Arguments, apps: [AppEntry]) throws -> Int32 {
        guard let name = args.positional.first else {
            throw UsageError("app needs the app's name: \(apps.map(\.name).joined(separator: ", "))")
        }
        guard let entry = apps.first(where: { $0.name.lowercased() == name.lowercased() }) else {
            throw UsageError("no app '\(name)'; the apps are \(apps.map(\.name).joined(separator: ", "))")
        }
        var places = SystemBuilder.userPlaces(args)
        if let now = args.options["now"] {
            // The date the app believes it is (pictures and tests that must not change by the day).
            guard let date = ISO8601DateFormatter().date(from: now) else {
                throw UsageError("--now is an ISO 8601 date like 2026-11-29T09:41:00Z, not '\(now)'")
            }
            places.now = { date }
        }
        let language = try args.language()
        let application: any Application
        do {
            application = try entry.make(places)
        } catch let error as AppFolderError {
            return Slate.failure(error.line(language), code: 1)
        }
        var store: RestorationStore?
        do {
            store = try RestorationStore(appIdentifier: application.identifier, stateHome: places.stateHome)
        } catch {
            log.warning("\(error); \(application.identifier) keeps its windows in memory only")
        }
        let process: AppProcess
        do {
            process = try AppProcess(application: application, store: store, language: language)
        } catch {
            return Slate.failure("\(entry.name): \(error)", code: 2)
        }
        // The person's settings, followed live; the command line's options win for the start.
        // (The shell names the file's unusable keys; each app process reading it again does not.)
        let settings = SettingsStore(configHome: SettingsStore.defaultConfigHome(), namesUnusableKeys: false)
        process.settings = settings
        if let a = args.options["appearance"] {
            guard let appearance = Appearance(rawValue: a) else {
                throw UsageError("--appearance is light or dark, not '\(a)'")
            }
            process.appearance = appearance
        } else if settings[.darkMode] {
            // Dark Mode, as the person set it in Control Center or Settings.
            process.appearance = .dark
        }
        process.contentSizeCategory = ContentSizeCategory(bodySize: settings[.textSize])
        if args.options["locale"] == nil, let language = settings[.language].language {
            process.language = language
        }
        #if DEBUG
            // Debug builds say in the console where the app breaks the guidelines, once per finding.
            let monitor = GuidelineMonitor()
            process.onWindowPlaced = { [unowned process] _ in monitor.check(scenes: process.connectedScenes) }
        #endif
        process.run()
        return 0
    }

    /// What the shell knows of an app before it runs (as an iPad knows an app from its Info.plist):
    /// the app is made once in a throwaway folder to read its identifier, name, icon, activity types
    /// and the role of each; `command` starts it as a process of its own with the run's options.
    package static func processApp(_ entry: AppEntry, arguments: Arguments) throws -> ProcessApp {
        try processApp(entry, options: arguments.options)
    }

    /// As `processApp(_:arguments:)`, with the options `command` passes on, and `environment`
    /// (`NAME=value`) set for the process; `program` is the `slate` that `command` starts (this one
    /// unless an installation names where it will be).
    package static func processApp(
        _ entry: AppEntry, options: [String: String], environment: [String] = [], program: String = executablePath
    ) throws -> ProcessApp {
        let places = SystemBuilder.scratchPlaces(options: options)
        defer { try? FileManager.default.removeItem(at: places.dataHome.deletingLastPathComponent()) }
        let app = try entry.make(places)
        var command = (environment.isEmpty ? [] : ["env"] + environment) + [program, "app", entry.name]
        for key in entry.options.union(["state-dir", "locale", "now", "appearance"]).sorted() {
            if let v = options[key] { command += ["--\(key)", v] }
        }
        return ProcessApp(
            identifier: app.identifier, displayName: app.displayName, icon: app.icon,
            activityTypes: app.activityTypes,
            auxiliaryActivityTypes: app.activityTypes.filter { app.role(for: UserActivity(type: $0)) == .auxiliary },
            command: command)
    }

    /// This program (so that the shell starts its apps from the same build).
    static var executablePath: String {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")) ?? CommandLine.arguments[0]
    }
}

/// `slate install [--dir DIR | --data-dir DIR] [--exec PATH]`: a `.desktop` file for each app, so
/// that Slate's shell — and anything that reads desktop entries — finds the apps as programs of their
/// own, and their icons in the hicolor theme: `Exec` starts `slate app NAME` from this build (or
/// `--exec`, the `slate` an installation puts down); the `X-Slate-*` keys say what the shell must know
/// before the app runs; `OnlyShowIn=Slate` keeps them out of other desktops' menus (they need Slate's
/// shell). The entries go into `--dir`, or `applications` and the icons into `icons` under
/// `--data-dir` (by default `$XDG_DATA_HOME`).
@MainActor enum InstallCommand {
    static func run(_ args: Arguments, apps: [AppEntry]) throws -> Int32 {
        let env = ProcessInfo.processInfo.environment
        if args.options["dir"] != nil, args.options["data-dir"] != nil {
            throw UsageError("install takes --dir (the entries alone) or --data-dir (entries and icons), not both")
        }
        let program = args.options["exec"] ?? AppCommand.executablePath
        guard program.hasPrefix("/") else {
            throw UsageError("--exec wants the absolute path of slate, not '\(program)'")
        }
        let entries: URL
        var icons: URL?
        if let d = args.options["dir"] {
            entries = URL(fileURLWithPath: d, isDirectory: true)
        } else {
            let data =
                args.options["data-dir"].map { URL(fileURLWithPath: $0, isDirectory: true) }
                ?? env["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
                ?? HomeFolder.url(environment: env).appendingPathComponent(".local/share")
            entries = data.appendingPathComponent("applications", isDirectory: true)
            icons = data.appendingPathComponent("icons", isDirectory: true)
        }
        do {
            try FileManager.default.createDirectory(at: entries, withIntermediateDirectories: true)
        } catch {
            throw UsageError("cannot make \(entries.path): \(error.localizedDescription)")
        }
        for entry in apps {
            let p = try AppCommand.processApp(entry, options: [:], program: program)
            let file = entries.appendingPathComponent("\(p.identifier).desktop")
            let text = desktopEntry(p)
            do {
                try Data(text.utf8).write(to: file, options: .atomic)
            } catch {
                return Slate.failure("cannot write \(file.path): \(error.localizedDescription)", code: 1)
            }
            print(file.path)
            if let icons {
                do {
                    for path in try AppIconFiles.write(p.icon, identifier: p.identifier, themes: icons) { print(path) }
                } catch {
                    return Slate.failure("\(p.identifier)'s icon: \(error)", code: 1)
                }
            }
        }
        return 0
    }

    /// The text of an app's `.desktop` file (Desktop Entry Specification 1.5).
    static func desktopEntry(_ p: ProcessApp) -> String {
        var lines = [
            "[Desktop Entry]", "Type=Application", "Version=1.5", "Name=\(escape(p.displayName.en))",
            "Name[ru]=\(escape(p.displayName.ru))",
            "Exec=\(escape(p.command.map(quoteExecArgument).joined(separator: " ")))",
            "Icon=\(escape(p.identifier))", "Terminal=false", "OnlyShowIn=\(DesktopEntry.desktopName);",
        ]
        for (k, v) in SlateAppInfo.keys(
            identifier: p.identifier, activityTypes: p.activityTypes, auxiliaryActivityTypes: p.auxiliaryActivityTypes,
            icon: p.icon)
        {
            lines.append("\(k)=\(escape(v))")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A value with the spec's string escapes (`\\`, `\n`, `\t`, `\r`, and `\s` for a leading space).
    static func escape(_ s: String) -> String {
        var out = ""
        for c in s {
            switch c {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\t": out += "\\t"
            case "\r": out += "\\r"
            default: out.append(c)
            }
        }
        if out.hasPrefix(" ") { out = "\\s" + out.dropFirst() }
        return out
    }

    /// An Exec argument, quoted when it holds a reserved character (the spec's list), with `"`, `` ` ``,
    /// `$` and `\` escaped inside the quotes; `%` doubled (it starts a field code).
    static func quoteExecArgument(_ a: String) -> String {
        let a = a.replacingOccurrences(of: "%", with: "%%")
        let reserved = Set(" \t\n\"'\\><~|&;$*?#()`")
        guard a.isEmpty || a.contains(where: { reserved.contains($0) }) else { return a }
        var out = "\""
        for c in a {
            if "\"`$\\".contains(c) { out.append("\\") }
            out.append(c)
        }
        return out + "\""
    }
}
