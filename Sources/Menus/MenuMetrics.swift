import Graphics
import UI

/// Every number of the context menu's presentation, each with where it comes from.
///
/// Apple publishes none of them: "GUIDELINES" below means the figures measured by eye from iOS in
/// `GUIDELINES.md` ("Presentation figures"); "HIG colour" means Apple's published system colours;
/// "Slate" means chosen here, by eye, against iPadOS screenshots.
public enum MenuMetrics {
    // MARK: Timing

    /// Touch and hold this long to open the menu. GUIDELINES: about 0.5 s, UIKit's long-press default.
    public static let longPressDuration = GestureSettings.longPressDuration
    /// The finger may wander this far before the press no longer counts. UIKit's `allowableMovement`.
    public static let allowableMovement = GestureSettings.touchSlop
    /// How far into the press the blurred backdrop is made, so that it is ready when the menu opens.
    /// Slate: half the press; iOS starts its press feedback at about this point.
    public static let backdropPreparationFraction = 0.5
    /// The open transition: a spring with a slight overshoot. GUIDELINES: about 0.3 s, slight overshoot.
    public static let openCurve = TimingCurve.spring(response: 0.3, dampingRatio: 0.78)
    /// How long the open spring runs before it is at rest (within 0.1 %). Derived from `openCurve`.
    public static let openDuration = TimingCurve.settlingTime(response: 0.3, dampingRatio: 0.78)
    /// The close transition eases in. GUIDELINES: "close eases in"; the length is Slate's.
    public static let closeCurve = TimingCurve.easeIn
    /// Slate: a little shorter than the open, as iOS's dismissal feels.
    public static let closeDuration = 0.22
    /// The compact (pointer) menu fades and grows in quickly. Slate, after iPadOS pointer menus.
    public static let compactOpenDuration = 0.15
    /// The compact menu's curve. Slate.
    public static let compactOpenCurve = TimingCurve.easeOut

    // MARK: The lifted preview

    /// The preview lifts to this scale. GUIDELINES: ×1.1–1.15.
    public static let liftScale = 1.1
    /// The preview's corner radius. GUIDELINES: 12–13 pt.
    public static let previewCornerRadius = 13.0
    /// The preview's soft shadow. GUIDELINES: "soft shadow"; blur and opacity are Slate's.
    public static let previewShadow = View.Shadow(color: Color.black.withAlpha(0.22), blur: 28, offset: Point(0, 8))
    /// A preview shrinks to no less than this fraction of its size before the menu scrolls instead.
    /// Slate.
    public static let minimumPreviewScale = 0.5
    /// A preview view with no size of its own is fitted into this share of the screen. Slate.
    public static let customPreviewFit = Size(0.8, 0.6)
    /// The preview grows to this scale as it opens its item (commit style `.pop`). Slate.
    public static let popScale = 1.2
    /// The gap between the preview and the menu. Slate, from iPadOS screenshots (about 8–10 pt).
    public static let previewMenuSpacing = 8.0

    // MARK: The backdrop

    /// The blur of the screen behind a menu, in points. GUIDELINES: "blurred"; the radius is Slate's.
    public static let backdropBlurRadius = 16.0
    /// The backdrop is drawn at this many pixels per point before it is shrunk and blurred: a blur
    /// needs no detail. Slate.
    public static let backdropRenderScale = 0.25
    /// …then shrunk by this whole factor (box filter) before blurring. Slate.
    public static let backdropDownscale = 2
    /// The finished backdrop's most pixels per point (Slate, measured: kept at the screen's 2×, each
    /// frame copies it; at 1× pixman's doubling costs more than the copy and the stretch saves less).
    public static let backdropScale = 2.0
    /// The dim over the blurred screen. GUIDELINES: "dimmed"; the amounts are Slate's.
    public static let backdropDim = Color(light: RGBA(0, 0, 0, 0.18), dark: RGBA(0, 0, 0, 0.42))

    // MARK: The panel

