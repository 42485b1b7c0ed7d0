import Foundation
import Graphics
import Guidelines
import Host
import Menus
import Scenes
import Shell
import SlateLog
import SlateScripts
import UI

/// This file's lines on the log.
private let log = Logger("lint", label: "slate lint")

/// `slate lint [APP...] [--json]` and `slate lint --menu FILE.json`: the guideline checker.
@MainActor enum LintCommand {
    static func run(_ args: Arguments, apps: [AppEntry]) -> Int32 {
        let json = args.flags.contains("json")
        if let path = args.options["menu"] {
            do {
                let file = try MenuFile.read(path)
                return emit(Report(MenuChecks().check(file.children, file.context)), json: json)
            } catch {
                log.error("\(error)")
                return 2
            }
        }
        let places = SystemBuilder.scratchPlaces()
        defer { try? FileManager.default.removeItem(at: places.dataHome.deletingLastPathComponent()) }
        let catalog = SystemBuilder.catalog(apps, places: places)
        let names = args.positional.isEmpty ? catalog.keys.sorted() : args.positional
        for n in names where catalog[n] == nil {
            log.error("no app named \(n); apps: \(catalog.keys.sorted().joined(separator: ", "))")
            return 2
        }
        let clock = VirtualClock()
        let shell = Shell(
            device: Device(), clock: clock, stateHome: places.stateHome,
            // --locale was checked when the run began.
            environment: ScreenEnvironment(language: (try? args.language()) ?? .en))
        let host = HeadlessHost(root: shell, clock: clock, scale: 1)
        var findings: [Finding] = []
        for n in names {
            let app = shell.install(catalog[n]!(), restoring: false)
            shell.openApp(app)
            host.run(for: 0.5)
            WindowExplorer.explore(app, host: host)
            let scenes = app.connectedScenes
            let roles = scenes.map(\.session.role.rawValue)
            log.info("\(n): \(scenes.count) windows checked (\(roles.joined(separator: ", ")))")
            findings += Guidelines.check(scenes: scenes).findings
        }
        return emit(Report(findings), json: json)
    }

    static func emit(_ report: Report, json: Bool) -> Int32 {
        print(json ? report.json : report.text)
        return report.errors.isEmpty ? 0 : 1
    }
}
