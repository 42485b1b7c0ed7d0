import Graphics
import Scenes
import SystemUI
import UI

/// The screen as it was before a turn, drawn where it stood on the panel, turning back upright and
/// fading away as `progress` goes from 0 to 1.
@MainActor final class RotationOverlayView: View {
    let picture: PixelImage
    /// The turn, in quarter turns counter-clockwise of the content on the panel.
    let change: Int
    var progress = 0.0 { didSet { setNeedsDisplay() } }

    init(picture: PixelImage, change: Int) {
        self.picture = picture
        self.change = change
        super.init()
        isUserInteractionEnabled = false
    }

    override func draw(in canvas: any Canvas) {
        let t = min(1, max(0, progress))
        let size = Size(Double(picture.width) / picture.scale, Double(picture.height) / picture.scale)
        // At the start the old picture stands as it stood on the panel: turned against the change
        // (clockwise by as many quarters as the content turned counter-clockwise); it turns to upright.
        let angle = Double(change == 3 ? -1 : change) * (Double.pi / 2) * (1 - t)
        // Scaled from its own size to fit the new screen as it turns (the shorter side to the shorter).
        let fit = min(bounds.width / size.width, bounds.height / size.height)
        let across = change % 2 == 1 ? 1 - t : 0
        let scale = 1 + (fit - 1) * (1 - across)
        canvas.fill(bounds, with: Color.black.withAlpha(1 - t))
        canvas.withState {
            canvas.concatenate(
                Transform(translationX: -size.width / 2, y: -size.height / 2)
                    .concatenating(Transform(scale: scale))
                    .concatenating(Transform(rotationAngle: angle))
                    .concatenating(Transform(translationX: bounds.midX, y: bounds.midY)))
            canvas.drawImage(picture, in: Rect(0, 0, size.width, size.height), opacity: 1 - t)
        }
    }
}
