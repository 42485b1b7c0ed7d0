import Graphics
import ShellPorts
import UI

/// A locker's surface on the lock screen: its pixels, the finger and the mouse passed on to it.
@MainActor public final class SessionLockerView: View {
    let locker: any SessionLocker

    public init(locker: any SessionLocker) {
        self.locker = locker
        super.init()
        backgroundColor = .black
        identifier = "session-locker"
    }

    public override func draw(in canvas: any Canvas) {
        guard let live = locker.livePixels else { return }
        if !canvas.drawPixels(live, at: bounds.origin, opacity: 1) {
            let picture = live.pictureOver()
            canvas.drawImage(
                picture, in: Rect(bounds.minX, bounds.minY, picture.size.width, picture.size.height), opacity: 1)
        }
    }

    public override func touchBegan(_ touch: Touch, at point: Point) {
        for event in ForeignPointerEvent.began(touch, at: point) { locker.pointer(event) }
    }

    public override func touchMoved(_ touch: Touch, at point: Point) { locker.pointer(.moved(touch, to: point)) }

    public override func touchEnded(_ touch: Touch, at point: Point) { locker.pointer(.ended(touch, at: point)) }

    public override func touchCancelled(_ touch: Touch) { locker.pointer(.cancelled(touch)) }

    public override func hoverMoved(to point: Point) { locker.pointer(.moved(point)) }

    public override func handleScroll(dx: Double, dy: Double) -> Bool {
        locker.pointer(.scroll(.zero, dx: dx, dy: dy))
        return true
    }
}
