import Graphics

/// Settings' presentation figures, each with where it comes from (iPadOS 26's Settings, measured on
/// its screenshots at 1×, and UIKit's inset-grouped list).
enum SettingsMetrics {
    /// The sidebar's width: iPadOS 26 Settings' primary column on a 12.9-inch iPad in landscape
    /// (UISplitViewController's default primary column, 320 pt, as Mail's and Notes').
    static let sidebarWidth: Double = 320
    /// A sidebar row: a 29 pt tile and its name in a 44 pt row (UIKit's sidebar list cell).
    static let sidebarRowHeight: Double = 44
    /// The coloured rounded square behind a section's symbol (iOS Settings' icons: 29 pt, 7 pt radius).
    static let tileSize: Double = 29
    static let tileRadius: Double = 7
    /// The symbol inside a tile (about two thirds of it, as iOS draws them).
    static let tileSymbol: Double = 19
    /// A selected sidebar row: inset 10 pt from the column's sides, corners of 10 pt (UIKit's
    /// sidebar selection, iPadOS 15 and later).
    static let selectionInset: Double = 10
    static let selectionRadius: Double = 10

    /// Inset-grouped lists (`UICollectionLayoutListConfiguration.Appearance.insetGrouped`):
    /// the group's side margin on a regular-width iPad,
    static let groupMargin: Double = 20
    /// the row height of iOS 26's lists (52 pt; 44 pt before iOS 26),
    static let rowHeight: Double = 52
    /// iOS 26's group corner radius (26 pt; 10 pt before),
    static let groupRadius: Double = 26
    /// the text's inset from the group's edge,
    static let rowInset: Double = 20
    /// the space above a group with a header (header text 13 pt with 7 pt under it), and with none,
    static let headerHeight: Double = 38
    static let groupSpacing: Double = 20
    /// and a footer's top gap.
    static let footerGap: Double = 7
    /// The checkmark and chevron: 17 pt and 13 pt symbols in the tint and tertiary label colours.
    static let checkmarkSize: Double = 17
    static let chevronSize: Double = 13
    /// The list's background and a group's (systemGroupedBackground, secondarySystemGroupedBackground).
    static let listBackground = Color.systemGroupedBackground
    static let groupBackground = Color(light: RGBA(1, 1, 1), dark: RGBA(hex: 0x1C1C1E))
    /// The sidebar's background in iPadOS 26 (secondarySystemBackground).
    static let sidebarBackground = Color.secondarySystemBackground
}
