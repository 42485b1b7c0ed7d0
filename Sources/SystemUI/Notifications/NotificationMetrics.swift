import Graphics
import UI

/// The figures of notification banners and Notification Center, each with where it comes from
/// (iPadOS 26 screenshots at 2×, read as Slate's figures where Apple publishes none).
public enum NotificationMetrics {
    /// A banner's and a Notification Center platter's width (measured: about 400 pt on the 12.9" in
    /// landscape).
    public static let platterWidth: Double = 400
    /// Their corner radius (iOS 26's rounder platters: measured 24 pt).
    public static let cornerRadius: Double = 24
    /// The padding inside a platter (measured: 14 pt).
    public static let padding: Double = 14
    /// The app's icon in a platter (measured: 38 pt, rounded 9 pt).
    public static let iconSide: Double = 38
    public static let iconRadius: Double = 9
    /// Between the icon and the text (measured: 12 pt).
    public static let iconGap: Double = 12
    /// The banner's gap below the status bar (measured: 6 pt).
    public static let bannerTop: Double = 6
    /// Lines of body a banner shows (iPadOS: two).
    public static let bannerBodyLines = 2
    /// Lines of body a Notification Center platter shows (iPadOS: four, then "more").
    public static let centerBodyLines = 4
    /// How long a banner stays when the program leaves it to the server (iPadOS: about 5 s).
    public static let bannerDuration: Double = 5
    /// The banner's slide in and out (UIKit's spring settles in about 0.4 s).
    public static let slideDuration: Double = 0.4
    /// How far up a banner must be pushed to go on release (Slate's figure: a third of it).
    public static let dismissFraction: Double = 0.3
    /// How many banners show at once: the newest in front, the others peeking below it (iPadOS
    /// stacks two behind).
    public static let stackDepth = 3
    /// How far each banner behind peeks out, and how much smaller it is (measured: 8 pt, 5 %).
    public static let stackPeek: Double = 8
    public static let stackShrink: Double = 0.05
    /// The platter's glass (iOS 26's notification material: near-white or near-black, slightly clear).
    public static let platter = Color(light: RGBA(1, 1, 1, 0.92), dark: RGBA(0.16, 0.16, 0.17, 0.92))
    /// A banner's shadow (measured: soft, 20 pt blur, 0.15 black).
    public static let shadow = View.Shadow(color: Color.black.withAlpha(0.15), blur: 20, offset: Point(0, 4))
    /// Notification Center's cover over the screen (Slate's figure: the Lock screen's dim).
    public static let centerCover = Color(light: RGBA(0.1, 0.12, 0.2, 0.55), dark: RGBA(0, 0, 0, 0.7))
    /// Notification Center's top, below the status bar, and the gap between platters and groups
    /// (measured: 60 pt, 8 pt, 20 pt).
    public static let centerTop: Double = 60
    public static let rowGap: Double = 8
    public static let groupGap: Double = 20
    /// A group's header: its app's name and Clear (measured: 32 pt).
    public static let groupHeader: Double = 32
    /// Where a pull from the top edge opens Notification Center: this far from the left, over the
    /// time (iPadOS: the top-left corner, as Control Center's is the top-right; Slate's width, narrower
    /// than Control Center's so that the menu bar's swipe at a left Split View window's middle stays
    /// the menu bar's). The middle opens it too where no menu bar comes down.
    public static let pullZoneWidth: Double = 160
    /// At most this share of the screen's width (an iPad mini upright: a left third's middle stays the
    /// menu bar's).
    public static let pullZoneMaxFraction: Double = 0.12
    /// How far a pull must come down to open it (Slate's figure, as Control Center's).
    public static let pullDistance: Double = 80
}
