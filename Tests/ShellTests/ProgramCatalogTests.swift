import Foundation
import Graphics
import Host
import ShellPorts
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// A program's window as the compositor would give it, with nothing behind it.
@MainActor final class StubToplevel: ForeignToplevel {
    let title: String
    let appID: String
    let processID: Int32
    var prefersCentred = false
    var picture: PixelImage? = PixelImage(width: 4, height: 4)
    var pictureSize: Size? { picture.map { Size(Double($0.width), Double($0.height)) } }
    var isCatchingUp = false
    var damage: Rect?
    var popups: [ForeignPopup] = []
    var onChange: (() -> Void)?
    var inhibitsShortcuts = false
    var isDraggingBetweenPrograms = false
    var isResponding = true
    /// Whether the shell asked the program to close it.
    private(set) var closeAsked = false

    init(appID: String, title: String = "Window", processID: Int32 = 0) {
        self.appID = appID
        self.title = title
        self.processID = processID
    }

    func configure(size: Size, states: ToplevelStates) {}
    func close() { closeAsked = true }
    func pointer(_ event: ForeignPointerEvent) {}
    func setKeyboardFocus(_ focused: Bool) {}
    func key(_ press: KeyPress) -> Bool { false }
    func frameShown() {}
    func restoreShortcuts() {}
    func forceQuit() {}
}

/// A desktop entry of a program `id` named `name`.
func programEntry(_ id: String, _ name: String, icon: String? = nil, actions: [String] = []) throws -> DesktopEntry {
    var text = "[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(id)\nCategories=Utility;\n"
    if let icon { text += "Icon=\(icon)\n" }
    if !actions.isEmpty {
        text += "Actions=\(actions.joined(separator: ";"));\n"
        for action in actions {
            text += "\n[Desktop Action \(action)]\nName=\(action.capitalized)\nExec=\(id) --\(action)\n"
        }
    }
    return try DesktopEntry(parsing: text, id: id)
}

/// The programs' catalog read again: new programs come, changed ones change, gone ones go from every
/// place an icon is (the Home screen, the Dock, the App Library, Spotlight), and a program running
/// when its file goes keeps its windows until they close.
@MainActor @Suite struct ProgramCatalogTests {
    /// Notes, at the Home screen, and the programs Alpha, Bravo and Charlie (Charlie in the Dock).
    func installed() throws -> ShellWorld {
        let w = world()
        try run(w, "launch Notes\nkey ctrl+h")
        let entries = try [
            programEntry("alpha", "Alpha"), programEntry("bravo", "Bravo"), programEntry("charlie", "Charlie"),
        ]
        w.shell.install(catalog: DesktopCatalog(entries: entries, dock: ["charlie"]))
        w.host.run(for: 0.3)
        return w
    }

    /// Every place an icon of `identifier` could be.
    func places(of identifier: String, in w: ShellWorld) -> [String] {
        var out: [String] = []
        if w.shell.apps.contains(where: { $0.identifier == identifier }) { out.append("apps") }
        if w.shell.home.icons.contains(where: { $0.appIdentifier == identifier }) { out.append("Home") }
        if w.shell.dock.icons.contains(where: { $0.appIdentifier == identifier }) { out.append("Dock") }
        if w.shell.home.library.groups.contains(where: { $0.apps.contains(identifier) }) { out.append("Library") }
        if w.shell.spotlight.index.search("", limit: 10_000).contains(where: { $0.item.id.hasSuffix(identifier) })
            || w.shell.spotlight.index.alphabetical(kinds: [.app, .program], language: .en, matching: "")
                .contains(where: { $0.id.hasSuffix(identifier) })
        {
            out.append("Spotlight")
        }
        return out
    }

