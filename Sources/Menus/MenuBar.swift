import Graphics
import UI

/// An app's menu bar (as the menus `UIMenuBuilder` makes): its menus across the top of the screen —
/// the app's own menu, File, Edit, Format, View, the app's menus, Window, Help — each a `Menu` of
/// commands with their keyboard shortcuts. The system shows it (swiped down from the top edge), finds
/// a command in it by a word of its title, performs its shortcuts from a hardware keyboard and lists
/// them while Ctrl is held.
public struct MenuBar: Sendable, Equatable {
    /// The menus, leading to trailing.
    public var menus: [Menu]

    public init(menus: [Menu]) { self.menus = menus }

    /// The identifiers of the system's menus and of the groups in them the system fills (as
    /// `UIMenu.Identifier`). An app adds to a menu or a group by its identifier.
    public enum Identifier {
        /// The app's own menu, titled with its name: About, Settings…, Quit.
        public static let application = "slate.application"
        public static let about = "slate.about"
        public static let preferences = "slate.preferences"
        public static let quit = "slate.quit"
        public static let file = "slate.file"
        /// File's first group: the app's New commands, then the system's New Window.
        public static let newScene = "slate.new-scene"
        /// File's group of Close Window.
        public static let close = "slate.close"
        public static let edit = "slate.edit"
        /// Edit's Undo and Redo, from the responder that can.
        public static let undoRedo = "slate.undo-redo"
        /// Edit's Cut, Copy, Paste and Select All, from the responder that can.
        public static let standardEdit = "slate.standard-edit"
        /// Edit's group for Find… and its kin.
        public static let find = "slate.find"
        public static let format = "slate.format"
        public static let view = "slate.view"
        public static let window = "slate.window"
        /// Window's first group: the commands that arrange windows on the screen (Full Screen, Split
        /// View, Slide Over; the tiling commands of Windowed Apps when the shell has them).
        public static let windowTiling = "slate.window-tiling"
        /// Window's Open in New Window, for the item the focused view stands for.
        public static let openInNewWindow = "slate.open-in-new-window"
        /// Window's list of the app's windows.
        public static let windowList = "slate.window-list"
        /// Window's Show All Windows.
        public static let showAllWindows = "slate.show-all-windows"
        public static let help = "slate.help"

        /// The system's top-level menus, in the order they stand.
        public static let standardMenus = [application, file, edit, format, view, window, help]
    }

    /// One command of the menu bar with where it is.
    public struct Command: Sendable {
        public var action: Action
        /// The child indices from the bar to the action: the menu's index first.
        public var path: [Int]
        /// The titles of the menus it is in, outermost first (inline groups are not among them).
        public var menuTitles: [LocalizedString]
    }

    /// Every command, in the order the menus show them (hidden ones and deferred content left out).
    @MainActor public var commands: [Command] {
        var out: [Command] = []
        func walk(_ children: [MenuElement], path: [Int], titles: [LocalizedString]) {
            for (i, e) in children.enumerated() {
                switch e {
                case .action(let a) where !a.isHidden:
                    out.append(Command(action: a, path: path + [i], menuTitles: titles))
                case .menu(let m):
                    walk(m.children, path: path + [i], titles: m.displaysInline ? titles : titles + [m.title])
                default: break
                }
            }
        }
        for (i, m) in menus.enumerated() { walk(m.children, path: [i], titles: [m.title]) }
        return out
    }

    /// The action at a path of child indices from the bar, if there is one.
    public func action(at path: [Int]) -> Action? {
        guard let first = path.first, menus.indices.contains(first) else { return nil }
        if case .action(let a)? = menus[first].element(at: Array(path.dropFirst())) { return a }
        return nil
    }

    /// The command a key press performs: the first command whose shortcut it is (enabled ones first).
    @MainActor public func command(for press: KeyPress) -> Command? {
        let key = press.asShortcut
        let matching = commands.filter { $0.action.shortcut == key }
        return matching.first { !$0.action.isDisabled } ?? matching.first
    }

    /// Whether any command has `press` as its shortcut.
    @MainActor public func hasShortcut(_ press: KeyPress) -> Bool { command(for: press) != nil }

    /// Performs the command a key press stands for; true when one had it as its shortcut (a disabled
    /// command takes the press and does nothing, as on iPadOS).
    @MainActor @discardableResult
    public func perform(_ press: KeyPress) -> Bool {
        guard let c = command(for: press) else { return false }
        if !c.action.isDisabled { c.action.handler(c.action) }
        return true
    }

    /// The menu with `identifier` (at any depth), if there is one.
    public func menu(_ identifier: String) -> Menu? {
        MenuBarBuilder.find(identifier, in: menus.map(MenuElement.menu))
    }

    /// The commands with shortcuts, grouped under the top-level menu they are in (menus without
    /// any left out): what the keyboard shortcuts panel lists.
    @MainActor public var shortcutsByMenu: [(menu: LocalizedString, commands: [Action])] {
        var groups: [(LocalizedString, [Action])] = []
        for c in commands where c.action.shortcut != nil {
            let title = menus[c.path[0]].title
            if let i = groups.firstIndex(where: { $0.0 == title }), i == groups.count - 1 {
                groups[i].1.append(c.action)
            } else {
                groups.append((title, [c.action]))
            }
        }
        return groups.map { (menu: $0.0, commands: $0.1) }
    }
}
