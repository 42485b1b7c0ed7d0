import Graphics
import Host
import Testing
import UI

@testable import Menus

/// What a closing menu's backdrop fades back to: the screen beneath it, taken as the press makes the
/// menu and kept up to date, and the menu's going, which draws the screen beneath no more.
@MainActor @Suite struct MenuClosingPictureTests {
    /// The area of `rects`, in square points.
    private func area(_ rects: [Rect]) -> Double { rects.reduce(0) { $0 + $1.width * $1.height } }

    @Test func aMenuClosesOntoTheSamePixelsAWholeRedrawGives() throws {
        let h = MenuHarness()
        let id = h.hold(row: 2)
        let o = try #require(h.overlay)
        #expect(o.phase == .opening)
        let taken = try #require(o.beneath, "the press took no picture of the screen below")
        #expect(taken.width == h.host.framebuffer.width && taken.height == h.host.framebuffer.height)
        h.host.touchUp(id, at: h.center(ofRow: 2))
        h.settle()
        // Beneath the open menu the screen changes: a row far from the menu turns red.
        let changed = h.screen.rows[9]
        changed.backgroundColor = .systemRed
        h.host.frame()
        h.host.key(KeyPress(.escape))
        var last: [Rect] = []
        for _ in 0..<120 where h.overlay != nil {
            h.host.run(for: HeadlessHost.frameInterval)
            last = h.host.lastDamage
        }
        #expect(h.overlay == nil && o.phase == .closed)
        // The frame the menu went in drew what is still seen of it (the preview, back in its place),
        // not the screen beneath.
        #expect(area(last) < h.screen.bounds.width * h.screen.bounds.height / 4, "drew \(last)")
        let closed = h.host.frame()
        let p = changed.frameInRoot.center
        let red = closed.pixel(x: Int(p.x), y: Int(p.y))
        #expect(red.red > 0.9 && red.green < 0.4, "the row's change is on the screen: \(red)")
        h.screen.damageAll()
        let whole = h.host.frame()
        #expect(closed.pixels == whole.pixels, "the screen after the menu is the screen drawn whole")
    }

    @Test func aPressLetGoBeforeTheMenuOpensLeavesNothingWatchingTheScreen() throws {
        let h = MenuHarness()
        let interaction = h.screen.menuInteractions[2]
        let id = h.host.touchDown(at: h.center(ofRow: 2))
        h.host.run(for: MenuMetrics.longPressDuration * 0.8)
        let made = try #require(interaction.prepared)
        #expect(made.beneath != nil && made.beneathObserver != nil)
        h.host.touchUp(id, at: h.center(ofRow: 2))
        h.host.run(for: 0.1)
        #expect(interaction.prepared == nil && h.overlay == nil)
        #expect(made.beneath == nil && made.beneathObserver == nil, "the menu that did not open let go of it")
    }
}