    @Test func aNewCatalogInstallsWhatCameUpdatesWhatChangedAndUninstallsWhatWent() throws {
        let w = try installed()
        #expect(places(of: "desktop:charlie", in: w) == ["apps", "Home", "Dock", "Library", "Spotlight"])
        let icon = PixelImage(width: 2, height: 2)
        let catalog = DesktopCatalog(
            entries: try [
                programEntry("alpha", "Alpha"),
                programEntry("bravo", "Bravo Two", icon: "bravo", actions: ["new-window"]),
                programEntry("delta", "Delta"),
            ], dock: ["charlie"])
        w.shell.apply(catalog: catalog) { $0.id == "bravo" ? icon : nil }
        w.host.run(for: 0.3)
        #expect(places(of: "desktop:charlie", in: w) == [], "the program gone is nowhere")
        #expect(w.shell.departingApps.isEmpty, "it had no window")
        #expect(places(of: "desktop:delta", in: w) == ["apps", "Home", "Library", "Spotlight"])
        let bravo = try #require(w.shell.app("desktop:bravo")?.application as? ForeignApp)
        #expect(bravo.displayName.en == "Bravo Two")
        #expect(bravo.entry?.actions.map(\.id) == ["new-window"])
        #expect(bravo.iconImage == icon, "a changed file draws its icon again")
        #expect(w.shell.home.icons.first { $0.appIdentifier == "desktop:bravo" }?.nameLabel.text == "Bravo Two")
        #expect(w.shell.spotlight.index.search("Bravo Two").contains { $0.item.id.hasSuffix("desktop:bravo") })
        // Slate's own app is in no catalog and stays.
        #expect(w.shell.app("Notes") != nil)
        #expect(w.shell.home.icons.contains { $0.appIdentifier == w.shell.app("Notes")?.identifier })
        // The Home screen's kept arrangement gave up Charlie's place.
        let kept = try JSONDecoder().decode(
            HomeLayout.self, from: Data(contentsOf: try #require(w.shell.homeController.file)))
        #expect(!kept.identifiers.contains("desktop:charlie"))
        #expect(kept.identifiers.contains("desktop:delta"))
    }

    @Test func aProgramRunningWhenItsFileGoesKeepsItsWindowUntilItCloses() throws {
        let w = try installed()
        let window = StubToplevel(appID: "charlie", title: "Charlie's window")
        w.shell.adopt(window)
        w.host.run(for: 0.5)
        let app = try #require(w.shell.app("desktop:charlie"))
        let id = try #require(w.shell.windows(of: app).first?.id)
        w.shell.apply(
            catalog: DesktopCatalog(entries: try [programEntry("alpha", "Alpha"), programEntry("bravo", "Bravo")]))
        w.host.run(for: 0.5)
        #expect(places(of: "desktop:charlie", in: w) == [], "its icon went")
        #expect(w.shell.departingApps.contains { $0 === app })
        #expect(w.shell.windows[id] != nil && w.shell.visibleWindows.contains(id), "its window stays, shown")
        #expect(w.shell.app(ofWindow: id) === app)
        #expect(!window.closeAsked, "nothing was closed")
        // Exposé still shows the window; the Dock's recent apps do not show the program.
        #expect(!w.shell.dock.icons.contains { $0.appIdentifier == "desktop:charlie" })
        // The program closes its last window: the app is gone.
        w.shell.toplevelDidClose(window)
        w.host.run(for: 0.5)
        #expect(w.shell.windows[id] == nil)
        #expect(w.shell.departingApps.isEmpty)
        #expect(w.shell.hostedApps.allSatisfy { $0 !== app })
    }

    @Test func aProgramInstalledAgainWhileItRunsGetsItsIconBack() throws {
        let w = try installed()
        let window = StubToplevel(appID: "charlie")
        w.shell.adopt(window)
        w.host.run(for: 0.5)
        let app = try #require(w.shell.app("desktop:charlie"))
        let others = try [programEntry("alpha", "Alpha"), programEntry("bravo", "Bravo")]
        w.shell.apply(catalog: DesktopCatalog(entries: others))
        #expect(w.shell.departingApps.contains { $0 === app })
        w.shell.apply(catalog: DesktopCatalog(entries: others + [try programEntry("charlie", "Charlie")]))
        w.host.run(for: 0.3)
        #expect(w.shell.app("desktop:charlie") === app, "the same app, its window with it")
        #expect(w.shell.departingApps.isEmpty)
        #expect(places(of: "desktop:charlie", in: w).contains("Home"))
    }

    @Test func aFileThatCannotBeReadIsSaidOnceNotAtEveryReading() throws {
        let w = try installed()
        var lines: [String] = []
        w.shell.environment.errors.log = { lines.append($0) }
        let entries = try [programEntry("alpha", "Alpha")]
        let broken = DesktopCatalog(entries: entries, warnings: ["skipping /x/broken.desktop: no Name key"])
        w.shell.apply(catalog: broken)
        w.shell.apply(catalog: broken)
        #expect(lines == ["skipping /x/broken.desktop: no Name key"])
    }
}
