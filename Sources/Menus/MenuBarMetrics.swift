import Graphics
import UI

/// Every number of the menu bar's presentation and of the keyboard shortcuts panel, each with where
/// it comes from. "iPadOS 26" means read by eye off iPadOS 26's menu bar (swiped down in Mail, Notes
/// and Files on an iPad Pro, screenshots at 2×) — Apple publishes none of them; "Slate" means chosen
/// here. The menus that drop down are context-menu panels: their figures are `MenuMetrics`'.
public enum MenuBarMetrics {
    // MARK: The bar

    /// The bar's height: one row of menu titles at the top of the screen, over the status bar.
    /// iPadOS 26: about a row of a menu (44 pt), tall enough for a finger.
    public static let barHeight = 44.0
    /// The bar's material: the context menu's, a little more opaque, since the screen behind is not
    /// blurred. iPadOS 26 (a pale glass over the app; dark glass in dark mode).
    public static let barMaterial = Color(light: RGBA(0.975, 0.975, 0.975, 0.98), dark: RGBA(0.15, 0.15, 0.16, 0.98))
    /// The line under the bar. HIG separator colour.
    public static let barSeparator = Color.separator
    /// The bar's soft shadow. Slate, after iPadOS 26's floating glass.
    public static let barShadow = View.Shadow(color: Color.black.withAlpha(0.12), blur: 16, offset: Point(0, 4))
    /// A menu title's text: the body style; the app's name in it semibold. iPadOS 26.
    public static let titleStyle = TextStyle.body
    /// The space before the first title and after the search field. iPadOS 26: about 16 pt.
    public static let barInset = 16.0
    /// Each title's padding on either side: the touch target and the highlight around it. iPadOS 26:
    /// titles about 24 pt apart.
    public static let titlePadding = 12.0
    /// The highlight behind the open menu's title: a rounded capsule. iPadOS 26.
    public static let titleHighlightHeight = 32.0
    public static let titleHighlightRadius = 10.0
    /// The open title's highlight colour: the context menu's row highlight. Slate.
    public static let titleHighlightColor = MenuMetrics.highlightColor

    // MARK: The search field

    /// The search field at the bar's trailing end (iPadOS 26 puts it in the Help menu, as macOS does;
    /// Slate keeps it in the bar, where typing finds it at once). Slate.
    public static let searchFieldWidth = 240.0
    /// Its height and corner radius: iPadOS's search fields (36 pt, radius 10) a little shorter to sit
    /// in the bar. Slate.
    public static let searchFieldHeight = 32.0
    public static let searchFieldRadius = 10.0
    /// At most this many results are listed; the panel scrolls past what the screen holds. Slate.
    public static let maximumResults = 50

    // MARK: The menus

    /// The gap between the bar and a menu that drops down from it. iPadOS 26: about 6 pt.
    public static let menuGap = 6.0
    /// A command's shortcut: the body style in the secondary label colour, right-aligned. iPadOS 26.
    public static let shortcutStyle = TextStyle.body
    /// At least this much space between a command's title and its shortcut. iPadOS 26: about 24 pt.
    public static let shortcutGap = 24.0

    // MARK: Motion

    /// The bar slides down from above the screen. iPadOS 26: about a quarter of a second, easing out.
    public static let showDuration = 0.25
    public static let showCurve = TimingCurve.easeOut
    /// …and back up when it goes. Slate: a little quicker, easing in.
    public static let hideDuration = 0.2
    public static let hideCurve = TimingCurve.easeIn

    // MARK: Showing it

    /// The pointer pushed against the top edge, within this many points of it, shows the bar.
    /// iPadOS 26 (the pointer "pushed" to the top).
    public static let pointerZone = 2.0
    /// The swipe down from the top edge: a touch within `GestureSettings.screenEdgeZone` of it that
    /// moves this far down. Slate: the Dock's swipe up, mirrored.
    public static let swipeDistance = GestureSettings.dockRevealDistance

    // MARK: The keyboard shortcuts panel

    /// How long Ctrl (or ⌘/Super) is held alone before the panel shows. iPadOS: about a second.
    public static let shortcutsPanelDelay = 1.0
    /// The panel: a rounded material card in the middle of the screen. iPadOS's shortcuts panel
    /// (radius about 20 pt, 24 pt inside).
    public static let shortcutsPanelRadius = 20.0
    public static let shortcutsPanelPadding = 24.0
    /// At most this share of the screen's width and height. Slate.
    public static let shortcutsPanelMaximumSize = Size(0.9, 0.8)
    /// A column of the panel, and the space between columns. iPadOS: about 300 pt columns.
    public static let shortcutsColumnWidth = 300.0
    public static let shortcutsColumnSpacing = 32.0
    /// A command's line, a menu's heading and the space above a heading. iPadOS: lines about 26 pt.
    public static let shortcutsLineHeight = 26.0
    public static let shortcutsHeadingHeight = 28.0
    public static let shortcutsHeadingSpacing = 12.0
    /// The panel's title (the app's name) above the columns. iPadOS: the headline style.
    public static let shortcutsTitleHeight = 34.0
    /// Its material: the context menu's panel. Slate.
    public static let shortcutsPanelMaterial = MenuMetrics.compactMaterial
    /// Its text: a heading in the subheadline style, semibold; a line in the callout style. iPadOS.
    public static let shortcutsHeadingStyle = TextStyle.subheadline
    public static let shortcutsLineStyle = TextStyle.callout
    /// The panel fades in and out. Slate.
    public static let shortcutsFadeDuration = 0.15
}
