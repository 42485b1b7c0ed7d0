import Graphics
import Scenes
import ShellPorts
import UI

/// A module of Control Center: a view in the grid, its size in the grid's cells, what it changes
/// and what it shows. A new module is a type of its own (one file in `Modules/`) and a line in
/// `ControlCenterModules.all`; the grid places it and grows to hold it.
@MainActor public protocol ControlCenterModule: AnyObject {
    /// The module as it shows in the grid.
    var view: ControlModuleView { get }
    /// How many of the grid's cells it takes, across and down.
    var span: ControlCenterGrid.Span { get }
    /// Sets its actions: what it changes through `host` (made once, with Control Center).
    func wire(to host: any ControlCenterHost, in panel: ControlCenterView)
    /// Shows what `host`'s services and settings say now; hides itself (or the part of it) the
    /// machine lacks.
    func refresh(from host: any ControlCenterHost, in panel: ControlCenterView)
}

/// What Control Center's modules read and change: the machine's services, the person's settings
/// and the screen's appearance (the shell).
@MainActor public protocol ControlCenterHost: AnyObject {
    var services: SystemServices { get }
    var settings: SettingsStore { get }
    /// Whether the screen is locked (the radios are not changed from the lock screen).
    var isLocked: Bool { get }
    var appearance: Appearance { get }
    /// Airplane Mode on or off: every radio with it.
    func setAirplaneMode(_ on: Bool)
    /// Dark Mode on or off, the person's setting, at once.
    func setDarkMode(_ on: Bool)
    /// Shows what the services and settings say now in every module.
    func refreshControlCenter()
}

/// Every module Control Center has, in the order the grid places them and a screen reader reads
/// them.
@MainActor public enum ControlCenterModules {
    public static func all() -> [any ControlCenterModule] {
        [
            ConnectivityModule(), BrightnessModule(), VolumeModule(), RotationLockModule(), DarkModeModule(),
            FocusModule(),
        ]
    }
}

/// Where the modules go: each in the first place, row by row, where its cells are free (as
/// iPadOS's Control Center packs its modules), in `ControlCenterMetrics.columns` columns and as
/// many rows as they need.
public enum ControlCenterGrid {
    /// A module's size in cells.
    public struct Span: Hashable, Sendable {
        public var columns: Int
        public var rows: Int

        public init(_ columns: Int, _ rows: Int) {
            self.columns = columns
            self.rows = rows
        }
    }

    /// A module's place: its first cell.
    public struct Cell: Hashable, Sendable {
        public var column: Int
        public var row: Int
    }

    /// The first cell of each span, in order, in a grid `columns` wide (a span wider than the
    /// grid is made as wide).
    public static func place(_ spans: [Span], columns: Int) -> [Cell] {
        var taken: Set<Cell> = []
        return spans.map { wanted in
            let span = Span(min(max(1, wanted.columns), columns), max(1, wanted.rows))
            var row = 0
            while true {
                for column in 0...(columns - span.columns) {
                    let cells = (0..<span.rows).flatMap { dy in
                        (0..<span.columns).map { dx in Cell(column: column + dx, row: row + dy) }
                    }
                    if cells.allSatisfy({ !taken.contains($0) }) {
                        taken.formUnion(cells)
                        return Cell(column: column, row: row)
                    }
                }
                row += 1
            }
        }
    }

    /// How many rows the spans take once placed.
    public static func rows(_ spans: [Span], columns: Int) -> Int {
        zip(place(spans, columns: columns), spans).map { $0.row + max(1, $1.rows) }.max() ?? 0
    }

    /// The grid's size in points, `rows` rows of the metrics' columns.
    static func size(rows: Int) -> Size {
        let m = ControlCenterMetrics.self
        return Size(
            Double(m.columns) * m.module + Double(m.columns - 1) * m.spacing,
            Double(rows) * m.module + Double(max(0, rows - 1)) * m.spacing)
    }

    /// The rectangle of a module of `span` at `cell`, in the grid's points.
    public static func frame(_ cell: Cell, _ span: Span) -> Rect {
        let m = ControlCenterMetrics.self
        let unit = m.module + m.spacing
        return Rect(
            Double(cell.column) * unit, Double(cell.row) * unit, Double(span.columns) * unit - m.spacing,
            Double(span.rows) * unit - m.spacing)
    }
}
