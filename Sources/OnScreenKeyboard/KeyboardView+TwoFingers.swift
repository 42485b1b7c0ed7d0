import Foundation
import Graphics
import UI

// Two fingers on the keyboard: the trackpad (the caret moved as they move), a pinch that floats the
// keyboard and a spread that docks it.
extension KeyboardView {
    func midpoint(_ a: Point, _ b: Point) -> Point { Point((a.x + b.x) / 2, (a.y + b.y) / 2) }

    func twoFingersMoved() {
        let two = Array(presses.values)
        guard two.count == 2 else { return }
        let points = two.map(\.location)
        let d = hypot(points[0].x - points[1].x, points[0].y - points[1].y)
        let c = midpoint(points[0], points[1])
        if isTrackpad {
            trackpadTravel.x += c.x - trackpadLast.x
            trackpadTravel.y += c.y - trackpadLast.y
            trackpadLast = c
            let step = KeyboardMetrics.trackpadStep
            while abs(trackpadTravel.x) >= step {
                keyboard.moveCaret(trackpadTravel.x > 0 ? .right : .left)
                trackpadTravel.x -= trackpadTravel.x > 0 ? step : -step
            }
            while abs(trackpadTravel.y) >= step * 2 {
                keyboard.moveCaret(trackpadTravel.y > 0 ? .down : .up)
                trackpadTravel.y -= trackpadTravel.y > 0 ? step * 2 : -step * 2
            }
            return
        }
        guard let start = twoFingers, start.distance > 0 else { return }
        let ratio = d / start.distance
        if !isFloating, ratio <= KeyboardMetrics.pinchIn {
            cancelPresses()
            keyboard.onFloatingChange?(true)
            return
        }
        if isFloating, ratio >= KeyboardMetrics.pinchOut {
            cancelPresses()
            keyboard.onFloatingChange?(false)
            return
        }
        // The trackpad: both fingers moving the same way (a pinch moves them apart or together).
        let v = two.map { Point($0.location.x - $0.start.x, $0.location.y - $0.start.y) }
        let together = v[0].x * v[1].x + v[0].y * v[1].y > 0
        let moved = hypot(c.x - start.centre.x, c.y - start.centre.y)
        if together, moved >= KeyboardMetrics.trackpadStart, ratio > 0.8, ratio < 1.25 {
            cancelPresses()
            isTrackpad = true
            trackpadLast = c
            trackpadTravel = .zero
            for k in keyViews { k.isBlank = true }
        }
    }

    /// The fingers' presses are taken back: nothing they were on is typed.
    func cancelPresses() {
        for (id, p) in presses {
            p.timer?.cancel()
            if let i = p.key, i < keyViews.count { keyViews[i].isPressed = false }
            presses[id]?.key = nil
            presses[id]?.timer = nil
        }
        hidePopup()
        hideAlternates()
        hideLayoutList()
        keyboard.keyCancelled()
        twoFingers = nil
    }

    func endTrackpad() {
        isTrackpad = false
        for k in keyViews { k.isBlank = false }
    }
}
