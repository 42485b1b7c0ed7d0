import Foundation
import Graphics
import Host
import Menus
import Scenes
import SlateTesting
import Testing
@_spi(Testing) import UI

@testable import Shell
@testable import SlateScripts

/// An app with a menu bar of its own: New Draft takes Ctrl+N, and its window is a text to edit.
@MainActor final class ComposerApp: Application {
    let identifier = "org.slate.test.composer"
    let displayName = LocalizedString(en: "Composer", ru: "Черновики")
    let icon = AppIcon(symbol: "pencil", topColor: .systemBlue, bottomColor: .systemIndigo)
    let activityTypes: Set<String> = []
    var drafts = 0

    var configurations: [SceneConfiguration] {
        [SceneConfiguration(name: "Draft", role: .primary) { ComposerDelegate() }]
    }

    func buildMenuBar(_ builder: MenuBarBuilder, for scene: WindowScene) {
        builder.insertChild(
            .action(
                Action(LocalizedString(en: "New Draft", ru: "Новый черновик"), identifier: "new-draft", key: "n") {
                    [weak self] _ in self?.drafts += 1
                }), atStartOfMenu: MenuBar.Identifier.newScene)
    }
}

@MainActor final class ComposerDelegate: SceneDelegate {
    let text = TextView(text: "Dear Anna,")

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.title = "Draft"
        text.accessibilityLabel = "Draft text"
        scene.rootView = text
    }

    func sceneDidBecomeActive(_ scene: WindowScene) { _ = text.root?.setFocus(text) }
}

@MainActor func menuBarWorld() -> ShellWorld {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-menubar-\(UUID())")
    return ShellWorld(
        catalog: ["Notes": { NotesApp() }, "Composer": { ComposerApp() }], stateHome: home, scale: 1)
}

@MainActor @Suite struct MenuBarShellTests {
    func rows(_ w: ShellWorld) -> [String?] {
        (try? w.menuRows()) ?? []
    }

