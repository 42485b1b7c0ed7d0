import Graphics
import ShellPorts
import UI

/// A view that passes the finger, the pen, the mouse and the wheel on to a layer surface, at the
/// point in the surface's own points (`surfacePoint`): the surface itself, or its popups.
@MainActor public class LayerInputView: View {
    public let surface: any LayerSurface

    init(surface: any LayerSurface) {
        self.surface = surface
        super.init()
        accessibilityLabel = surface.namespace
    }

    /// A point of this view in the layer surface's points (the same, for the surface's own view).
    func surfacePoint(_ p: Point) -> Point { p }

    public override func touchBegan(_ touch: Touch, at point: Point) {
        for event in ForeignPointerEvent.began(touch, at: surfacePoint(point)) { surface.pointer(event) }
    }

    public override func touchMoved(_ touch: Touch, at point: Point) {
        surface.pointer(.moved(touch, to: surfacePoint(point)))
    }

    public override func touchEnded(_ touch: Touch, at point: Point) {
        surface.pointer(.ended(touch, at: surfacePoint(point)))
    }

    public override func touchCancelled(_ touch: Touch) {
        surface.pointer(.cancelled(touch))
    }

    public override func hoverMoved(to point: Point) { surface.pointer(.moved(surfacePoint(point))) }

    public override func hoverChanged(_ inside: Bool) {
        if !inside { surface.pointer(.leave) }
    }

    public override func handleSecondaryClick(at point: Point) -> Bool {
        surface.pointer(.secondaryClick(surfacePoint(point)))
        return true
    }

    public override func handleScroll(dx: Double, dy: Double) -> Bool {
        surface.pointer(.scroll(.zero, dx: dx, dy: dy))
        return true
    }
}
