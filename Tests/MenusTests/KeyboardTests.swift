import Graphics
import Host
import Testing
import UI

@testable import Menus

/// A menu used with the keyboard alone.
@MainActor @Suite struct KeyboardTests {
    func highlighted(_ h: MenuHarness) -> String? {
        h.overlay?.highlightedRow.map { h.overlay!.rows[$0].title.en }
    }

    @Test func theMenuKeyOpensTheFocusedItemsMenuAndArrowsReturnAndEscWork() throws {
        let h = MenuHarness()
        let row = h.screen.rows[3]
        h.screen.setFocus(row)
        h.host.key(KeyPress(.menu))
        guard let o = h.overlay else {
            Issue.record("the Menu key opened nothing")
            return
        }
        #expect(o.form == .rich && h.screen.focusedView === o)
        #expect(highlighted(h) == "Reply", "the first command is highlighted")
        h.host.key(KeyPress(.down))
        #expect(highlighted(h) == "Reply All")
        h.host.key(KeyPress(.down))
        h.host.key(KeyPress(.down))
        #expect(highlighted(h) == "Move to", "the band between groups is skipped")
        h.host.key(KeyPress(.up))
        #expect(highlighted(h) == "Forward")
        for _ in 0..<3 { h.host.key(KeyPress(.up)) }
        #expect(highlighted(h) == "Delete", "up from the top wraps to the bottom")
        h.host.key(KeyPress(.home))
        #expect(highlighted(h) == "Reply")
        h.host.key(KeyPress(.tab))
        #expect(highlighted(h) == "Reply All", "Tab moves through the commands, not out of the menu")
        h.host.key(KeyPress(.return))
        #expect(h.screen.log.suffix(2) == ["end 3", "reply all 3"])
        h.settle()
        #expect(h.overlay == nil && h.screen.focusedView === row, "focus goes back to the item")
    }

    @Test func typingJumpsToAMatchingRow() throws {
        let h = MenuHarness()
        h.screen.setFocus(h.screen.rows[1])
        h.host.key(KeyPress(.function(10), modifiers: .shift))
        #expect(h.overlay != nil, "Shift+F10 opens it too")
        h.host.type("m")
        #expect(highlighted(h) == "Move to")
        h.host.type("a")
        #expect(highlighted(h) == "Mark as Unread", "letters typed together make one prefix")
        h.host.run(for: MenuMetrics.typeAheadInterval + 0.1)
        h.host.key(KeyPress(.character("r")))
        #expect(highlighted(h) == "Reply", "after a pause a new prefix, searched onward and round")
        h.host.type("r")
        #expect(highlighted(h) == "Reply All", "the same letter again goes to the next match")
        h.host.type("z")
        #expect(highlighted(h) == "Reply All", "no match: the highlight stays")
        h.host.key(KeyPress(.escape))
        #expect(h.overlay?.endReason == .cancelled)
        h.settle()
        #expect(h.screen.focusedView === h.screen.rows[1])
    }

    @Test func rightAndLeftEnterAndLeaveASubmenu() throws {
        let h = MenuHarness(language: .ru)
        // The process's language is shared: give it back before the next test reads it.
        h.screen.setFocus(h.screen.rows[2])
        h.host.key(KeyPress(.menu))
        h.host.type("п")
        #expect(highlighted(h) == "Forward", "type-ahead reads the titles shown: Переслать")
        h.host.type("е")
        h.host.type("р")
        h.host.type("е")
        h.host.type("м")
        #expect(highlighted(h) == "Move to", "Переместить в")
        h.host.key(KeyPress(.right))
        #expect(h.overlay?.rows.first?.description == "back Move to")
        #expect(highlighted(h) == "Archive", "the first command of the submenu, not its header")
        h.host.key(KeyPress(.left))
        #expect(h.overlay?.submenuPath == [] && highlighted(h) == "Move to", "back, on the submenu's row")
        h.host.key(KeyPress(.return))
        h.host.key(KeyPress(.down))
        #expect(highlighted(h) == "Work")
        h.host.key(KeyPress(.return))
        #expect(h.screen.log.last == "move 2 Work")
    }

