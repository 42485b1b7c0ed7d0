import Graphics
import UI

/// The shell's presentation figures, each with where it comes from. Apple publishes few numbers; the
/// ones marked "measured" were read off iPadOS 17 screenshots at 2× by public reimplementations.
public enum ShellMetrics {

    /// Settings' Automatic appearance: dark from this hour (iPadOS's Light Until Sunset, sunset
    /// taken as 19:00)…
    public static let automaticDarkHour = 19
    /// …and light again from this one (sunrise taken as 7:00).
    public static let automaticLightHour = 7
    /// The built-in wallpapers by name (Settings › Wallpaper): Slate's own gradient (sky blue, indigo,
    /// pink, as iPadOS 26's default), and two more in the colours of iPadOS's "Dusk" and graphite.
    static let wallpaperStops: [String: [(Double, Color)]] = [
        "": [
            (0, Color(light: RGBA(hex: 0x5AC8FA), dark: RGBA(hex: 0x0B2A4A))),
            (0.55, Color(light: RGBA(hex: 0x5856D6), dark: RGBA(hex: 0x2A1B5C))),
            (1, Color(light: RGBA(hex: 0xFF2D55), dark: RGBA(hex: 0x4A0F2A))),
        ],
        "dusk": [
            (0, Color(light: RGBA(hex: 0xFF9F0A), dark: RGBA(hex: 0x4A2A0B))),
            (0.6, Color(light: RGBA(hex: 0xFF375F), dark: RGBA(hex: 0x4A0F2A))),
            (1, Color(light: RGBA(hex: 0x5E5CE6), dark: RGBA(hex: 0x1B1A4A))),
        ],
        "graphite": [
            (0, Color(light: RGBA(hex: 0x8E8E93), dark: RGBA(hex: 0x2C2C2E))),
            (1, Color(light: RGBA(hex: 0x3A3A3C), dark: RGBA(hex: 0x000000))),
        ],
    ]

    /// The status bar of an iPad with Face ID (measured: 24 pt).
    public static let statusBarHeight: Double = 24
    /// The home indicator's safe-area inset (UIKit's safeAreaInsets.bottom on iPad Pro: 20 pt).
    public static let homeIndicatorArea: Double = 20
    /// What the status bar and the home indicator keep of the screen from windows (the window
    /// manager's `chrome`).
    public static let windowChrome = EdgeInsets(top: statusBarHeight, bottom: homeIndicatorArea)
    /// The home indicator bar (measured: 5 pt high, 315 pt wide on the 12.9" in landscape).
    public static let homeIndicatorSize = (width: 315.0, height: 5.0)

    /// The Dock (measured: 96 pt tall with 68 pt icons, floating 8 pt above the bottom, radius 30).
    public static let dockHeight: Double = 96
    public static let dockIconSize: Double = 68
    public static let dockSpacing: Double = 16
    public static let dockBottomMargin: Double = 8
    public static let dockCornerRadius: Double = 30

    /// Home screen icons (measured: 74 pt on the 12.9", rounded 16.5 pt continuous, labels 12 pt).
    public static let homeIconSize: Double = 74
    public static let homeIconCornerRadius: Double = 16.5
    /// The system's alert (a program's privilege asked for): iOS's alert card, 270 pt wide with a
    /// 14 pt corner radius and 44 pt buttons, over the screen dimmed by 0.2 (UIAlertController, iOS 17).
    public static let alertWidth: Double = 270
    public static let alertCornerRadius: Double = 14
    public static let alertButtonHeight: Double = 44
    public static let alertDim: Double = 0.2
    /// The red badge's height on a Home-screen icon (iPadOS: about 0.3 of the icon's side, the count
    /// in white at about 0.6 of it; measured from iPadOS 18 screenshots, Slate's figure).
    public static let iconBadgeDiameter: Double = 23
    /// An app's icon in the desktop's icon theme: the Home screen icon with clear space around it, in
    /// the proportion of Apple's app icon template (an 824 px shape on a 1024 px canvas).
    public static let themeIconSide: Double = homeIconSize * 1024 / 824

    public static let dividerHandle = (width: 4.0, height: 40.0)
    /// The windows' corner radius in Split View and Slide Over (measured: 10 pt).
    public static let windowCornerRadius: Double = 10

    /// The multitasking control, three dots at the top centre of each window (measured: 36×20 pt).
    public static let multitaskingControlSize = (width: 36.0, height: 20.0)

