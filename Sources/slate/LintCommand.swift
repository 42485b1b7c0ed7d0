import Foundation
import Graphics
import Guidelines
import Host
import Menus
import Scenes
import Shell
import UI

/// `slate lint [APP...] [--json]` and `slate lint --menu FILE.json`: the guideline checker.
@MainActor enum LintCommand {
    static func run(_ args: Arguments) -> Int32 {
        let json = args.flags.contains("json")
        if let path = args.options["menu"] {
            do {
                let file = try MenuFile.read(path)
                return emit(Report(MenuChecks().check(file.children, file.context)), json: json)
            } catch {
                FileHandle.standardError.write(Data("slate lint: \(error)\n".utf8))
                return 2
            }
        }
        let places = SystemBuilder.scratchPlaces()
        let catalog = SystemBuilder.catalog(places)
        let names = args.positional.isEmpty ? catalog.keys.sorted() : args.positional
        for n in names where catalog[n] == nil {
            FileHandle.standardError.write(
                Data("slate lint: no app named \(n); apps: \(catalog.keys.sorted().joined(separator: ", "))\n".utf8))
            return 2
        }
        let clock = VirtualClock()
        let shell = Shell(device: Device(), clock: clock, stateHome: places.stateHome)
        SystemBuilder.prepare(shell)
        let host = HeadlessHost(root: shell, clock: clock, scale: 1)
        var findings: [Finding] = []
        for n in names {
            let app = shell.install(catalog[n]!(), restoring: false)
            shell.openApp(app)
            host.run(for: 0.5)
            explore(app, shell: shell, host: host)
            let scenes = app.connectedScenes
            let roles = scenes.map(\.session.role.rawValue)
            FileHandle.standardError.write(
                Data(("slate lint: \(n): \(scenes.count) windows checked (\(roles.joined(separator: ", ")))\n").utf8))
            findings += Guidelines.check(scenes: scenes).findings
        }
        return emit(Report(findings), json: json)
    }

    /// Opens the windows an app's items open as: the first item of each kind whose menu offers the
    /// system's "Open in New Window" gets it performed, in every window opened so, a few rounds deep.
    static func explore(_ app: ShellApp, shell: Shell, host: HeadlessHost) {
        var triedKinds: Set<String> = []
        for _ in 0..<3 {
            var opened = false
            for scene in app.connectedScenes {
                for v in scene.windowView.allViews() {
                    guard let menu = v.interactions.lazy.compactMap({ $0 as? ContextMenuInteraction }).first,
                        let delegate = menu.delegate
                    else { continue }
                    let kind = "\(type(of: v))@\(scene.session.role)"
                    guard !triedKinds.contains(kind) else { continue }
                    triedKinds.insert(kind)
                    guard let config = delegate.contextMenuInteraction(menu, configurationForMenuAtLocation: .zero)
                    else { continue }
                    let suggested = ContextMenuInteraction.systemSuggestions?(menu) ?? []
                    let m = config.actionProvider?(suggested) ?? Menu(children: suggested)
                    if let open = find("system.open-in-new-window", in: m.children) {
                        open.handler(open)
                        host.run(for: 0.5)
                        opened = true
                    }
                }
            }
            if !opened { break }
        }
    }

    static func find(_ id: String, in elements: [MenuElement]) -> Action? {
        for e in elements {
            switch e {
            case .action(let a) where a.identifier == id: return a
            case .menu(let m): if let a = find(id, in: m.children) { return a }
            default: break
            }
        }
        return nil
    }

    static func emit(_ report: Report, json: Bool) -> Int32 {
        print(json ? report.json : report.text)
        return report.errors.isEmpty ? 0 : 1
    }
}
