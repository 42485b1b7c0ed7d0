import Foundation
import Graphics
import Search
import ShellPorts
import SlateTesting
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// Spotlight as a person uses it: Ctrl+Space anywhere or a swipe down on the Home screen, typing,
/// the arrows and Return; apps and programs by their names, kinds, keywords and executables in both
/// languages, and the focused app's menu commands.
@MainActor @Suite struct SpotlightTests {
    static let browser = """
        [Desktop Entry]
        Type=Application
        Name=Firefox ESR
        GenericName=Web Browser
        GenericName[ru]=Веб-браузер
        Keywords=Internet;WWW;
        Exec=/usr/lib/firefox-esr/firefox-esr %u
        Categories=Network;WebBrowser;
        Actions=new-private-window;

        [Desktop Action new-private-window]
        Name=New Private Window
        Name[ru]=Новое приватное окно
        Exec=firefox-esr --private-window %u
        """

    /// Notes and a browser installed, at the Home screen.
    func world() throws -> ShellWorld {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-spotlight-\(UUID())")
        let w = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: home, scale: 1)
        try run(w, "launch Notes\nkey ctrl+h")
        let entry = try DesktopEntry(parsing: Self.browser, id: "firefox-esr")
        w.shell.install(catalog: DesktopCatalog(entries: [entry]))
        w.host.run(for: 0.3)
        return w
    }

    func titles(_ w: ShellWorld) -> [String] {
        (w.shell.spotlightView?.rows ?? []).map { $0.item.title.resolved(w.shell.language) }
    }

    @Test func ctrlSpaceFindsAnAppAndReturnOpensIt() throws {
        let w = try world()
        try run(w, "key ctrl+space")
        let spotlight = try #require(w.shell.spotlightView)
        #expect(w.shell.focusedView === spotlight.field, "the field takes the keys")
        try run(w, "type \"not\"")
        #expect(titles(w).first == "Notes")
        expectReference(w.host.frame(), "spotlight-notes-en")
        // A screen reader reads Spotlight alone: the Home screen and the Dock under it leave the tree.
        let elements = w.shell.accessibilityElements()
        #expect(!elements.contains { $0.path.contains("Dock") || $0.path.contains("Home Screen") }, "\(elements)")
        #expect(elements.contains { $0.label == "Notes" && $0.traits.contains(.button) })
        try run(w, "key return\nexpect windows Notes 1")
        #expect(!w.shell.isSpotlightShown)
        #expect(!w.shell.visibleWindows.isEmpty)
    }

    @Test(arguments: ["brow", "web", "веб", "www", "firefox-esr", "fire esr"])
    func aProgramIsFoundByItsKindKeywordsExecutableAndActions(_ query: String) throws {
        let w = try world()
        w.shell.showSpotlight()
        try run(w, "type \"\(query)\"")
        #expect(titles(w).first == "Firefox ESR", "\(query): \(titles(w))")
    }

    @Test func aProgramsActionIsAResultOfItsOwnAndReturnStartsIt() throws {
        let w = try world()
        let firefox = try #require(
            w.shell.apps.first { $0.identifier == "desktop:firefox-esr" }?.application as? ForeignApp)
        var started: [String] = []
        firefox.launchAction = { _, action in
            started.append(action.id)
            return true
        }
        // Found by its Russian name too, with the shell in English.
        try run(w, "key ctrl+space\ntype \"ПРИВАТН\"")
        let rows = try #require(w.shell.spotlightView?.rows)
        #expect(rows.first?.item.title.resolved(.en) == "New Private Window")
        #expect(rows.first?.item.subtitle?.resolved(.en) == "Firefox ESR")
        #expect(rows.contains { $0.item.title.resolved(.en) == "Firefox ESR" }, "the program too")
        try run(w, "key return")
        #expect(started == ["new-private-window"])
        #expect(!w.shell.isSpotlightShown)
    }

    @Test func nothingIsFoundByThePartsOfWordsOrByNothing() throws {
        let w = try world()
        w.shell.showSpotlight()
        try run(w, "type \"fox\"")
        #expect(titles(w).isEmpty)
        #expect(w.shell.spotlightView?.selected == nil)
        try run(w, "key return")
        #expect(w.shell.isSpotlightShown, "Return with nothing found opens nothing")
    }

    @Test func theFocusedAppsCommandsAreFoundAndActInItsWindow() throws {
        let w = try world()
        try run(w, "tap \"Notes\"\nexpect windows Notes 1\nkey ctrl+space\ntype \"new win\"")
        let rows = try #require(w.shell.spotlightView?.rows)
        let command = try #require(rows.first { $0.item.kind == .command })
        #expect(command.item.title.resolved(.en) == "New Window")
        #expect(command.item.subtitle?.resolved(.en) == "File")
        // The arrows move to it; Return runs it in the window Spotlight opened over.
        let position = try #require(rows.firstIndex { $0 === command })
        for _ in 0..<position { try run(w, "key down") }
        #expect(w.shell.spotlightView?.selected == position)
        try run(w, "key return\nexpect windows Notes 2")
    }

    @Test func aSwipeDownOnTheHomeScreenBringsItAndEscPutsItAway() throws {
        let w = try world()
        try run(w, "swipe down")
        #expect(w.shell.isSpotlightShown)
        try run(w, "key escape")
        #expect(!w.shell.isSpotlightShown)
        // A tap outside its field and results puts it away too; locking does.
        try run(w, "key ctrl+space\ntap 60,900")
        #expect(!w.shell.isSpotlightShown)
        try run(w, "key ctrl+space\nlock")
        #expect(!w.shell.isSpotlightShown, "nothing of Spotlight over the lock screen")
    }

    @Test func inRussianTheProgramsRussianWordsFindIt() throws {
        let w = try world()
        try run(w, "locale ru")
        let entry = try DesktopEntry(parsing: Self.browser, id: "firefox-esr")
        w.shell.install(catalog: DesktopCatalog(entries: [entry]))
        try run(w, "key ctrl+space\ntype \"новое прив\"")
        #expect(titles(w).first == "Новое приватное окно")
        #expect(titles(w).contains("Firefox ESR"))
        expectReference(w.host.frame(), "spotlight-private-window-ru")
    }
}
