import Foundation
import Graphics
import Host
import Rendering
import SlateTesting
import Testing
import UI

@testable import Menus

/// Open menus drawn by Slate, compared with reference PNGs (re-record with SLATE_RECORD_REFERENCES=1).
/// Each is opened as a person would: a held touch on the virtual clock, the transition run to rest.
@MainActor @Suite struct MenuPictureTests {
    /// Holds a row with the finger on its leading part, lifts it, and lets the menu come to rest.
    func openMenu(_ h: MenuHarness, row: Int) {
        let p = Point(200, h.center(ofRow: row).y)
        let id = h.host.hold(at: p, for: MenuMetrics.longPressDuration + 0.01, release: false)
        h.host.touchUp(id, at: p)
        h.settle()
    }

    @Test(arguments: [(Appearance.light, Language.en), (.dark, .ru)])
    func anOpenMenuWithItsPreview(appearance: Appearance, language: Language) throws {
        let h = MenuHarness(appearance: appearance, language: language)
        // The process's language is shared: give it back before the next test reads it.
        openMenu(h, row: 2)
        #expect(h.overlay?.phase == .open)
        expectReference(h.host.frame(), "menu-open-\(appearance.rawValue)-\(language.rawValue)")
    }

    @Test func aMenuAboveItsItemReadsFromTheFinger() throws {
        let h = MenuHarness()
        openMenu(h, row: 9)
        #expect(h.overlay?.layout.placement == .above && h.overlay?.layout.reversed == true)
        expectReference(h.host.frame(), "menu-above-light-en")
    }

    @Test func aSubmenuOpenInPlace() throws {
        let h = MenuHarness()
        openMenu(h, row: 2)
        h.host.tap(at: h.point(ofMenuRow: h.menuRow("Move to")))
        h.settle(0.2)
        expectReference(h.host.frame(), "menu-submenu-light-en")
    }

    @Test(arguments: [Appearance.light, .dark])
    func palettesAndTiles(appearance: Appearance) throws {
        let h = MenuHarness(appearance: appearance)
        h.screen.customMenu = { _ in
            Menu {
                Menu(options: .displayInline, preferredElementSize: .medium) {
                    Action("Copy", image: "doc.on.doc")
                    Action("Share", image: "square.and.arrow.up")
                    Action("Print", image: "printer")
                }
                Menu(LocalizedString(en: "Mark", ru: "Отметить"), options: [.displayInline, .displayAsPalette]) {
                    Action("Star", image: "star", state: .on)
                    Action("Flag", image: "flag")
                    Action("Pin", image: "pin")
                    Action("Attachment", image: "paperclip")
                }
                Action("Reply", image: "arrowshape.turn.up.left")
                Action("Forward", image: "arrowshape.turn.up.right")
                Menu(options: .displayInline) { Action("Delete", image: "trash", attributes: .destructive) }
            }
        }
        openMenu(h, row: 1)
        let palette = try #require(h.overlay).rows.firstIndex { $0.description == "tiles Mark" }
        #expect(palette != nil)
        h.overlay?.setHighlight(palette, tile: 2)
        #expect(h.overlay?.highlightedTile == 2)
        h.host.frame()
        expectReference(h.host.frame(), "menu-palette-\(appearance.rawValue)-en")
    }

    @Test func theCompactFormFromASecondaryClick() throws {
        let h = MenuHarness()
        h.host.pointer(.secondaryClick(Point(420, h.center(ofRow: 4).y)))
        h.settle(0.3)
        h.overlay?.setHighlight(1)
        expectReference(h.host.frame(), "menu-compact-light-en")
    }
}
