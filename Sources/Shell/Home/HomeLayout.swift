import Foundation
import Graphics

/// Where each icon of the Home screen is: pages of app identifiers, in reading order — the person's
/// arrangement, kept across restarts (`$XDG_STATE_HOME/slate/shell/home.json`). As on iPadOS, an
/// app installed later lands on the last page with room (a new page when every one is full), and an
/// app that goes away leaves its place empty for the others to close up.
public struct HomeLayout: Codable, Hashable, Sendable {
    /// The pages, each the identifiers of its icons in reading order.
    public var pages: [[String]]
    /// The format, so that a later Slate knows what it reads.
    public var version = 1

    /// A layout of these pages.
    public init(pages: [[String]] = []) {
        self.pages = pages
    }

    /// The first layout of a Home screen: `apps` in their order, `perPage` to a page.
    public init(fresh apps: [String], perPage: Int) {
        let size = max(1, perPage)
        pages = stride(from: 0, to: apps.count, by: size).map { Array(apps[$0..<min($0 + size, apps.count)]) }
    }

    /// Every identifier, page after page.
    public var identifiers: [String] { pages.flatMap { $0 } }

    /// Fits the layout to the apps installed now: each new app is added, in `installed`'s order, to
    /// the last page with room for it or on a page of its own after it; a name seen twice keeps its
    /// first place. With `pruning`, a name no longer installed leaves its page (a page left empty
    /// goes); without, it keeps its place, for an app not installed yet as the shell starts. Returns
    /// whether anything changed.
    @discardableResult
    public mutating func reconcile(installed: [String], perPage: Int, pruning: Bool = false) -> Bool {
        let size = max(1, perPage)
        let present = Set(installed)
        var seen = Set<String>()
        var fitted = pages.map { page in
            page.filter { (!pruning || present.contains($0)) && seen.insert($0).inserted }
        }
        fitted.removeAll { $0.isEmpty }
        for id in installed where seen.insert(id).inserted {
            if let last = fitted.indices.last, fitted[last].count < size {
                fitted[last].append(id)
            } else {
                fitted.append([id])
            }
        }
        guard fitted != pages else { return false }
        pages = fitted
        return true
    }

    /// The pages as shown on a screen that fits `perPage` icons to a page: a page the person filled
    /// on a larger screen goes on over as many pages as it needs, in its order (the layout itself
    /// keeps it whole, for the larger screen).
    public func shownPages(perPage: Int) -> [[String]] {
        let size = max(1, perPage)
        return pages.flatMap { page in
            stride(from: 0, to: page.count, by: size).map { Array(page[$0..<min($0 + size, page.count)]) }
        }
    }
}

/// Where the icons of one Home-screen page go on a screen: six columns, and as many rows as iPadOS
/// fits (5 on a 12.9-inch iPad in landscape, 6 in portrait) and the page has room for above its dots.
public struct HomeGrid: Hashable, Sendable {
    /// The icon columns and rows of a page.
    public let columns: Int
    public let rows: Int
    /// The page's size, in points.
    public let size: Size

    /// The grid of a page of `size` points (the Home screen less the status bar and the Dock).
    public init(size: Size) {
        self.size = size
        columns = HomeMetrics.columns
        let wanted = size.width >= size.height ? HomeMetrics.landscapeRows : HomeMetrics.portraitRows
        let usable = size.height - HomeMetrics.topMargin - HomeMetrics.pageDotsArea
        rows = max(1, min(wanted, Int(usable / HomeMetrics.rowPitch)))
    }

    /// Icons on a page.
    public var perPage: Int { columns * rows }

    /// The frame of the `index`th icon of a page (its square, with room for its shadow above it, and
    /// its name below, 10 pt wider than the square at each side), in the page's coordinates.
    public func frame(at index: Int) -> Rect {
        let side = HomeMetrics.iconSize
        let cellWidth = min(HomeMetrics.maximumColumnWidth, (size.width - 2 * HomeMetrics.sideMargin) / Double(columns))
        let left = (size.width - cellWidth * Double(columns)) / 2
        let usable = size.height - HomeMetrics.topMargin - HomeMetrics.pageDotsArea
        let pitch = max(HomeMetrics.rowPitch, min(HomeMetrics.maximumRowPitch, usable / Double(rows)))
        let column = index % columns
        let row = index / columns
        return Rect(
            left + Double(column) * cellWidth + (cellWidth - side) / 2 - HomeMetrics.nameOverhang,
            HomeMetrics.topMargin + Double(row) * pitch - HomeMetrics.shadowRoom, side + 2 * HomeMetrics.nameOverhang,
            HomeMetrics.shadowRoom + side + HomeMetrics.nameHeight)
    }
}
