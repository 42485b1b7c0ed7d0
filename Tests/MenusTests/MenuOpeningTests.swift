import Graphics
import Host
import Testing
import UI

@testable import Menus

/// The opening's last frames: a spring's wobbles too small to see are not drawn.
@MainActor @Suite struct MenuOpeningTests {
    @Test func aScaleUnderHalfAPixelIsDroppedAndTheMoveRoundedToPixels() {
        let size = Size(300, 100)
        // 300 pt at 2×: a scale of 1.0005 grows it by 0.3 px.
        let tiny = Transform(scale: 1.0005).concatenating(Transform(translationX: 0.3, y: -0.6))
        #expect(ContextMenuOverlay.settled(tiny, size: size, scale: 2) == Transform(translationX: 0.5, y: -0.5))
        // 1.001 grows it by 0.6 px: kept as it is.
        let small = Transform(scale: 1.001).concatenating(Transform(translationX: 0.3, y: -0.6))
        #expect(ContextMenuOverlay.settled(small, size: size, scale: 2) == small)
        #expect(ContextMenuOverlay.settled(.identity, size: size, scale: 2) == .identity)
    }

    @Test func theOpeningsLastFramesDrawNothingAndEndOnTheWholeRedraw() throws {
        let h = MenuHarness()
        _ = h.hold(row: 2)
        var areas: [Double] = []
        while h.overlay?.phase == .opening, areas.count < 200 {
            h.host.run(for: HeadlessHost.frameInterval)
            areas.append(h.host.lastDamage.reduce(0) { $0 + $1.width * $1.height })
        }
        #expect(h.overlay?.phase == .open)
        let still = areas.reversed().prefix { $0 == 0 }.count
        #expect(still >= 3, "the spring's last wobbles drew: \(areas.suffix(8))")
        #expect(areas.prefix(5).allSatisfy { $0 > 0 }, "the opening moves at first")
        let shown = h.host.frame()
        h.screen.damageAll()
        let whole = h.host.frame()
        // Within one level: where two shadows' edges meet, a shade's row pair rounds by one level
        // differently when a damaged rectangle starts inside it (60 pixels here, before this too).
        let worst = zip(shown.pixels, whole.pixels).reduce(0) { max($0, abs(Int($1.0) - Int($1.1))) }
        #expect(worst <= 1, "the open menu is the screen drawn whole")
    }
}
