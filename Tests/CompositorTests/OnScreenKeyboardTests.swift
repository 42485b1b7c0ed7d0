import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

/// The keyboard on the glass with real programs: a GTK 4 field gets what is typed on it through
/// text-input-v3 — each key's character as preedit while it is held, then committed — and the windows
/// in Split View make room for it and take the room back.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct OnScreenKeyboardTests {
    /// Two GTK windows in Split View, the right one a field: the keyboard slides up as the field takes
    /// the keyboard focus, both windows shrink by what it covers of them, "Hi" typed on its keys reaches
    /// the field as preedit then commit, and the hide key gives the windows their height back.
    @Test(.enabled(if: TextEntry.available)) func aGTKFieldInSplitViewTypesWithPreeditThenCommit() async throws {
        let entry = try #require(await TextEntry.build())
        let rig = try Rig()
        defer { rig.shutdown() }
        rig.shell.keyboardPolicy = .onScreen
        try rig.colourWindow("Beside", "#336699")
        guard rig.wait(20, "the GTK window beside", { rig.toplevel(titled: "Beside")?.picture != nil }),
            let beside = rig.window(titled: "Beside")
        else { return }
        try rig.textEntry(entry, "Field")
        guard rig.wait(20, "the GTK field", { rig.toplevel(prefixed: "Field:")?.picture != nil }),
            let field = rig.shell.windows.values.first(where: { $0.scene.title.hasPrefix("Field:") }),
            let fieldTop = rig.toplevel(prefixed: "Field:"), let besideTop = rig.toplevel(titled: "Beside")
        else { return }
        rig.shell.show(fullScreen: beside.id)
        rig.shell.show(split: field.id, on: .right)
        guard rig.wait(10, "the keyboard to slide up for the field", { rig.shell.isKeyboardShown }) else { return }
        rig.settle()
        // The docked keyboard is 398 pt tall in landscape; the windows keep 20 pt above the bottom for
        // the home indicator without it, so both lose 378 pt: 1024 − 24 − 398 = 602.
        let keyboard = try #require(rig.shell.onScreenKeyboard?.view)
        #expect(keyboard.frameInRoot == Rect(0, 1024 - 398, 1366, 398))
        rig.wait(10, "both programs asked to be 602 pt tall") {
            fieldTop.requestedSize?.height == 602 && besideTop.requestedSize?.height == 602
        }

        // Shift is on at the start of the field: the keys show capitals.
        try rig.tapKey("H", holding: { rig.toplevel(prefixed: "Field:")?.title.hasSuffix("preedit: H") == true })
        rig.wait(10, "H committed") { rig.toplevel(prefixed: "Field:")?.title == "Field: H | preedit: H" }
        try rig.tapKey("i", holding: { rig.toplevel(prefixed: "Field:")?.title.hasSuffix("preedit: Hi") == true })
        rig.wait(10, "Hi committed") { rig.toplevel(prefixed: "Field:")?.title == "Field: Hi | preedit: Hi" }

        try rig.tapKey("hide")
        rig.wait(5, "the keyboard to go") { !rig.shell.isKeyboardShown }
        rig.wait(10, "both programs asked to be 980 pt tall again") {
            fieldTop.requestedSize?.height == 980 && besideTop.requestedSize?.height == 980
        }
    }

    /// A password field: the keyboard shows no popup over a key and sends no preedit, only the
    /// characters; and it offers no suggestions.
    @Test(.enabled(if: TextEntry.available)) func aPasswordFieldGetsNoPreeditAndNoSuggestions() async throws {
        let entry = try #require(await TextEntry.build())
        let rig = try Rig()
        defer { rig.shutdown() }
        rig.shell.keyboardPolicy = .onScreen
        try rig.textEntry(entry, "Secret", password: true)
        guard rig.wait(20, "the GTK password field", { rig.toplevel(prefixed: "Secret:")?.picture != nil }) else {
            return
        }
        guard rig.wait(10, "the keyboard to slide up", { rig.shell.isKeyboardShown }) else { return }
        rig.settle()
        let kb = try #require(rig.shell.onScreenKeyboard)
        #expect(kb.traits.isSecureTextEntry)
        try rig.tapKey("x", holding: { true })
        rig.wait(10, "the character typed") { rig.toplevel(prefixed: "Secret:")?.title == "Secret: x | preedit: " }
        #expect(kb.suggestionWords.isEmpty)
    }
}

extension OnScreenKeyboardTests {
    /// A program with no text input (GTK's own simple input method instead of text-input-v3): the
    /// keyboard does not come by itself, the button in the corner offers it, and its keys reach the
    /// program as key presses through the seat's keyboard — Russian ones too, from its US and Russian
    /// keymap.
    @Test(.enabled(if: TextEntry.available)) func aProgramWithoutTextInputGetsKeyPresses() async throws {
        let entry = try #require(await TextEntry.build())
        let rig = try Rig()
        defer { rig.shutdown() }
        rig.shell.keyboardPolicy = .onScreen
        try rig.textEntry(entry, "Keys", inputMethod: "gtk-im-context-simple")
        guard rig.wait(20, "the GTK field", { rig.toplevel(prefixed: "Keys:")?.picture != nil }) else { return }
        rig.settle()
        #expect(!rig.shell.isKeyboardShown, "the program asks for no text")
        let button = try #require(rig.shell.allViews().first { $0.identifier == "show-keyboard" })
        #expect(!button.isHidden)
        rig.host.host.tap(at: button.frameInRoot.center)
        rig.wait(5, "the keyboard to slide up") { rig.shell.isKeyboardShown }
        rig.settle()
        try rig.tapKey("h")
        try rig.tapKey("i")
        try rig.tapKey("globe")
        try rig.tapKey("й")
        rig.wait(10, "the keys typed") { rig.toplevel(prefixed: "Keys:")?.title == "Keys: hiй | preedit: " }
    }
}

