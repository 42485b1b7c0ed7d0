import Foundation
import Graphics
import Scenes
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

    /// A letter that keeps results keeps their rows: only new rows are made (drawn straight), a kept
    /// row keeps its picture; every row is read in the results' order.
    @Test func rowsShownForTheLastLetterAreKept() throws {
        let w = try world()
        try run(w, "key ctrl+space\ntype \"n\"")
        let spotlight = try #require(w.shell.spotlightView)
        let before = spotlight.rows
        #expect(before.count >= 2, "\(titles(w))")
        _ = w.host.frame()
        let drawn = View.picturesDrawn
        try run(w, "type \"o\"")
        _ = w.host.frame()
        let kept = spotlight.rows.filter { row in before.contains { $0 === row } }
        #expect(!kept.isEmpty && titles(w).first == "Notes", "\(titles(w))")
        // New rows are drawn straight; a kept row's picture is made once, then copied.
        #expect(View.picturesDrawn - drawn <= kept.count + 1, "no picture for a new row")
        #expect(
            kept.allSatisfy(\.rasterizes)
                && !spotlight.rows.contains { row in !kept.contains { $0 === row } && row.rasterizes })
        let madeOnce = View.picturesDrawn
        spotlight.setNeedsDisplay()
        _ = w.host.frame()
        #expect(View.picturesDrawn == madeOnce, "kept rows copied, not drawn again")
        let order = spotlight.rows.flatMap { row in [row.header, row].compactMap { $0 } }
        #expect(order.allSatisfy { $0.superview != nil })
        let platter = try #require(spotlight.rows.first?.superview)
        let listed = platter.subviews.filter { view in order.contains { $0 === view } }
        #expect(listed.elementsEqual(order, by: ===), "read in the results' order")
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

/// What apps offer Spotlight (`SceneSystem.indexSearchableItems`, as Core Spotlight): found as the
/// person types under the app's name, opened in the app's window, taken out by identifier or domain,
/// kept across a restart, bounded, and a process's change that does not decode said in one line.
@MainActor @Suite struct SpotlightAppItemTests {
    func world(stateHome: URL? = nil) throws -> (ShellWorld, ShellApp) {
        let home = stateHome ?? FileManager.default.temporaryDirectory.appendingPathComponent("slate-items-\(UUID())")
        let w = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: home, scale: 1)
        try run(w, "launch Notes\nkey ctrl+h")
        return (w, try #require(w.shell.app("org.slate.test.notes")))
    }

    func note(_ title: String, domain: String = "notes", text: String? = nil) -> SearchableItem {
        SearchableItem(
            identifier: "note/\(title)", domain: domain, kind: .document, title: title, text: text,
            userActivity: NotesApp.activity(title))
    }

    /// Runs frames until the offered items are indexed.
    func settle(_ w: ShellWorld) {
        var frames = 0
        while w.shell.isIndexingSpotlightItems, frames < 600 {
            w.host.run(for: 1.0 / 60)
            frames += 1
        }
    }

    func titles(_ w: ShellWorld, typing query: String) throws -> [String] {
        try run(w, "key ctrl+space\ntype \"\(query)\"")
        defer { w.shell.hideSpotlight() }
        return (w.shell.spotlightView?.rows ?? []).map { $0.item.title.resolved(w.shell.language) }
    }

    @Test func anAppsItemsAreFoundUnderItsNameAndOpenTheirWindow() throws {
        let (w, notes) = try world()
        try notes.indexSearchableItems([
            note("Shopping", text: "milk, bread and dark chocolate"), note("Ideas"), note("Встреча завтра"),
        ])
        settle(w)
        #expect(try titles(w, typing: "chocolate") == ["Shopping"], "found by its text")
        try run(w, "key ctrl+space\ntype \"встр\"")
        #expect(w.shell.spotlightView?.rows.map { $0.item.title.en } == ["Встреча завтра"])
        try run(w, "key return")
        #expect(w.shell.visibleWindows.contains { w.shell.windows[$0]?.scene.title == "Встреча завтра" })
    }

