import Foundation
import Graphics
import Menus
import SystemUI
import UI

/// What the shell keeps of its system UI around the apps: the clock's next tick, rotation under way,
/// the screenshot's thumbnail.
@MainActor final class SystemUIState {
    /// The clock's next tick (`EventDispatcher.schedule`).
    var clockTick: ScheduledAction?
    /// The orientation the screen shows, in quarter turns counter-clockwise from the panel's own.
    var quarterTurns = 0
    /// The screen's picture turning away while the new layout comes in.
    var rotation: RotationOverlayView?
    var rotationAnimation: Animation?
    /// The host, told when the screen turns.
    var onScreenTurn: ((Int) -> Void)?
}
