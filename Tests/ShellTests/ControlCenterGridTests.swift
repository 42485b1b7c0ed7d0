import Testing

@testable import Shell
@testable import SystemUI

/// Control Center's modules placed by their spans: the iPad's arrangement from the table, and a new
/// module finding its place with no hand-placed cell.
@MainActor @Suite struct ControlCenterGridTests {
    typealias Span = ControlCenterGrid.Span
    typealias Cell = ControlCenterGrid.Cell

    @Test func theModulesTakeTheIPadsPlaces() {
        let spans = ControlCenterModules.all().map(\.span)
        #expect(
            ControlCenterGrid.place(spans, columns: 4) == [
                Cell(column: 0, row: 0), Cell(column: 2, row: 0), Cell(column: 3, row: 0), Cell(column: 0, row: 2),
                Cell(column: 1, row: 2), Cell(column: 2, row: 2),
            ])
        #expect(ControlCenterGrid.rows(spans, columns: 4) == 3)
        #expect(ControlCenterGrid.frame(Cell(column: 2, row: 2), Span(2, 1)) == .init(168, 168, 152, 68))
    }

    @Test func aModuleAddedFindsTheFirstFreePlaceAndTheGridGrows() {
        let spans = ControlCenterModules.all().map(\.span) + [Span(1, 1), Span(4, 1), Span(1, 1)]
        let cells = ControlCenterGrid.place(spans, columns: 4)
        #expect(Array(cells.suffix(3)) == [Cell(column: 0, row: 3), Cell(column: 0, row: 4), Cell(column: 1, row: 3)])
        #expect(ControlCenterGrid.rows(spans, columns: 4) == 5)
        #expect(
            ControlCenterGrid.place([Span(6, 1)], columns: 4) == [Cell(column: 0, row: 0)], "made as wide as the grid")
    }
}
