import Foundation
import Graphics

/// Where each icon of the Home screen is: pages of apps and folders, in reading order — the person's
/// arrangement, kept across restarts (`$XDG_STATE_HOME/slate/shell/home.json`). As on iPadOS, an
/// app installed later lands on the last page with room (a new page when every one is full), and an
/// app that goes away leaves its place empty for the others to close up. An app the person took off
/// the pages (to the Dock, or Remove from Home Screen) stays off them, in the App Library.
public struct HomeLayout: Codable, Hashable, Sendable {
    /// The pages, each its apps and folders in reading order.
    public var pages: [[HomeItem]]
    /// The apps kept off the pages: moved to the Dock or removed from the Home screen (the App
    /// Library lists them still).
    public var offPages: [String] = []
    /// The Dock's order as the person arranged it (nil: the apps' own order); which apps are in the
    /// Dock is Settings' `dockApps`, shared with Settings › Home Screen & Dock.
    public var dockOrder: [String]?
    /// The folders kept in the Dock (their keys in `dockOrder` say where), as on iPadOS.
    public var dockFolders: [HomeScreenFolder] = []
    /// The format, so that a later Slate knows what it reads: 1 held apps alone, 2 folders and
    /// the Dock's order too (and, read when present, the Dock's folders).
    public var version = Self.currentVersion

    /// The format this Slate writes (it reads 1 as well).
    public static let currentVersion = 2

    /// A layout of these pages.
    public init(pages: [[HomeItem]] = []) {
        self.pages = pages
    }

    /// The first layout of a Home screen: `apps` in their order, `perPage` to a page.
    public init(fresh apps: [String], perPage: Int) {
        let size = max(1, perPage)
        pages = stride(from: 0, to: apps.count, by: size).map {
            apps[$0..<min($0 + size, apps.count)].map(HomeItem.app)
        }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        pages = try container.decode([[HomeItem]].self, forKey: .pages)
        offPages = try container.decodeIfPresent([String].self, forKey: .offPages) ?? []
        dockOrder = try container.decodeIfPresent([String].self, forKey: .dockOrder)
        dockFolders = try container.decodeIfPresent([HomeScreenFolder].self, forKey: .dockFolders) ?? []
        version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
    }

    /// Every app on the pages (those in folders too), page after page.
    public var identifiers: [String] { pages.flatMap { $0.flatMap(\.apps) } }

    /// Fits the layout to the apps installed now: each new app is added, in `installed`'s order, to
    /// the last page with room for it or on a page of its own after it; a name seen twice keeps its
    /// first place. With `pruning`, a name no longer installed leaves its page or folder (a page left
    /// empty goes, a folder left with one app becomes that app); without, it keeps its place, for an
    /// app not installed yet as the shell starts. Returns whether anything changed.
    @discardableResult
    public mutating func reconcile(installed: [String], perPage: Int, pruning: Bool = false) -> Bool {
        let size = max(1, perPage)
        let present = Set(installed)
        var seen = Set<String>()
        func keeps(_ id: String) -> Bool { (!pruning || present.contains(id)) && seen.insert(id).inserted }
        var fitted: [[HomeItem]] = pages.map { page in
            page.compactMap { item in
                switch item {
                case .app(let id): return keeps(id) ? item : nil
                case .folder(var folder):
                    folder.apps = folder.apps.filter(keeps)
                    return HomeItem(folder)
                }
            }
        }
        fitted.removeAll { $0.isEmpty }
        // The Dock's folders (an app may be on a page too, as an app may be in the Dock and on a
        // page; in two of the Dock's folders, it stays in the first); one left with a single app lets
        // it go, to be placed as a new app is.
        var keptFolders: [HomeScreenFolder] = []
        var inDockFolders = Set<String>()
        for folder in dockFolders {
            var alive: [String] = []
            for id in folder.apps where (!pruning || present.contains(id)) && !inDockFolders.contains(id) {
                if !alive.contains(id) { alive.append(id) }
            }
            guard alive.count >= 2 else { continue }
            inDockFolders.formUnion(alive)
            seen.formUnion(alive)
            keptFolders.append(HomeScreenFolder(id: folder.id, name: folder.name, apps: alive))
        }
        let folderKeys = Set(keptFolders.map(\.key))
        let kept = offPages.filter(keeps)
        for id in installed where seen.insert(id).inserted {
            if let last = fitted.indices.last, fitted[last].count < size {
                fitted[last].append(.app(id))
            } else {
                fitted.append([.app(id)])
            }
        }
        let order = dockOrder.map { order in
            order.filter { key in
                key.hasPrefix(HomeScreenFolder.keyPrefix) ? folderKeys.contains(key) : !pruning || present.contains(key)
            }
        }
        guard fitted != pages || kept != offPages || order != dockOrder || keptFolders != dockFolders else {
            return false
        }
        pages = fitted
        offPages = kept
        dockOrder = order
        dockFolders = keptFolders
        return true
    }

    /// The pages as shown on a screen that fits `perPage` icons to a page: a page the person filled
    /// on a larger screen goes on over as many pages as it needs, in its order (the layout itself
    /// keeps it whole, for the larger screen).
    public func shownPages(perPage: Int) -> [[HomeItem]] {
        let size = max(1, perPage)
        return pages.flatMap { page in
            stride(from: 0, to: page.count, by: size).map { Array(page[$0..<min($0 + size, page.count)]) }
        }
    }
}

/// A place on a Home-screen page: an app's icon, or a folder of apps.
public enum HomeItem: Hashable, Sendable, Codable, ExpressibleByStringLiteral {
    /// An app, by its identifier.
    case app(String)
    /// A folder.
    case folder(HomeScreenFolder)

    /// An app's place (a string literal is one).
    public init(stringLiteral identifier: String) { self = .app(identifier) }

    /// The place a folder of these apps takes: the folder; its one app when it holds one; none when
    /// it is empty (a folder does not outlive its second-last app, as on iPadOS).
    public init?(_ folder: HomeScreenFolder) {
        switch folder.apps.count {
        case 0: return nil
        case 1: self = .app(folder.apps[0])
        default: self = .folder(folder)
        }
    }

    /// What names the place among the others: the app's identifier, or the folder's.
    public var key: String {
        switch self {
        case .app(let id): id
        case .folder(let folder): folder.key
        }
    }

    /// The apps it holds.
    public var apps: [String] {
        switch self {
        case .app(let id): [id]
        case .folder(let folder): folder.apps
        }
    }

    // An app is written as its identifier alone (as format 1 wrote every place), a folder as an
    // object.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let id = try? container.decode(String.self) {
            self = .app(id)
        } else {
            self = .folder(try container.decode(HomeScreenFolder.self))
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .app(let id): try container.encode(id)
        case .folder(let folder): try container.encode(folder)
        }
    }
}

/// A folder on the Home screen: its apps in order, and the name the person gave it (nil: named after
/// what its apps are, in the screen's language).
public struct HomeScreenFolder: Codable, Hashable, Sendable {
    /// What tells it apart from the other folders (never an app's identifier).
    public var id: String
    /// The person's name for it; nil while it keeps the name it was given.
    public var name: String?
    /// Its apps, in order.
    public var apps: [String]

    /// A folder of `apps`.
    public init(id: String, name: String? = nil, apps: [String]) {
        self.id = id
        self.name = name
        self.apps = apps
    }

    /// Its place's key: `folder:` and its id.
    public var key: String { Self.keyPrefix + id }
    /// What every folder's key starts with.
    public static let keyPrefix = "folder:"
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
