import Foundation
import Graphics
import ShellPorts
import SlateTesting
import Testing
@_spi(Testing) import UI

@testable import Shell
@testable import SlateScripts

/// The arrangement of the Home screen as a model: where new apps land and where gone ones leave.
@Suite struct HomeLayoutTests {
    @Test func aFirstLayoutFillsPagesInOrder() {
        let layout = HomeLayout(fresh: (1...7).map { "app\($0)" }, perPage: 3)
        #expect(layout.pages == [["app1", "app2", "app3"], ["app4", "app5", "app6"], ["app7"]])
    }

    @Test func aNewAppLandsOnTheLastPageWithRoomAndANewPageWhenFull() {
        var layout = HomeLayout(pages: [["a", "b", "c"], ["d"]])
        let changed = layout.reconcile(installed: ["a", "b", "c", "d", "e"], perPage: 3)
        #expect(changed)
        #expect(layout.pages == [["a", "b", "c"], ["d", "e"]])
        layout.reconcile(installed: ["a", "b", "c", "d", "e", "f", "g"], perPage: 3)
        #expect(layout.pages == [["a", "b", "c"], ["d", "e", "f"], ["g"]])
        // Nothing new: nothing changes, and it says so.
        let unchanged = !layout.reconcile(installed: ["g", "f", "e", "d", "c", "b", "a"], perPage: 3)
        #expect(unchanged)
    }

    @Test func aGoneAppLeavesItsPlaceAndAnEmptyPageGoes() {
        var layout = HomeLayout(pages: [["a", "b", "c"], ["d"], ["e", "f"]])
        // As the shell starts, an app not installed yet keeps its place…
        var starting = layout
        starting.reconcile(installed: ["a", "c", "e", "f", "g"], perPage: 3)
        #expect(starting.pages == [["a", "b", "c"], ["d"], ["e", "f", "g"]])
        // …and once every app is there, the ones that went give theirs up.
        layout.reconcile(installed: ["a", "c", "e", "f"], perPage: 3, pruning: true)
        #expect(layout.pages == [["a", "c"], ["e", "f"]])
        // The person's order on a page is kept; a name twice keeps its first place.
        var twice = HomeLayout(pages: [["c", "a", "c"], ["a", "b"]])
        twice.reconcile(installed: ["a", "b", "c"], perPage: 3, pruning: true)
        #expect(twice.pages == [["c", "a"], ["b"]])
    }

    @Test func aPlaceMovedMakesRoomAndAFullPagePushesItsLastOn() {
        var layout = HomeLayout(pages: [["a", "b", "c"], ["d", "e", "f"], ["g"]])
        layout.take("a")
        layout.insert("a", page: 1, slot: 1, perPage: 3)
        #expect(layout.pages == [["b", "c"], ["d", "a", "e"], ["f", "g"]])
        // Past the last page: a new one.
        layout.take("b")
        layout.insert("b", page: 9, slot: 0, perPage: 3)
        #expect(layout.pages == [["c"], ["d", "a", "e"], ["f", "g"], ["b"]])
    }