    @Test func itemsGoByIdentifierByDomainAndAllTogether() throws {
        let (w, notes) = try world()
        try notes.indexSearchableItems([note("Alpha one"), note("Alpha two", domain: "work"), note("Alpha three")])
        settle(w)
        #expect(try titles(w, typing: "alpha").count == 3)
        try notes.deleteSearchableItems(identifiers: ["note/Alpha one"])
        try notes.deleteSearchableItems(domains: ["work"])
        settle(w)
        #expect(try titles(w, typing: "alpha") == ["Alpha three"])
        try notes.deleteSearchableItems(domains: nil)
        settle(w)
        #expect(try titles(w, typing: "alpha").isEmpty)
    }

    @Test func theItemsAreKeptAcrossARestart() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("slate-items-\(UUID())")
        let (first, notes) = try world(stateHome: state)
        try notes.indexSearchableItems([note("Kept note", text: "remembered across restarts")])
        settle(first)
        first.host.run(for: SpotlightController.saveDelay + 0.5)
        let file = state.appendingPathComponent("slate/shell/spotlight/org.slate.test.notes.json")
        #expect(FileManager.default.fileExists(atPath: file.path))
        // A new shell, the app not offering anything: what it offered is found.
        let (second, _) = try world(stateHome: state)
        settle(second)
        #expect(try titles(second, typing: "remembered") == ["Kept note"])
        // A kept file that does not read is set aside in one line.
        try Data("[{\"identifier\": 1".utf8).write(to: file)
        var lines: [String] = []
        let third = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: state, scale: 1)
        third.shell.environment.errors.log = { lines.append($0) }
        try run(third, "launch Notes\nkey ctrl+h")
        settle(third)
        #expect(lines.filter { $0.contains("spotlight/org.slate.test.notes.json") }.count == 1, "\(lines)")
        #expect(FileManager.default.fileExists(atPath: file.path + ".unreadable"))
    }

    @Test func hostileItemsAreBoundedAndTooManyAreRefusedWhole() throws {
        let (w, notes) = try world()
        let huge = String(repeating: "ж", count: 600_000)
        try notes.indexSearchableItems([
            SearchableItem(
                identifier: "huge", kind: .document, title: huge, text: huge + " needle",
                keywords: Array(repeating: "word", count: 10_000), userActivity: NotesApp.activity("huge"))
        ])
        let kept = try #require(w.shell.spotlight.appItems["org.slate.test.notes"]?[identifier: "huge"])
        #expect(kept.title.utf8.count <= SearchableItem.fieldLimit)
        #expect((kept.text?.utf8.count ?? 0) <= SearchableItem.textLimit)
        #expect(kept.keywords.count == SearchableItem.keywordLimit)
        var lines: [String] = []
        w.shell.environment.errors.log = { lines.append($0) }
        let many = (0...SearchableItem.appLimit).map { number in
            SearchableItem(
                identifier: "n\(number)", kind: .document, title: "n", userActivity: NotesApp.activity("n"))
        }
        #expect(throws: SceneError.tooManySearchableItems(app: "org.slate.test.notes", limit: SearchableItem.appLimit))
        {
            try notes.indexSearchableItems(many)
        }
        #expect(w.shell.spotlight.appItems["org.slate.test.notes"]?.count == 1, "none of them taken")
        #expect(lines.count == 1, "\(lines)")
        // A process's change that does not decode: one line, nothing changed.
        w.shell.spotlight.received(Data("{\"index\": [1, 2".utf8), from: notes)
        settle(w)
        #expect(lines.count == 2 && lines[1].contains("does not decode"), "\(lines)")
        #expect(w.shell.spotlight.appItems["org.slate.test.notes"]?.count == 1)
    }
}
