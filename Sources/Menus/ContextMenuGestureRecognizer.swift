import Graphics
import UI

/// The touch and hold that opens a context menu: a long press with the menu's figures, prepared for
/// halfway through, so the blurred backdrop is made before the menu opens — as iOS starts its press
/// feedback before the menu appears.
///
/// Continuous: `began` when held `minimumPressDuration` seconds within `allowableMovement` points,
/// then `changed` as the finger slides (over the menu's rows), `ended` when it lifts.
@MainActor public final class ContextMenuGestureRecognizer: LongPressGestureRecognizer {
    public override init(action: ((GestureRecognizer) -> Void)? = nil) {
        super.init(action: action)
        minimumPressDuration = MenuMetrics.longPressDuration
        allowableMovement = MenuMetrics.allowableMovement
        preparationFraction = MenuMetrics.backdropPreparationFraction
    }
}
