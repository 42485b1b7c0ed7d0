import Foundation
import UI

/// A menu bar as data, for an app that runs as a process of its own: it declares its menu bar to the
/// shell (which shows it, with the system's menus added) in this form, and the shell asks it to
/// perform a command by the command's path. Titles come in both languages; what runs stays in the
/// app.
///
/// The shell reads what an app sends strictly: at most `maximumElements` elements, `maximumDepth`
/// levels, titles of at most `maximumTitle` characters; anything else is refused whole.
public struct MenuBarDeclaration: Codable, Sendable, Equatable {
    /// The form's version; a reader refuses another.
    public var version = 1
    public var menus: [Node]

    /// The most elements a declaration may have, in all.
    public static let maximumElements = 4_000
    /// The most levels of menus (a menu of the bar, a group, a submenu, a group in it).
    public static let maximumDepth = 6
    /// The longest title, subtitle or identifier, in characters.
    public static let maximumTitle = 256

    /// A menu or an action.
    public struct Node: Codable, Sendable, Equatable {
        /// "menu" or "action".
        public var kind: String
        public var en: String
        public var ru: String
        public var subtitleEn: String?
        public var subtitleRu: String?
        public var image: String?
        public var identifier: String?
        /// An action's shortcut as a script writes it (`ctrl+shift+r`).
        public var key: String?
        /// An action's `Action.Attributes`, a menu's `Menu.Options` (raw values).
        public var flags: Int?
        /// An action's state: 0 off, 1 on, 2 mixed.
        public var state: Int?
        public var children: [Node]?
    }

    /// Why a declaration was refused.
    public struct Refusal: Error, CustomStringConvertible, Equatable {
        public var description: String
    }

    /// The declaration of `menuBar` (deferred content is left out: it arrives in the app).
    public init(_ menuBar: MenuBar) {
        func node(_ e: MenuElement) -> Node? {
            switch e {
            case .action(let a):
                return Node(
                    kind: "action", en: a.title.en, ru: a.title.ru, subtitleEn: a.subtitle?.en,
                    subtitleRu: a.subtitle?.ru, image: a.image, identifier: a.identifier,
                    key: a.key.flatMap { KeyPress($0, modifiers: a.modifiers).spec },
                    flags: a.attributes.rawValue == 0 ? nil : a.attributes.rawValue,
                    state: a.state == .off ? nil : a.state == .on ? 1 : 2, children: nil)
            case .menu(let m):
                return menu(m)
            case .deferred:
                return nil
            }
        }
        func menu(_ m: Menu) -> Node {
            Node(
                kind: "menu", en: m.title.en, ru: m.title.ru, subtitleEn: m.subtitle?.en, subtitleRu: m.subtitle?.ru,
                image: m.image, identifier: m.identifier, key: nil,
                flags: m.options.rawValue == 0 ? nil : m.options.rawValue, state: nil,
                children: m.children.compactMap(node))
        }
        menus = menuBar.menus.map(menu)
    }

    /// The declaration as JSON (compact, keys sorted, so that one menu bar always reads the same).
    public var json: String {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        // Strings and numbers always encode; the fallback is never taken.
        return (try? e.encode(self)).map { String(decoding: $0, as: UTF8.self) } ?? "{\"menus\":[],\"version\":1}"
    }

    /// Reads a declaration another process sent, checking its bounds.
    public static func parse(_ json: String) throws(Refusal) -> MenuBarDeclaration {
        let d: MenuBarDeclaration
        do {
            d = try JSONDecoder().decode(MenuBarDeclaration.self, from: Data(json.utf8))
        } catch {
            throw Refusal(description: "the menu bar is not a declaration Slate reads")
        }
        guard d.version == 1 else { throw Refusal(description: "a menu bar of version \(d.version), not 1") }
        var count = 0
        func check(_ n: Node, depth: Int) throws(Refusal) {
            count += 1
            guard count <= maximumElements else {
                throw Refusal(description: "a menu bar of more than \(maximumElements) elements")
            }
            guard depth <= maximumDepth else { throw Refusal(description: "a menu bar deeper than \(maximumDepth)") }
            guard n.kind == "menu" || n.kind == "action" else {
                throw Refusal(description: "an element of kind \(n.kind.prefix(20))")
            }
            for s in [n.en, n.ru, n.subtitleEn ?? "", n.subtitleRu ?? "", n.image ?? "", n.identifier ?? ""]
            where s.count > maximumTitle {
                throw Refusal(description: "a title longer than \(maximumTitle) characters")
            }
            for c in n.children ?? [] { try check(c, depth: depth + 1) }
        }
        for m in d.menus { try check(m, depth: 1) }
        return d
    }

    /// The menu bar this declares, each action performing `perform` with its path (the child indices
    /// from the bar, as `MenuBar.action(at:)` reads them).
    public func menuBar(perform: @escaping @MainActor ([Int]) -> Void) -> MenuBar {
        func element(_ n: Node, path: [Int]) -> MenuElement {
            let title = LocalizedString(en: n.en, ru: n.ru)
            let subtitle = n.subtitleEn.map { LocalizedString(en: $0, ru: n.subtitleRu ?? $0) }
            if n.kind == "menu" {
                return .menu(menu(n, path: path))
            }
            let press = n.key.flatMap { KeyPress(parsing: $0) }
            return .action(
                Action(
                    title, subtitle: subtitle, image: n.image, identifier: n.identifier, key: press?.key,
                    modifiers: press?.modifiers ?? [], attributes: Action.Attributes(rawValue: n.flags ?? 0),
                    state: n.state == 1 ? .on : n.state == 2 ? .mixed : .off
                ) { _ in perform(path) })
        }
        func menu(_ n: Node, path: [Int]) -> Menu {
            Menu(
                LocalizedString(en: n.en, ru: n.ru),
                subtitle: n.subtitleEn.map { LocalizedString(en: $0, ru: n.subtitleRu ?? $0) }, image: n.image,
                identifier: n.identifier, options: Menu.Options(rawValue: n.flags ?? 0),
                children: (n.children ?? []).enumerated().map { i, c in element(c, path: path + [i]) })
        }
        return MenuBar(menus: menus.enumerated().map { i, m in menu(m, path: [i]) })
    }
}
