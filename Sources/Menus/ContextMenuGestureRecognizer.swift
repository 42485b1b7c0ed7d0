import Graphics
import UI

/// The touch and hold that opens a context menu: a long press (as `LongPressGestureRecognizer`) that
/// also says when the press is halfway, so the blurred backdrop can be made before the menu opens —
/// as iOS starts its press feedback before the menu appears.
///
/// Continuous: `began` when held `minimumPressDuration` seconds within `allowableMovement` points,
/// then `changed` as the finger slides (over the menu's rows), `ended` when it lifts.
@MainActor public final class ContextMenuGestureRecognizer: GestureRecognizer {
    /// How long the touch must be held. `MenuMetrics.longPressDuration` (0.5 s) by default.
    public var minimumPressDuration = MenuMetrics.longPressDuration
    /// How far the finger may move before the press fails.
    public var allowableMovement = MenuMetrics.allowableMovement
    /// Called once a press has lasted `preparationFraction` of the duration and is still still.
    public var onPreparation: (() -> Void)?
    /// Called when a press that was prepared for is over (if the menu opened, it has taken what was
    /// prepared already).
    public var onAbandon: (() -> Void)?
    /// The share of the duration after which `onPreparation` runs.
    public var preparationFraction = MenuMetrics.backdropPreparationFraction

    private var start: Point = .zero
    private var prepared = false
    private static let prepareTag = 1
    private static let beginTag = 2

    public override func touchBegan(_ touch: Touch) {
        if touches.count > 1 {
            setState(.failed)
            return
        }
        start = touch.location
        schedule(at: touch.timestamp + minimumPressDuration * preparationFraction, tag: Self.prepareTag)
        schedule(at: touch.timestamp + minimumPressDuration, tag: Self.beginTag)
    }

    public override func touchMoved(_ touch: Touch) {
        switch state {
        case .possible:
            if touch.location.distance(to: start) > allowableMovement { setState(.failed) }
        case .began, .changed: setState(.changed)
        default: break
        }
    }

    public override func touchEnded(_ touch: Touch) {
        switch state {
        case .possible: setState(.failed)
        case .began, .changed: setState(.ended)
        default: break
        }
    }

    public override func timerFired(_ tag: Int) {
        guard state == .possible, !touches.isEmpty else { return }
        if tag == Self.prepareTag {
            prepared = true
            onPreparation?()
        } else if tag == Self.beginTag {
            setState(.began)
        }
    }

    /// The sequence is over. What was prepared and not used (the press failed, or was a tap) goes.
    public override func reset() {
        if prepared { onAbandon?() }
        prepared = false
    }
}
