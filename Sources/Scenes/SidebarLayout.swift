import Graphics
import UI

/// Where a window with a sidebar puts its two columns (as `UISplitViewController` does on iPad):
/// the sidebar beside the content when the window is wide enough, else one column at a time. Mail's,
/// Notes' and Settings' primary windows share it.
public struct SidebarLayout: Sendable {
    /// Windows narrower than this show one column at a time (a third of a 12.9-inch iPad in Split
    /// View is 678 pt wide; half of one, 678 pt in portrait: both one column, as iPadOS's apps).
    public static let twoColumnWidth: Double = 700
    /// The sidebar's width: `UISplitViewController`'s default primary column, 320 pt.
    public static let sidebarWidth: Double = 320

    /// Whether the sidebar and the content show side by side.
    public let isTwoColumns: Bool
    /// The sidebar's frame (empty when hidden).
    public let sidebar: Rect
    /// The content's frame (empty when hidden).
    public let content: Rect
    /// The window's bounds.
    public let bounds: Rect

    /// The columns of a window of `bounds`; one column shows the sidebar when `showsSidebarOnly`.
    public init(bounds: Rect, showsSidebarOnly: Bool) {
        self.bounds = bounds
        isTwoColumns = bounds.width >= Self.twoColumnWidth
        if isTwoColumns {
            sidebar = Rect(0, 0, Self.sidebarWidth, bounds.height)
            content = Rect(Self.sidebarWidth, 0, bounds.width - Self.sidebarWidth, bounds.height)
        } else if showsSidebarOnly {
            sidebar = Rect(0, 0, bounds.width, bounds.height)
            content = .zero
        } else {
            sidebar = .zero
            content = Rect(0, 0, bounds.width, bounds.height)
        }
    }

    /// The hairline between the columns, when both show.
    @MainActor public func drawSeparator(in canvas: any Canvas) {
        guard isTwoColumns else { return }
        canvas.fill(Rect(Self.sidebarWidth - canvas.hairline, 0, canvas.hairline, bounds.height), with: .separator)
    }
}
