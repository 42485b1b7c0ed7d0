import Foundation
import Graphics
import Host
import Rendering
import SlateTesting
import Testing
import UI

@testable import Menus

/// A menu bar as an app builds it: File with New Message, a Message menu (with a submenu and a
/// disabled command), and what it performed.
@MainActor final class BarLog {
    var performed: [String] = []

    func bar(flagDisabled: Bool = false) -> MenuBar {
        let b = MenuBarBuilder(appName: LocalizedString(en: "Mail", ru: "Почта"))
        b.insertChild(
            .action(
                Action(LocalizedString(en: "New Message", ru: "Новое сообщение"), identifier: "new", key: "n") {
                    [self] _ in performed.append("new")
                }), atStartOfMenu: MenuBar.Identifier.newScene)
        b.insertSibling(
            Menu(LocalizedString(en: "Message", ru: "Сообщение"), identifier: "message") {
                Menu(options: .displayInline) {
                    Action(LocalizedString(en: "Reply", ru: "Ответить"), identifier: "reply", key: "r") { [self] _ in
                        performed.append("reply")
                    }
                    Action(
                        LocalizedString(en: "Reply All", ru: "Ответить всем"), identifier: "reply-all", key: "r",
                        modifiers: [.control, .shift]
                    ) { [self] _ in performed.append("reply-all") }
                }
                Action(
                    LocalizedString(en: "Flag", ru: "Пометить флажком"), identifier: "flag", key: "l",
                    modifiers: [.control, .shift], attributes: flagDisabled ? .disabled : []
                ) { [self] _ in performed.append("flag") }
                Menu(LocalizedString(en: "Move to", ru: "Переместить"), identifier: "move") {
                    Action(LocalizedString(en: "Archive", ru: "Архив"), identifier: "move.archive") { [self] _ in
                        performed.append("archive")
                    }
                }
            }, afterMenu: MenuBar.Identifier.view)
        return b.menuBar
    }
}

@MainActor @Suite struct MenuBarModelTests {
    @Test func theBuilderStartsWithTheSystemsMenusAndDropsWhatStaysEmpty() {
        let b = MenuBarBuilder(appName: "Mail")
        #expect(b.menus.map(\.identifier) == MenuBar.Identifier.standardMenus)
        // Nothing in them: every system menu goes.
        #expect(b.menuBar.menus.isEmpty)
        b.insertChild(.action(Action("Find…", identifier: "find")), atEndOfMenu: MenuBar.Identifier.find)
        b.insertSibling(Menu("Mailbox", identifier: "mailbox", children: []), afterMenu: MenuBar.Identifier.view)
        let bar = b.menuBar
        // Edit stays, with Find… and without its empty groups; the app's own empty menu stays (M1's to report).
        #expect(bar.menus.map(\.identifier) == [MenuBar.Identifier.edit, "mailbox"])
        #expect(bar.menus[0].children.count == 1)
        b.remove(menu: "mailbox")
        #expect(b.menu(for: "mailbox") == nil)
        b.replace(menu: MenuBar.Identifier.help, with: Menu("Help", identifier: "help2") { Action("Mail Help") })
        #expect(b.menuBar.menus.map(\.identifier) == [MenuBar.Identifier.edit, "help2"])
    }

    @Test func shortcutsFindTheirCommandsAsKeysArrive() {
        let log = BarLog()
        let bar = log.bar()
        #expect(bar.perform(KeyPress(.character("n"), modifiers: .control)))
        // Shift with a letter arrives as a capital, or as a modifier; ⌘ (Super) stands for Ctrl.
        #expect(bar.perform(KeyPress(.character("R"), modifiers: [.control, .shift])))
        #expect(bar.perform(KeyPress(.character("r"), modifiers: .command)))
        #expect(!bar.perform(KeyPress(.character("q"), modifiers: .control)))
        #expect(log.performed == ["new", "reply-all", "reply"])
        // A greyed command takes its shortcut and does nothing.
        let off = log.bar(flagDisabled: true)
        #expect(off.perform(KeyPress(.character("l"), modifiers: [.control, .shift])))
        #expect(log.performed == ["new", "reply-all", "reply"])
    }

    @Test func shortcutsReadAsOnIPad() {
        #expect(KeyPress(.character("n"), modifiers: .control).symbols == "⌃N")
        #expect(KeyPress(.character("r"), modifiers: [.control, .shift]).symbols == "⌃⇧R")
        #expect(KeyPress(.backspace, modifiers: .control).symbols == "⌃⌫")
        #expect(KeyPress(.character("r"), modifiers: [.control, .shift]).spokenText == "Ctrl+Shift+R")
        for spec in ["ctrl+n", "ctrl+shift+r", "ctrl+alt+n", "f10", "ctrl+backspace", "ctrl+up", "shift+f10"] {
            let k = KeyPress(parsing: spec)
            #expect(k?.spec == spec)
        }
    }