    /// GUIDELINES: the menu panel is 250 pt wide — the least it is: a menu with a longer title is as
    /// wide as that title needs…
    public static let panelWidth = 250.0
    /// …up to this (Slate, after iPadOS 17 screenshots, where long commands widen the menu a little
    /// and then wrap)…
    public static let maximumPanelWidth = 300.0
    /// …and a title longer than that wraps to a second line (iPadOS wraps rather than truncates).
    public static let titleLineLimit = 2
    /// GUIDELINES: corner radius 13 pt.
    public static let panelCornerRadius = 13.0
    /// GUIDELINES: at least 8 pt from the screen's edges.
    public static let screenMargin = 8.0
    /// GUIDELINES: rows are 44 pt high…
    public static let rowHeight = 44.0
    /// …and 64 pt with a subtitle. GUIDELINES.
    public static let subtitleRowHeight = 64.0
    /// GUIDELINES: an 8 pt band between groups.
    public static let groupBandHeight = 8.0
    /// The header with a menu's or an inline group's title. Slate: a footnote line (18 pt) and 8 pt
    /// above and below, as in iPadOS.
    public static let headerRowHeight = 34.0
    /// A palette or a row of small elements: one row high. Slate (iOS palettes look as tall as a row).
    public static let smallTilesRowHeight = 44.0
    /// A row of medium elements: an icon above a short title. Slate, after iOS 16.
    public static let mediumTilesRowHeight = 64.0
    /// The panel's translucent material over the blurred backdrop. Slate, approximating iOS's
    /// `systemMaterial` (light: a pale grey at 80 %; dark: a dark grey at 82 %).
    public static let material = Color(light: RGBA(0.975, 0.975, 0.975, 0.8), dark: RGBA(0.15, 0.15, 0.16, 0.82))
    /// The compact menu has no blurred backdrop under it, so its material is nearly opaque. Slate.
    public static let compactMaterial = Color(
        light: RGBA(0.975, 0.975, 0.975, 0.97), dark: RGBA(0.17, 0.17, 0.18, 0.97))
    /// The panel's soft shadow. Slate.
    public static let panelShadow = View.Shadow(color: Color.black.withAlpha(0.16), blur: 36, offset: Point(0, 10))
    /// The band between groups: a darker strip. Slate, after iPadOS.
    public static let groupBandColor = Color(light: RGBA(0, 0, 0, 0.07), dark: RGBA(0, 0, 0, 0.28))
    /// The row under the finger or the keyboard highlight. Slate, after iPadOS.
    public static let highlightColor = Color(light: RGBA(0, 0, 0, 0.09), dark: RGBA(1, 1, 1, 0.13))
    /// Separators between rows: a hairline in the system separator colour. GUIDELINES + HIG colour.
    public static let separatorColor = Color.separator

    // MARK: Rows

    /// The title of a row: the body style (17 pt). Slate, as iOS menus.
    public static let titleStyle = TextStyle.body
    /// A row's subtitle and a header's title: footnote (13 pt), secondary label colour. Slate.
    public static let subtitleStyle = TextStyle.footnote
    /// Text starts this far from the leading edge. Slate, after iOS (16 pt).
    public static let rowLeadingInset = 16.0
    /// The icon sits this far from the trailing edge. Slate, after iOS (16 pt).
    public static let rowTrailingInset = 16.0
    /// The side of an icon at the trailing side. Slate.
    public static let iconSize = 20.0
    /// Rows move right by this when any row of the menu shows a checkmark, which sits in that
    /// column. Slate, after iOS.
    public static let checkmarkColumn = 26.0
    /// The side of the checkmark. Slate.
    public static let checkmarkSize = 16.0
    /// An icon of a palette row. Slate.
    public static let tileIconSize = 22.0
    /// The space between a row's text and its icon, and between two icons. Slate, after iOS.
    public static let iconSpacing = 8.0
    /// A submenu's chevron beside its icon is this share of an icon's size. Slate, after iOS.
    public static let chevronScale = 0.7
    /// The space between a row's title and its subtitle. Slate.
    public static let subtitleSpacing = 2.0
    /// The ring behind a tile whose action is on reaches this far beyond the icon on each side. Slate.
    public static let tileStateRing = 6.0
    /// A highlighted tile: inset from its cell, and its corner radius. Slate.
    public static let tileHighlightInset = 3.0
    public static let tileHighlightRadius = 8.0
    /// A medium tile: the icon's top and the caption's bottom margin, and the caption's size. Slate,
    /// after iOS 16.
    public static let mediumTileMargin = 8.0
    public static let mediumTileCaptionSize = 12.0

    // MARK: Motion

    /// The panel grows from this scale as it opens… Slate, after iOS (it unfolds from the preview).
    public static let panelOpenScale = 0.45
    /// …and from this opacity, so that the first frame already shows it. Slate.
    public static let panelOpenOpacity = 0.3
    /// The panel is opaque once the open spring is this share of the way: the fade is quicker than
    /// the growth. Slate.
    public static let panelOpaqueAt = 0.6
    /// The panel shrinks to this scale as it closes. Slate.
    public static let panelCloseScale = 0.7
    /// The compact menu grows from this scale. Slate.
    public static let compactOpenScale = 0.9

    // MARK: Touch

    /// A finger that moves less than this is still a tap. UIKit's tap hysteresis.
    public static let tapSlop = GestureSettings.touchSlop
    /// Moving the preview further than this asks the delegate whether to drag the item.
    public static let dragThreshold = GestureSettings.previewDragThreshold
    /// A swipe down further than this, outside the panel, dismisses the menu. Slate.
    public static let swipeDismissDistance = 60.0

    // MARK: Keyboard

    /// Letters typed within this many seconds add up to one prefix to jump to. Slate, after the
    /// type-ahead of macOS menus and lists.
    public static let typeAheadInterval = 1.0
}