    @Test func paletteTilesAreChosenWithLeftAndRight() throws {
        let h = MenuHarness()
        var picked: [String] = []
        h.screen.customMenu = { _ in
            Menu {
                Menu("Colour", options: [.displayInline, .displayAsPalette]) {
                    for c: LocalizedString in ["Red", "Green", "Blue"] {
                        Action(c, image: "circle.fill") { picked.append($0.identifier) }
                    }
                }
                Action("Reply")
            }
        }
        h.screen.setFocus(h.screen.rows[1])
        h.host.key(KeyPress(.menu))
        #expect(h.overlay?.highlightedTile == 0)
        h.host.key(KeyPress(.right))
        h.host.key(KeyPress(.right))
        h.host.key(KeyPress(.right))
        #expect(h.overlay?.highlightedTile == 2, "stops at the last tile")
        h.host.key(KeyPress(.left))
        h.host.key(KeyPress(.return))
        #expect(picked == ["Green"])
    }
}

@MainActor @Suite struct MenuAccessibilityTests {
    @Test(arguments: Language.allCases)
    func rowsExposeLabelTraitsAndPositionAndTheMenuIsAnnounced(language: Language) throws {
        let h = MenuHarness(language: language)
        // The process's language is shared: give it back before the next test reads it.
        var said: [String] = []
        h.screen.environment.announce = { said.append($0) }
        h.screen.customMenu = { _ in
            Menu(LocalizedString(en: "Message", ru: "Сообщение")) {
                Action(LocalizedString(en: "Reply", ru: "Ответить"))
                Action(LocalizedString(en: "Archive", ru: "Архивировать"), attributes: .disabled)
                Action(LocalizedString(en: "Pinned", ru: "Закреплено"), state: .on)
                Menu(options: .displayInline) {
                    Action(LocalizedString(en: "Delete", ru: "Удалить"), attributes: .destructive)
                }
            }
        }
        let id = h.hold(row: 1)
        h.host.touchUp(id, at: h.center(ofRow: 1))
        h.settle()
        let o = try #require(h.overlay)
        let elements = o.panel.accessibilityElements()
        let ru = language == .ru
        #expect(
            elements.map(\.label)
                == (ru
                    ? ["Сообщение", "Ответить", "Архивировать", "Закреплено", "Удалить"]
                    : ["Message", "Reply", "Archive", "Pinned", "Delete"]))
        #expect(elements[0].traits.contains(.header))
        #expect(elements[1].traits.contains(.button) && elements[1].traits.contains(.menuItem))
        #expect(elements[2].traits.contains(.notEnabled) && elements[2].value == nil, "no place among choices")
        #expect(elements[3].traits.contains(.selected), "a checked command says so")
        #expect(elements[4].traits.contains(.destructive))
        #expect(elements[1].value == (ru ? "1 из 3" : "1 of 3"))
        #expect(elements[4].value == (ru ? "3 из 3" : "3 of 3"))
        #expect(elements.allSatisfy { o.panelFrame.contains($0.frame) })
        #expect(said == [ru ? "Сообщение, меню" : "Message, menu"])
    }
}

@Suite struct BackdropStretchTests {
    @MainActor @Test func theStretchIsSmoothDimmedAndOpaque() throws {
        // Two columns: black and white.
        var src = PixelImage(width: 2, height: 1, scale: 1 / 8)
        src.pixels = [0, 0, 0, 255, 255, 255, 255, 255]
        let out = MenuBackdrop.stretch(src, to: Size(16, 8), scale: 2, dim: 0.5)
        #expect(out.width == 32 && out.height == 16 && out.isOpaque)
        let row = (0..<32).map { out.pixel(x: $0, y: 3).red }
        #expect(row.first! < 0.01 && abs(row.last! - 0.5) < 0.01, "white dimmed by half: \(row.last!)")
        #expect(zip(row, row.dropFirst()).allSatisfy { $0 <= $1 + 1e-9 }, "no steps backwards")
        #expect(Set(row.map { ($0 * 255).rounded() }).count > 6, "a ramp, not two blocks")
        #expect((0..<16).allSatisfy { out.pixel(x: 20, y: $0) == out.pixel(x: 20, y: 0) }, "rows alike")
        #expect(out.pixel(x: 5, y: 5).alpha == 1)
    }
}
