import Graphics
import Testing
import UI

@testable import Menus

@MainActor @Suite struct MenuBuilderTests {
    @Test func theBuilderMakesTheMenuItReadsAs() throws {
        let showArchive = true
        let showJunk = false
        let boxes: [LocalizedString] = ["Inbox", "Work"]
        let maybe: Action? = Action("Print", image: "printer")
        let none: Action? = nil
        let later = DeferredMenuElement { done in done([]) }
        let built = Menu("Message", identifier: "msg") {
            Action("Reply", image: "arrowshape.turn.up.left")
            if showArchive {
                Action("Archive", image: "archivebox")
            } else {
                Action("Delete", attributes: .destructive)
            }
            if showJunk { Action("Junk") }
            Menu("Move", image: "folder") {
                for box in boxes { Action(box, identifier: "move.\(box.en)") }
            }
            maybe
            none
            later
            Menu(options: [.displayInline, .singleSelection]) {
                Action("Small", state: .on)
                Action("Large", attributes: [.keepsMenuPresented])
            }
        }
        let expected = Menu(
            "Message", identifier: "msg",
            children: [
                .action(Action("Reply", image: "arrowshape.turn.up.left")),
                .action(Action("Archive", image: "archivebox")),
                .menu(
                    Menu(
                        "Move", image: "folder",
                        children: [
                            .action(Action("Inbox", identifier: "move.Inbox")),
                            .action(Action("Work", identifier: "move.Work")),
                        ])),
                .action(Action("Print", image: "printer")),
                .deferred(later),
                .menu(
                    Menu(
                        options: [.displayInline, .singleSelection],
                        children: [
                            .action(Action("Small", state: .on)),
                            .action(Action("Large", attributes: .keepsMenuPresented)),
                        ])),
            ])
        #expect(built == expected)
        #expect(built != expected.replacingChildren([]))
        #expect(
            built.allActions.map(\.identifier) == [
                "Reply", "Archive", "move.Inbox", "move.Work", "Print", "Small", "Large",
            ])
    }

    @Test func theModelCarriesEveryAttribute() throws {
        let a = Action(
            LocalizedString(en: "Delete", ru: "Удалить"), subtitle: "Forever", image: "trash", identifier: "delete",
            discoverabilityTitle: "Delete Message", attributes: [.destructive, .disabled], state: .mixed)
        #expect(a.isDestructive && a.isDisabled && !a.isHidden && !a.keepsMenuPresented)
        #expect(a.title.resolved(.ru) == "Удалить" && a.identifier == "delete" && a.state == .mixed)
        #expect(a.subtitle == "Forever" && a.discoverabilityTitle == "Delete Message")
        #expect(Action("Copy").identifier == "Copy", "the identifier defaults to the English title")
        let m = Menu(
            "Tags", options: [.displayInline, .displayAsPalette], preferredElementSize: .small, children: [])
        #expect(m.displaysInline && m.displaysAsPalette && m.displaysAsTiles)
        #expect(Menu(options: .displayInline, preferredElementSize: .medium, children: []).displaysAsTiles)
        #expect(!Menu(options: .displayInline, children: []).displaysAsTiles)
        #expect(Menu("Sub", preferredElementSize: .small, children: []).displaysAsTiles == false, "not inline")
    }

    @Test func handlersAreKeptButNotCompared() throws {
        var ran: [String] = []
        let a = Action("Go") { action in ran.append(action.identifier) }
        let b = Action("Go")
        #expect(a == b)
        a.handler(a)
        #expect(ran == ["Go"])
    }

    @Test func deferredElementsLoadOnceWhenCachedAndEachTimeWhenNot() throws {
        var asked = 0
        var pending: [DeferredMenuElement.Completion] = []
        let cached = DeferredMenuElement { done in
            asked += 1
            pending.append(done)
        }
        var got: [[MenuElement]] = []
        cached.load { got.append($0) }
        cached.load { got.append($0) }
        #expect(asked == 1 && cached.isLoading, "one request for both")
        pending[0]([.action(Action("A"))])
        #expect(got.count == 2 && cached.loadedElements?.count == 1 && !cached.isLoading)
        cached.load { got.append($0) }
        #expect(asked == 1 && got.count == 3, "answered from the cache")
        cached.invalidate()
        cached.load { got.append($0) }
        #expect(asked == 2)

        var uncachedAsks = 0
        let uncached = DeferredMenuElement.uncached { done in
            uncachedAsks += 1
            done([.action(Action("B"))])
        }
        uncached.load { _ in }
        uncached.load { _ in }
        #expect(uncachedAsks == 2 && uncached.loadedElements == nil && !uncached.isCached)
    }
}

@MainActor @Suite struct MenuRowTests {
    func titles(_ rows: [MenuRow]) -> [String] { rows.map(\.description) }

    @Test func rowsFollowTheMenuWithBandsBetweenGroups() throws {
        let later = DeferredMenuElement { _ in }
        let menu = Menu("Message") {
            Action("Reply")
            Action("Secret", attributes: .hidden)
            Menu("Move") { Action("Inbox") }
            Menu("Flags", options: .displayInline) {
                Action("Flag")
                Action("Unflag", attributes: .disabled)
            }
            Menu(options: .displayInline) { Action("Hidden", attributes: .hidden) }
            Menu("Colours", options: [.displayInline, .displayAsPalette]) {
                Action("Red", image: "circle")
                Action("Blue", image: "circle")
            }
            later
            Menu(options: .displayInline) { Action("Delete", attributes: .destructive) }
        }
        let rows = MenuRow.rows(for: menu)
        #expect(
            titles(rows) == [
                "header Message", "action Reply", "submenu Move", "band", "header Flags", "action Flag",
                "action Unflag", "band", "header Colours", "tiles Colours", "band", "loading", "band",
                "action Delete",
            ])
        #expect(rows.map(\.height) == [34, 44, 44, 8, 34, 44, 44, 8, 34, 44, 8, 44, 8, 44])
        #expect(
            rows.map(\.isSelectable) == [
                false, true, true, false, false, true, false, false, false, true, false, false, false, true,
            ])
        #expect(rows[1].path == [0] && rows[5].path == [3, 0] && rows[9].path == [5])
        #expect(rows[9].tiles.map(\.identifier) == ["Red", "Blue"])
        #expect(
            rows.map(\.spec.role) == [
                .pinned, .item, .item, .band, .header, .item, .item, .band, .header, .item, .band, .item, .band, .item,
            ])
        #expect(!MenuRow.showsCheckmarks(rows))
    }

    @Test func aSubmenuLevelStartsWithItsBackHeaderAndSubtitlesMakeTallRows() throws {
        let sub = Menu("Sort By", options: .singleSelection) {
            Action("Date", state: .on)
            Action("Sender", subtitle: "A to Z")
        }
        let rows = MenuRow.rows(for: sub, isSubmenu: true)
        #expect(titles(rows) == ["back Sort By", "action Date", "action Sender"])
        #expect(rows.map(\.height) == [44, 44, 64])
        #expect(rows[0].spec.role == .pinned)
        #expect(MenuRow.showsCheckmarks(rows))
    }
}
