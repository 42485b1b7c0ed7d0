import Foundation
import Graphics
import Host
import Scenes
import SlateTesting
import Testing
@_spi(Testing) import UI

@testable import OnScreenKeyboard
@testable import Shell
@testable import SlateScripts

/// The keyboard's rules, as values: Shift, Caps Lock, capitals at a sentence's start, the word being
/// typed, the pages.
@Suite struct KeyboardStateTests {
    @Test func shiftIsOneCharacterAndADoubleTapLocksIt() {
        var s = KeyboardState()
        s.tapShift(at: 1.0)
        #expect(s.shift == .on)
        s.typed("A")
        #expect(s.shift == .off, "a one-time Shift goes off after a character")
        s.tapShift(at: 2.0)
        s.tapShift(at: 2.2)
        #expect(s.shift == .locked, "two taps within 0.35 s lock it")
        s.typed("B")
        #expect(s.shift == .locked, "Caps Lock stays")
        s.tapShift(at: 3.0)
        #expect(s.shift == .off)
        s.tapShift(at: 4.0)
        s.tapShift(at: 4.5)
        #expect(s.shift == .off, "two taps 0.5 s apart are two taps")
    }

    @Test func capitalsComeAtTheStartOfSentencesAndAsTheFieldAsks() {
        func wants(_ t: String, _ m: TextAutocapitalizationType = .sentences) -> Bool {
            KeyboardText.wantsCapital(before: t, m)
        }
        #expect(wants(""))
        #expect(wants("Hello. "))
        #expect(wants("Привет! "))
        #expect(wants("Да?  "))
        #expect(wants("line\n"))
        #expect(wants("«Да.» "))
        #expect(!wants("Hello"))
        #expect(!wants("Hello "))
        #expect(!wants("e.g"))
        #expect(!wants("3.14"))
        #expect(wants("one ", .words))
        #expect(!wants("one", .words))
        #expect(wants("x", .allCharacters))
        #expect(!wants("", .none))
        var s = KeyboardState()
        s.capitalize(before: "", .sentences)
        #expect(s.shift == .on)
        s.capitalize(before: "Мы", .sentences)
        #expect(s.shift == .off)
    }

    @Test func theWordBeingTypedAndTheDoubleSpace() {
        #expect(KeyboardText.currentWord(before: "Hello wor") == "wor")
        #expect(KeyboardText.currentWord(before: "Мы идё") == "идё")
        #expect(KeyboardText.currentWord(before: "it's") == "it's")
        #expect(KeyboardText.currentWord(before: "word ") == "")
        #expect(KeyboardText.currentWord(before: "(quo") == "quo")
        #expect(KeyboardText.doubleSpaceMakesFullStop(before: "Hi "))
        #expect(!KeyboardText.doubleSpaceMakesFullStop(before: "Hi. "))
        #expect(!KeyboardText.doubleSpaceMakesFullStop(before: " "))
    }

    @Test func aSpaceOnTheNumbersGoesBackToTheLetters() {
        var s = KeyboardState()
        s.show(.numbers)
        s.typed("5")
        #expect(s.page == .numbers)
        s.typed(" ")
        #expect(s.page == .letters)
    }
}

/// The layouts as data, and where their keys go.
@Suite struct KeyboardLayoutTests {
    @Test func everyLetterOfBothAlphabetsIsAKeyOrAnAlternate() {
        for (layout, alphabet) in [
            (KeyboardLayout.englishUS, "abcdefghijklmnopqrstuvwxyz"),
            (KeyboardLayout.russian, "абвгдеёжзийклмнопрстуфхцчшщъыьэюя"),
        ] {
            let keys = Set(layout.letters.keys.compactMap { $0.text(shifted: false) })
            let alternates = Set(layout.alternates.values.flatMap { $0 })
            for c in alphabet {
                #expect(keys.contains(String(c)) || alternates.contains(String(c)), "\(layout.id) lacks \(c)")
            }
        }
        #expect(KeyboardLayout.russian.alternates(for: "е") == ["е", "ё"])
        #expect(KeyboardLayout.russian.alternates(for: "Е") == ["Е", "Ё"])
        #expect(KeyboardLayout.russian.alternates(for: "ь") == ["ь", "ъ"])
        #expect(KeyboardLayout.englishUS.alternates(for: "-").contains("—"))
        #expect(KeyboardLayout.ordered(for: .ru).first?.id == "ru")
    }

