import ClientHost
import Foundation
import Guidelines
import Scenes
import Shell

/// `slate app NAME`: one of the apps as a process of its own, its windows shown by Slate's shell (a
/// Wayland compositor at `$WAYLAND_DISPLAY` that speaks Slate's scene protocol). The shell starts it
/// this way with `--processes`; a person may too, from a terminal inside the shell.
@MainActor enum AppCommand {
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
        let application = try entry.make(places)
        var store: RestorationStore?
        do {
            store = try RestorationStore(appIdentifier: application.identifier, stateHome: places.stateHome)
        } catch {
            FileHandle.standardError.write(
                Data("slate: \(error); \(application.identifier) keeps its windows in memory only\n".utf8))
        }
        let process: AppProcess
        do {
            process = try AppProcess(application: application, store: store)
        } catch {
            return Slate.failure("\(entry.name): \(error)", code: 2)
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
    static func processApp(_ entry: AppEntry, arguments: Arguments) throws -> ProcessApp {
        try processApp(entry, options: arguments.options)
    }

    /// As `processApp(_:arguments:)`, with the options `command` passes on, and `environment`
    /// (`NAME=value`) set for the process.
    static func processApp(
        _ entry: AppEntry, options: [String: String], environment: [String] = []
    ) throws -> ProcessApp {
        let places = SystemBuilder.scratchPlaces(options: options)
        defer { try? FileManager.default.removeItem(at: places.dataHome.deletingLastPathComponent()) }
        let app = try entry.make(places)
        var command = (environment.isEmpty ? [] : ["env"] + environment) + [executablePath, "app", entry.name]
        for key in entry.options.union(["state-dir", "locale", "now"]).sorted() {
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
