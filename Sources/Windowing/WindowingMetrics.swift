import Graphics

/// The figures of the window manager's layouts, each with where it comes from: "measured" figures
/// were read off iPadOS 17 screenshots at 2× by public reimplementations; "read" ones off Apple's
/// iPadOS 26 screenshots and WWDC 2025 session videos (a 13-inch iPad Pro, 1366 × 1024 pt in
/// landscape); "Slate" marks Slate's own choice. What the system's chrome keeps of the screen is not
/// here: the shell passes it in (`WindowManager.chrome`).
public enum WindowingMetrics {
    // MARK: Windowed Apps

    /// The smallest window (Slate: about what iPadOS 26 lets an app shrink to on the 13-inch iPad
    /// Pro, a third of the width; programs may ask for less with their own minimum).
    public static let minimumSize = Size(360, 300)
    /// The gap between two tiled windows (read: 8 pt; none along the screen's edges).
    public static let tileGap: Double = 8
    /// How much of a window is kept on the screen, across and up from the bottom, however far it is
    /// dragged (Slate: enough of its top band to grab it again).
    public static let keptOnScreen: Double = 96
    /// A new window of an app whose last window is still where it would go opens this far down and
    /// to the right of it (macOS cascades by about 22 pt; Slate, for a finger, 28).
    public static let cascadeOffset: Double = 28
    /// A window that opens with no size of its own to come back to, from full screen or Split
    /// View: this share of the area below the status bar, centred (Slate).
    public static let defaultShare = Size(0.62, 0.72)
    /// A dragged window's finger this near an edge of the screen (or a corner) shows the tile it
    /// would take, and lifting it there tiles it (read: about 24 pt; Slate gives a finger 40).
    public static let dropZone: Double = 40

    // MARK: Full-Screen Apps

    /// Split View (measured: windows separated by a 10 pt black divider with a 4×40 pt handle).
    public static let dividerWidth: Double = 10
    /// Where Split View rests: a third, half and two thirds of the screen (iPadOS's three widths).
    public static let splitFractions: [Double] = [1.0 / 3, 1.0 / 2, 2.0 / 3]
    /// Dragging the divider past this fraction of the screen closes the window on that side.
    public static let splitCloseFraction: Double = 0.18
    /// Slide Over (measured: 320 pt wide on the 12.9", 8 pt from the edges, radius 10, soft shadow).
    public static let slideOverWidth: Double = 320
    public static let slideOverMargin: Double = 8
    /// The drop targets at the sides of the screen during a drag (measured: a third of the width
    /// lights up; the finger must come within 60 pt of the edge to arm it).
    public static let edgeTargetActivation: Double = 60
    /// A side's drop target shows only while the finger is this near that side (Slate's figure:
    /// iPadOS shows where a window would open only as the item nears the edge, not from the drag's
    /// start, and never both sides at once).
    public static let edgeTargetReveal: Double = 200
    /// App Exposé thumbnails (measured: a 3-column grid, snapshots at ¼ of the window's size in points).
    public static let exposeColumns = 3
}