    @Test func twoAppsMakeAFolderAndItsSecondLastAppEndsIt() throws {
        var layout = HomeLayout(pages: [["a", "b", "c"], ["d"]])
        let made = layout.merge(app: "d", onto: "b", folderID: layout.newFolderID())
        let folder = try #require(made)
        #expect(folder.apps == ["b", "d"])
        #expect(layout.pages[0][1] == .folder(folder))
        #expect(layout.pages[1].isEmpty, "the page d left is empty until it closes up")
        layout.closeUp()
        #expect(layout.pages.count == 1)
        // Onto the folder: it joins; into itself: nothing happens (nothing lost).
        layout.merge(app: "c", onto: folder.key, folderID: "x")
        #expect(layout.folder(keyed: folder.key)?.apps == ["b", "d", "c"])
        let again = layout.merge(app: "c", onto: folder.key, folderID: "x")
        #expect(again == nil)
        #expect(layout.identifiers.sorted() == ["a", "b", "c", "d"])
        layout.rename(folder: folder.key, to: "  Web ")
        #expect(layout.folder(keyed: folder.key)?.name == "Web")
        // Out of it one by one: the last but one leaves the last app in its place.
        layout.takeFromFolder("b")
        layout.takeFromFolder("d")
        #expect(layout.pages == [["a", "c"]])
        // A folder's apps are not new apps to place again.
        var kept = HomeLayout(pages: [["a", .folder(HomeScreenFolder(id: "1", apps: ["b", "c"]))]])
        let keptChanged = kept.reconcile(installed: ["a", "b", "c"], perPage: 3)
        #expect(!keptChanged)
        kept.reconcile(installed: ["a", "b"], perPage: 3, pruning: true)
        #expect(kept.pages == [["a", "b"]], "a folder left with one app becomes the app")
    }

    @Test func anAppMovedWithinItsFolderTakesItsNewPlace() {
        var layout = HomeLayout(pages: [["a", .folder(HomeScreenFolder(id: "1", apps: ["b", "c", "d"]))]])
        let held = layout.moveInFolder("d", to: 0)
        #expect(held)
        #expect(layout.folder(keyed: "folder:1")?.apps == ["d", "b", "c"])
        layout.moveInFolder("d", to: 99)
        #expect(layout.folder(keyed: "folder:1")?.apps == ["b", "c", "d"], "past the end: last")
        let heldA = layout.moveInFolder("a", to: 0)
        #expect(!heldA, "an app in no folder stays")
        #expect(layout.pages[0][0] == "a")
    }

    @Test func aFolderGoesIntoTheDockAndAnAppDroppedOnADockAppMakesOneThere() throws {
        var layout = HomeLayout(pages: [["a", .folder(HomeScreenFolder(id: "1", apps: ["b", "c"]))], ["d", "e"]])
        layout.offPages = ["x", "y"]  // the Dock's apps, as the edits keep them
        let moved = layout.moveFolderToDock("folder:1", at: 1, shown: ["x", "y"])
        #expect(moved)
        #expect(layout.pages[0] == ["a"])
        #expect(layout.dockOrder == ["x", "folder:1", "y"])
        #expect(layout.folder(keyed: "folder:1")?.apps == ["b", "c"], "found in the Dock")
        // An app joins the Dock's folder; another dropped on a Dock app makes a folder in its place.
        layout.merge(app: "d", onto: "folder:1", inDock: true, folderID: "9")
        #expect(layout.dockFolders.first?.apps == ["b", "c", "d"])
        let newID = layout.newFolderID()
        let merged = layout.merge(app: "e", onto: "y", inDock: true, folderID: newID)
        let made = try #require(merged)
        #expect(made.apps == ["y", "e"] && made.id == "2")
        #expect(layout.dockOrder == ["x", "folder:1", made.key])
        #expect(layout.offPages == ["x"], "y is in the folder now")
        layout.closeUp()
        #expect(layout.pages == [["a"]])
        // Kept across a reconcile: not placed again as new apps; written and read back.
        let unchanged = !layout.reconcile(installed: ["a", "b", "c", "d", "e", "x", "y"], perPage: 3)
        #expect(unchanged)
        let again = try JSONDecoder().decode(HomeLayout.self, from: JSONEncoder().encode(layout))
        #expect(again == layout)
        // Out of the Dock's folder one by one: its last app takes its place in the Dock's order.
        layout.takeFromFolder("y")
        #expect(layout.dockOrder == ["x", "folder:1", "e"])
        #expect(layout.dockFolders.map(\.key) == ["folder:1"])
        #expect(layout.offPages == ["x", "e"], "e stays in the Dock, off the pages")
        // An uninstalled app leaves a Dock's folder; one left with one app lets it go to the pages.
        layout.reconcile(installed: ["a", "b", "e", "x"], perPage: 3, pruning: true)
        #expect(layout.dockFolders.isEmpty)
        #expect(layout.dockOrder == ["x", "e"])
        #expect(layout.pages == [["a", "b"]], "b, alone, placed as a new app is")
        // A folder taken out of the Dock, for a page.
        var other = HomeLayout(pages: [[.folder(HomeScreenFolder(id: "1", apps: ["b", "c"]))]])
        other.moveFolderToDock("folder:1", at: 0, shown: [])
        let taken = other.takeFromDock(folder: "folder:1")
        let out = try #require(taken)
        #expect(out.apps == ["b", "c"] && other.dockOrder == [] && other.dockFolders.isEmpty)
    }

