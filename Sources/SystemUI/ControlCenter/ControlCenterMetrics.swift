import Graphics
import UI

/// Control Center's presentation figures, each with where it comes from. Apple publishes none: the
/// sizes were read off iPadOS 17 screenshots of a 12.9" iPad Pro at 2× (marked "measured"); the
/// rest are Slate's, said so.
public enum ControlCenterMetrics {
    /// A small module: 68 × 68 pt (measured), 16 pt apart (measured: 15–16 pt).
    public static let module = 68.0
    static let spacing = 16.0
    /// The grid: four columns (measured), and as many rows as the modules take (with Slate's:
    /// connectivity 2 × 2, brightness and volume 1 × 2 beside it, then rotation lock, Dark Mode and a
    /// 2 × 1 Focus, three).
    static let columns = 4
    /// Modules' corner radius (measured: 20 pt, continuous).
    static let cornerRadius = 20.0
    /// The grid's top, from the screen's top, and its trailing margin (measured: 56 and 40 pt in
    /// landscape; the grid hangs from the top-right corner, under the status bar).
    static let top = 56.0
    static let trailing = 40.0
    /// The round buttons of the connectivity module (measured: 56 pt in a 152 pt platter).
    static let circle = 56.0
    /// A module's glyph (measured: 26 pt; 22 in the round buttons).
    static let glyph = 26.0
    static let circleGlyph = 22.0
    /// The Focus module's title (measured: 13 pt semibold, white).
    static let titleFont = Font(size: 13, weight: .semibold)

    /// Where a pull must start: the status bar's trailing 200 pt, its icons and the space before
    /// them (iPadOS opens Control Center from the top-right corner, the menu bar from the rest of the
    /// top edge; Slate's width, measured to cover the icons with a finger's margin).
    public static let pullZoneWidth = 200.0
    /// How far a pull travels for Control Center to be all there (Slate: the grid's height and top).
    public static let pullDistance = 300.0
    /// A pull let go beyond this share of the way, or moving down faster than `flickVelocity`
    /// points a second, opens; otherwise it closes (Slate's, as iPadOS's sheets commit).
    public static let commitFraction = 0.35
    public static let flickVelocity = 400.0
    /// The modules ride down this far as Control Center opens (Slate: a third of the pull).
    static let slide = 100.0

    /// Opening and closing: a critically damped spring of 0.35 s (UIKit's default transition).
    public static let curve = TimingCurve.spring(response: 0.35, dampingRatio: 1)
    public static let duration = 0.45

    /// The dim over the blurred screen: darker than a menu's (sampled on iPadOS 17 screenshots: the
    /// light appearance's blur reads about a fifth darker than a context menu's, the dark one about
    /// a fifth too); made into the backdrop once, not blended each frame.
    public static let dim = Color(light: RGBA(0, 0, 0, 0.36), dark: RGBA(0, 0, 0, 0.54))

    /// The modules' platter (iOS's Control Center material over its blurred backdrop: a grey glass,
    /// lighter in the light appearance; sampled on screenshots).
    static let platter = Color(light: RGBA(0.55, 0.55, 0.58, 0.5), dark: RGBA(0.22, 0.22, 0.24, 0.62))
    /// A round button that is off (sampled: a lighter glass).
    static let circleOff = Color(light: RGBA(0.35, 0.35, 0.37, 0.45), dark: RGBA(0.42, 0.42, 0.45, 0.5))
    /// Glyphs and titles on the platter: white (iOS draws them white in both appearances).
    static let ink = Color.white
    /// A small module that is on turns white (iOS), its glyph tinted.
    static let moduleOn = Color.white
    /// Brightness and volume: the level is white from the bottom; the glyph grey over it (sampled).
    static let sliderFill = Color.white
    static let sliderGlyph = Color(light: RGBA(hex: 0x8E8E93), dark: RGBA(hex: 0x8E8E93))
    /// The speaker's part of the volume module that mutes (Slate: its bottom 44 pt, a touch target).
    static let muteZone = 44.0

    /// The Wi-Fi list: as wide as the grid, rows 44 pt (UIKit's), at most 8 networks shown.
    static let listRow = 44.0
    static let listHeader = 52.0
    static let listLimit = 8
}