    @Test func theSearchFindsAnyWordOfTheTitleInTheAppsLanguage() {
        let bar = BarLog().bar()
        let en = MenuBarSearch(bar, language: .en)
        func titles(_ s: MenuBarSearch, _ q: String) -> [String] { s.matches(q).map { s.commands[$0].action.title.en } }
        #expect(titles(en, "all") == ["Reply All"])
        #expect(titles(en, "re") == ["Reply", "Reply All"])
        #expect(titles(en, "all rep") == ["Reply All"], "any order")
        #expect(titles(en, "arch") == ["Archive"])
        #expect(titles(en, "move arch") == ["Archive"], "by the submenu's title too")
        #expect(titles(en, "  ").isEmpty)
        #expect(titles(en, "zebra").isEmpty)
        #expect(en.entries[en.matches("arch")[0]].place == "Message ▸ Move to")
        let ru = MenuBarSearch(bar, language: .ru)
        #expect(titles(ru, "всем") == ["Reply All"])
        #expect(titles(ru, "флаж") == ["Flag"])
        #expect(titles(ru, "all").isEmpty, "in the app's language")
    }

    @Test func aDeclarationCarriesTheMenuBarToAnotherProcess() throws {
        let log = BarLog()
        let bar = log.bar(flagDisabled: true)
        let json = MenuBarDeclaration(bar).json
        let read = try MenuBarDeclaration.parse(json)
        var asked: [[Int]] = []
        let shown = read.menuBar { asked.append($0) }
        #expect(shown == bar, "titles, identifiers, shortcuts, attributes come through")
        #expect(shown.perform(KeyPress(.character("r"), modifiers: .control)))
        let reply = try #require(shown.commands.first { $0.action.identifier == "reply" })
        #expect(asked == [reply.path])
        // The other process performs it from the same path in its own bar.
        bar.action(at: reply.path).map { $0.handler($0) }
        #expect(log.performed == ["reply"])
    }

    @Test func aDeclarationFromAnotherProcessIsReadStrictly() {
        func refused(_ json: String) -> Bool { (try? MenuBarDeclaration.parse(json)) == nil }
        #expect(refused("not json"))
        #expect(refused(#"{"version": 2, "menus": []}"#))
        #expect(refused(#"{"version": 1, "menus": [{"kind": "window", "en": "", "ru": ""}]}"#))
        let long = String(repeating: "x", count: MenuBarDeclaration.maximumTitle + 1)
        #expect(refused(#"{"version": 1, "menus": [{"kind": "menu", "en": "\#(long)", "ru": ""}]}"#))
        var deep = #"{"kind": "action", "en": "a", "ru": "a"}"#
        for _ in 0..<MenuBarDeclaration.maximumDepth {
            deep = #"{"kind": "menu", "en": "m", "ru": "m", "children": [\#(deep)]}"#
        }
        #expect(refused(#"{"version": 1, "menus": [\#(deep)]}"#))
        let many = Array(
            repeating: #"{"kind": "action", "en": "a", "ru": "a"}"#, count: MenuBarDeclaration.maximumElements
        )
        .joined(separator: ",")
        #expect(refused(#"{"version": 1, "menus": [{"kind": "menu", "en": "m", "ru": "m", "children": [\#(many)]}]}"#))
        #expect(!refused(#"{"version": 1, "menus": [{"kind": "menu", "en": "File", "ru": "Файл"}]}"#))
    }
}

/// The menu bar on a screen: opening menus from the bar, choosing, the keyboard, the search.
@MainActor @Suite struct MenuBarOverlayTests {
    func present(_ bar: MenuBar, language: Language = .en, focusing row: Int? = nil) -> (MenuHarness, MenuBarOverlay) {
        let h = MenuHarness(size: Size(1024, 768), language: language)
        h.screen.environment.language = language
        if let row { h.screen.setFocus(h.screen.rows[row]) }
        let o = MenuBarOverlay(menuBar: bar, bounds: h.screen.bounds, environment: h.screen.environment)
        o.present(in: h.screen)
        h.settle(0.4)
        return (h, o)
    }

    func titleCentre(_ o: MenuBarOverlay, _ title: String) -> Point {
        o.strip.titleViews.first { $0.title == title }!.frameInRoot.center
    }

