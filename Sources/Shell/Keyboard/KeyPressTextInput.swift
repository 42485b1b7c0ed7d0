import Foundation
import Graphics
import OnScreenKeyboard
import Scenes
import ShellPorts
import SystemUI
import UI

/// A program's window with no text input, typed into from the keyboard on the glass as key presses
/// through the seat's keyboard (whose keymap types every character of both layouts): no preedit, no
/// suggestions, nothing known of its text.
@MainActor final class KeyPressTextInput: TextInputClient {
    weak var surface: ForeignSurfaceView?

    init(_ surface: ForeignSurfaceView) { self.surface = surface }

    var textInputTraits: TextInputTraits {
        TextInputTraits(autocapitalization: .none, showsSuggestions: false, isMultiline: true)
    }
    var textBeforeCaret: String { "" }
    var hasSelectedText: Bool { false }

    private func press(_ key: Key, _ modifiers: KeyModifiers = []) {
        _ = surface?.toplevel.key(KeyPress(key, modifiers: modifiers))
    }

    func insertText(_ text: String) {
        for c in text { press(c == " " ? .space : .character(c)) }
    }
    func deleteBackward() { press(.backspace) }
    func replaceBeforeCaret(count: Int, with text: String) {
        for _ in 0..<count { press(.backspace) }
        insertText(text)
    }
    func insertReturn() { press(.return) }
    func moveCaret(_ key: Key) { press(key) }
    func canPerform(_ command: StandardEditCommand) -> Bool {
        command == .undo || command == .redo || command == .paste
    }
    func perform(_ command: StandardEditCommand) {
        switch command {
        case .undo: press(.character("z"), .control)
        case .redo: press(.character("z"), [.control, .shift])
        case .paste: press(.character("v"), .control)
        default: break
        }
    }
    func resignTextInput() {}
}
