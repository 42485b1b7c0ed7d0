import Graphics
import Host
import Testing
import UI

@testable import Menus

/// The presentation state machine, driven by touches on the virtual clock as a person would.
@MainActor @Suite struct ContextMenuInteractionTests {
    let messageRows = [
        "action Reply", "action Reply All", "action Forward", "band", "submenu Move to", "action Flag",
        "action Mark as Unread", "band", "action Delete",
    ]

    @Test func holdingHalfASecondLiftsThePreviewOverABlurredScreenWithTheMenuBelow() throws {
        let h = MenuHarness()
        let interaction = h.screen.menuInteractions[2]
        let p = h.center(ofRow: 2)
        let id = h.host.touchDown(at: p)
        h.host.run(for: 0.2)
        #expect(interaction.prepared == nil && h.screen.log.isEmpty)
        h.host.run(for: 0.1)
        #expect(interaction.prepared?.hasBlurredBackdrop == true, "the menu is made halfway through the press")
        #expect(interaction.prepared?.superview == nil, "but not shown")
        h.host.run(for: 0.19)
        #expect(h.overlay == nil, "0.49 s is not long enough")
        #expect(h.screen.log == ["configuration 2"])
        h.host.run(for: 0.02)
        guard let o = h.overlay else {
            Issue.record("no menu after 0.51 s")
            return
        }
        #expect(o.phase == .opening && o.form == .rich && o.hasBlurredBackdrop && o.isOpaqueCover)
        #expect(interaction.prepared == nil && interaction.isMenuVisible)
        #expect(h.screen.log == ["configuration 2", "display 2"])
        #expect(h.screen.focusedView === o, "the open menu takes the keys")
        #expect(o.rows.map(\.description) == messageRows)
        h.settle()
        #expect(o.phase == .open && h.screen.completions == ["displayed"])
        let row = h.screen.rows[2].frameInRoot
        #expect(try #require(o.preview).visualFrame == o.previewFrame, "at rest the preview is where the layout put it")
        #expect(abs(o.previewFrame.midY - row.midY) < 0.001, "lifted about the item's centre")
        #expect(o.previewFrame.width == 752, "×1.1 of a full-width row is held 8 pt inside the screen")
        #expect(o.panelFrame.minY == o.previewFrame.maxY + 8)
        #expect(o.panelFrame.maxX == 760, "the finger was on the trailing half: trailing edges line up")
        #expect(o.panel.visualFrame == o.panelFrame)
        h.host.touchUp(id, at: p)
        #expect(o.phase == .open, "lifting the finger on the preview leaves the menu open for taps")
    }

    @Test func theOpenSpringOvershootsSlightlyAndTheCloseEasesIn() throws {
        let h = MenuHarness()
        _ = h.hold(row: 1)
        let o = try #require(h.overlay)
        var scales: [Double] = []
        while o.phase == .opening {
            h.host.run(for: HeadlessHost.frameInterval)
            scales.append(o.panel.transform.a)
        }
        let peak = try #require(scales.max())
        #expect(peak > 1.003 && peak < 1.05, "a slight overshoot: \(peak)")
        #expect(scales.last == 1)
        #expect(Double(scales.count) * HeadlessHost.frameInterval < 0.5)
        h.screen.menuInteractions[1].dismissMenu()
        var alphas: [Double] = [o.panel.alpha]
        while o.phase == .closing {
            h.host.run(for: HeadlessHost.frameInterval)
            alphas.append(o.panel.alpha)
        }
        let steps = zip(alphas, alphas.dropFirst()).map { $0 - $1 }
        #expect(steps.count > 10)
        #expect(steps[1] < steps[steps.count - 3], "slow at first, faster at the end: \(steps)")
        #expect(o.phase == .closed && o.superview == nil && h.overlay == nil)
    }