    @Test func anAppTakenOffThePagesStaysOffUntilPutBack() {
        var layout = HomeLayout(pages: [["a", "b"], ["c"]])
        layout.takeOffPages("c")
        layout.closeUp()
        #expect(layout.pages == [["a", "b"]])
        let changed = layout.reconcile(installed: ["a", "b", "c"], perPage: 3)
        #expect(!changed, "not placed again as new")
        layout.placeAtEnd("c", perPage: 2)
        #expect(layout.pages == [["a", "b"], ["c"]])
        #expect(layout.offPages.isEmpty)
    }

    @Test func formatOneIsReadAndFoldersAreWrittenAsObjects() throws {
        let old = try JSONDecoder().decode(HomeLayout.self, from: Data(#"{"pages":[["a","b"]],"version":1}"#.utf8))
        #expect(old.pages == [["a", "b"]] && old.version == 1 && old.offPages.isEmpty && old.dockOrder == nil)
        let layout = HomeLayout(pages: [["a", .folder(HomeScreenFolder(id: "1", name: "Web", apps: ["b", "c"]))]])
        let text = String(decoding: try JSONEncoder().encode(layout), as: UTF8.self)
        #expect(text.contains(#""apps":["b","c"]"#) && text.contains(#""version":2"#), "\(text)")
        let decoded = try JSONDecoder().decode(HomeLayout.self, from: Data(text.utf8))
        #expect(decoded == layout)
    }

    @Test func aSmallerScreenShowsAPageOverTwo() {
        let layout = HomeLayout(pages: [["a", "b", "c", "d", "e"], ["f"]])
        #expect(layout.shownPages(perPage: 2) == [["a", "b"], ["c", "d"], ["e"], ["f"]])
        #expect(layout.shownPages(perPage: 30) == layout.pages)
    }

    @Test func theGridIsSixByFiveInLandscapeAndFitsWhatASmallScreenHas() {
        let landscape = HomeGrid(size: Size(1366, 884))
        #expect(landscape.columns == 6 && landscape.rows == 5)
        let portrait = HomeGrid(size: Size(1024, 1226))
        #expect(portrait.columns == 6 && portrait.rows == 6)
        let small = HomeGrid(size: Size(800, 400))
        #expect(small.rows == 2, "rows fit above the page dots: (400 − 72 − 30) / 118")
        // Every icon of a page is inside the page, above its dots.
        for index in 0..<landscape.perPage {
            let frame = landscape.frame(at: index)
            #expect(frame.minX >= 0 && frame.maxX <= 1366)
            #expect(frame.maxY <= 884 - HomeMetrics.pageDotsArea)
        }
    }
}

/// The Home screen a person uses with many programs installed: every one on a page, the pages
/// turned by a swipe and by the dots, and the arrangement kept across restarts.
@MainActor @Suite struct HomeScreenTests {
    func world(stateHome: URL? = nil) -> ShellWorld {
        let home = stateHome ?? FileManager.default.temporaryDirectory.appendingPathComponent("slate-home-\(UUID())")
        return ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: home, scale: 1)
    }

    /// Notes and `count` programs installed from their desktop files, back at the Home screen.
    func installed(_ count: Int, in w: ShellWorld) throws {
        try run(w, "launch Notes\nkey ctrl+h")
        let entries = try (1...count).map { number in
            let id = String(format: "program-%03d", number)
            return try DesktopEntry(
                parsing: "[Desktop Entry]\nType=Application\nName=Program \(id.dropFirst(8))\nExec=true\n",
                id: id)
        }
        w.shell.install(catalog: DesktopCatalog(entries: entries))
        w.host.run(for: 0.5)
    }

    @Test func eightyProgramsFillThreePagesAndEachIsOnOne() throws {
        let w = world()
        try installed(80, in: w)
        let home = w.shell.home
        #expect(home.pages.map(\.count) == [30, 30, 21])
        for app in w.shell.apps { #expect(home.page(of: app.identifier) != nil, "\(app.identifier) has a page") }
        // Slate's apps first, then the programs by name.
        #expect(home.pages[0].first?.placeKey == w.shell.apps.first { $0.application is NotesApp }?.identifier)
        #expect(home.pages[2].last?.placeKey == "desktop:program-080")
        // The first page's icons show and clear the Dock; the second page's are hidden.
        let dockTop = w.shell.dock.frameInRoot.minY
        for icon in home.pages[0] {
            #expect(!icon.isHidden)
            #expect(icon.frameInRoot.maxY < dockTop, "\(icon.placeKey) clears the Dock")
        }
        #expect(home.pages[1].allSatisfy { $0.isHidden })
        #expect(!home.pageDots.isHidden)
        #expect(home.pageDots.accessibilityLabel == "Page 1 of 3")
    }

    @Test func aSwipeTurnsThePageAndTheDotsTurnItBack() throws {
        let w = world()
        try installed(80, in: w)
        let home = w.shell.home
        try run(w, "swipe left\nexpect visible \"Program 030\"\nexpect not visible \"Program 001\"")
        #expect(home.currentPage == 1)
        #expect(home.pageDots.accessibilityLabel == "Page 2 of 3")
        expectReference(w.host.frame(), "home-page-two")
        try run(w, "swipe left\nswipe left\nswipe left")
        #expect(home.isShowingLibrary && home.currentPage == 3, "the App Library after the last page, none past it")
        #expect(home.pageDots.isHidden, "no dots over the App Library")
        try run(w, "swipe right\nswipe right")
        #expect(home.currentPage == 1)
        // A tap left of the current dot goes back a page.
        let dots = home.pageDots.frameInRoot
        let id = w.host.touchDown(at: Point(dots.minX + 6, dots.midY))
        w.host.touchUp(id, at: Point(dots.minX + 6, dots.midY))
        w.host.run(for: 0.5)
        #expect(home.currentPage == 0)
        // A slow drag of less than a third of the page settles back.
        let start = Point(700, 500)
        let finger = w.host.touchDown(at: start)
        w.host.drag(finger, from: start, to: Point(500, 500), duration: 1.0)
        w.host.touchUp(finger, at: Point(500, 500))
        w.host.run(for: 0.5)
        #expect(home.currentPage == 0)
    }

    @Test func theNextPageIsDrawnAheadAgainWhenTheHomeScreenComesBack() throws {
        let w = world()
        try installed(80, in: w)
        let home = w.shell.home
        w.host.run(for: 0.5)
        #expect(home.pages[1].allSatisfy { !$0.needsPictures }, "drawn ahead")
        try run(w, "tap \"Notes\"\nexpect windows Notes 1")
        #expect(home.isHidden)
        #expect(home.pages[1].contains { $0.needsPictures }, "let go under the app")
        try run(w, "key ctrl+h")
        w.host.run(for: 0.5)
        #expect(home.pages[1].allSatisfy { !$0.needsPictures }, "drawn ahead again, before any swipe")
    }

    @Test func theArrangementIsKeptAndANewProgramLandsOnTheLastPage() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("slate-home-\(UUID())")
        let first = world(stateHome: state)
        try installed(40, in: first)
        let file = try #require(first.shell.homeController.file)
        var kept = try JSONDecoder().decode(HomeLayout.self, from: Data(contentsOf: file))
        #expect(kept.pages.map(\.count) == [30, 11])
        // The person moved program 001 to the second page (as arranging would write it).
        kept.pages[0].removeAll { $0 == .app("desktop:program-001") }
        kept.pages[1].insert("desktop:program-001", at: 0)
        // …and uninstalled a program that was on the first page.
        kept.pages[0].insert("desktop:gone", at: 3)
        try JSONEncoder().encode(kept).write(to: file)

        let second = world(stateHome: state)
        try installed(41, in: second)
        let home = second.shell.home
        #expect(home.page(of: "desktop:program-001") == 1)
        #expect(home.pages[1].first?.placeKey == "desktop:program-001")
        #expect(
            home.pages[1].last?.placeKey == "desktop:program-041", "the new program on the last page with room")
        let rewritten = try JSONDecoder().decode(HomeLayout.self, from: Data(contentsOf: file))
        #expect(!rewritten.identifiers.contains("desktop:gone"), "the uninstalled program's place is given up")
        #expect(rewritten.pages.map { $0.map(\.key) } == home.pages.map { $0.map(\.placeKey) })
    }

