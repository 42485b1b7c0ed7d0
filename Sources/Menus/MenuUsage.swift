import Graphics
import UI

/// How often each command of each menu was chosen: the guideline checker reads it to see whether
/// the most used items are at the top (C8), and menus with `.ordersByUse` sort by it.
@MainActor public final class MenuUsage {
    private var counts: [String: [String: Int]] = [:]

    public init() {}

    /// Counts one choice of `action` in the menu named `menu`.
    public func record(menu: String, action: String) {
        counts[menu, default: [:]][action, default: 0] += 1
    }

    /// How often `action` was chosen in `menu`.
    public func count(menu: String, action: String) -> Int { counts[menu]?[action] ?? 0 }

    /// The counts of one menu, by action identifier.
    public func counts(for menu: String) -> [String: Int] { counts[menu] ?? [:] }

    /// Every menu that has counts, by identifier.
    public var menus: [String] { counts.keys.sorted() }

    /// The identifiers of a menu's actions, most chosen first (ties in the order given).
    public func ranked(_ actions: [String], in menu: String) -> [String] {
        let c = counts(for: menu)
        return actions.enumerated().sorted { a, b in
            let (ca, cb) = (c[a.element] ?? 0, c[b.element] ?? 0)
            return ca != cb ? ca > cb : a.offset < b.offset
        }.map(\.element)
    }

    /// Forgets everything.
    public func reset() { counts = [:] }

    /// A menu whose `.ordersByUse` groups are sorted by the counts recorded under `key` (or under
    /// each group's own identifier when it has one), most used first; everything else as written.
    public func ordered(_ menu: Menu, key: String) -> Menu {
        let children = menu.children.map { e -> MenuElement in
            if case .menu(let m) = e { return .menu(ordered(m, key: key)) }
            return e
        }
        var out = menu.replacingChildren(children)
        if menu.options.contains(.ordersByUse) {
            let c = counts(for: menu.identifier ?? key)
            out.children = children.enumerated().sorted { a, b in
                let ca = a.element.identifier.map { c[$0] ?? 0 } ?? 0
                let cb = b.element.identifier.map { c[$0] ?? 0 } ?? 0
                return ca != cb ? ca > cb : a.offset < b.offset
            }.map(\.element)
        }
        return out
    }
}

/// The usage counts of one screen's menus.
private enum MenuUsageKey: ScreenEnvironmentKey {
    static func makeDefaultValue() -> MenuUsage { MenuUsage() }
}

extension ScreenEnvironment {
    /// How often each command of each menu on this screen was chosen.
    public var menuUsage: MenuUsage {
        get { self[MenuUsageKey.self] }
        set { self[MenuUsageKey.self] = newValue }
    }
}
