import Graphics
import Testing

@testable import Rendering
@_spi(Testing) @testable import UI

/// A rasterized view turned again and again by a few angles (the Home screen's jiggle) draws a
/// picture turned once per angle and kept: the same pixels, within filtering, as the picture turned
/// as it is drawn, and no new picture on the next frame.
@MainActor @Suite struct TurnedPictureTests {
    let renderer = CairoRenderer()

    /// A card with a shadow, text and transparent corners, turned by two steps, at 2×.
    func frame(keeping: Bool, frames: Int = 1) -> (PixelImage, RootView, View) {
        let root = RootView(size: Size(300, 200), clock: VirtualClock())
        root.backgroundColor = .systemGroupedBackground
        let card = addPictureCard(to: root).card
        card.keepsTurnedPictures = keeping
        card.transform = Transform(rotationAngle: 2 * View.turnStep)
        var image = PixelImage(width: 1, height: 1)
        for _ in 0..<frames {
            image = renderer.render(size: root.bounds.size, scale: 2, appearance: .light) { c in
                root.renderFrame(in: c, renderer: renderer)
            }
        }
        return (image, root, card)
    }

    @Test func aKeptTurnedPictureLooksAsOneTurnedAsItIsDrawn() {
        let (kept, root, card) = frame(keeping: true)
        let (turned, _, _) = frame(keeping: false)
        #expect(card.turnedPictures.count == 1)
        // Turned twice (the picture, then its copy placed on whole pixels) against once: edges
        // filtered a little apart, nothing moved or missing.
        var differing = 0
        var far = 0
        for (a, b) in zip(kept.pixels, turned.pixels) where a != b {
            differing += 1
            if abs(Int(a) - Int(b)) > 48 { far += 1 }
        }
        #expect(
            differing < kept.pixels.count / 20 && far < kept.pixels.count / 500, "\(differing) differ, \(far) by far")
        // Not turned at all: far apart (the test can tell).
        card.transform = .identity
        let upright = renderer.render(size: Size(300, 200), scale: 2, appearance: .light) { c in
            root.renderFrame(in: c, renderer: renderer)
        }
        let apart = zip(upright.pixels, kept.pixels).filter { abs(Int($0) - Int($1)) > 48 }.count
        #expect(apart > max(1_000, 3 * far), "an upright card differs far more: \(apart) against \(far)")
    }

    @Test func theNextFrameDrawsTheKeptPictureAndLettingGoDropsThem() {
        let drawn = View.picturesDrawn
        let (_, root, card) = frame(keeping: true, frames: 3)
        #expect(View.picturesDrawn - drawn == 1, "the card's picture is drawn once, turned once")
        #expect(card.turnedPictures.count == 1)
        // Hidden (an icon on a page swiped away while editing), it lets them go with its picture.
        card.isHidden = true
        #expect(card.turnedPictures.isEmpty && card.rasterCache == nil)
        card.isHidden = false
        _ = renderer.render(size: Size(300, 200), scale: 2, appearance: .light) { c in
            root.renderFrame(in: c, renderer: renderer)
        }
        #expect(card.turnedPictures.count == 1)
        card.keepsTurnedPictures = false
        #expect(card.turnedPictures.isEmpty)
    }
}