extension OnScreenKeyboardTests {
    /// An outside keyboard (`Fixtures/input-method-client.c`, an input method as squeekboard is one),
    /// compiled once a run.
    static func inputMethod() throws -> String {
        let path = try #require(
            ProgramsDrawTests.fixture("input-method-client", protocols: ["Protocols/input-method-unstable-v2.xml"]),
            "the input method test client did not compile")
        return URL(fileURLWithPath: path).resolvingSymlinksInPath().path
    }

    /// An outside keyboard the person allowed to type (input-method-v2, as on sway or Phosh) types
    /// into a program's field, and Slate's keyboard yields to it though it would show for the field;
    /// once the outside keyboard goes, Slate's comes back for the field.
    @Test(.enabled(if: TextEntry.available)) func anOutsideKeyboardThePersonAllowedTypesAndSlatesYields()
        async throws
    {
        let entry = try #require(await TextEntry.build())
        let method = try Self.inputMethod()
        let rig = try Rig()
        defer { rig.shutdown() }
        rig.shell.keyboardPolicy = .onScreen
        rig.host.compositor.privacy.allow([method], .input)
        let outside = try rig.launch([method, "Hi"])
        defer { finish(outside) }
        guard rig.wait(10, "the outside keyboard bound", { rig.host.compositor.hasOutsideKeyboard }) else { return }
        try rig.textEntry(entry, "Field")
        guard rig.wait(20, "the GTK field", { rig.toplevel(prefixed: "Field:")?.picture != nil }) else { return }
        rig.wait(10, "Hi typed by the outside keyboard") {
            rig.toplevel(prefixed: "Field:")?.title == "Field: Hi | preedit: "
        }
        rig.settle()
        #expect(!rig.shell.isKeyboardShown, "Slate's keyboard yields to the outside one")
        finish(outside)
        rig.wait(10, "Slate's keyboard back for the field") { rig.shell.isKeyboardShown }
    }

    /// A program the person did not allow to type is offered no input method at all.
    @Test func aProgramNotAllowedToTypeIsOfferedNoInputMethod() throws {
        let method = try Self.inputMethod()
        let rig = try Rig()
        defer { rig.shutdown() }
        #expect(rig.shellOutput([method, "Hi"]) == "no input method\n")
        #expect(!rig.host.compositor.hasOutsideKeyboard)
    }
}

/// The GTK 4 field (`Fixtures/text-entry.c`), compiled once a run — off the main actor, which the
/// other suites' programs are served on meanwhile (a compile of GTK's headers takes seconds).
enum TextEntry {
    private static let built = Built()

    /// The compiled program's path; nil (with an issue recorded) when it does not compile.
    static func build() async -> String? {
        if let b = built.path { return b }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .appendingPathComponent("Fixtures/text-entry.c").path
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-text-entry-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        let status: Int32 = await withCheckedContinuation { done in
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/bin/sh")
            p.arguments = ["-c", "timeout 60 cc -o '\(out)' '\(source)' $(pkg-config --cflags --libs gtk4)"]
            p.terminationHandler = { done.resume(returning: $0.terminationStatus) }
            do { try p.run() } catch { done.resume(returning: -1) }
        }
        guard status == 0 else {
            Issue.record("the GTK 4 field did not compile")
            return nil
        }
        built.path = out
        return out
    }

    static var available: Bool { ColourWindow.available }

    /// The path once built, shared by the tests.
    private final class Built: @unchecked Sendable {
        private let lock = NSLock()
        private var value: String?
        var path: String? {
            get { lock.withLock { value } }
            set { lock.withLock { value = newValue } }
        }
    }
}

extension Rig {
    /// Starts the GTK 4 field titled `title` (GTK's own input method module speaks text-input-v3).
    func textEntry(_ path: String, _ title: String, password: Bool = false, inputMethod: String = "wayland") throws {
        try launch(
            ["env", "GSK_RENDERER=cairo", "GTK_IM_MODULE=\(inputMethod)", path, title]
                + (password ? ["--password"] : []))
    }

    /// The client toplevel whose title begins with `prefix`.
    func toplevel(prefixed prefix: String) -> ClientToplevel? {
        host.compositor.toplevels.first { $0.title.hasPrefix(prefix) }
    }

    /// Taps the keyboard's key labelled (or named) `label` as a finger would: down, held until
    /// `holding` says what the key's press shows has arrived (at most 5 s), up.
    func tapKey(_ label: String, holding: () -> Bool = { true }) throws {
        let kb = try #require(shell.onScreenKeyboard?.view)
        let key = try #require(
            kb.allViews().first { $0.isAccessible && ($0.accessibilityLabel == label || $0.identifier == label) },
            "no key \(label)")
        let p = key.frameInRoot.center
        let h = host.host
        let id = h.touchDown(at: p)
        wait(5, "the key \(label) held", holding)
        h.touchUp(id, at: p)
        host.run(for: 0.05)
    }
}