    @Test func anEditIsKeptAcrossARestartAndEditingEnds() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("slate-home-\(UUID())")
        let first = world(stateHome: state)
        try installed(12, in: first)
        try run(
            first,
            """
            hold "Program 002"
            tap "Edit Home Screen" in menu
            expect visible "Done"
            drag "Program 003" to "Program 002" resting 1s
            tap "Remove Program 005"
            tap "Remove from Home Screen"
            """)
        let home = first.shell.home
        #expect(home.isEditing)
        let folder = try #require(home.folderIcons.first)
        #expect(folder.folder.apps == ["desktop:program-002", "desktop:program-003"])
        #expect(home.page(of: "desktop:program-005") == nil, "taken off the Home screen")
        #expect(first.shell.homeController.layout?.offPages == ["desktop:program-005"])
        // Home ends editing; the icons are upright again.
        try run(first, "key ctrl+h")
        #expect(!home.isEditing)
        #expect(home.pages.joined().allSatisfy { $0.transform.isIdentity })

        let second = world(stateHome: state)
        try installed(12, in: second)
        let again = second.shell.home
        #expect(again.folderIcons.map(\.folder) == [folder.folder])
        #expect(again.page(of: "desktop:program-005") == nil, "still off the pages after a restart")
        #expect(again.page(of: folder.folder.key) == 0)
        #expect(second.shell.homeController.name(of: folder.folder).resolved(.en) == "Folder")
    }

    @Test func anAppDraggedWithinItsOpenFolderTakesThePlaceTheFingerRestsOn() throws {
        let w = world()
        try installed(12, in: w)
        try run(
            w,
            """
            hold "Program 002"
            tap "Edit Home Screen" in menu
            drag "Program 003" to "Program 002" resting 1s
            drag "Program 004" to "Folder, folder, 2 apps" resting 1s
            tap "Folder, folder, 3 apps"
            drag "Program 004" to "Program 002" resting 0.6s
            """)
        let ids = ["desktop:program-004", "desktop:program-002", "desktop:program-003"]
        let folder = try #require(w.shell.home.folderIcons.first)
        #expect(folder.folder.apps == ids, "the arrangement keeps the new order")
        let open = try #require(w.shell.homeEditor.openFolder, "the folder stays open")
        #expect(open.folder.apps == ids)
        let columns = open.icons.sorted { $0.frame.minX < $1.frame.minX }.map(\.appIdentifier)
        #expect(columns == ids, "its icons show the new order")
        #expect(open.icons.allSatisfy { !$0.isHidden })
    }

    @Test func aFolderGoesIntoTheDockAndIsEditedThereAsOnAPage() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("slate-home-\(UUID())")
        let w = world(stateHome: state)
        try installed(12, in: w)
        let dock = w.shell.dock
        let notes = try #require(dock.icons.first { $0.appIdentifier.contains("notes") }?.appIdentifier)
        try run(
            w,
            """
            hold "Program 002"
            tap "Edit Home Screen" in menu
            drag "Program 003" to "Program 002" resting 1s
            drag "Folder, folder, 2 apps" to 683,962 resting 0.5s
            expect visible "Folder, folder, 2 apps" in dock
            drag "Program 004" to "Folder, folder, 2 apps" in dock resting 1s
            expect visible "Folder, folder, 3 apps" in dock
            """)
        let layout = try #require(w.shell.homeController.layout)
        let folder = try #require(layout.dockFolders.first)
        #expect(folder.apps == ["desktop:program-002", "desktop:program-003", "desktop:program-004"])
        #expect(layout.position(of: folder.key) == nil, "off the pages")
        #expect(dock.folderIcons.map(\.folder) == [folder])
        #expect(layout.dockOrder?.contains(folder.key) == true)
        // An app held on a Dock's app makes a folder in its place there; the app leaves the Dock.
        // Notes' page icon dragged into a page's folder leaves the Dock's Notes where it is.
        var pageOnly = try #require(w.shell.homeController.layout)
        pageOnly.dockOrder = pageOnly.dockOrder ?? w.shell.homeEditor.shownDockOrder
        pageOnly.merge(app: notes, onto: "desktop:program-006", folderID: pageOnly.newFolderID())
        #expect(pageOnly.dockOrder?.contains(notes) == true)
        let notesIcon = try #require(dock.icons.first { $0.appIdentifier == notes })
        let notesAt = dock.convert(Point(notesIcon.frame.midX, notesIcon.frame.midY), to: nil)
        try run(w, "drag \"Program 005\" to \(Int(notesAt.x)),\(Int(notesAt.y)) resting 1s")
        let made = try #require(w.shell.homeController.layout?.dockFolders.last)
        #expect(made.apps == [notes, "desktop:program-005"])
        #expect(!dock.icons.contains { $0.appIdentifier == notes }, "in the folder, not beside it")
        #expect(w.shell.settings[.dockApps][notes] == false)
        // A Dock's folder opens with a tap, and one of its apps dragged out goes to the page.
        try run(w, "tap \"Folder, folder, 3 apps\" in dock\nexpect visible \"Program 004\"")
        #expect(w.shell.homeEditor.openFolder?.folder.key == folder.key)
        try run(w, "drag \"Program 004\" to 1100,200 resting 0.5s")
        #expect(w.shell.homeController.layout?.dockFolders.first?.apps.count == 2)
        #expect(w.shell.home.page(of: "desktop:program-004") != nil)
        try run(w, "tap \"Done\"")
        expectReference(w.host.frame(), "home-dock-folders")

        // Kept across a restart.
        let second = world(stateHome: state)
        try installed(12, in: second)
        #expect(second.shell.dock.folderIcons.map(\.folder.apps) == w.shell.dock.folderIcons.map(\.folder.apps))
        #expect(second.shell.home.page(of: "desktop:program-002") == nil, "not placed again on a page")
    }

    @Test func aProgramRemovedWhileItsIconIsDraggedLeavesNoTrace() throws {
        let w = world()
        try installed(12, in: w)
        let home = w.shell.home
        w.shell.homeEditor.begin()
        let icon = try #require(home.icons.first { $0.appIdentifier == "desktop:program-003" })
        let start = icon.convert(Point(icon.iconRect.midX, icon.iconRect.midY), to: nil)
        let finger = w.host.touchDown(at: start)
        w.host.run(for: 0.3)
        w.host.drag(finger, from: start, to: Point(start.x + 300, start.y + 200), duration: 0.3)
        #expect(home.liftedKey == "desktop:program-003", "the icon follows the finger")
        // The program is uninstalled under the finger (its desktop file went).
        w.shell.uninstall(try #require(w.shell.app("desktop:program-003")))
        w.host.drag(finger, from: Point(start.x + 300, start.y + 200), to: Point(600, 500), duration: 0.2)
        w.host.touchUp(finger, at: Point(600, 500))
        w.host.run(for: 0.5)
        #expect(home.liftedKey == nil)
        #expect(home.page(of: "desktop:program-003") == nil)
        #expect(w.shell.homeController.layout?.identifiers.contains("desktop:program-003") == false)
        let stray = home.subviews.filter { view in
            guard let place = view as? AppIconView else { return false }
            return !home.icons.contains { $0 === place }
        }
        #expect(stray.isEmpty, "no icon left behind")
        #expect(!w.shell.overlayLayer.subviews.contains { $0 is AppIconView }, "nothing left over the screen")
        #expect(home.isEditing, "editing goes on")
    }

    @Test func anUnreadableArrangementIsSetAsideInOneLine() throws {
        let state = FileManager.default.temporaryDirectory.appendingPathComponent("slate-home-\(UUID())")
        let file = state.appendingPathComponent("slate/shell/home.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"pages\": [[1, 2]".utf8).write(to: file)
        let w = world(stateHome: state)
        var lines: [String] = []
        w.shell.environment.errors.log = { lines.append($0) }
        try installed(5, in: w)
        #expect(lines.filter { $0.contains("home.json") }.count == 1, "\(lines)")
        #expect(FileManager.default.fileExists(atPath: file.path + ".unreadable"))
        #expect(w.shell.home.pages.map(\.count) == [6])
        // The fresh arrangement was written in its place.
        let written = try JSONDecoder().decode(HomeLayout.self, from: Data(contentsOf: file))
        #expect(written.identifiers.count == 6)
    }
}

