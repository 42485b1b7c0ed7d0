import Graphics
import Testing

@testable import Rendering

/// A large picture drawn in two bands at once gives the same pixels as one drawn whole.
@Suite struct BandedPictureTests {
    let renderer = CairoRenderer()

    /// A picture with text, a shadow, transparent corners and colour.
    func picture(opaque: Bool) -> PixelImage {
        var image = renderer.render(size: Size(320, 200), scale: 2, appearance: .light) { c in
            if opaque { c.fill(Rect(0, 0, 320, 200), with: .systemBackground) }
            let card = Path.roundedRect(Rect(16, 16, 288, 168), radius: 13)
            c.drawShadow(of: card, color: Color.black.withAlpha(0.25), blur: 20, offset: Point(0, 6))
            c.fill(card, with: .systemBlue)
            c.drawText(TextLayout("Входящие — Inbox", font: .preferred(.title1)), at: Point(32, 40))
        }
        image.isOpaque = opaque
        return image
    }

    func draw(_ image: PixelImage, bands: Bool, opacity: Double, transform: Transform) -> (PixelImage, Int) {
        var banded = 0
        let out = renderer.render(size: Size(700, 500), scale: 1, appearance: .light) { c in
            let canvas = c as! CairoCanvas
            canvas.drawsPicturesInBands = bands
            c.fill(Rect(0, 0, 700, 500), with: .systemGroupedBackground)
            // A damaged region of two rectangles, in whole device pixels.
            var region = Path(Rect(10, 10, 600, 200))
            region.addRect(Rect(50, 231, 400, 250))
            c.clip(to: region)
            c.concatenate(transform)
            c.drawImage(image, in: Rect(0, 0, 640, 400), opacity: opacity)
            banded = canvas.picturesDrawnInBands
        }
        return (out, banded)
    }

    @Test(arguments: [false, true], [1.0, 0.8])
    func bandsGiveTheSamePixels(opaque: Bool, opacity: Double) {
        let image = picture(opaque: opaque)
        let t = Transform(scale: 1.37).concatenating(Transform(translationX: 20.3, y: 15.7))
        let (banded, n) = draw(image, bands: true, opacity: opacity, transform: t)
        let (whole, m) = draw(image, bands: false, opacity: opacity, transform: t)
        #expect(n == 1 && m == 0, "the first was drawn in bands, the second whole")
        // Cairo keeps Pixman's fixed-point sampling precise by moving its origin to the middle of
        // what is drawn; a band is half of that, so a few rows' filtered pixels round a level or two
        // apart. A band drawn twice or not at all differs by far more.
        var differing = 0
        var worst = 0
        for (a, b) in zip(banded.pixels, whole.pixels) where a != b {
            differing += 1
            worst = max(worst, abs(Int(a) - Int(b)))
        }
        #expect(worst <= 2 && differing < banded.pixels.count / 500, "\(differing) bytes differ, by up to \(worst)")
    }

    @Test(arguments: [false, true])
    func aPictureAtOnePixelPerPixelIsTheSameInBands(opaque: Bool) {
        let image = picture(opaque: opaque)
        let t = Transform(translationX: 20, y: 15)
        let (banded, n) = draw(image, bands: true, opacity: 1, transform: t)
        let (whole, _) = draw(image, bands: false, opacity: 1, transform: t)
        #expect(n == 1, "drawn in bands")
        let same = banded.pixels == whole.pixels
        #expect(same, "unfiltered, the bands give the same bytes")
    }
}
