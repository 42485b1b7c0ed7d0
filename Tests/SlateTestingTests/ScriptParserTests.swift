import Graphics
import SlateTesting
import Testing

@testable import SlateScripts

@Suite struct ScriptParserTests {
    func parse(_ s: String) throws -> [Script.Action] {
        try ScriptParser.parse(s, source: "t.slate").steps.map(\.action)
    }

    @Test func everyVerbOfTheFormatParses() throws {
        let text = """
            device ipad-pro-12.9 landscape      # or ipad-pro-11, portrait
            appearance dark
            locale ru
            launch Mail
            launch Mail restoring
            tap "Входящие"
            hold "Встреча завтра"
            hold "Встреча завтра" for 1.2s
            hold "Встреча завтра" then slide to "Переслать" and release
            drag "Встреча завтра" to right edge
            drag "Mail" in dock to left edge
            drag "A" to "B" in window 2
            drag "A" to 100,200.5 resting 1.5s
            secondary-click "Встреча завтра"
            key ctrl+n
            type "text # not a comment"
            wait 0.5s
            wait 600ms
            scroll "Inbox" by -300
            expect windows Mail 2
            expect window "Встреча завтра" auxiliary
            expect split "Входящие" | "Встреча завтра"
            expect visible "Открыть в новом окне" in menu
            expect not visible "Открыть"
            expect menu "Ответить", "Переслать", —, "Удалить"
            expect focused "Встреча завтра"
            snapshot split-view
            """
        let a = try parse(text)
        #expect(a.count == 27)
        #expect(a[0] == .device("ipad-pro-12.9", landscape: true))
        #expect(a[1] == .appearance(.dark))
        #expect(a[4] == .launch("Mail", restoring: true))
        #expect(a[7] == .hold(.element("Встреча завтра", .anywhere), duration: 1.2, slideTo: nil))
        #expect(
            a[8]
                == .hold(
                    .element("Встреча завтра", .anywhere), duration: nil, slideTo: .element("Переслать", .anywhere)))
        #expect(a[10] == .drag(.element("Mail", .dock), to: .leftEdge, resting: nil))
        #expect(a[11] == .drag(.element("A", .anywhere), to: .target(.element("B", .window(2))), resting: nil))
        #expect(a[12] == .drag(.element("A", .anywhere), to: .target(.point(Point(100, 200.5))), resting: 1.5))
        #expect(a[14] == .key("ctrl+n"))
        #expect(a[15] == .type("text # not a comment"))
        #expect(a[16] == .wait(0.5) && a[17] == .wait(0.6))
        #expect(a[18] == .scroll(.element("Inbox", .anywhere), dy: -300))
        #expect(a[21] == .expectSplit(left: "Входящие", right: "Встреча завтра"))
        #expect(a[23] == .expectVisible(.element("Открыть", .anywhere), visible: false))
        #expect(a[24] == .expectMenu(["Ответить", "Переслать", nil, "Удалить"]))
    }

    @Test(arguments: [
        ("tap Inbox", 1, 5, "expected an element in quotes or a point x,y"),
        ("hold \"A\" for ever", 1, 14, "expected a duration such as 0.6s or 600ms"),
        ("\n\nfly \"A\"", 3, 1, "unknown step 'fly'"),
        ("tap \"A", 1, 5, "the quoted text is not closed"),
        ("expect menu \"A\" \"B\"", 1, 17, "expected a comma between rows"),
        ("appearance sepia", 1, 12, "appearance is light or dark, not 'sepia'"),
        ("drag \"A\" to top edge", 1, 13, "expected an element in quotes or a point x,y"),
        ("tap \"A\" now", 1, 9, "unexpected text at the end of the step"),
        ("keyboard glass", 1, 10, "keyboard is hardware or on-screen, not 'glass'"),
        ("swipe sideways", 1, 7, "swipe left, right, up or down, not 'sideways'"),
        (
            "tap \"A\" in dashboard", 1, 12,
            "expected dock, menu, menu bar, keyboard or window N after 'in', found 'dashboard'"
        ),
    ])
    func badLinesReportLineAndColumn(_ text: String, line: Int, column: Int, message: String) {
        do {
            _ = try ScriptParser.parse(text, source: "bad.slate")
            Issue.record("parsed: \(text)")
        } catch {
            #expect(error.line == line)
            #expect(error.column == column)
            #expect(error.message == message)
            #expect(error.description == "bad.slate:\(line):\(column): \(message)")
        }
    }

    @Test func windowedAppsStepsParse() throws {
        let a = try parse(
            """
            multitasking windowed
            multitasking full-screen
            resize "Inbox" to 760×560
            resize "Inbox" to 760x560.5
            move "Заметки" to 40,70
            tile "Inbox" left-half
            tile "Inbox" bottom-right-quarter
            expect frame "Inbox" 0,24 679×1000
            """)
        #expect(a[0] == .multitasking("windowed") && a[1] == .multitasking("full-screen"))
        #expect(a[2] == .resizeWindow(title: "Inbox", size: Size(760, 560)))
        #expect(a[3] == .resizeWindow(title: "Inbox", size: Size(760, 560.5)))
        #expect(a[4] == .moveWindow(title: "Заметки", to: Point(40, 70)))
        #expect(a[5] == .tileWindow(title: "Inbox", layout: "left-half"))
        #expect(a[6] == .tileWindow(title: "Inbox", layout: "bottom-right-quarter"))
        #expect(a[7] == .expectFrame(title: "Inbox", frame: Rect(0, 24, 679, 1000)))
        #expect(a[7].isExpectation && !a[5].isExpectation)
    }

    @Test(arguments: [
        ("multitasking stage", 1, 14, "multitasking is full-screen or windowed, not 'stage'"),
        ("resize \"A\" to 0×300", 1, 15, "expected a size such as 800×600, not '0×300'"),
        ("resize \"A\" to 800", 1, 15, "expected a size such as 800×600"),
        ("move \"A\" to left", 1, 13, "expected a point x,y"),
        (
            "tile \"A\" sideways", 1, 10,
            "unknown layout 'sideways': fill, left-half, right-half, top-half, bottom-half, left-third, middle-third, right-third, left-two-thirds, right-two-thirds, top-left-quarter, top-right-quarter, bottom-left-quarter, bottom-right-quarter"
        ),
        ("expect frame \"A\" 1,2", 1, 21, "expected a size such as 800×600"),
    ])
    func badWindowStepsSayWhy(_ text: String, line: Int, column: Int, message: String) {
        badLinesReportLineAndColumn(text, line: line, column: column, message: message)
    }

    @Test func swipesParse() throws {
        let script = try ScriptParser.parse("swipe left\nswipe right\nswipe up\nswipe down", source: "t")
        #expect(script.steps.map(\.action) == [.swipe(.left), .swipe(.right), .swipe(.up), .swipe(.down)])
    }

    @Test func theKeyboardOnTheGlassParses() throws {
        let a = try parse(
            """
            keyboard on-screen
            keyboard hardware
            tap "й" in keyboard
            hold "е" in keyboard then slide to "ё" and release
            expect file "Notes/New Note.md" is "Мы идём."
            write file "Notes/Trip.md" "# Trip\\nPassport, \\"tickets\\""
            """)
        #expect(a[0] == .keyboard(onScreen: true))
        #expect(a[1] == .keyboard(onScreen: false))
        #expect(a[2] == .tap(.element("й", .keyboard)))
        #expect(a[3] == .hold(.element("е", .keyboard), duration: nil, slideTo: .element("ё", .anywhere)))
        #expect(a[4] == .expectFileIs(path: "Notes/New Note.md", text: "Мы идём."))
        #expect(a[5] == .writeFile(path: "Notes/Trip.md", text: "# Trip\nPassport, \"tickets\""))
    }

    @Test func commentsAndBlankLinesAreSkippedButLinesCount() throws {
        let s = try ScriptParser.parse("# intro\n\n  tap 10,20  # here\n", source: "c")
        #expect(s.steps.count == 1)
        #expect(s.steps[0].line == 3)
        #expect(s.steps[0].text == "tap 10,20")
    }
}

@Suite struct CaptionTests {
    @Test func captionsParse() throws {
        let s = try ScriptParser.parse("caption W2b \"Drag a message to the side\"", source: "c")
        #expect(s.steps[0].action == .caption(rule: "W2b", text: "Drag a message to the side"))
    }
}
