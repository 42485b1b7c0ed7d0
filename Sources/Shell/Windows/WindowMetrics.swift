import Graphics
import UI

/// How Windowed Apps' windows look and answer a finger, each figure with where it comes from (where
/// they go is the window manager's: `WindowingMetrics`). Apple publishes none for iPadOS 26's
/// windows: "read" figures were read off Apple's iPadOS 26 screenshots and WWDC 2025 session videos
/// (a 13-inch iPad Pro, 1366 × 1024 pt in landscape), to the nearest point; "Slate" marks Slate's
/// own choice where there is nothing to read.
public enum WindowMetrics {
    // MARK: The window

    /// A window's corner radius (read: 26 pt, concentric with the 13-inch iPad Pro's display corners).
    public static let cornerRadius: Double = 26
    /// The band at a window's top where its controls sit and which a finger drags to move it (read:
    /// 32 pt; iPadOS 26 keeps apps' toolbars clear of the controls by about this much).
    public static let controlBarHeight: Double = 32
    /// The shadow of the front window (read: soft, about 30 pt of blur, 10 pt down, black at 25 %)
    /// and of the windows behind it (lighter, as iPadOS 26 and macOS draw inactive windows).
    public static let activeShadow = View.Shadow(color: Color.black.withAlpha(0.25), blur: 30, offset: Point(0, 10))
    public static let inactiveShadow = View.Shadow(color: Color.black.withAlpha(0.14), blur: 18, offset: Point(0, 6))
    /// A window's hairline edge, so that a white window reads against a white one behind it (read:
    /// iPadOS 26 draws a faint 0.5 pt border around windows; black at 12 %, white at 16 % in dark mode).
    public static let edgeColor = Color(light: RGBA(0, 0, 0, 0.12), dark: RGBA(1, 1, 1, 0.16))

    // MARK: The window controls

    /// The three controls — close, minimize, full screen — at the top left (read: 14 pt circles, 8 pt
    /// apart, their centres 21 pt in from the window's left edge and in the middle of the top band).
    public static let controlDiameter: Double = 14
    public static let controlSpacing: Double = 8
    public static let controlLeading: Double = 14
    /// What a finger must hit around each control (Apple's Human Interface Guidelines: 44 × 44 pt
    /// for touch; the controls sit 22 pt apart, so each one's target is that wide).
    public static let controlTarget = Size(22, 32)
    /// The controls' colours (as macOS's and iPadOS 26's: red, yellow, green) and the glyph drawn
    /// in each while a finger is on them.
    public static let closeColor = Color(light: RGBA(1, 0.37, 0.34, 1), dark: RGBA(1, 0.37, 0.34, 1))
    public static let minimizeColor = Color(light: RGBA(1, 0.74, 0.18, 1), dark: RGBA(1, 0.74, 0.18, 1))
    public static let fullScreenColor = Color(light: RGBA(0.16, 0.78, 0.25, 1), dark: RGBA(0.16, 0.78, 0.25, 1))
    /// A window behind the front one shows its controls grey (as macOS and iPadOS 26 do).
    public static let inactiveControlColor = Color(light: RGBA(0, 0, 0, 0.16), dark: RGBA(1, 1, 1, 0.2))

    // MARK: The grab handle

    /// The grab handle at the bottom-right corner: an arc along the window's corner (read: about
    /// 5 pt thick, spanning the corner's curve, 6 pt in from the edge; grey at 45 %).
    public static let handleThickness: Double = 5
    public static let handleInset: Double = 6
    public static let handleColor = Color(light: RGBA(0, 0, 0, 0.45), dark: RGBA(1, 1, 1, 0.5))
    /// The square at the corner a finger grabs the handle in (Apple's 44 pt touch target).
    public static let handleTarget: Double = 44

    // MARK: Dragging a window

    /// How far ahead a lifted window's flick is projected (seconds of its velocity, as UIKit's
    /// scroll views project a flick's resting place).
    public static let flickProjection: Double = 0.18
    /// A finger that rests this long before it lifts flicks nothing (Slate: two frames at 120 Hz
    /// and a little more; UIKit's pan velocity falls to zero about as fast).
    public static let flickRest: Double = 0.05
    /// A flick faster than this (points a second) up from a window's place makes it full screen.
    public static let flickUpSpeed: Double = 1500
    /// The drop zone shown while a window is dragged: the tile it would take, a light translucent
    /// panel with the window's corner radius (read: white at 30 %, black at 25 % in dark mode).
    public static let dropZoneColor = Color(light: RGBA(1, 1, 1, 0.3), dark: RGBA(0, 0, 0, 0.25))
    public static let dropZoneBorder = Color(light: RGBA(1, 1, 1, 0.7), dark: RGBA(1, 1, 1, 0.35))

    // MARK: Exposé

    /// The swipe up from the bottom edge that shows Exposé (iPadOS 26: "swipe up and hold"): a
    /// finger this far up (Slate: past the Dock's 30 pt), still for this long (read: about 0.3 s).
    public static let exposeSwipeDistance: Double = 140
    public static let exposeHoldDuration: Double = 0.3
    /// A minimizing window shrinks into its app's icon in the Dock (read: about 0.4 s).
    public static let minimizeDuration: Double = 0.4
}
