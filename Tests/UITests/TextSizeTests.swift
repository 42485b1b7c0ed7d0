import Graphics
import Testing

@testable import UI

/// The screen's text size reaches every view that shows text in a style, and the rows around it.
@MainActor @Suite struct TextSizeTests {
    final class Rows: ListView.DataSource {
        func numberOfRows(in list: ListView) -> Int { 3 }
        func list(_ list: ListView, heightOfRow row: Int) -> Double { 44 }
        func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow { reusing ?? ListRow() }
    }

    @Test func aSwitchOfTextSizeGrowsTextAndRowsAtOnce() {
        let root = RootView(size: Size(400, 600), clock: VirtualClock())
        let label = Label("Inbox", style: .body)
        let fixed = Label("Inbox", style: .body)
        fixed.font = Font.system(size: 17)
        let text = TextView(text: "Milk, bread, apples")
        text.frame = Rect(0, 0, 300, 200)
        let uniform = ListView(frame: Rect(0, 0, 300, 300))
        uniform.rowHeight = 44
        let asked = ListView(frame: Rect(0, 0, 300, 300))
        let rows = Rows()
        uniform.dataSource = rows
        asked.dataSource = rows
        for v in [label, fixed, text, uniform, asked] as [View] { root.addSubview(v) }
        uniform.reloadData()
        asked.reloadData()
        root.layoutIfNeeded()
        let standard = label.sizeThatFits(Size(400, 100))
        let textLine = text.lineHeight
        #expect(uniform.rect(ofRow: 1).height == 44)

        root.setContentSizeCategory(.extraExtraExtraLarge)
        root.layoutIfNeeded()
        #expect(label.sizeThatFits(Size(400, 100)).height > standard.height)
        #expect(label.sizeThatFits(Size(400, 100)).width > standard.width)
        #expect(fixed.sizeThatFits(Size(400, 100)) == standard)
        #expect(text.lineHeight > textLine)
        #expect(uniform.rect(ofRow: 1).height == 60)
        #expect(asked.rect(ofRow: 1) == Rect(0, 60, 300, 60))

        root.setContentSizeCategory(.standard)
        root.layoutIfNeeded()
        #expect(label.sizeThatFits(Size(400, 100)) == standard)
        #expect(uniform.rect(ofRow: 1).height == 44)
    }

    @Test func aNavigationBarKeepsItsTitleAndButtonsAsIOSDoes() {
        let root = RootView(size: Size(400, 600), clock: VirtualClock())
        let bar = NavigationBar(title: "Notes")
        let done = Button(title: "Done")
        bar.trailingItems = [done]
        root.addSubview(bar)
        let title = bar.titleLabel.sizeThatFits(Size(400, 50))
        let button = done.sizeThatFits(Size(400, 50))
        root.setContentSizeCategory(.extraExtraExtraLarge)
        #expect(bar.titleLabel.sizeThatFits(Size(400, 50)) == title)
        #expect(done.sizeThatFits(Size(400, 50)) == button)
    }
}