/// The App Library's groups and its list, as a model and on the screen.
@MainActor @Suite struct AppLibraryTests {
    static let entries = [
        AppLibrary.Entry(id: "mail", name: LocalizedString(en: "Mail", ru: "Почта"), isSlate: true),
        AppLibrary.Entry(id: "firefox", name: "Firefox", categories: ["Network", "WebBrowser"]),
        AppLibrary.Entry(id: "mpv", name: "mpv", categories: ["AudioVideo", "Player"]),
        AppLibrary.Entry(id: "audacity", name: "Audacity", categories: ["Audio"]),
        AppLibrary.Entry(id: "ёжик", name: LocalizedString(en: "Hedgehog", ru: "Ёжик"), categories: ["Game"]),
        AppLibrary.Entry(id: "odd", name: "Odd", categories: ["NoSuchCategory"]),
        AppLibrary.Entry(id: "thunderbird", name: "Thunderbird", categories: ["Network", "Email"]),
    ]

    @Test func groupsFollowTheMainCategoriesWithTheRecentFirst() {
        let groups = AppLibrary.groups(Self.entries, recent: ["thunderbird"], language: .en)
        #expect(groups.map(\.id) == ["slate", "internet", "sound-video", "games", "other"])
        #expect(groups[1].apps == ["thunderbird", "firefox"], "the recently used first, then by name")
        #expect(groups[2].apps == ["audacity", "mpv"], "Audio and AudioVideo are one group")
        #expect(groups.last?.apps == ["odd"], "a category that does not exist: Other")
        #expect(groups[1].name.resolved(.ru) == "Интернет")
    }

    @Test func aRowOfTheListOpensItsApp() throws {
        let w = world()
        try run(w, "launch Notes\nkey ctrl+h")
        let home = w.shell.home
        home.showPage(home.pages.count, animated: false)
        #expect(home.isShowingLibrary)
        try run(w, "tap \"App Library\"\ntype \"not\"\nexpect visible \"Notes\"\ntap \"Notes\"\nexpect windows Notes 1")
        #expect(!w.shell.visibleWindows.isEmpty)
    }
}
