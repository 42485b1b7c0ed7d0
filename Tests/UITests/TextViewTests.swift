import Graphics
import Testing

@testable import UI

/// The text editor: typing, the keyboard's moves and selections, undo, the edit menu, touch.
@MainActor @Suite struct TextViewTests {
    /// A focused text view on a screen, measured by the approximate measurer (9.35 pt a character
    /// at 17 pt, lines 20 pt high).
    func make(_ text: String = "", width: Double = 400, height: Double = 300) -> (RootView, TextView) {
        let root = RootView(size: Size(width, height), clock: VirtualClock())
        let t = TextView(text: text)
        // Not the global measurer: other suites set the real engine there while these run.
        t.caretMeasurer = ApproximateTextMeasurer()
        t.frame = Rect(0, 0, width, height)
        root.addSubview(t)
        root.layoutIfNeeded()
        root.setFocus(t)
        return (root, t)
    }

    func key(_ root: RootView, _ k: String) {
        root.dispatcher.handle(KeyPress(parsing: k)!)
    }

    @Test func typingInsertsAtTheCaretInAnyScript() {
        let (root, t) = make()
        root.dispatcher.handleText("Привет")
        root.dispatcher.handleText(", мир")
        #expect(t.text == "Привет, мир")
        #expect(t.head == TextPosition(paragraph: 0, offset: "Привет, мир".utf8.count))
        key(root, "return")
        root.dispatcher.handleText("Café ✓")
        #expect(t.text == "Привет, мир\nCafé ✓")
        #expect(t.storage.paragraphs == ["Привет, мир", "Café ✓"])
        #expect(t.accessibilityValue == t.text)
    }

    @Test func arrowsMoveByCharacterAndCtrlByWord() {
        let (root, t) = make("one two  three\nЁж")
        key(root, "ctrl+right")
        #expect(t.head.offset == 3)
        key(root, "ctrl+right")
        #expect(t.head.offset == 7)
        key(root, "ctrl+left")
        #expect(t.head.offset == 4)
        key(root, "end")
        #expect(t.head.offset == 14)
        key(root, "right")
        #expect(t.head == TextPosition(paragraph: 1, offset: 0))
        key(root, "right")
        #expect(t.head == TextPosition(paragraph: 1, offset: 2), "one Cyrillic letter is two bytes")
        key(root, "left")
        key(root, "left")
        #expect(t.head == TextPosition(paragraph: 0, offset: 14))
        key(root, "ctrl+end")
        #expect(t.head == t.storage.end)
        key(root, "ctrl+home")
        #expect(t.head == .start)
        key(root, "down")
        #expect(t.head.paragraph == 1)
        key(root, "up")
        #expect(t.head.paragraph == 0)
    }

    @Test func shiftExtendsTheSelectionAndCtrlASelectsAll() {
        let (root, t) = make("hello world")
        key(root, "shift+right")
        key(root, "shift+right")
        #expect(t.selectedText == "he")
        key(root, "ctrl+shift+right")
        #expect(t.selectedText == "hello")
        key(root, "shift+end")
        #expect(t.selectedText == "hello world")
        key(root, "left")
        #expect(t.selection.isEmpty && t.head == .start, "an arrow collapses the selection to its side")
        key(root, "ctrl+a")
        #expect(t.selection == t.storage.all)
        root.dispatcher.handleText("X")
        #expect(t.text == "X", "typing replaces the selection")
    }

    @Test func undoTakesBackARunOfTypingAndRedoDoesItAgain() {
        let (root, t) = make("a")
        key(root, "end")
        root.dispatcher.handleText("b")
        root.dispatcher.handleText("c")
        key(root, "return")
        root.dispatcher.handleText("d")
        #expect(t.text == "abc\nd")
        key(root, "ctrl+z")
        #expect(t.text == "abc\n")
        key(root, "ctrl+z")
        #expect(t.text == "a", "typing up to the newline undoes as one")
        key(root, "ctrl+shift+z")
        #expect(t.text == "abc\n")
        key(root, "ctrl+y")
        #expect(t.text == "abc\nd")
        key(root, "backspace")
        key(root, "backspace")
        key(root, "backspace")
        #expect(t.text == "ab")
        key(root, "ctrl+z")
        #expect(t.text == "abc\nd", "a run of backspaces undoes as one")
        #expect(t.head == t.storage.end)
    }