    @Test func theSwipeFromTheTopEdgeShowsTheFocusedAppsMenuBarWithTheSystemsMenus() throws {
        let w = menuBarWorld()
        try run(w, "launch Notes\nshow menu bar")
        let bar = try #require(w.shell.menuBarOverlay)
        // Edit is always there (its commands greyed with nothing to edit), as on iPadOS.
        #expect(bar.strip.titleViews.map(\.title) == ["Notes", "File", "Edit", "Window"])
        try run(w, "tap \"Notes\" in menu bar")
        #expect(rows(w) == ["About Notes", nil, "Settings…", nil, "Quit Notes"])
        let settings = try #require(bar.row(titled: "Settings…"))
        #expect(!bar.rows[settings].isSelectable, "greyed: the app has no settings")
        try run(w, "tap \"File\" in menu bar\nexpect menu \"New Window\", —, \"Close Window\"")
        try run(w, "tap \"Window\" in menu bar")
        #expect(
            rows(w) == [
                "Full Screen", "Split View", "Slide Over", nil, "Open in New Window", nil, "Notes", nil,
                "Show All Windows",
            ])
        // The arrangement and the window shown are checked.
        let checked = bar.rows.compactMap { r -> String? in
            if case .action(let a) = r.kind, a.state == .on { return a.title.en }
            return nil
        }
        #expect(checked == ["Full Screen", "Notes"])
        // A swipe from the top edge over nothing (the Home screen) shows no menu bar.
        try run(w, "key escape\nkey escape\nkey ctrl+h\nshow menu bar")
        #expect(w.shell.menuBarOverlay == nil)
    }

    @Test func f10AndThePointerPushedToTheTopShowIt() throws {
        let w = menuBarWorld()
        try run(w, "launch Notes\nkey f10")
        #expect(w.shell.menuBarOverlay != nil)
        try run(w, "key f10")
        #expect(w.shell.menuBarOverlay == nil)
        w.host.pointer(.hover(Point(400, 300)))
        w.host.pointer(.hover(Point(400, 0)))
        w.host.run(for: 0.3)
        #expect(w.shell.menuBarOverlay?.hidesWhenPointerLeaves == true)
        // Leaving it (with no menu open) puts it away, as it came.
        w.host.pointer(.hover(Point(400, 300)))
        w.host.run(for: 0.3)
        #expect(w.shell.menuBarOverlay == nil)
    }

    @Test func neitherThePointerNorF10BringItOverControlCenter() throws {
        // Found on a real machine with a mouse (make machine): the pointer at the top edge brought
        // the app's menu bar down over Control Center, where the click meant for its backdrop fell.
        let w = menuBarWorld()
        try run(w, "launch Notes")
        w.shell.showControlCenter(animated: false)
        w.host.pointer(.hover(Point(400, 300)))
        w.host.pointer(.hover(Point(400, 0)))
        w.host.run(for: 0.3)
        #expect(w.shell.menuBarOverlay == nil)
        try run(w, "key f10")
        #expect(w.shell.menuBarOverlay == nil)
        w.shell.hideControlCenter(animated: false)
        try run(w, "key f10")
        #expect(w.shell.menuBarOverlay != nil, "with Control Center gone, it comes again")
    }

    @Test func holdingCtrlAMomentListsTheShortcutsUntilItIsLetGo() throws {
        let w = menuBarWorld()
        try run(w, "launch Notes")
        w.host.modifiers(.control)
        w.host.run(for: MenuBarMetrics.shortcutsPanelDelay - 0.2)
        #expect(w.shell.shortcutsPanel == nil, "not at once: Ctrl is usually on its way to a shortcut")
        w.host.run(for: 0.4)
        let panel = try #require(w.shell.shortcutsPanel)
        #expect(
            panel.columns.flatMap { $0 }.contains(.command(title: "Close Window", shortcut: "⌃W", isDisabled: false)))
        w.host.modifiers([])
        w.host.run(for: 0.3)
        #expect(w.shell.shortcutsPanel == nil && panel.superview == nil)
        // A key pressed while it is held is a shortcut, not a hold.
        w.host.modifiers(.control)
        w.host.run(for: 0.5)
        w.host.key(KeyPress(.character("x"), modifiers: .control))
        w.host.run(for: 1)
        #expect(w.shell.shortcutsPanel == nil)
        w.host.modifiers([])
    }

    @Test func theAppsOwnShortcutComesFirstAndNewWindowMovesAside() throws {
        let w = menuBarWorld()
        try run(w, "launch Composer\nkey ctrl+n\nexpect windows Composer 1")
        let app = try #require(w.shell.app("org.slate.test.composer")?.application as? ComposerApp)
        #expect(app.drafts == 1)
        try run(w, "key ctrl+alt+n\nexpect windows Composer 2")
        try run(
            w, "show menu bar\ntap \"File\" in menu bar\nexpect menu \"New Draft\", \"New Window\", —, \"Close Window\""
        )
        let bar = try #require(w.shell.menuBarOverlay)
        let newWindow = try #require(bar.row(titled: "New Window"))
        guard case .action(let a) = bar.rows[newWindow].kind else { throw CancellationError() }
        #expect(a.shortcut?.symbols == "⌃⌥N")
    }

    @Test func editCommandsAreTheFocusedTextsAndActOnIt() throws {
        let w = menuBarWorld()
        try run(w, "launch Composer\nshow menu bar\ntap \"Edit\" in menu bar")
        let bar = try #require(w.shell.menuBarOverlay)
        func enabled(_ t: String) -> Bool { bar.row(titled: t).map { bar.rows[$0].isSelectable } ?? false }
        #expect(enabled("Select All") && !enabled("Undo") && !enabled("Copy"))
        try run(w, "tap \"Select All\" in menu")
        let text = try #require(w.shell.windows.values.first?.scene.rootView.firstView { $0 is TextView } as? TextView)
        #expect(text.selectedText == "Dear Anna,")
        #expect(w.shell.focusedView === text, "focus is back in the text")
        try run(w, "type \"Hi\"\nkey ctrl+z")
        #expect(text.text == "Dear Anna,")
    }

    @Test func aboutShowsTheAppsCardAndQuitTakesItsWindowsAway() throws {
        let w = menuBarWorld()
        try run(w, "launch Notes\nshow menu bar\ntap \"Notes\" in menu bar\ntap \"About Notes\" in menu")
        #expect(w.shell.systemMenus.about != nil)
        try run(w, "expect visible \"Notes\"\nkey escape")
        #expect(w.shell.systemMenus.about == nil)
        try run(w, "key ctrl+q")
        #expect(w.shell.visibleWindows.isEmpty)
        let app = try #require(w.shell.app("org.slate.test.notes"))
        #expect(app.openSessions.count == 1, "its windows are kept for when it opens again")
        w.shell.openApp(app)
        #expect(w.shell.visibleWindows.count == 1)
    }

    @Test func theMenuBarInRussian() throws {
        let w = menuBarWorld()
        try run(w, "locale ru\nlaunch Notes\nshow menu bar\ntap \"Окно\" in menu bar")
        #expect(
            rows(w) == [
                "Во весь экран", "Split View", "Slide Over", nil, "Открыть в новом окне", nil, "Notes", nil,
                "Показать все окна",
            ])
    }
}
