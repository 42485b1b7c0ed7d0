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