    @Test func slidingTheFingerHighlightsRowsAndLiftingPicksOne() throws {
        let h = MenuHarness()
        let before = h.screen.environment.menuUsage.count(menu: "message", action: "Forward")
        let start = h.center(ofRow: 2)
        let id = h.hold(row: 2)
        h.settle()
        var seen: [Int] = []
        var p = start
        for title in ["Reply", "Reply All", "Forward"] {
            let target = h.point(ofMenuRow: h.menuRow(title))
            h.host.drag(id, from: p, to: target, duration: 0.1)
            p = target
            if let r = h.overlay?.highlightedRow { seen.append(r) }
        }
        #expect(seen == [0, 1, 2], "each row lights up as the finger passes")
        #expect(h.screen.log.filter { $0.hasPrefix("drag?") } == ["drag? 2"], "asked once, and declined")
        h.host.touchUp(id, at: p)
        #expect(h.screen.log.suffix(2) == ["end 2", "forward 2"])
        #expect(h.overlay?.phase == .closing && h.overlay?.endReason == .chose)
        #expect(h.screen.environment.menuUsage.count(menu: "message", action: "Forward") == before + 1)
        h.settle()
        #expect(h.overlay == nil && h.screen.subviews.allSatisfy { !($0 is ContextMenuOverlay) })
        #expect(h.screen.completions == ["displayed", "ended"])
    }

    @Test func liftingOffTheMenuKeepsItOpenForATap() throws {
        let h = MenuHarness()
        let id = h.hold(row: 3)
        h.settle()
        let outside = Point(700, 900)
        h.host.drag(id, from: h.center(ofRow: 3), to: outside, duration: 0.1)
        h.host.touchUp(id, at: outside)
        #expect(h.overlay?.phase == .open && h.overlay?.highlightedRow == nil)
        h.host.tap(at: h.point(ofMenuRow: h.menuRow("Reply All")))
        #expect(h.screen.log.last == "reply all 3")
    }

    @Test(arguments: ["tap", "esc", "swipe"])
    func aTapOutsideEscOrASwipeDownDismisses(way: String) throws {
        let h = MenuHarness()
        let id = h.hold(row: 1)
        h.host.touchUp(id, at: h.center(ofRow: 1))
        h.settle()
        switch way {
        case "tap": h.host.tap(at: Point(700, 900))
        case "esc": h.host.key(KeyPress(.escape))
        default:
            let f = h.host.touchDown(at: Point(700, 600))
            h.host.drag(f, from: Point(700, 600), to: Point(705, 700), duration: 0.1)
            h.host.touchUp(f, at: Point(705, 700))
        }
        #expect(h.overlay?.endReason == .cancelled)
        #expect(h.screen.log.last == "end 1")
        h.settle()
        #expect(h.overlay == nil)
        #expect(!h.screen.log.contains { $0.hasPrefix("reply") || $0.hasPrefix("delete") })
    }

