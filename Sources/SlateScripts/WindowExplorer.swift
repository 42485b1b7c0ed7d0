import Graphics
import Host
import Menus
import Scenes
import Shell
import UI

/// Opens the windows an app's items open as, so that a checker sees every kind of window the app
/// has: the first item of each kind whose context menu offers the system's "Open in New Window" gets
/// it performed, in every window opened so, a few rounds deep.
@MainActor public enum WindowExplorer {
    /// How many rounds of windows opened from windows are explored.
    public static let depth = 3

    /// Explores `app`'s windows on `host`, letting each opened window settle for half a second.
    public static func explore(_ app: ShellApp, host: HeadlessHost) {
        var triedKinds: Set<String> = []
        for _ in 0..<depth {
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
                    let suggested = menu.allSuggestedActions
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
}
