import Graphics
import ShellPorts
import UI

/// The open popups of one layer surface (a panel's menus), over every layer and the windows, as a
/// desktop shows a panel's menu over the window it drops onto. Its frame is what they cover; the
/// finger and the mouse on a popup reach the layer surface at the point in its own points, where
/// the compositor finds the popup first.
@MainActor public final class LayerPopupsView: LayerInputView {
    /// Where the layer surface's corner is, in this view's superview's points.
    private var surfaceOrigin = Point.zero
    /// The popups as last placed, in the layer surface's points.
    private var shown: [ForeignPopup] = []

    override init(surface: any LayerSurface) {
        super.init(surface: surface)
        isHidden = true
    }

    /// Takes the surface's popups as they are now, its corner being at `origin`: the frame covers
    /// them, and is drawn again — unless their pictures did not change and nothing moved (the
    /// surface's own commits and layout come here too).
    func update(surfaceOrigin origin: Point, picturesChanged: Bool) {
        let popups = surface.popups.filter { $0.picture != nil && !$0.frame.isEmpty }
        guard picturesChanged || origin != surfaceOrigin || popups.map(\.frame) != shown.map(\.frame) else { return }
        surfaceOrigin = origin
        shown = popups
        guard let first = shown.first else {
            isHidden = true
            return
        }
        let covered = shown.dropFirst().reduce(first.frame) { $0.union($1.frame) }
        frame = covered.offsetBy(dx: origin.x, dy: origin.y)
        isHidden = false
        setNeedsDisplay()
    }

    override func surfacePoint(_ p: Point) -> Point {
        Point(p.x + frame.minX - surfaceOrigin.x, p.y + frame.minY - surfaceOrigin.y)
    }

    public override func point(inside point: Point) -> Bool {
        let p = surfacePoint(point)
        return shown.contains { $0.frame.contains(p) }
    }

    public override func draw(in canvas: any Canvas) {
        let corner = Point(surfaceOrigin.x - frame.minX, surfaceOrigin.y - frame.minY)
        for popup in shown {
            guard let picture = popup.picture else { continue }
            canvas.drawImage(picture, in: popup.frame.offsetBy(dx: corner.x, dy: corner.y), opacity: 1)
        }
    }
}
