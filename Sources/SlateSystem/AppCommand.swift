import ClientHost
import Foundation
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
        let places = SystemBuilder.userPlaces(args)
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
        process.run()
        return 0
    }

    /// What the shell knows of an app before it runs (as an iPad knows an app from its Info.plist):
    /// the app is made once in a throwaway folder to read its identifier, name, icon, activity types
    /// and the role of each; `command` starts it as a process of its own with the run's options.
    static func processApp(_ entry: AppEntry, arguments: Arguments) throws -> ProcessApp {
        let places = SystemBuilder.scratchPlaces(options: arguments.options)
        defer { try? FileManager.default.removeItem(at: places.dataHome.deletingLastPathComponent()) }
        let app = try entry.make(places)
        var command = [executablePath, "app", entry.name]
        for key in entry.options.union(["state-dir", "locale"]).sorted() {
            if let v = arguments.options[key] { command += ["--\(key)", v] }
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