    @Test func aSubmenuOpensInPlaceWithItsTitleAsAHeaderToGoBack() throws {
        let h = MenuHarness()
        let id = h.hold(row: 2)
        h.host.touchUp(id, at: h.center(ofRow: 2))
        h.settle()
        let o = try #require(h.overlay)
        let top = o.panelFrame.minY
        h.host.tap(at: h.point(ofMenuRow: h.menuRow("Move to")))
        #expect(o.rows.map(\.description) == ["back Move to", "action Archive", "action Work", "action Travel"])
        #expect(o.submenuPath == [[3, 0]] && o.panelFrame.minY == top && o.panelFrame.height == 176)
        h.host.tap(at: h.point(ofMenuRow: 0))
        #expect(o.rows.map(\.description) == messageRows && o.panelFrame.height == 324)
        h.host.tap(at: h.point(ofMenuRow: h.menuRow("Move to")))
        let before = h.screen.environment.menuUsage.count(menu: "move", action: "Work")
        h.host.tap(at: h.point(ofMenuRow: h.menuRow("Work")))
        #expect(h.screen.log.last == "move 2 Work")
        #expect(
            h.screen.environment.menuUsage.count(menu: "move", action: "Work") == before + 1,
            "counted for the submenu too")
    }

    @Test(arguments: [CommitStyle.pop, .dismiss])
    func tappingThePreviewOpensTheItemAfterThePreviewLeaves(style: CommitStyle) throws {
        let h = MenuHarness()
        h.screen.commitStyle = style
        let id = h.hold(row: 4)
        h.host.touchUp(id, at: h.center(ofRow: 4))
        h.settle()
        let o = try #require(h.overlay)
        h.host.tap(at: h.center(ofRow: 4))
        #expect(h.screen.log.suffix(2) == ["commit 4", "end 4"])
        #expect(o.endReason == .committed)
        #expect(!h.screen.completions.contains("open 4"), "not before the preview has gone")
        h.host.run(for: MenuMetrics.closeDuration / 2)
        let preview = try #require(o.preview)
        if style == .pop {
            #expect(preview.transform.a > 1.05 && preview.alpha < 0.9, "the preview grows and fades")
        } else {
            let w = preview.visualFrame.width
            #expect(w > 752 && w < 768, "the preview goes back to the item's size: \(w)")
        }
        h.settle()
        #expect(h.screen.completions.contains("open 4"))
        #expect(h.overlay == nil)
    }

    @Test func draggingThePreviewAwayAsksTheDelegateAndDragsTheItem() throws {
        let h = MenuHarness()
        h.screen.allowsDrag = true
        var dragged: [Point] = []
        h.screen.menuInteractions[2].onDragBegan = { dragged.append($0) }
        let start = h.center(ofRow: 2)
        let id = h.hold(row: 2)
        h.settle()
        h.host.drag(id, from: start, to: start + Point(6, 0), duration: 0.05)
        #expect(h.overlay?.phase == .open, "within the threshold nothing happens")
        h.host.drag(id, from: start + Point(6, 0), to: start + Point(40, 0), duration: 0.1)
        #expect(h.screen.log.contains("drag? 2"))
        #expect(h.overlay?.endReason == .dragged && dragged.count == 1)
        #expect(h.overlay?.preview?.alpha == 0, "the drag took the item: no preview is left in its place")
        #expect(h.screen.log.last == "end 2")
        h.settle()
        #expect(h.overlay == nil)
        h.host.touchUp(id, at: start + Point(40, 0))
        #expect(!h.screen.log.contains { $0.hasPrefix("reply") })

        let refused = MenuHarness()
        let f = refused.hold(row: 2)
        refused.host.drag(f, from: start, to: start + Point(60, 0), duration: 0.2)
        #expect(refused.overlay?.isActive == true, "the delegate said no: the menu stays")
        #expect(refused.screen.log.filter { $0.hasPrefix("drag?") }.count == 1)
    }

    @Test func deferredContentShowsALoadingRowThenArrivesWithoutMovingTheMenu() throws {
        let h = MenuHarness()
        var deliver: DeferredMenuElement.Completion?
        let later = DeferredMenuElement.uncached { done in deliver = done }
        h.screen.customMenu = { _ in
            Menu {
                Action("Reply")
                Action("Forward")
                later
            }
        }
        let id = h.hold(row: 1)
        h.host.touchUp(id, at: h.center(ofRow: 1))
        h.settle()
        let o = try #require(h.overlay)
        #expect(o.rows.map(\.description) == ["action Reply", "action Forward", "loading"])
        let panel = o.panelFrame
        let reply = o.frameOfRow(0)
        #expect(deliver != nil)
        deliver?([.action(Action("Share")), .action(Action("Print"))])
        #expect(o.rows.map(\.description) == ["action Reply", "action Forward", "action Share", "action Print"])
        #expect(o.frameOfRow(0) == reply && o.panelFrame.minY == panel.minY, "nothing shown before moves")
        #expect(o.panelFrame.height == panel.height + 44)
    }

    @Test func singleSelectionAndKeepsMenuPresented() throws {
        let h = MenuHarness()
        var chosen: [(String, Action.State)] = []
        h.screen.customMenu = { _ in
            Menu {
                Menu("Size", options: [.displayInline, .singleSelection]) {
                    for s: LocalizedString in ["Small", "Medium", "Large"] {
                        Action(s, attributes: .keepsMenuPresented, state: s.en == "Small" ? .on : .off) { a in
                            chosen.append((a.identifier, a.state))
                        }
                    }
                }
            }
        }
        let id = h.hold(row: 1)
        h.host.touchUp(id, at: h.center(ofRow: 1))
        h.settle()
        let o = try #require(h.overlay)
        h.host.tap(at: h.point(ofMenuRow: h.menuRow("Large")))
        #expect(chosen.map(\.0) == ["Large"] && chosen.map(\.1) == [.on])
        #expect(o.phase == .open, "the menu stays")
        let states = o.rows.compactMap { r -> Action.State? in
            if case .action(let a) = r.kind { return a.state }
            return nil
        }
        #expect(states == [.off, .off, .on], "one on, the others off")
    }

    @Test func aGroupCanBeKeptOrderedByUse() throws {
        let h = MenuHarness()
        let key = "sort"
        h.screen.environment.menuUsage.record(menu: key, action: "C")
        h.screen.environment.menuUsage.record(menu: key, action: "C")
        h.screen.environment.menuUsage.record(menu: key, action: "B")
        h.screen.customMenu = { _ in
            Menu {
                Menu(identifier: key, options: [.displayInline, .ordersByUse]) {
                    Action("A")
                    Action("B")
                    Action("C")
                }
            }
        }
        _ = h.hold(row: 1)
        #expect(h.overlay?.rows.map(\.description) == ["action C", "action B", "action A"])
        #expect(h.screen.environment.menuUsage.ranked(["A", "B", "C"], in: key) == ["C", "B", "A"])
    }

    @Test func aSecondaryClickOpensTheCompactFormAtThePointer() throws {
        let h = MenuHarness()
        let p = Point(300, h.center(ofRow: 5).y)
        h.host.pointer(.secondaryClick(p))
        guard let o = h.overlay else {
            Issue.record("no menu")
            return
        }
        #expect(o.form == .compact && !o.hasBlurredBackdrop && !o.isOpaqueCover && o.preview == nil)
        #expect(o.panelFrame.origin == p)
        #expect(o.rows.map(\.description) == messageRows, "no reversal with the pointer")
        h.settle()
        h.host.tap(at: h.point(ofMenuRow: h.menuRow("Delete")))
        #expect(h.screen.log.last == "delete 5")
    }

    @Test func theLongPressDurationIsSettableAndMenusOpenFromCode() throws {
        let h = MenuHarness()
        let interaction = h.screen.menuInteractions[2]
        interaction.longPressDuration = 1.0
        let id = h.host.touchDown(at: h.center(ofRow: 2))
        h.host.run(for: 0.8)
        #expect(h.overlay == nil)
        h.host.run(for: 0.25)
        #expect(h.overlay != nil)
        h.host.touchUp(id, at: h.center(ofRow: 2))
        interaction.dismissMenu()
        h.settle()
        #expect(h.overlay == nil)
        #expect(h.screen.menuInteractions[6].present())
        #expect(h.overlay?.form == .rich && h.overlay?.hasBlurredBackdrop == true)
        #expect(h.screen.menuInteractions[7].present(form: .compact), "another menu replaces it")
        #expect(h.overlay?.form == .compact && h.screen.subviews.filter { $0 is ContextMenuOverlay }.count == 1)
    }

    @Test func withoutARendererTheBackdropIsAPlainDim() throws {
        let h = MenuHarness()
        h.screen.environment.renderer = nil
        _ = h.hold(row: 1)
        h.settle()
        let o = try #require(h.overlay)
        #expect(!o.hasBlurredBackdrop && !o.isOpaqueCover && o.preview?.image == nil)
        let pixel = h.host.frame().pixel(x: 700, y: 1000)
        #expect(pixel.red < 0.9 && pixel.red > 0.6, "the grouped background, dimmed: \(pixel)")
    }
}