    @Test func backspaceAndDeleteJoinParagraphs() {
        let (root, t) = make("ab\ncd")
        key(root, "down")
        key(root, "home")
        key(root, "backspace")
        #expect(t.text == "abcd")
        #expect(t.head == TextPosition(paragraph: 0, offset: 2))
        key(root, "delete")
        #expect(t.text == "abd")
        key(root, "ctrl+backspace")
        #expect(t.text == "d")
    }

    @Test func cutCopyAndPasteGoThroughThePasteboard() {
        let (root, t) = make("один два")
        key(root, "ctrl+shift+right")
        key(root, "ctrl+c")
        #expect(t.pasteboard.string == "один")
        key(root, "ctrl+x")
        #expect(t.text == " два")
        key(root, "ctrl+end")
        key(root, "ctrl+v")
        #expect(t.text == " дваодин")
        t.pasteboard.string = "a\r\nb"
        key(root, "ctrl+v")
        #expect(t.text == " дваодинa\nb", "pasted line ends become newlines")
    }

    @Test func theEditMenuOffersTheCommandsForTheSelection() {
        let (root, t) = make("word and more")
        defer { withExtendedLifetime(root) {} }
        t.pasteboard.string = "P"
        #expect(
            t.editMenuCommands().map(\.title) == [
                TextViewStrings.select, TextViewStrings.selectAll, TextViewStrings.paste,
            ])
        t.selection = t.storage.wordRange(at: TextPosition(paragraph: 0, offset: 1))
        #expect(t.selectedText == "word")
        let commands = t.editMenuCommands()
        #expect(
            commands.map(\.title) == [
                TextViewStrings.cut, TextViewStrings.copy, TextViewStrings.paste, TextViewStrings.selectAll,
            ])
        commands[0].perform()
        #expect(t.text == " and more")
        #expect(t.pasteboard.string == "word")
        t.isEditable = false
        t.selectAll()
        #expect(t.editMenuCommands().map(\.title) == [TextViewStrings.copy])
    }

    @Test func theTextHasAnEditMenuAndNoContextMenu() {
        let (_, t) = make("x")
        #expect(t.interactions.contains { $0 is EditMenuInteraction })
        #expect(!t.interactions.contains { $0 is any MenuTriggerInteraction }, "C10")
    }

    @Test func tapsPlaceTheCaretAndDoubleTapsSelectAWord() {
        let (root, t) = make("hello world")
        func tap(_ p: Point, at time: Double) {
            root.dispatcher.handle(Touch(id: Int(time * 100), phase: .began, location: p, timestamp: time))
            root.dispatcher.handle(Touch(id: Int(time * 100), phase: .ended, location: p, timestamp: time + 0.05))
        }
        let charW = 17 * 0.55
        let y = TextView.defaultInsets.top + 5
        tap(Point(TextView.defaultInsets.left + charW * 7, y), at: 1)
        #expect(t.head == TextPosition(paragraph: 0, offset: 7))
        #expect(t.selection.isEmpty)
        tap(Point(TextView.defaultInsets.left + charW * 7, y), at: 1.2)
        #expect(t.selectedText == "world")
        #expect(t.editMenu.isShowing)
        tap(Point(TextView.defaultInsets.left + charW * 2, y), at: 3)
        #expect(t.selection.isEmpty && !t.editMenu.isShowing)
    }

    @Test func holdingPlacesTheCaretAndDraggingOnSelects() {
        let (root, t) = make("hello world")
        let clock = root.clock as! VirtualClock
        let charW = 17 * 0.55
        let y = TextView.defaultInsets.top + 5
        let start = Point(TextView.defaultInsets.left + charW * 2, y)
        root.dispatcher.handle(Touch(id: 1, phase: .began, location: start, timestamp: 0))
        clock.advance(by: 0.6)
        root.dispatcher.fireTimers()
        #expect(t.head == TextPosition(paragraph: 0, offset: 2))
        let end = Point(TextView.defaultInsets.left + charW * 8, y)
        root.dispatcher.handle(Touch(id: 1, phase: .moved, location: end, timestamp: 0.7))
        #expect(t.selectedText == "llo wo")
        root.dispatcher.handle(Touch(id: 1, phase: .ended, location: end, timestamp: 0.8))
        #expect(t.editMenu.isShowing)
        // The end handle drags the selection's end.
        let e = t.caretRect(for: t.selection.end)
        let grab = Point(e.midX, e.maxY)
        root.dispatcher.handle(Touch(id: 2, phase: .began, location: grab, timestamp: 2))
        root.dispatcher.handle(
            Touch(id: 2, phase: .moved, location: Point(grab.x + charW * 3, grab.y), timestamp: 2.1))
        root.dispatcher.handle(
            Touch(id: 2, phase: .ended, location: Point(grab.x + charW * 3, grab.y), timestamp: 2.2))
        #expect(t.selectedText == "llo world")
    }

    @Test func longLinesWrapAndTheCaretStaysInView() {
        let long = String(repeating: "word ", count: 200)
        let (root, t) = make(long + "\n" + String(repeating: "line\n", count: 200), width: 300, height: 200)
        #expect(t.contentSize.height > 2000)
        key(root, "ctrl+end")
        root.layoutIfNeeded()
        let caret = t.caretRect(for: t.head)
        #expect(t.bounds.contains(caret), "caret \(caret) in view \(t.bounds)")
        key(root, "ctrl+home")
        #expect(t.contentOffset.y <= 0)
        key(root, "down")
        #expect(t.head.paragraph == 0 && t.head.offset > 0, "down moves a wrapped line within the paragraph")
    }

    @Test func onlyWhatIsInViewIsLaidOut() {
        let text = (0..<20_000).map { "Paragraph \($0) with a few words in it" }.joined(separator: "\n")
        let (root, t) = make(text, height: 600)
        #expect(t.measured.filter { $0 }.count < 100)
        _ = root.takeDamage(scale: 2)
        root.dispatcher.handleText("x")
        let damage = root.takeDamage(scale: 2)
        #expect(damage.count == 1 && damage[0].height < 100, "a keystroke redraws its paragraph: \(damage)")
    }

    @Test func aMovingCaretDamagesWhereItWasAndWhereItIs() {
        let (root, t) = make("one\ntwo\nthree")
        key(root, "end")
        _ = root.takeDamage(scale: 1)
        let before = t.caretRect(for: t.head)
        key(root, "down")
        let after = t.caretRect(for: t.head)
        let damage = root.takeDamage(scale: 1)
        #expect(damage.contains { $0.contains(before.center) }, "\(damage)")
        #expect(damage.contains { $0.contains(after.center) }, "\(damage)")
        #expect(damage.allSatisfy { $0.width < 20 }, "only the two carets: \(damage)")
    }

    @Test func aDoubleClickDraggedSelectsWordByWord() {
        let (root, t) = make("one two three four")
        let charW = 17 * 0.55
        let y = TextView.defaultInsets.top + 5
        let p = Point(TextView.defaultInsets.left + charW * 5, y)
        root.dispatcher.handle(Touch(id: 1, phase: .began, location: p, timestamp: 1))
        root.dispatcher.handle(Touch(id: 1, phase: .ended, location: p, timestamp: 1.05))
        root.dispatcher.handle(Touch(id: 2, phase: .began, location: p, timestamp: 1.2))
        let q = Point(TextView.defaultInsets.left + charW * 10, y)
        root.dispatcher.handle(Touch(id: 2, phase: .moved, location: q, timestamp: 1.3))
        #expect(t.selectedText == "two three")
        root.dispatcher.handle(Touch(id: 2, phase: .ended, location: q, timestamp: 1.4))
        #expect(t.selectedText == "two three", "the release is no tap")
        #expect(t.editMenu.isShowing)
    }
}
