import Graphics
import Testing

@testable import Rendering
@_spi(Testing) @testable import UI

/// A rasterized view hidden and shown again (the icons of a Home screen page beside the one shown)
/// keeps its picture when asked to: showing it copies the picture, drawing none. What changed in it
/// while it was hidden is drawn when it shows.
@MainActor @Suite struct HiddenPictureTests {
    let renderer = CairoRenderer()

    /// A card with a label on a plain root, rasterized, keeping its picture while hidden.
    func scene() -> (RootView, View, Label) {
        let root = RootView(size: Size(300, 200), clock: VirtualClock())
        root.environment.renderer = renderer
        root.environment.displayScale = 2
        root.backgroundColor = .white
        let (card, label) = addPictureCard(to: root)
        card.releasesPicturesWhenHidden = false
        return (root, card, label)
    }

    func draw(_ root: RootView) -> PixelImage {
        renderer.render(size: root.bounds.size, scale: 2, appearance: .light) { canvas in
            root.renderFrame(in: canvas, renderer: renderer)
        }
    }

    /// How many pixels of two pictures of one size differ.
    func differing(_ one: PixelImage, _ other: PixelImage) -> Int {
        zip(one.pixels, other.pixels).filter { $0 != $1 }.count
    }

    @Test func aViewShownAgainCopiesItsKeptPicture() {
        let (root, card, _) = scene()
        let first = draw(root)
        let drawn = View.picturesDrawn
        card.isHidden = true
        let hidden = draw(root)
        #expect(differing(hidden, first) > 10_000, "hidden, the card is not drawn")
        #expect(!card.needsPictures, "its picture is kept")
        card.isHidden = false
        let again = draw(root)
        #expect(View.picturesDrawn == drawn, "no picture drawn to show it again")
        #expect(differing(again, first) == 0)
    }

    /// Its own colour changed while hidden: drawn as a card made that way.
    @Test func whatChangedWhileHiddenIsDrawnWhenShown() {
        let (root, card, _) = scene()
        _ = draw(root)
        card.isHidden = true
        card.backgroundColor = .systemGreen
        #expect(card.needsPictures, "its picture is stale")
        card.isHidden = false
        let shown = draw(root)
        // The same card made with the new text from the start.
        let (freshRoot, freshCard, _) = scene()
        freshCard.backgroundColor = .systemGreen
        #expect(differing(shown, draw(freshRoot)) == 0)
    }

    @Test func preparingAPictureWhileHiddenSparesTheFrameThatShowsIt() {
        let (root, card, _) = scene()
        card.isHidden = true
        _ = draw(root)
        #expect(card.needsPictures, "never drawn yet")
        card.preparePictures()
        #expect(!card.needsPictures)
        let drawn = View.picturesDrawn
        card.isHidden = false
        _ = draw(root)
        #expect(View.picturesDrawn == drawn)
    }
}
