import ShellPorts
import SlateCompositorShim
import UI

// Programs' text input (text-input-v3) and an outside keyboard (input-method-v2), as the shell sees
// them: the compositor tells the shell when the focused program's field asks for text, or says
// something new, and the shell's keyboard types into it through `ProgramTextInput`.
extension WaylandCompositor {
    /// Hears the focused field's events from the C side.
    func installTextInput(_ c: OpaquePointer) {
        slate_text_input_set_handler(
            c,
            { user, _, _ in
                guard let user else { return }
                let box = Unmanaged<Box>.fromOpaque(user).takeUnretainedValue()
                MainActor.assumeIsolated { box.current?.shell?.textInputDidChange() }
            }, Unmanaged.passUnretained(box).toOpaque())
    }

    /// Whether an outside keyboard (squeekboard, wvkbd: a program the person allowed to type, over
    /// input-method-v2) is bound and serving programs now; Slate's keyboard yields to it.
    public var hasOutsideKeyboard: Bool { comp.map { slate_text_input_has_outside_keyboard($0) != 0 } ?? false }
}

extension ClientToplevel: ForeignTextInput {}

/// A program's focused field as the keyboard on the glass types into it (text-input-v3): text comes
/// as commit strings, the key held as preedit, a suggestion taken as a deletion around the caret and
/// a commit; Delete, return and the trackpad's steps as keys through the seat, as an input method's
/// keys come.
@MainActor final class ProgramTextInput: TextInputClient {
    private weak var toplevel: ClientToplevel?

    init(toplevel: ClientToplevel) { self.toplevel = toplevel }

    /// The field as the program last committed it; nil when it no longer asks for text.
    private var info: slate_text_input_info? {
        guard let t = toplevel, t.isAlive, slate_text_input_view(t.comp) == t.handle else { return nil }
        var i = slate_text_input_info()
        return slate_text_input_state(t.comp, &i) != 0 ? i : nil
    }

    var textInputTraits: TextInputTraits {
        guard let i = info else { return TextInputTraits() }
        let keyboard = KeyboardType(i.keyboard)
        // Capitals and suggestions need the text before the caret: a program that does not say it
        // gets neither (Shift is the person's).
        let knowsText = i.surrounding != nil
        var capitals = TextAutocapitalizationType(i.capitals)
        if !knowsText, capitals != .allCharacters { capitals = .none }
        return TextInputTraits(
            keyboardType: keyboard, returnKeyType: keyboard == .url ? .go : .default, autocapitalization: capitals,
            showsSuggestions: i.suggestions != 0 && knowsText, isSecureTextEntry: i.secret != 0,
            isMultiline: i.multiline != 0)
    }

    var textBeforeCaret: String {
        guard let i = info, let s = i.surrounding else { return "" }
        let bytes = UnsafeRawBufferPointer(start: s, count: Int(i.cursor))
        return String(String(decoding: bytes, as: UTF8.self).suffix(120))
    }

    var hasSelectedText: Bool { info.map { $0.cursor != $0.anchor } ?? false }

    func insertText(_ text: String) {
        guard let t = toplevel, t.isAlive else { return }
        slate_text_input_send(t.comp, nil, text, 0, 0)
    }

    func setMarkedText(_ text: String?) {
        guard let t = toplevel, t.isAlive else { return }
        slate_text_input_send(t.comp, text ?? "", nil, 0, 0)
    }

    func deleteBackward() { press(.backspace) }

    func replaceBeforeCaret(_ replaced: String, with text: String) {
        guard let t = toplevel, t.isAlive else { return }
        if info?.surrounding != nil {
            slate_text_input_send(t.comp, nil, text, UInt32(replaced.utf8.count), 0)
        } else {
            for _ in 0..<replaced.count { press(.backspace) }
            insertText(text)
        }
    }

    func replaceBeforeCaret(count: Int, with text: String) {
        guard let t = toplevel, t.isAlive else { return }
        if info?.surrounding != nil {
            let removed = String(textBeforeCaret.suffix(count))
            slate_text_input_send(t.comp, nil, text, UInt32(removed.utf8.count), 0)
        } else {
            for _ in 0..<count { press(.backspace) }
            insertText(text)
        }
    }

    func insertReturn() { press(.return) }

    func moveCaret(_ key: Key) { press(key) }

    func canPerform(_ command: StandardEditCommand) -> Bool {
        command == .undo || command == .redo || command == .paste
    }

    func perform(_ command: StandardEditCommand) {
        switch command {
        case .undo: _ = toplevel?.key(KeyPress(.character("z"), modifiers: .control))
        case .redo: _ = toplevel?.key(KeyPress(.character("z"), modifiers: [.control, .shift]))
        case .paste: _ = toplevel?.key(KeyPress(.character("v"), modifiers: .control))
        default: break
        }
    }

    /// A program's field cannot be told to stop editing: the shell keeps the keyboard away instead.
    func resignTextInput() {}

    private func press(_ key: Key) { _ = toplevel?.key(KeyPress(key)) }
}
