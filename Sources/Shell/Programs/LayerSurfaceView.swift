import Graphics
import ShellPorts
import UI

/// A layer surface on the screen: its pixels drawn straight from its program's buffers, the finger
/// and the mouse passed on to it.
@MainActor public final class LayerSurfaceView: LayerInputView {
    /// Its open popups, shown over every layer and the windows (placed by the shell).
    public let popupsView: LayerPopupsView

    public override init(surface: any LayerSurface) {
        popupsView = LayerPopupsView(surface: surface)
        super.init(surface: surface)
    }

    /// Its program drew again: its whole frame is drawn anew (a panel's is small).
    func pictureChanged() { setNeedsDisplay() }

    public override func draw(in canvas: any Canvas) {
        guard let live = surface.livePixels else { return }
        if !canvas.drawPixels(live, at: bounds.origin, opacity: 1) {
            // (Into a picture — App Exposé's, a menu's backdrop —: through a copy of its pixels.)
            let picture = live.pictureOver()
            canvas.drawImage(
                picture, in: Rect(bounds.minX, bounds.minY, picture.size.width, picture.size.height), opacity: 1)
        }
    }

    public override func touchBegan(_ touch: Touch, at point: Point) {
        if surface.placement.keyboard == .onDemand { surface.takeKeyboard() }
        super.touchBegan(touch, at: point)
    }
}
