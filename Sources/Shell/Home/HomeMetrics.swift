import Graphics
import SystemUI
import UI

/// The Home screen's figures: its grid, its page dots and how a page turns. The grid's counts are
/// iPadOS 26's on a 12.9-inch iPad; the rest are Slate's figures, set by eye against iPadOS's look
/// (not measured), unless said.
public enum HomeMetrics {
    /// An icon's side (ShellMetrics.homeIconSize: 74 pt) and the name under it (12 pt text, 22 pt).
    public static let iconSize = ShellMetrics.homeIconSize
    public static let nameHeight: Double = 22
    /// How far an icon's name reaches past its square at each side, and its shadow above it.
    public static let nameOverhang: Double = 10
    public static let shadowRoom: Double = 8
    /// Icon columns on a page, and rows in landscape and in portrait (iPadOS's smaller-icon layout:
    /// 6 × 5 in landscape; portrait keeps the columns and fits a sixth row).
    public static let columns = 6
    public static let landscapeRows = 5
    public static let portraitRows = 6
    /// The icons a page of the arrangement holds (a screen that fits fewer shows it over two).
    public static let iconsPerPage = columns * landscapeRows
    /// The grid's rows: an icon and its name at least 118 pt apart, spread over the page's height up
    /// to 150 pt apart (iPadOS's rows on the 12.9-inch in landscape); from 72 pt under the status bar.
    public static let rowPitch: Double = iconSize + 44
    public static let maximumRowPitch: Double = 150
    public static let topMargin: Double = 72
    /// The grid's columns: at most 150 pt wide, 80 pt clear at each side.
    public static let maximumColumnWidth: Double = 150
    public static let sideMargin: Double = 80
    /// The page dots: 7 pt dots 9 pt apart, centred 16 pt above the Dock's platter,
    /// in an area of 30 pt the grid leaves them; the current page's white, the others white at 40 %.
    public static let pageDotSize: Double = 7
    public static let pageDotSpacing: Double = 9
    public static let pageDotsArea: Double = 30
    public static let pageDotOtherAlpha: Double = 0.4
    /// A page turn: the page follows the finger, then settles in 0.35 s with an ease out (after
    /// UIScrollView's paging); a flick faster than 300 pt/s, or a drag past a third of the page,
    /// turns it.
    public static let pageTurnDuration: Double = 0.35
    /// How many icons of the pages beside the one shown have their pictures drawn in a frame (about
    /// 0.4 ms each at 2× on a 2-core x86: two keep a frame well inside 8.3 ms, and the 30 of a page
    /// are drawn within a page turn and a few frames of rest). Slate's figure.
    public static let picturesPerFrame = 2
    /// The pause between frames drawing those pictures: the next frame (Slate's figure).
    public static let pictureInterval: Double = 1.0 / 120
    public static let pageTurnCurve = TimingCurve.cubicBezier(0.25, 1, 0.35, 1)
    public static let pageTurnVelocity: Double = 300
    public static let pageTurnFraction: Double = 1.0 / 3
    /// Past the first or the last page the page follows the finger at a third of its speed (the
    /// rubber band of UIScrollView).
    public static let rubberBand: Double = 1.0 / 3
    /// A swipe down this far on a page of icons brings Spotlight (Slate's figure).
    public static let pullDownDistance: Double = 60

    // Editing (Slate's figures, by eye against iPadOS 26's edit mode, not measured).

    /// The jiggle: each icon turns ±1.5° about its centre, a cycle in 0.26 s, each a little out of
    /// step with its neighbours; in steps of `View.turnStep` (0.5°), so that each icon's picture is
    /// turned once per step and kept (a picture turned as it is drawn costs a frame its time).
    public static let jiggleAngle: Double = 1.5 * .pi / 180
    public static let jigglePeriod: Double = 0.26
    /// The "−" badge at an icon's top-left corner: 22 pt, grey frost with a dark minus.
    public static let removeBadgeSize: Double = 22
    /// The Done button: at the top right of the page, 80 × 32 pt, 16 pt corners.
    public static let doneSize = Size(80, 32)
    /// A lifted icon grows by a tenth and loses its name.
    public static let liftScale: Double = 1.1
    /// Icons make room once the dragging finger rests 0.2 s over a place (not as it passes), and
    /// slide there in 0.25 s.
    public static let makeRoomDelay: Double = 0.2
    public static let makeRoomDuration: Double = 0.25
    /// Held over the middle of another icon (its middle half) for 0.4 s, a dragged app makes a
    /// folder with it; held within 40 pt of the page's side for 0.6 s, the page turns.
    public static let folderHoldDuration: Double = 0.4
    public static let folderTargetFraction: Double = 0.5
    public static let edgeTurnDistance: Double = 40
    public static let edgeTurnDuration: Double = 0.6
    /// The Dock holds at most 13 kept apps (as the 12.9-inch iPad's Dock).
    public static let dockCapacity = 13
}

/// A folder's figures (Slate's, by eye against iPadOS 26's, not measured): its icon a frosted
/// square with its first nine apps small in three rows of three, and, open, a platter of its apps in
/// four columns under its name.
public enum FolderMetrics {
    /// The icon's small apps: three to a row, a ninth of the square's inset each side.
    public static let miniColumns = 3
    public static let miniInsetFraction: Double = 0.12
    public static let miniGapFraction: Double = 0.06
    /// The frost of the folder's icon and of its open platter.
    public static let frost = Color(light: RGBA(1, 1, 1, 0.35), dark: RGBA(0.2, 0.2, 0.22, 0.5))
    /// The open folder: four columns of 74 pt icons 132 pt apart, 40 pt inside a platter with 38 pt
    /// corners; the name above it in 34 pt.
    public static let columns = 4
    public static let cellSize = Size(132, 128)
    public static let platterInset: Double = 40
    public static let platterCornerRadius: Double = 38
    public static let nameFontSize: Double = 34
    public static let nameHeight: Double = 48
    public static let nameGap: Double = 24
}

/// The App Library's figures (Slate's, set by eye against iPadOS 26's on a 12.9-inch iPad, not
/// measured): a search field over platters of four places, each 180 pt square with 64 pt icons.
public enum AppLibraryMetrics {
    /// The search field: 600 pt wide at most, 40 pt tall, 20 pt from the page's top.
    public static let searchWidth: Double = 600
    public static let searchHeight: Double = 40
    public static let searchTop: Double = 20
    /// Platters: four columns in landscape, three in portrait, 180 pt square, 26 pt corners, 24 pt
    /// apart; the group's name under each in 22 pt.
    public static let landscapeColumns = 4
    public static let portraitColumns = 3
    public static let platterSide: Double = 180
    public static let platterCornerRadius: Double = 26
    public static let gap: Double = 24
    public static let nameHeight: Double = 22
    /// A platter's places: 64 pt icons, 14 pt in from its edge; the fourth place's small icons 6 pt
    /// apart.
    public static let iconSide: Double = 64
    public static let platterInset: Double = 14
    public static let smallGap: Double = 6
    /// The list's rows: 56 pt, a 40 pt icon.
    public static let rowHeight: Double = 56
    /// The frost of the field and the platters over the wallpaper (white at 22 %, black at 25 % in
    /// dark mode).
    public static let frost = Color(light: RGBA(1, 1, 1, 0.22), dark: RGBA(0, 0, 0, 0.25))
}