    @Test func aTapOnATitleDropsItsMenuAndATapOnACommandRunsIt() throws {
        let log = BarLog()
        let (h, o) = present(log.bar(), focusing: 2)
        #expect(h.screen.focusedView === o.strip.searchField, "typing goes to the search")
        // No app menu here: the system's About and Quit are the shell's to add.
        #expect(o.strip.titleViews.map(\.title) == ["File", "Message"])
        #expect(o.strip.frame.minY == 0 && o.strip.transform.isIdentity, "slid down to rest")
        h.host.tap(at: titleCentre(o, "Message"))
        h.settle(0.3)
        #expect(o.openMenu == 1)
        #expect(
            o.rows.map(\.description) == ["action Reply", "action Reply All", "band", "action Flag", "submenu Move to"])
        // The menu hangs under its title.
        let panel = try #require(o.panelFrame)
        #expect(abs(panel.minX - o.strip.titleViews[1].frameInRoot.minX) < 1)
        #expect(panel.minY >= MenuBarMetrics.barHeight)
        // Sliding along the bar opens each menu in turn.
        let id = h.host.touchDown(at: titleCentre(o, "Message"))
        h.host.drag(id, from: titleCentre(o, "Message"), to: titleCentre(o, "File"), duration: 0.2)
        #expect(o.openMenu == 0)
        h.host.touchUp(id, at: titleCentre(o, "File"))
        h.settle(0.3)
        let row = try #require(o.row(titled: "New Message"))
        let f = try #require(o.panelFrame)
        h.host.tap(at: Point(f.minX + 40, f.minY + o.layout!.rowFrames[row].midY))
        h.settle(0.4)
        #expect(log.performed == ["new"])
        #expect(o.phase == .gone && o.superview == nil)
        #expect(h.screen.focusedView === h.screen.rows[2], "focus is back where it was for the command")
    }

    @Test func theKeyboardWalksTheMenusAndEscapeStepsBack() {
        let log = BarLog()
        let (h, o) = present(log.bar())
        let d = h.screen.dispatcher!
        d.handle(KeyPress(.right))
        #expect(o.openMenu == 0)
        d.handle(KeyPress(.left))
        #expect(o.openMenu == 1, "around from the first to the last")
        #expect(o.rows[o.highlightedRow ?? 0].title.en == "Reply")
        d.handle(KeyPress(.down))
        d.handle(KeyPress(.down))
        #expect(o.rows[o.highlightedRow ?? 0].title.en == "Flag")
        d.handle(KeyPress(.down))
        d.handle(KeyPress(.right))
        #expect(o.submenuPath == [[2]])
        #expect(o.rows[o.highlightedRow ?? 0].title.en == "Archive")
        d.handle(KeyPress(.escape))
        #expect(o.submenuPath.isEmpty && o.openMenu == 1)
        d.handle(KeyPress(.escape))
        #expect(o.openMenu == nil && o.isActive)
        d.handle(KeyPress(.escape))
        h.settle(0.3)
        #expect(!o.isActive)
        #expect(log.performed.isEmpty)
    }

    @Test func typingSearchesAndReturnRunsTheFirstFound() {
        let log = BarLog()
        let (h, o) = present(log.bar())
        h.host.type("rep")
        #expect(o.results?.count == 2)
        #expect(o.rows.map(\.title.en) == ["Reply", "Reply All"])
        if case .action(let a)? = o.rows.first?.kind {
            #expect(a.subtitle?.en == "Message")
        } else {
            Issue.record("no row")
        }
        h.host.type("ly al")
        #expect(o.rows.map(\.title.en) == ["Reply All"])
        h.host.key(KeyPress(.return))
        h.settle(0.3)
        #expect(log.performed == ["reply-all"])
    }

    @Test func nothingFoundSaysSo() {
        let (h, o) = present(BarLog().bar(), language: .ru)
        h.host.type("зебра")
        #expect(o.rows.map(\.title.ru) == ["Ничего не найдено"])
    }

    @Test(arguments: [Appearance.light, .dark])
    func theMenuBarLooksAsIPadOS(_ appearance: Appearance) {
        let (h, o) = present(BarLog().bar())
        h.screen.appearance = appearance
        h.host.tap(at: titleCentre(o, "Message"))
        h.settle(0.4)
        o.setHighlight(o.row(titled: "Reply All"))
        expectReference(h.host.frame(), "menu-bar-\(appearance.rawValue)-en")
    }

    @Test func theShortcutsPanelListsTheCommandsByMenuInBalancedColumns() {
        let bar = BarLog().bar()
        let p = ShortcutsPanelView(menuBar: bar, title: "Mail", bounds: Rect(0, 0, 1024, 768), language: .en)
        p.fit(in: Rect(0, 0, 1024, 768))
        let lines = p.columns.flatMap { $0 }
        #expect(
            lines == [
                .heading("File"), .command(title: "New Message", shortcut: "⌃N", isDisabled: false),
                .heading("Message"), .command(title: "Reply", shortcut: "⌃R", isDisabled: false),
                .command(title: "Reply All", shortcut: "⌃⇧R", isDisabled: false),
                .command(title: "Flag", shortcut: "⌃⇧L", isDisabled: false),
            ])
        #expect(p.frame.midX == 512 && p.frame.height < 768)
        // Many groups spread over as many columns as the screen holds, none taller than it.
        let b = MenuBarBuilder(appName: "Big")
        for g in 0..<12 {
            b.insertSibling(
                Menu(LocalizedString(verbatim: "Menu \(g)"), identifier: "m\(g)") {
                    for k in 0..<8 {
                        Action(
                            LocalizedString(verbatim: "Do \(g).\(k)"), key: Key.function(k + 1), modifiers: [.control])
                    }
                }, afterMenu: MenuBar.Identifier.view)
        }
        let big = ShortcutsPanelView(menuBar: b.menuBar, title: "Big", bounds: Rect(0, 0, 1024, 768), language: .en)
        big.fit(in: Rect(0, 0, 1024, 768))
        #expect(big.columns.count == 2)
        // More than the screen holds is cut at its edge (the panel clips), not drawn past it.
        #expect(big.frame.height <= 768 - 2 * MenuMetrics.screenMargin && big.clipsToBounds)
    }
}