@MainActor @Suite struct LongMenuTests {
    @Test func aLongMenuScrollsAndMakesViewsOnlyForTheRowsOnScreen() throws {
        let h = MenuHarness()
        h.screen.customMenu = { _ in
            Menu { for i in 0..<200 { Action(LocalizedString(verbatim: "Command \(i)")) } }
        }
        h.screen.setFocus(h.screen.rows[0])
        h.host.key(KeyPress(.menu))
        h.settle()
        let o = try #require(h.overlay)
        #expect(o.layout.scrolls && o.layout.contentHeight == 8800)
        #expect(o.panelFrame.maxY <= 1024 - 8 && o.panelFrame.minY >= 8)
        #expect(o.panel.subviews.count < 30, "views for what is on screen: \(o.panel.subviews.count)")
        h.host.key(KeyPress(.end))
        #expect(o.contentOffset == o.layout.contentHeight - o.panelFrame.height, "the last row scrolled into view")
        #expect(o.panel.visibleRowViews.last?.look.row.title.en == "Command 199")
        h.host.key(KeyPress(.home))
        #expect(o.contentOffset == 0)
        h.host.pointer(.scroll(o.panelFrame.center, dx: 0, dy: 120))
        #expect(o.contentOffset == 120, "the wheel scrolls it")
        let start = Point(o.panelFrame.midX, o.panelFrame.maxY - 30)
        let f = h.host.touchDown(at: start)
        h.host.drag(f, from: start, to: start - Point(0, 200), duration: 0.2)
        h.host.touchUp(f, at: start - Point(0, 200))
        #expect(o.contentOffset == 310, "a finger drags it, from where it passed the 10 pt slop")
        #expect(o.phase == .open && !h.screen.log.contains { $0.hasPrefix("end") }, "a drag chooses nothing")
        let row = try #require(o.row(titled: "Command 10"))
        #expect(o.frameOfRow(row).minY == o.panelFrame.minY + 440 - 310)
        h.screen.menuInteractions[0].updateVisibleMenu { m in
            m.replacingChildren(Array(m.children.prefix(3)))
        }
        #expect(o.rows.count == 3 && !o.layout.scrolls && o.contentOffset == 0, "changed while shown")
    }
}

