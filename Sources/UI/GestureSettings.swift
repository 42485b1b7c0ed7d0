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

    /// How many fingers iPadOS's multitasking gestures take: four or five (Apple's iPad User Guide,
    /// "Use gestures to interact with iPad": "pinch with four or five fingers").
    public static let multitaskingFingers = 4
    /// How long, in seconds, the fingers of a multitasking gesture have to come down after the first
    /// before the touch is an ordinary one (Apple gives no figure; a hand's fingers land within about
    /// a tenth of a second, and this leaves room for a slow one).
    public static let multitaskingGatherTime = 0.3
    /// How far, in points, the fingers of a multitasking gesture move together (or closer together)
    /// before the gesture takes the touches from the app (twice the slop: a resting hand's drift is not one).
    public static let multitaskingStartDistance = 2 * touchSlop
    /// How far, in points, the fingers travel together for a multitasking swipe (Apple gives no
    /// figure; about a finger's length, so that a hand set down and lifted moves nothing).
    public static let multitaskingSwipeDistance = 100.0
    /// How close together the fingers of a multitasking pinch end, as a share of how far apart they
    /// began (Apple gives no figure; 0.6 is a deliberate closing of the hand).
    public static let multitaskingPinchScale = 0.6
}
