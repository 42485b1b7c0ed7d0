import Graphics
import UI

/// The lock screen's figures, each with where it comes from (iPadOS 26 screenshots at 2× on the
/// 12.9" iPad Pro, read as Slate's figures where Apple publishes none).
public enum LockScreenMetrics {
    /// The date line above the clock (measured: 22 pt semibold, white).
    public static let dateFont = Font(size: 22, weight: .semibold)
    /// The clock (iPadOS 26's lock screen time: measured about 120 pt tall glyphs, bold and rounded; Inter
    /// bold at 128 pt matches its cap height).
    public static let clockFont = Font(size: 128, weight: .bold)
    /// The date line's top below the status bar (measured: 34 pt from the screen's top in landscape).
    public static let dateTop: Double = 34
    /// The clock's top below the date line's (measured: 2 pt: the time sits right under the date).
    public static let clockGap: Double = 2
    /// The notifications' list: its top below the clock, its width (measured: 60 pt; a platter's
    /// width as in Notification Center, 400 pt).
    public static let listGap: Double = 60
    public static let listWidth: Double = 400
    /// Between two platters on the list (measured: 8 pt).
    public static let platterSpacing: Double = 8
    /// At most this many notifications on the list, newest first (iPadOS stacks the rest: Slate's
    /// figure for the space under the clock on the 11").
    public static let maximumNotifications = 4
    /// The lock screen's text: white over the wallpaper (iPadOS's).
    public static let ink = Color.white
    public static let secondaryInk = Color.white.withAlpha(0.8)
    /// The hint at the bottom, above the home indicator (iPadOS: "Swipe up to open", 17 pt).
    public static let hintFont = Font(size: 17, weight: .medium)
    public static let hintBottom: Double = 36
    /// How far up a swipe from the bottom must go to show the password (Slate's figure: a fifth of
    /// the screen, as iPadOS's lock screen follows the finger and springs on past it).
    public static let swipeFraction: Double = 0.2
    /// The wallpaper behind the password: dimmed and blurred as iPadOS's passcode page (measured: the
    /// wallpaper darkened to about 0.45 black).
    public static let passwordDim = Color.black.withAlpha(0.45)
    /// The title over the password field (iPadOS: "Enter Passcode", 20 pt semibold).
    public static let titleFont = Font(size: 20, weight: .semibold)
    /// The password field: a glass capsule 320 × 44 pt (iPadOS 26's alphanumeric passcode field).
    public static let fieldSize = Size(320, 44)
    public static let fieldFill = Color.white.withAlpha(0.22)
    /// Its dots, one a character typed (measured: 10 pt, 8 pt apart).
    public static let dotDiameter: Double = 10
    public static let dotSpacing: Double = 8
    /// The field's top on the password page: a third of the way down, above the keyboard (Slate's
    /// figure: the keyboard takes the lower half in landscape).
    public static let fieldTopFraction: Double = 0.3
    /// The line under the field: why the screen cannot open (17 pt, white).
    public static let messageFont = Font(size: 15, weight: .regular)
    /// A wrong password shakes the field: iOS's shake (measured: four swings of 12 pt over 0.4 s).
    public static let shakeDuration: Double = 0.4
    public static let shakeDistance: Double = 12
    public static let shakeSwings: Double = 4
    /// How long the power key must be held for Power Off and Restart (iPadOS: about a second with a
    /// volume key; Slate's one hardware button stands in, as Phosh's does).
    public static let powerHoldDuration: Double = 1
    /// The power menu's card (iOS's alert: 270 pt wide, 14 pt corners, 44 pt buttons).
    public static let powerCardWidth: Double = 270
    public static let powerCardRadius: Double = 14
    public static let powerButtonHeight: Double = 44
    /// The hairline between its buttons (UIKit's: one pixel at 2×).
    public static let separatorWidth: Double = 0.5
    /// The auto-lock looks at the idle time at least this often, in seconds, so that a shorter time
    /// set meanwhile counts (Slate's figure).
    public static let autoLockLook: Double = 30
    /// The password page's fade in (UIKit's default transition: 0.3 s).
    public static let pageDuration: Double = 0.3
}