@MainActor @Suite struct MenuClosingTests {
    @Test func theBlurredBackdropFadesOutAsTheMenuCloses() throws {
        let h = MenuHarness()
        let id = h.hold(row: 1)
        h.host.touchUp(id, at: h.center(ofRow: 1))
        h.settle()
        let o = try #require(h.overlay)
        let corner = Point(700, 1000)
        let blurred = h.host.frame().pixel(x: Int(corner.x), y: Int(corner.y))
        #expect(o.isOpaqueCover && o.backdropOpacity == 1)
        h.host.key(KeyPress(.escape))
        h.host.run(for: MenuMetrics.closeDuration / 2)
        #expect(o.backdropOpacity > 0.05 && o.backdropOpacity < 0.95)
        let midway = h.host.frame().pixel(x: Int(corner.x), y: Int(corner.y))
        h.settle()
        let clear = h.host.frame().pixel(x: Int(corner.x), y: Int(corner.y))
        #expect(h.overlay == nil)
        #expect(midway != blurred && midway != clear, "midway the screen is neither blurred nor clear")
        // The screen below shows through while it fades: midway is between the two.
        for (m, (b, c)) in zip(
            [midway.red, midway.green, midway.blue],
            zip(
                [blurred.red, blurred.green, blurred.blue], [clear.red, clear.green, clear.blue]))
        {
            #expect(m >= min(b, c) - 0.01 && m <= max(b, c) + 0.01, "\(midway) between \(blurred) and \(clear)")
        }
    }
}

extension MenuClosingTests {
    /// An open menu at rest makes the picture of the screen below ready for its closing, so that the
    /// closing's first frame does not draw the whole screen below; the fade shows the same pixels.
    @Test func anOpenMenuAtRestMakesReadyWhatItsClosingFadesOver() throws {
        let h = MenuHarness()
        let id = h.hold(row: 1)
        h.host.touchUp(id, at: h.center(ofRow: 1))
        h.settle()
        let o = try #require(h.overlay)
        #expect(o.phase == .open)
        let ready = try #require(o.beneath, "no picture of the screen below made at rest")
        #expect(ready.width == h.host.framebuffer.width && ready.height == h.host.framebuffer.height)
        // It is what the screen below shows: the rows, not the backdrop.
        let below = h.screen.rows[5].frameInRoot.center
        h.host.key(KeyPress(.escape))
        h.settle()
        let clear = h.host.frame().pixel(x: Int(below.x), y: Int(below.y))
        #expect(ready.pixel(x: Int(below.x), y: Int(below.y)) == clear)
    }
}

@MainActor @Suite struct MenuPointerTests {
    @Test func rowsHighlightUnderThePointerAndNotOffThePanel() throws {
        let h = MenuHarness()
        h.host.pointer(.secondaryClick(Point(300, h.center(ofRow: 5).y)))
        h.settle()
        let o = try #require(h.overlay)
        let reply = h.menuRow("Reply")
        h.host.pointer(.hover(h.point(ofMenuRow: reply)))
        #expect(o.highlightedRow == reply)
        let delete = h.menuRow("Delete")
        h.host.pointer(.hover(h.point(ofMenuRow: delete)))
        #expect(o.highlightedRow == delete)
        h.host.pointer(.hover(Point(700, 40)))
        #expect(o.highlightedRow == nil, "off the panel nothing is highlighted")
    }
}

@MainActor @Suite struct MenuLifetimeTests {
    @Test func aMenuClosesWhenItsItemLeavesTheScreen() throws {
        let h = MenuHarness()
        let id = h.hold(row: 3)
        h.host.touchUp(id, at: h.center(ofRow: 3))
        h.settle()
        let o = try #require(h.overlay)
        let row = try #require(h.screen.menuInteractions[3].view)
        row.removeFromSuperview()
        #expect(o.phase == .closed && o.superview == nil, "the menu went with its item")
    }
}
