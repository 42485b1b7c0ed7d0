import ShellPorts
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
        return TextInputTraits(
            keyboardType: KeyboardType(i.keyboard), returnKeyType: ReturnKeyType(i.return_key),
            autocapitalization: TextAutocapitalizationType(i.capitals),
            showsSuggestions: has(SLATE_SCENE_TEXT_SUGGESTIONS), isSecureTextEntry: has(SLATE_SCENE_TEXT_SECRET),
            isMultiline: has(SLATE_SCENE_TEXT_MULTILINE))
    }

    var textBeforeCaret: String { info.map { String(cString: $0.text_before) } ?? "" }

    var hasSelectedText: Bool { has(SLATE_SCENE_TEXT_SELECTION) }

    func insertText(_ text: String) { send(0, text, nil) }

    func setMarkedText(_ text: String?) { send(0, nil, text ?? "") }

    func replaceBeforeCaret(count: Int, with text: String) { send(UInt32(max(0, count)), text, nil) }

    func deleteBackward() { act(.deleteBackward) }

    func insertReturn() { act(.insertReturn) }

    func moveCaret(_ key: Key) {
        switch key {
        case .left: act(.left)
        case .right: act(.right)
        case .up: act(.up)
        case .down: act(.down)
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
        case .undo: act(.undo)
        case .redo: act(.redo)
        case .paste: act(.paste)
        default: break
        }
    }

    func resignTextInput() { act(.resign) }

    private func send(_ deleteBefore: UInt32, _ commit: String?, _ preedit: String?) {
        guard let t = toplevel, t.isAlive else { return }
        slate_view_scene_text_input_send(t.handle, deleteBefore, commit, preedit)
    }

    private func act(_ action: slate_scene_text_action) {
        guard let t = toplevel, t.isAlive else { return }
        slate_view_scene_text_action(t.handle, action)
    }
}
