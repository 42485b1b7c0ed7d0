import Graphics
import Testing
import UI

@testable import Menus

/// A menu is as wide as its longest title needs, within 250…300 pt; a longer title wraps.
@MainActor @Suite struct MenuFitTests {
    let measurer = ApproximateTextMeasurer()

    func rows(_ titles: [String]) -> [MenuRow] {
        MenuRow.rows(for: Menu(children: titles.map { .action(Action(LocalizedString(verbatim: $0), image: "flag")) }))
    }

    @Test func shortTitlesKeepTheGuidelinesWidth() {
        let fit = MenuRow.fit(
            rows(["Reply", "Forward"]), language: .en, measurer: measurer, maximumWidth: 1000, metrics: .standard)
        #expect(fit.width == MenuMetrics.panelWidth)
        #expect(fit.heights == [MenuMetrics.rowHeight, MenuMetrics.rowHeight])
    }

    @Test func aLongerTitleWidensTheMenuWithoutCuttingIt() {
        // 22 characters at 0.55 em of 17 pt is 206 pt: with the insets and the icon, about 270 pt.
        let fit = MenuRow.fit(
            rows(["Reply", "Open in New Window xxxx"]), language: .en, measurer: measurer, maximumWidth: 1000,
            metrics: .standard)
        #expect(fit.width > MenuMetrics.panelWidth && fit.width < MenuMetrics.maximumPanelWidth)
        #expect(fit.heights == [MenuMetrics.rowHeight, MenuMetrics.rowHeight], "it fits on one line")
    }

    @Test func aTitleTooLongForTheWidestMenuWrapsToASecondLine() {
        let long = String(repeating: "Mark as unread ", count: 3)
        let fit = MenuRow.fit(
            rows(["Reply", long]), language: .en, measurer: measurer, maximumWidth: 1000, metrics: .standard)
        #expect(fit.width == MenuMetrics.maximumPanelWidth)
        #expect(fit.heights[0] == MenuMetrics.rowHeight)
        #expect(fit.heights[1] > MenuMetrics.rowHeight + 15, "a second line: \(fit.heights[1])")
    }

    @Test func aNarrowScreenBoundsTheWidthButNotBelowTheGuidelines() {
        let long = String(repeating: "Mark as unread ", count: 3)
        let fit = MenuRow.fit(rows([long]), language: .en, measurer: measurer, maximumWidth: 270, metrics: .standard)
        #expect(fit.width == 270)
    }
}

/// A menu at the largest text size: its words and rows grow as iPadOS's do with Dynamic Type; its
/// bands between groups keep their height.
@MainActor @Suite struct MenuTextSizeTests {
    let measurer = ApproximateTextMeasurer()

    @Test func rowsOfTextGrowAndBandsDoNot() {
        let menu = Menu(children: [
            .menu(Menu(options: .displayInline, children: [.action(Action("Reply") { _ in })])),
            .menu(Menu(options: .displayInline, children: [.action(Action("Delete") { _ in })])),
        ])
        let rows = MenuRow.rows(for: menu)
        let standard = MenuRow.fit(rows, language: .en, measurer: measurer, maximumWidth: 1000, metrics: .standard)
        let largest = MenuRow.fit(
            rows, language: .en, measurer: measurer, maximumWidth: 1000,
            metrics: FontMetrics(category: .extraExtraExtraLarge))
        for (i, row) in rows.enumerated() {
            if case .band = row.kind {
                #expect(largest.heights[i] == standard.heights[i])
            } else {
                #expect(largest.heights[i] == (standard.heights[i] * 23 / 17).rounded())
            }
        }
        #expect(largest.width >= standard.width)
    }
}