    @Test(arguments: [true, false]) func theKeysFillTheRowsWithoutOverlapping(landscape: Bool) {
        let width = landscape ? 1366.0 : 1024.0
        let area = Rect(0, 0, width, KeyboardMetrics.keysHeight(landscape: landscape))
        for layout in KeyboardLayout.all {
            for kind in [KeyboardPage.Kind.letters, .numbers, .symbols] {
                let page = layout.page(kind)
                let frames = KeyboardGeometry.frames(page, in: area, landscape: landscape)
                var letterWidths = Set<Double>()
                for (row, keys) in zip(frames, page.rows) {
                    let shown = zip(row, keys).filter { $0.1.kind != .gap }.map(\.0)
                    for (a, b) in zip(shown, shown.dropFirst()) {
                        #expect(a.maxX < b.minX, "\(layout.id) \(kind): keys overlap")
                    }
                    for r in shown { #expect(r.minX >= 0 && r.maxX <= width && r.maxY <= area.maxY) }
                    for (r, key) in zip(row, keys) {
                        if case .character = key.kind, key.width == .units(1) { letterWidths.insert(r.width) }
                        if key.width == .flexible {
                            #expect(r.width >= letterWidths.min().map { $0 * KeyboardMetrics.flexibleMinimum - 2 } ?? 0)
                        }
                    }
                }
                // Every letter key is of one width (to the rounding of a point).
                if let lo = letterWidths.min(), let hi = letterWidths.max() { #expect(hi - lo <= 1) }
            }
        }
    }

    @Test func theRussianLettersAreNarrowerThanTheEnglish() {
        let area = Rect(0, 0, 1366, 352)
        func letter(_ l: KeyboardLayout) -> Double {
            KeyboardGeometry.frames(l.letters, in: area, landscape: true)[0][0].width
        }
        #expect(letter(.russian) < letter(.englishUS), "eleven letters in the top row, not ten")
    }

    @Test func thePadsAreForNumbers() {
        #expect(KeyboardPad.page(for: .default, language: .en) == nil)
        let phone = KeyboardPad.page(for: .phonePad, language: .en)
        #expect(phone?.keys.contains { $0.text(shifted: false) == "+" } == true)
        let decimal = KeyboardPad.page(for: .decimalPad, language: .ru)
        #expect(decimal?.keys.contains { $0.text(shifted: false) == "," } == true)
    }
}

/// A program's field that says its text once, when it takes the keys, and not as it is typed into
/// (Firefox does so): it keeps what it was sent; what it says stays what it said.
@MainActor final class QuietField: TextInputClient {
    var textInputTraits = TextInputTraits()
    var said: String
    var hasSelectedText = false
    private(set) var received: [String] = []
    init(said: String) { self.said = said }
    var textBeforeCaret: String { said }
    func insertText(_ text: String) { received.append("insert \(text)") }
    func deleteBackward() { received.append("delete") }
    func replaceBeforeCaret(count: Int, with text: String) { received.append("replace \(count) \(text)") }
    func insertReturn() {}
    func moveCaret(_ key: Key) {}
    func canPerform(_ command: StandardEditCommand) -> Bool { false }
    func perform(_ command: StandardEditCommand) {}
    var caretRectOnScreen: Rect? { nil }
    func resignTextInput() {}
}

/// The keyboard follows its own typing where the field does not say its text again.
@MainActor @Suite struct OnScreenKeyboardFollowingTests {
    @Test func capitalsAndFullStopsFollowWhatWasTypedIntoAFieldThatSaysNothing() {
        let keyboard = KeyboardController(language: .en)
        let field = QuietField(said: "")
        keyboard.attach(field)
        #expect(keyboard.state.shift == .on, "a capital at the field's start")
        keyboard.type("H")
        #expect(keyboard.state.shift == .off, "no capital after the first letter")
        keyboard.type("i")
        keyboard.type(".")
        keyboard.type(" ")
        #expect(keyboard.textBeforeCaret == "Hi. ")
        #expect(keyboard.state.shift == .on, "a capital at the next sentence")
        keyboard.deleteBackward()
        #expect(keyboard.textBeforeCaret == "Hi.")
        // A double space makes a full stop of what the keyboard typed; the field is sent its bytes.
        keyboard.type(" ")
        keyboard.type("o")
        keyboard.type("k")
        keyboard.type(" ")
        keyboard.keyUp(KeyboardKey(.space))
        #expect(keyboard.textBeforeCaret == "Hi. ok. ")
        #expect(field.received.suffix(2) == ["insert  ", "replace 1 . "])
        // The field speaks again (the caret moved): what it says counts from then on.
        field.said = "Hello"
        keyboard.refresh()
        #expect(keyboard.textBeforeCaret == "Hello")
        #expect(keyboard.state.shift == .off)
    }

    @Test func aFieldThatSaysItsTextAtOnceIsBelieved() {
        let keyboard = KeyboardController(language: .en)
        let field = TextField()
        keyboard.attach(field)
        keyboard.type("A")
        keyboard.type("b")
        #expect(field.text == "Ab" && keyboard.textBeforeCaret == "Ab", "nothing typed twice: \(field.text)")
        keyboard.deleteBackward()
        #expect(field.text == "A" && keyboard.textBeforeCaret == "A")
    }
}

@MainActor func fieldsWorld() -> ShellWorld {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-keyboard-\(UUID())")
    return ShellWorld(catalog: ["Fields": { FieldsApp() }], stateHome: home, scale: 1)
}

/// The keyboard in the shell: when it shows, what it types, how the windows make room.
@MainActor @Suite(.serialized) struct OnScreenKeyboardShellTests {
    func fields(_ w: ShellWorld) throws -> FieldsView {
        let id = try #require(w.shell.focusedWindow)
        return try #require(w.shell.windows[id]?.scene.rootView as? FieldsView)
    }

    @Test func aFocusedFieldBringsItUpAndTheWindowMakesRoom() throws {
        let w = fieldsWorld()
        try run(w, "keyboard on-screen\nlaunch Fields")
        #expect(!w.shell.isKeyboardShown, "no field has focus yet")
        let id = try #require(w.shell.focusedWindow)
        #expect(w.shell.windows[id]?.scene.windowView.safeAreaInsets.bottom == 20)
        try run(w, "tap \"Body\"\nexpect visible \"Keyboard\"")
        #expect(w.shell.isKeyboardShown)
        #expect(w.shell.keyboardFrame == Rect(0, 1024 - 398, 1366, 398))
        #expect(w.shell.windows[id]?.scene.windowView.safeAreaInsets.bottom == 398)
        try run(w, "tap \"H\" in keyboard\ntap \"i\" in keyboard\ntap \"return\" in keyboard\ntap \"O\" in keyboard")
        #expect(try fields(w).body.text == "Hi\nO", "Shift came back on after return")
        #expect(w.shell.onScreenKeyboard?.state.shift == .off)
        try run(w, "tap \"hide\" in keyboard")
        #expect(!w.shell.isKeyboardShown)
        #expect(w.shell.focusedView == nil, "the hide key ends editing")
        #expect(w.shell.windows[id]?.scene.windowView.safeAreaInsets.bottom == 20)
    }

    @Test func aHardwareKeyPutsItAwayAndTheButtonInTheCornerBringsItBack() throws {
        let w = fieldsWorld()
        try run(w, "launch Fields")
        w.shell.keyboardPolicy = .automatic
        try run(w, "tap \"Body\"")
        #expect(w.shell.isKeyboardShown)
        try run(w, "type \"x\"")
        #expect(!w.shell.isKeyboardShown, "a hardware key puts it away")
        try run(w, "tap \"Show Keyboard\"")
        #expect(w.shell.isKeyboardShown)
        w.shell.keyboardPolicy = .hardware
        #expect(!w.shell.isKeyboardShown)
    }

    @Test func aKeyboardAttachedKeepsItAwayAndItComesBackWhenTheLastGoes() throws {
        let w = fieldsWorld()
        try run(w, "launch Fields")
        w.shell.keyboardPolicy = .automatic
        w.shell.hardwareKeyboardAttached(true)
        try run(w, "tap \"Body\"")
        #expect(!w.shell.isKeyboardShown, "a keyboard is attached: nothing to show")
        w.shell.hardwareKeyboardAttached(false)
        w.host.run(for: 0.5)
        #expect(w.shell.isKeyboardShown, "the last keyboard went, with a field taking text")
        w.shell.hardwareKeyboardAttached(true)
        w.host.run(for: 0.5)
        #expect(!w.shell.isKeyboardShown, "one came back")
        w.shell.keyboardPolicy = .onScreen
        w.shell.hardwareKeyboardAttached(true)
        w.host.run(for: 0.5)
        #expect(w.shell.isKeyboardShown, "the on-screen policy does not follow the keyboards")
    }

    @Test func theReturnKeyIsTheFieldsAndAPasswordGetsNoPopup() throws {
        let w = fieldsWorld()
        FieldsApp.sent = []
        try run(w, "keyboard on-screen\nlaunch Fields\ntap \"To\"\nexpect visible \"Send\" in keyboard")
        try run(w, "tap \"a\" in keyboard\ntap \"Send\" in keyboard")
        #expect(FieldsApp.sent == ["a"])
        try run(w, "tap \"Password\"\nexpect visible \"return\" in keyboard")
        let kb = try #require(w.shell.onScreenKeyboard)
        #expect(kb.traits.isSecureTextEntry)
        let key = try #require(kb.view.keyViews.first { $0.title == "q" })
        let id = w.host.touchDown(at: key.frameInRoot.center)
        w.host.run(for: 0.1)
        #expect(!kb.view.subviews.contains { $0 is KeyPopupView }, "no popup over a password's keys")
        w.host.touchUp(id, at: key.frameInRoot.center)
        #expect(try fields(w).password.text == "q")
    }

    @Test func touchAndHoldGivesAlternatesAndDeleteRepeatsThenByWords() throws {
        let w = fieldsWorld()
        try run(w, "keyboard on-screen\nlaunch Fields\ntap \"Body\"")
        try run(w, "hold \"E\" in keyboard then slide to \"É\" and release")
        #expect(try fields(w).body.text == "É")
        try fields(w).body.insertText(" one two three four five six seven eight")
        let kb = try #require(w.shell.onScreenKeyboard?.view)
        let delete = try #require(kb.keyViews.first { $0.key.kind == .delete })
        let id = w.host.touchDown(at: delete.frameInRoot.center)
        // Down deletes one ("t"); from 0.5 s on, every 0.1 s (on the frames' clock): ten characters more
        // ("eigh", " ", "seven"), then a word at a time ("six ", "five ").
        w.host.run(for: 0.5 + 0.1 * 12 + 0.05)
        w.host.touchUp(id, at: delete.frameInRoot.center)
        let left = try fields(w).body.text
        #expect(left == "É one two three four ", "left: \(left)")
    }

    @Test func twoFingersMoveTheCaretAndAPinchFloatsTheKeyboard() throws {
        let w = fieldsWorld()
        try run(w, "keyboard on-screen\nlaunch Fields\ntap \"Body\"")
        let body = try fields(w).body
        body.insertText("abcdefghij")
        let kb = try #require(w.shell.onScreenKeyboard?.view)
        let y = kb.frameInRoot.minY + 200
        let a = w.host.touchDown(at: Point(500, y))
        let b = w.host.touchDown(at: Point(600, y))
        for i in 1...10 {
            let dx = -Double(i) * 5
            w.host.touchMove(a, to: Point(500 + dx, y))
            w.host.touchMove(b, to: Point(600 + dx, y))
            w.host.run(for: 1.0 / 60)
        }
        #expect(kb.isTrackpad, "two fingers moving together on the keys")
        w.host.touchUp(a, at: Point(450, y))
        w.host.touchUp(b, at: Point(550, y))
        #expect(body.text == "abcdefghij", "nothing typed")
        // The fingers went 50 pt; the trackpad began after 10, and each 10 more is a step back.
        #expect(body.head.offset == 6, "the caret moved back a step each 10 pt after the trackpad began")

        let c = w.host.touchDown(at: Point(300, y))
        let d = w.host.touchDown(at: Point(900, y))
        for i in 1...10 {
            w.host.touchMove(c, to: Point(300 + Double(i) * 25, y))
            w.host.touchMove(d, to: Point(900 - Double(i) * 25, y))
            w.host.run(for: 1.0 / 60)
        }
        w.host.touchUp(c, at: Point(550, y))
        w.host.touchUp(d, at: Point(650, y))
        w.host.run(for: 0.5)
        #expect(w.shell.isKeyboardFloating)
        #expect(w.shell.keyboardFrame == nil, "a floating keyboard leaves the windows as they are")
        let id = try #require(w.shell.focusedWindow)
        #expect(w.shell.windows[id]?.scene.windowView.safeAreaInsets.bottom == 20)
        #expect(kb.frameInRoot.width == KeyboardMetrics.floatingWidth)
        w.host.run(for: 0.5)
        expectReference(w.host.frame(), "keyboard-floating")
    }

    /// Both layouts light and dark, the 123 page and a key's alternates, as a person sees them.
    @Test func pictures() throws {
        // Paste is greyed with nothing to paste: the screen's pasteboard starts empty.
        let w = fieldsWorld()
        try run(w, "keyboard on-screen\nlaunch Fields\ntap \"Body\"")
        expectReference(w.host.frame(), "keyboard-en-light")
        try run(w, "tap \"globe\" in keyboard\ntap \"П\" in keyboard")
        expectReference(w.host.frame(), "keyboard-ru-light")
        try run(w, "appearance dark")
        expectReference(w.host.frame(), "keyboard-ru-dark")
        try run(w, "tap \"globe\" in keyboard")
        expectReference(w.host.frame(), "keyboard-en-dark")
        try run(w, "appearance light\ntap \"123\" in keyboard")
        expectReference(w.host.frame(), "keyboard-123-light")
        try run(w, "tap \"abc\" in keyboard\ntap \"globe\" in keyboard")
        let kb = try #require(w.shell.onScreenKeyboard?.view)
        let e = try #require(kb.keyViews.first { $0.title == "е" })
        let id = w.host.touchDown(at: e.frameInRoot.center)
        w.host.run(for: 0.6)
        expectReference(w.host.frame(), "keyboard-ru-alternates")
        w.host.touchUp(id, at: e.frameInRoot.center)
        // A key held a moment: its popup over the finger.
        let zhe = try #require(kb.keyViews.first { $0.title == "ж" })
        let held = w.host.touchDown(at: zhe.frameInRoot.center)
        w.host.run(for: 0.1)
        expectReference(w.host.frame(), "keyboard-ru-key-popup")
        w.host.touchUp(held, at: zhe.frameInRoot.center)
        try run(w, "tap \"Phone\"\ntap \"+\" in keyboard\ntap \"7\" in keyboard")
        #expect(try fields(w).phone.text == "+7")
        expectReference(w.host.frame(), "keyboard-phone-pad")
    }
}
