import Graphics
import UI

/// The on-screen keyboard's presentation figures, each with where it comes from. Apple publishes
/// none: the heights are the keyboard frames UIKit reports on a 9.7-inch iPad (its
/// `keyboardFrameEndUserInfoKey`, widely published), the rest read off iPadOS screenshots at 2×
/// and kept in the iPad's proportions (keys about as tall as a letter key is wide).
public enum KeyboardMetrics {
    /// The keys' area: 352 pt in landscape and 264 pt in portrait (UIKit's keyboard frame on a
    /// 9.7-inch iPad without the QuickType bar); kept on larger iPads, whose extra width goes to the
    /// keys' width.
    public static func keysHeight(landscape: Bool) -> Double { landscape ? 352 : 264 }
    /// The QuickType and shortcut bar above the keys: 46 pt in landscape, 49 pt in portrait (the
    /// same frames with the bar: 398 − 352, 313 − 264).
    public static func barHeight(landscape: Bool) -> Double { landscape ? 46 : 49 }
    /// The space between keys across and down a row, and around the rows (iPadOS screenshots: about
    /// 12 pt across and 10 pt down in landscape, 10 and 8 in portrait).
    public static func keyGap(landscape: Bool) -> (across: Double, down: Double) {
        landscape ? (12, 10) : (10, 8)
    }
    /// Around the rows: the sides, the top and the bottom (iPadOS screenshots).
    public static func margins(landscape: Bool) -> EdgeInsets {
        landscape ? EdgeInsets(top: 8, left: 6, bottom: 10, right: 6) : EdgeInsets(top: 6, left: 4, bottom: 8, right: 4)
    }
    /// A flexible key (Delete, return, Shift, space) is never narrower than this many letter keys.
    public static let flexibleMinimum = 1.3
    /// The pads of digits take this share of the keyboard's width, in the middle (Slate's choice: the
    /// iPad shows its 123 page for numbers; a pad this wide keeps phone-sized keys within reach).
    public static let padWidthFraction = 0.5

    /// The keys' corners (iPadOS screenshots: about 6 pt at 2×).
    public static let keyCornerRadius: Double = 6
    /// The shadow under each key: 1 pt straight down (iPadOS draws its keys raised by a hairline).
    public static let keyShadowOffset: Double = 1

    /// A letter's size on its key, the named keys' and the small secondary character's (iPadOS:
    /// letters in the system font at about 24 pt, "return" and the page keys at 18, the grey
    /// digits above the letters at 13).
    public static let letterFontSize: Double = 24
    public static let namedKeyFontSize: Double = 18
    public static let secondaryFontSize: Double = 13
    /// The suggestions' text (QuickType: 17 pt, the body size).
    public static let suggestionFontSize: Double = 17

    /// The keyboard's background, the letter keys, the other keys, the keys' shadow and their text,
    /// light and dark (iPadOS 17 screenshots: #D1D3D9 behind white keys, #ABB0BA for Shift and the
    /// rest; in dark mode #2B2B2D behind #6B6B6E and #454547).
    public static let background = Color(light: RGBA(hex: 0xD1D3D9), dark: RGBA(hex: 0x2B2B2D))
    public static let letterKey = Color(light: RGBA(hex: 0xFFFFFF), dark: RGBA(hex: 0x6B6B6E))
    public static let namedKey = Color(light: RGBA(hex: 0xABB0BA), dark: RGBA(hex: 0x454547))
    public static let keyShadow = Color(light: RGBA(0, 0, 0, 0.32), dark: RGBA(0, 0, 0, 0.6))
    public static let keyText = Color(light: RGBA(0, 0, 0, 1), dark: RGBA(1, 1, 1, 1))
    public static let secondaryText = Color(light: RGBA(0, 0, 0, 0.45), dark: RGBA(1, 1, 1, 0.5))
    /// A key held down: a letter key takes the named keys' colour and back (iPadOS).
    public static let pressedLetterKey = namedKey
    public static let pressedNamedKey = Color(light: RGBA(hex: 0xFFFFFF), dark: RGBA(hex: 0x6B6B6E))
    /// The bar's dividers between suggestions (a hairline at 30 %).
    public static let barDivider = Color(light: RGBA(0, 0, 0, 0.3), dark: RGBA(1, 1, 1, 0.3))

    /// The popup over a key as it is pressed: the key's character at 36 pt in a balloon 1.5 times
    /// the key's width and twice its height (as iPadOS's floating keyboard and the iPhone draw it).
    public static let popupFontSize: Double = 36
    public static let popupWidthFactor: Double = 1.5
    public static let popupHeightFactor: Double = 2.0
    /// Touch and hold on a key opens its alternates after this long (iPadOS: well under the half
    /// second of a long press elsewhere; Slate uses 0.4 s).
    public static let alternatesDelay: Double = 0.4
    /// Each alternate's cell in the row that opens (the key's width, at most 56 pt).
    public static let alternateMaxWidth: Double = 56

    /// Delete held: it repeats after 0.5 s, every 0.1 s, and by words after 10 characters (UIKit's
    /// key repeat, as measured by keyboard projects: 0.5 s delay, about 10 a second).
    public static let deleteRepeatDelay: Double = 0.5
    public static let deleteRepeatInterval: Double = 0.1
    public static let deleteByWordsAfter = 10
    /// Two taps on Shift within this long lock the capitals (UIKit's double tap: 0.35 s).
    public static let capsLockInterval: Double = 0.35

    /// The keyboard slides up and down in UIKit's keyboard motion: 0.25 s in animation curve 7,
    /// which keyboard projects approximate as cubic-bezier(0.38, 0.7, 0.125, 1).
    public static let slideDuration: Double = 0.25
    public static let slideCurve = TimingCurve.cubicBezier(0.38, 0.7, 0.125, 1)

    /// Two fingers that move this far on the keys turn them into a trackpad, and each step of the
    /// caret takes this far of their travel (iPadOS: the caret follows about a character a 10 pt).
    public static let trackpadStart: Double = 10
    public static let trackpadStep: Double = 10

    /// The floating keyboard (pinched in): an iPhone's keyboard, 320 pt wide, in a rounded card.
    public static let floatingWidth: Double = 320
    public static let floatingHeight: Double = 260
    public static let floatingCornerRadius: Double = 16
    /// Two fingers that pinch the keys to this share of their distance float the keyboard, and
    /// spread on the floating one to this share dock it again.
    public static let pinchIn: Double = 0.6
    public static let pinchOut: Double = 1.5

    /// The floating keyboard's keys are an iPhone's: 6 pt apart across, 10 down, 3 pt from its sides
    /// (iPhone screenshots at 2×).
    public static let compactKeyGap = (across: 6.0, down: 10.0)
    public static let compactMargins = EdgeInsets(top: 4, left: 3, bottom: 4, right: 3)
    /// The floating keyboard's bar, the grabber strip under it, and its text against the docked one's.
    public static let floatingBarHeight: Double = 36
    public static let floatingGrabberHeight: Double = 18
    public static let floatingTextScale: Double = 0.8
    /// A flick down on a key this far (a share of its height) types the small character above it.
    public static let flickFraction: Double = 0.35
    /// A swipe down on the bar this far puts the keyboard away.
    public static let swipeDownDistance: Double = 40

    /// The button that brings the keyboard back while a hardware keyboard is in use (iPadOS's
    /// shortcut bar collapsed to its keyboard button): 44 pt, 12 pt from the corner.
    public static let showButtonSize: Double = 44
    public static let showButtonMargin: Double = 12
}
