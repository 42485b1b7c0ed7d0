import Graphics
import ShellPorts
import UI

/// A layer surface on the screen: its pixels drawn straight from its program's buffers, the finger
/// and the mouse passed on to it.
@MainActor public final class LayerSurfaceView: View {
    public let surface: any LayerSurface

    public init(surface: any LayerSurface) {
        self.surface = surface
        super.init()
        accessibilityLabel = surface.namespace
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
        for event in ForeignPointerEvent.began(touch, at: point) { surface.pointer(event) }
    }

    public override func touchMoved(_ touch: Touch, at point: Point) {
        surface.pointer(.moved(touch, to: point))
    }

    public override func touchEnded(_ touch: Touch, at point: Point) {
        surface.pointer(.ended(touch, at: point))
    }

    public override func touchCancelled(_ touch: Touch) {
        surface.pointer(.cancelled(touch))
    }

    public override func hoverMoved(to point: Point) { surface.pointer(.moved(point)) }

    public override func hoverChanged(_ inside: Bool) {
        if !inside { surface.pointer(.leave) }
    }

    public override func handleSecondaryClick(at point: Point) -> Bool {
        surface.pointer(.secondaryClick(point))
        return true
    }

    public override func handleScroll(dx: Double, dy: Double) -> Bool {
        surface.pointer(.scroll(.zero, dx: dx, dy: dy))
        return true
    }
}
