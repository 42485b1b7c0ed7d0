/// Every figure the gesture system works with, in one place, each with its unit and source (as
/// Flutter's `kTouchSlop` and friends). Recognizers start from these; a view may set its own.
public enum GestureSettings {
    /// How far, in points, a finger may wander before a tap or a touch and hold no longer counts and a
    /// pan or drag may begin (UIKit's `allowableMovement` and pan hysteresis: 10 pt).
    public static let touchSlop = 10.0
    /// How long, in seconds, a touch and hold lasts before it is recognised (UIKit's long press: 0.5 s).
    public static let longPressDuration = 0.5
    /// The longest a tap may last, in seconds, before it is a hold instead.
    public static let maximumTapDuration = 1.5
    /// The longest pause, in seconds, between the taps of a double tap (UIKit: about 0.35 s).
    public static let doubleTapInterval = 0.35
    /// How far, in points, a lifted preview must be dragged before the drag begins (a little more
    /// than the slop, so that sliding into the menu does not drag — measured on iPadOS 17: 12 pt).
    public static let previewDragThreshold = 12.0

    /// The band along a screen edge, in points, where an edge swipe must start (the home indicator's
    /// safe area on iPad Pro: 20 pt).
    public static let screenEdgeZone = 20.0
    /// How far, in points, a swipe up from the bottom edge travels before the Dock shows (measured on
    /// iPadOS 17: about 30 pt).
    public static let dockRevealDistance = 30.0
    /// How far, in points, the Slide Over window's top bar is swiped sideways to push it off the screen.
    public static let slideOverHideDistance = 60.0
    /// How far, in points, a swipe in from the side brings a hidden Slide Over window back.
    public static let slideOverShowDistance = 40.0
    /// The height, in points, of the Slide Over window's top bar that takes the sideways swipe.
    public static let slideOverGripHeight = 44.0
}
