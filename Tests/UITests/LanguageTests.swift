import Graphics
import Testing

@testable import UI

/// A language is a screen's, not the process's: two screens speak two at once, and a view keeps
/// its words in every language and says them in its screen's as it measures and draws.
@MainActor @Suite struct LanguageTests {
    static let done = LocalizedString(en: "Done", ru: "Готово")

    func screen(_ language: Language) -> RootView {
        RootView(size: Size(400, 300), clock: VirtualClock(), environment: ScreenEnvironment(language: language))
    }

    @Test func twoScreensInOneProcessSpeakTheirOwnLanguages() {
        let english = screen(.en)
        let russian = screen(.ru)
        let a = Label(Self.done)
        let b = Label(Self.done)
        english.addSubview(a)
        russian.addSubview(b)
        #expect(a.text == "Done")
        #expect(b.text == "Готово")
        // A view moved to the other screen says its words in that screen's language.
        russian.addSubview(a)
        #expect(a.text == "Готово")
    }

    @Test func aSwitchOfLanguageReachesEveryViewWithoutMakingItAgain() {
        let root = screen(.en)
        let label = Label(Self.done)
        let button = Button(title: Self.done)
        let field = TextField(placeholder: Self.done)
        let notice = NoticeBar()
        notice.message = Self.done
        for v in [label, button, field, notice] as [View] {
            v.localizedAccessibilityLabel = Self.done
            root.addSubview(v)
        }
        root.layoutIfNeeded()
        let englishWidth = label.sizeThatFits(Size(400, 100)).width
        _ = root.takeDamage(scale: 1)

        root.switchLanguage(to: .ru)
        #expect(label.text == "Готово")
        #expect(button.title == "Готово")
        #expect(field.placeholder == "Готово")
        #expect(notice.message.resolved(notice.language) == "Готово")
        #expect([label, button, field, notice].allSatisfy { $0.accessibilityLabel == "Готово" })
        // Laid out and drawn again: the label measures its Russian words, and the screen is damaged.
        #expect(label.sizeThatFits(Size(400, 100)).width > englishWidth)
        #expect(root.needsFrame)
    }

    @Test func aViewOnNoScreenSpeaksEnglishAndAStringMadeForEachLanguageIsSaidInIt() {
        let label = Label(LocalizedString { $0 == .ru ? "вчера" : "yesterday" })
        #expect(label.text == "yesterday")
        let root = screen(.ru)
        root.addSubview(label)
        #expect(label.text == "вчера")
        let format = LocalizedString(en: "Open %@", ru: "Открыть %@")
        #expect(format.formatted(Self.done).resolved(.ru) == "Открыть Готово")
        #expect(format.formatted(Self.done).resolved(.en) == "Open Done")
    }
}

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
