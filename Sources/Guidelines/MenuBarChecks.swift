import Foundation

/// The checks of an app's menu bar (Slate's own rules, after the HIG's menu bar and iPadOS 26):
/// M1 no empty menu, M2 every context-menu command of a content item reachable from the menu bar,
/// M3 no two commands with one shortcut (nor one of the system's), M4 command titles as verbs, M5
/// submenus one level deep.
public struct MenuBarChecks: Sendable {
    public var settings: GuidelineSettings

    public init(settings: GuidelineSettings = GuidelineSettings()) { self.settings = settings }

    /// A command of a content item's context menu, for M2.
    public struct ContextCommand: Hashable, Sendable {
        public var identifier: String
        public var title: String
        /// Where the context menu is (app › window › item) and the command in it.
        public var location: [String]

        public init(identifier: String, title: String, location: [String]) {
            self.identifier = identifier
            self.title = title
            self.location = location
        }
    }

    /// Checks the menu bar `menus` (each a top-level menu) found at `location` (app › window), and
    /// that it reaches each of `contextCommands`.
    public func check(_ menus: [MenuNode.SubmenuNode], location: [String], contextCommands: [ContextCommand] = [])
        -> [Finding]
    {
        let here = location + ["menu bar"]
        var out: [Finding] = []
        var commands: [(node: MenuNode.ActionNode, path: [String])] = []
        for m in menus {
            let path = here + [m.title]
            let found = actions(m.children, path: path)
            if found.allSatisfy(\.node.isHidden) {
                out.append(
                    Finding(
                        rule: "M1", severity: .error, location: path,
                        message: "the menu \"\(m.title)\" has no command"))
            }
            commands += found
            out += verbs(m.children, path: path)
            out += submenus(m.children, path: path, depth: 0)
        }
        out += shortcuts(commands.filter { !$0.node.isHidden })
        out += reach(contextCommands, commands.map(\.node))
        return out
    }

    /// Every action, at any depth, with where it is.
    func actions(_ children: [MenuNode], path: [String]) -> [(node: MenuNode.ActionNode, path: [String])] {
        children.flatMap { c -> [(node: MenuNode.ActionNode, path: [String])] in
            switch c {
            case .action(let a): [(a, path + [a.title])]
            case .menu(let m): actions(m.children, path: m.isInline ? path : path + [m.title])
            case .separator: []
            }
        }
    }

    // MARK: M2

    func reach(_ wanted: [ContextCommand], _ commands: [MenuNode.ActionNode]) -> [Finding] {
        let have = Set(commands.compactMap(\.identifier))
        var seen: Set<String> = []
        return wanted.compactMap { c in
            guard !have.contains(c.identifier), seen.insert(c.identifier).inserted else { return nil }
            return Finding(
                rule: "M2", severity: .warning, location: c.location,
                message: "\"\(c.title)\" (\(c.identifier)) is in the item's context menu but in no menu of the menu bar"
            )
        }
    }

    // MARK: M3

    func shortcuts(_ commands: [(node: MenuNode.ActionNode, path: [String])]) -> [Finding] {
        var out: [Finding] = []
        var first: [String: [String]] = [:]
        for c in commands {
            guard let s = c.node.shortcut?.lowercased() else { continue }
            if let system = settings.systemShortcuts[s] {
                out.append(
                    Finding(
                        rule: "M3", severity: .error, location: c.path,
                        message: "\"\(c.node.title)\" takes \(s), the system's shortcut for \(system)"))
            } else if let other = first[s] {
                out.append(
                    Finding(
                        rule: "M3", severity: .error, location: c.path,
                        message:
                            "\"\(c.node.title)\" and \"\(other.last ?? "")\" (\(other.dropLast().suffix(1).joined())) share the shortcut \(s)"
                    ))
            } else {
                first[s] = c.path
            }
        }
        return out
    }

    // MARK: M4

    /// Commands at a menu's level (not the targets listed in a submenu, not toggles with a checkmark,
    /// not the system's own) and the submenus' titles begin with a verb — in English, the words of
    /// `GuidelineSettings.commandVerbs` (a title in another language is read in its English form).
    func verbs(_ children: [MenuNode], path: [String]) -> [Finding] {
        var out: [Finding] = []
        for c in children {
            switch c {
            case .action(let a):
                guard !a.isHidden, a.state == nil || a.state == "off", !(a.identifier ?? "").hasPrefix("system."),
                    !startsWithVerb(a.englishTitle ?? a.title)
                else { continue }
                out.append(
                    Finding(
                        rule: "M4", severity: .warning, location: path + [a.title],
                        message: "the command \"\(a.title)\" does not begin with a verb"))
            case .menu(let m) where m.isInline:
                out += verbs(m.children, path: path)
            case .menu(let m):
                if !startsWithVerb(m.englishTitle ?? m.title) {
                    out.append(
                        Finding(
                            rule: "M4", severity: .warning, location: path + [m.title],
                            message: "the submenu \"\(m.title)\" does not begin with a verb"))
                }
            case .separator: break
            }
        }
        return out
    }

    func startsWithVerb(_ title: String) -> Bool {
        guard let first = title.lowercased().split(whereSeparator: { !$0.isLetter }).first else { return false }
        return settings.commandVerbs.contains(String(first))
    }

    // MARK: M5

    func submenus(_ children: [MenuNode], path: [String], depth: Int) -> [Finding] {
        var out: [Finding] = []
        for case .menu(let m) in children {
            if m.isInline {
                out += submenus(m.children, path: path, depth: depth)
                continue
            }
            let here = path + [m.title]
            if depth >= 1 {
                out.append(
                    Finding(
                        rule: "M5", severity: .error, location: here,
                        message:
                            "a submenu inside the submenu \"\(path.last ?? "")\": menu bar submenus keep to one level"
                    ))
            }
            out += submenus(m.children, path: here, depth: depth + 1)
        }
        return out
    }
}