    /// App Exposé's snapshots, at ¼ of the window's size in points (measured).
    public static let exposeSnapshotScale: Double = 0.25
    /// The dim over the wallpaper behind Exposé (measured: black at 55 %, 70 % in dark mode).
    public static let exposeDim = Color(light: RGBA(0, 0, 0, 0.55), dark: RGBA(0, 0, 0, 0.7))
    /// Exposé's snapshots kept between showings, the most recently used windows' (Slate: 1.4 MB each
    /// at 2×; a grid shows twelve at once).
    public static let snapshotCacheLimit = 12
    /// The snapshots' corner radius (measured: 12 pt).
    public static let exposeThumbnailCornerRadius: Double = 12

    /// How long windows take to open, close and move (UIKit's default transition, 0.35 s spring).
    public static let windowAnimationDuration: Double = 0.35
    /// Recently closed windows kept for App Exposé (iPadOS keeps none; people asked for it).
    public static let recentlyClosedLimit = 8
}

extension ShellMetrics {
    /// A failure banner at the top of the screen, as iPadOS's system banners (measured: 44 pt tall
    /// pill, 12 pt below the status bar, up to 540 pt wide, shown for about 4 s).
    public static let bannerHeight: Double = 44
    public static let bannerTopMargin: Double = 12
    public static let bannerMaxWidth: Double = 540
    public static let bannerDuration: Double = 4
}

extension ShellMetrics {
    /// App Exposé's Recently Closed chips: white text on a dark glass chip, readable over any wallpaper
    /// (contrast at least 4.5:1, WCAG AA; iPadOS draws these as dark material platters).
    public static let recentlyClosedChip = Color.black.withAlpha(0.45)
    public static let recentlyClosedText = Color.white
    public static let recentlyClosedChipRadius = 12.0
    /// A window's subtitle under its snapshot (white at 75 %, as iPadOS's secondary label on dark).
    public static let exposeSubtitleText = Color.white.withAlpha(0.75)
}

extension ShellMetrics {
    /// A window whose app process does not run: its last picture under black at 35 % (iPadOS dims a
    /// snapshot it shows in place of a relaunching app about this much), or the app's icon, 96 pt
    /// (the launch-screen size of an iPad app icon at 1×), before it ever drew.
    public static let suspendedWindowDim = 0.35
    public static let placeholderIconSize = 96.0
}

extension ShellMetrics {
    /// The Dock's recent apps: at most 3 after a 1 pt divider half an icon tall, in the label colour at
    /// 25 % (iPadOS shows three recent apps on an iPad; the divider measured on iPadOS 17 screenshots).
    public static let dockRecentCount = 3
    public static let dockDividerWidth = 1.0
    public static let dockDividerHeightFraction = 0.5
    public static let dockDividerColor = Color(light: RGBA(0, 0, 0, 0.25), dark: RGBA(1, 1, 1, 0.25))
}

extension ShellMetrics {
    /// The clock's tick comes this long after the minute's turn, so a clock read at the tick is past it
    /// (Slate's: a frame at 120 Hz).
    public static let clockTickDelay = 1.0 / 120
    /// Rotation: the old screen turns away over 0.4 s (iPadOS's rotation lasts about 0.4 s, measured
    /// on screen recordings), easing in and out.
    public static let rotationDuration = 0.4
    public static let rotationCurve = TimingCurve.easeInOut
}

extension ShellMetrics {
    /// The screenshot's flash: white, fading over 0.25 s (measured on iPadOS screen recordings).
    public static let screenshotFlashDuration = 0.25
    /// The thumbnail: the screen shrunk to 18 % of its width (measured: 244 pt on a 1366 pt screen),
    /// 24 pt from the bottom-left corner, with a white border of 3 pt and radius 10; shrinking into
    /// place over 0.35 s; gone after 5 s (iPadOS keeps it about 5 s).
    public static let screenshotThumbnailFraction = 0.18
    public static let screenshotThumbnailMargin = 24.0
    public static let screenshotThumbnailBorder = 3.0
    public static let screenshotThumbnailRadius = 10.0
    public static let screenshotShrinkDuration = 0.35
    public static let screenshotThumbnailLife = 5.0
    /// The recording indicator stays this long after a program's last copy of the screen (Slate's: a
    /// recorder copying at 1 frame a second or more keeps it lit without a flicker; grim's one copy
    /// shows it long enough to be seen).
    public static let recordingIndicatorHold = 1.5
    /// A swipe of the thumbnail this far to the left sends it away (Slate's: a third of its width).
    public static let screenshotSwipeFraction = 1.0 / 3
    /// Power and volume up count as pressed together within 0.6 s of each other (Slate's figure).
    public static let screenshotChordWindow = 0.6
    /// A press of volume up or down moves the volume a sixteenth (iPadOS's 16 steps).
    public static let volumeStep = 1.0 / 16
}
