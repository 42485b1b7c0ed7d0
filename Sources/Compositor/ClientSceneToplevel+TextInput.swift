import Shell
import SlateCompositorShim
import UI

/// A Slate app process's field as the keyboard on the glass types into it: over the scene protocol
/// (version 3), as a program's over text-input-v3 — text and preedit as `text_input` events, the keys
/// that are not text (Delete, return, the trackpad, Undo, Redo, Paste, hide) as `text_action`.
@MainActor final class SceneTextInput: TextInputClient {
    private weak var toplevel: ClientSceneToplevel?

    init(toplevel: ClientSceneToplevel) { self.toplevel = toplevel }

    /// The field as the app last declared it; nil when none takes text.
    var info: slate_scene_text_input_info? {
        guard let t = toplevel, t.isAlive else { return nil }
        var i = slate_scene_text_input_info()
        return slate_view_scene_text_input(t.handle, &i) != 0 ? i : nil
    }

    private func has(_ flag: slate_scene_text_flag) -> Bool { (info?.flags ?? 0) & flag.rawValue != 0 }

    var textInputTraits: TextInputTraits {
        guard let i = info else { return TextInputTraits() }
        let keyboards: [KeyboardType] = [
            .default, .emailAddress, .url, .numberPad, .decimalPad, .phonePad, .numbersAndPunctuation,
        ]
        let returns: [ReturnKeyType] = [.default, .go, .search, .send, .done, .next, .join]
        let capitals: [TextAutocapitalizationType] = [.none, .sentences, .words, .allCharacters]
        return TextInputTraits(
            keyboardType: keyboards[min(Int(i.keyboard), keyboards.count - 1)],
            returnKeyType: returns[min(Int(i.return_key), returns.count - 1)],
            autocapitalization: capitals[min(Int(i.capitals), capitals.count - 1)],
            showsSuggestions: has(SLATE_SCENE_TEXT_SUGGESTIONS), isSecureTextEntry: has(SLATE_SCENE_TEXT_SECRET),
            isMultiline: has(SLATE_SCENE_TEXT_MULTILINE))
    }

    var textBeforeCaret: String { info.map { String(cString: $0.text_before) } ?? "" }

    var hasSelectedText: Bool { has(SLATE_SCENE_TEXT_SELECTION) }

    func insertText(_ text: String) { send(0, text, nil) }

    func setMarkedText(_ text: String?) { send(0, nil, text ?? "") }

    func replaceBeforeCaret(count: Int, with text: String) { send(UInt32(max(0, count)), text, nil) }

    func deleteBackward() { act(SLATE_SCENE_TEXT_DELETE_BACKWARD) }

    func insertReturn() { act(SLATE_SCENE_TEXT_RETURN) }

    func moveCaret(_ key: Key) {
        switch key {
        case .left: act(SLATE_SCENE_TEXT_LEFT)
        case .right: act(SLATE_SCENE_TEXT_RIGHT)
        case .up: act(SLATE_SCENE_TEXT_UP)
        case .down: act(SLATE_SCENE_TEXT_DOWN)
        default: break
        }
    }

    func canPerform(_ command: StandardEditCommand) -> Bool {
        switch command {
        case .undo: has(SLATE_SCENE_TEXT_CAN_UNDO)
        case .redo: has(SLATE_SCENE_TEXT_CAN_REDO)
        case .paste: has(SLATE_SCENE_TEXT_CAN_PASTE)
        default: false
        }
    }

    func perform(_ command: StandardEditCommand) {
        switch command {
        case .undo: act(SLATE_SCENE_TEXT_UNDO)
        case .redo: act(SLATE_SCENE_TEXT_REDO)
        case .paste: act(SLATE_SCENE_TEXT_PASTE)
        default: break
        }
    }

    func resignTextInput() { act(SLATE_SCENE_TEXT_RESIGN) }

    private func send(_ deleteBefore: UInt32, _ commit: String?, _ preedit: String?) {
        guard let t = toplevel, t.isAlive else { return }
        slate_view_scene_text_input_send(t.handle, deleteBefore, commit, preedit)
    }

    private func act(_ action: slate_scene_text_action) {
        guard let t = toplevel, t.isAlive else { return }
        slate_view_scene_text_action(t.handle, Int32(action.rawValue))
    }
}
