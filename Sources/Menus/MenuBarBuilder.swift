import Graphics
import UI

/// Builds a menu bar (as `UIMenuBuilder`): it starts with the system's menus — the app's own, File,
/// Edit, Format, View, Window, Help, each with the empty groups the system fills — and an app adds
/// its commands and menus by the identifiers of those menus and groups:
///
/// ```swift
/// builder.insertChild(
///     Menu(options: .displayInline) { Action(Strings.newRecipe, key: "n") { _ in add() } },
///     atStartOfMenu: MenuBar.Identifier.newScene)
/// builder.insertSibling(Menu(Strings.recipe, identifier: "recipes.recipe") { … }, afterMenu: MenuBar.Identifier.view)
/// ```
///
/// What is left empty goes: an empty group, and a system menu nobody put a command in (a Format menu
/// of an app with nothing to format). An app's own menu stays even when empty — which the guideline
/// checker reports (M1).
public final class MenuBarBuilder {
    /// The menus as built so far, empty groups and all.
    public private(set) var menus: [Menu]

    /// The system's menus, empty, the first titled with the app's name.
    public init(appName: LocalizedString) {
        typealias I = MenuBar.Identifier
        func group(_ id: String) -> MenuElement { .menu(Menu(identifier: id, options: .displayInline, children: [])) }
        menus = [
            Menu(appName, identifier: I.application, children: [group(I.about), group(I.preferences), group(I.quit)]),
            Menu(MenuBarStrings.file, identifier: I.file, children: [group(I.newScene), group(I.close)]),
            Menu(
                MenuBarStrings.edit, identifier: I.edit,
                children: [group(I.undoRedo), group(I.standardEdit), group(I.find)]),
            Menu(MenuBarStrings.format, identifier: I.format, children: []),
            Menu(MenuBarStrings.view, identifier: I.view, children: []),
            Menu(
                MenuBarStrings.window, identifier: I.window,
                children: [
                    group(I.windowTiling), group(I.openInNewWindow), group(I.windowList), group(I.showAllWindows),
                ]),
            Menu(MenuBarStrings.help, identifier: I.help, children: []),
        ]
    }

    /// A builder over menus built before (another process's declared menu bar, to which the system
    /// adds its own commands).
    public init(menus: [Menu]) { self.menus = menus }

    /// The menu bar: the menus with empty groups and the empty system menus taken away.
    public var menuBar: MenuBar {
        MenuBar(
            menus: menus.compactMap { m in
                let pruned = Self.pruned(m)
                let isSystem = MenuBar.Identifier.standardMenus.contains(m.identifier ?? "")
                return isSystem && pruned.children.isEmpty ? nil : pruned
            })
    }

    /// The menu or group with `identifier`, at any depth.
    public func menu(for identifier: String) -> Menu? {
        Self.find(identifier, in: menus.map(MenuElement.menu))
    }

    /// Replaces the menu with `identifier` by `menu`.
    public func replace(menu identifier: String, with menu: Menu) {
        modify(identifier) { $0 = menu }
    }

    /// Changes the children of the menu with `identifier`.
    public func replaceChildren(ofMenu identifier: String, from body: ([MenuElement]) -> [MenuElement]) {
        modify(identifier) { $0.children = body($0.children) }
    }

    /// Puts `element` first in the menu or group with `identifier`.
    public func insertChild(_ element: MenuElement, atStartOfMenu identifier: String) {
        modify(identifier) { $0.children.insert(element, at: 0) }
    }

    /// Puts `element` last in the menu or group with `identifier`.
    public func insertChild(_ element: MenuElement, atEndOfMenu identifier: String) {
        modify(identifier) { $0.children.append(element) }
    }

    /// Puts `menu` first in the menu or group with `identifier`.
    public func insertChild(_ menu: Menu, atStartOfMenu identifier: String) {
        insertChild(.menu(menu), atStartOfMenu: identifier)
    }

    /// Puts `menu` last in the menu or group with `identifier`.
    public func insertChild(_ menu: Menu, atEndOfMenu identifier: String) {
        insertChild(.menu(menu), atEndOfMenu: identifier)
    }

    /// Puts `menu` before the menu with `identifier` (beside it in the bar, for a top-level one).
    public func insertSibling(_ menu: Menu, beforeMenu identifier: String) {
        insertSibling(menu, identifier, after: false)
    }

    /// Puts `menu` after the menu with `identifier` (beside it in the bar, for a top-level one).
    public func insertSibling(_ menu: Menu, afterMenu identifier: String) {
        insertSibling(menu, identifier, after: true)
    }

    /// Takes away the menu or group with `identifier`.
    public func remove(menu identifier: String) {
        menus.removeAll { $0.identifier == identifier }
        menus = menus.map { Self.removing(identifier, from: $0) }
    }

    // MARK: Walking the tree

    private func insertSibling(_ menu: Menu, _ identifier: String, after: Bool) {
        if let i = menus.firstIndex(where: { $0.identifier == identifier }) {
            menus.insert(menu, at: after ? i + 1 : i)
            return
        }
        menus = menus.map { Self.inserting(menu, beside: identifier, after: after, in: $0) }
    }

    private func modify(_ identifier: String, _ body: (inout Menu) -> Void) {
        for i in menus.indices {
            if menus[i].identifier == identifier {
                body(&menus[i])
                return
            }
            if Self.modify(&menus[i], identifier, body) { return }
        }
    }

    private static func modify(_ menu: inout Menu, _ identifier: String, _ body: (inout Menu) -> Void) -> Bool {
        for k in menu.children.indices {
            guard case .menu(var m) = menu.children[k] else { continue }
            if m.identifier == identifier {
                body(&m)
                menu.children[k] = .menu(m)
                return true
            }
            if modify(&m, identifier, body) {
                menu.children[k] = .menu(m)
                return true
            }
        }
        return false
    }

    static func find(_ identifier: String, in elements: [MenuElement]) -> Menu? {
        for e in elements {
            guard case .menu(let m) = e else { continue }
            if m.identifier == identifier { return m }
            if let found = find(identifier, in: m.children) { return found }
        }
        return nil
    }

    private static func removing(_ identifier: String, from menu: Menu) -> Menu {
        menu.replacingChildren(
            menu.children.compactMap { e in
                guard case .menu(let m) = e else { return e }
                return m.identifier == identifier ? nil : .menu(removing(identifier, from: m))
            })
    }

    private static func inserting(_ new: Menu, beside identifier: String, after: Bool, in menu: Menu) -> Menu {
        var children: [MenuElement] = []
        for e in menu.children {
            guard case .menu(let m) = e else {
                children.append(e)
                continue
            }
            if m.identifier == identifier {
                children += after ? [e, .menu(new)] : [.menu(new), e]
            } else {
                children.append(.menu(inserting(new, beside: identifier, after: after, in: m)))
            }
        }
        return menu.replacingChildren(children)
    }

    /// A menu without its empty inline groups (at any depth).
    static func pruned(_ menu: Menu) -> Menu {
        menu.replacingChildren(
            menu.children.compactMap { e in
                guard case .menu(let m) = e else { return e }
                let p = pruned(m)
                return m.displaysInline && p.children.isEmpty ? nil : .menu(p)
            })
    }
}
