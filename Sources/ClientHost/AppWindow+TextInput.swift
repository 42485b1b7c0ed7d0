import Graphics
import SlateClientShim
import UI

/// What a window last told the shell of its field taking text (scene protocol version 3).
struct DeclaredTextInput: Equatable {
    var keyboard: Int32
    var returnKey: Int32
    var capitals: Int32
    var flags: UInt32
    var textBefore: String
}

// The keyboard on the glass in an app process: the window tells the shell when one of its fields takes
// text (and what it asks of the keyboard, and the text before its caret), and the shell's keyboard
// types into it with `text_input` and `text_action` events — as programs are typed into over
// text-input-v3.
extension AppWindow {
    /// Tells the shell the window's field taking text now, when that changed since it last did.
    func declareTextInput() {
        let declared = root.focusedTextInput.map(Self.declaration)
        guard declared != declaredTextInput else { return }
        declaredTextInput = declared
        let d = declared ?? DeclaredTextInput(keyboard: 0, returnKey: 0, capitals: 0, flags: 0, textBefore: "")
        _ = slate_window_set_text_input(
            handle, declared == nil ? 0 : 1, d.keyboard, d.returnKey, d.capitals, d.flags, d.textBefore)
    }

    /// A field as the scene protocol declares it.
    static func declaration(_ field: any TextInputClient) -> DeclaredTextInput {
        let traits = field.textInputTraits
        let keyboards: [KeyboardType] = [
            .default, .emailAddress, .url, .numberPad, .decimalPad, .phonePad, .numbersAndPunctuation,
        ]
        let returns: [ReturnKeyType] = [.default, .go, .search, .send, .done, .next, .join]
        let capitals: [TextAutocapitalizationType] = [.none, .sentences, .words, .allCharacters]
        var flags: UInt32 = 0
        if traits.showsSuggestions { flags |= SLATE_SCENE_FLAG_SUGGESTIONS.rawValue }
        if traits.isSecureTextEntry { flags |= SLATE_SCENE_FLAG_SECRET.rawValue }
        if traits.isMultiline { flags |= SLATE_SCENE_FLAG_MULTILINE.rawValue }
        if field.hasSelectedText { flags |= SLATE_SCENE_FLAG_SELECTION.rawValue }
        if field.canPerform(.undo) { flags |= SLATE_SCENE_FLAG_CAN_UNDO.rawValue }
        if field.canPerform(.redo) { flags |= SLATE_SCENE_FLAG_CAN_REDO.rawValue }
        if field.canPerform(.paste) { flags |= SLATE_SCENE_FLAG_CAN_PASTE.rawValue }
        return DeclaredTextInput(
            keyboard: Int32(keyboards.firstIndex(of: traits.keyboardType) ?? 0),
            returnKey: Int32(returns.firstIndex(of: traits.returnKeyType) ?? 0),
            capitals: Int32(capitals.firstIndex(of: traits.autocapitalization) ?? 0), flags: flags,
            // A password's text is never sent.
            textBefore: traits.isSecureTextEntry ? "" : field.textBeforeCaret)
    }

    /// The shell's keyboard typed into the window's field.
    func textInput(deleteBefore: Int, commit: String, preedit: String) {
        guard let field = root.focusedTextInput else { return }
        field.setMarkedText(nil)
        if deleteBefore > 0 {
            field.replaceBeforeCaret(count: deleteBefore, with: commit)
        } else if !commit.isEmpty {
            field.insertText(commit)
        }
        if !preedit.isEmpty { field.setMarkedText(preedit) }
    }

    /// A key of the shell's keyboard that is not text.
    func textAction(_ action: Int32) {
        guard let field = root.focusedTextInput else { return }
        switch UInt32(action) {
        case SLATE_SCENE_ACTION_DELETE_BACKWARD.rawValue: field.deleteBackward()
        case SLATE_SCENE_ACTION_RETURN.rawValue: field.insertReturn()
        case SLATE_SCENE_ACTION_LEFT.rawValue: field.moveCaret(.left)
        case SLATE_SCENE_ACTION_RIGHT.rawValue: field.moveCaret(.right)
        case SLATE_SCENE_ACTION_UP.rawValue: field.moveCaret(.up)
        case SLATE_SCENE_ACTION_DOWN.rawValue: field.moveCaret(.down)
        case SLATE_SCENE_ACTION_UNDO.rawValue: if field.canPerform(.undo) { field.perform(.undo) }
        case SLATE_SCENE_ACTION_REDO.rawValue: if field.canPerform(.redo) { field.perform(.redo) }
        case SLATE_SCENE_ACTION_PASTE.rawValue: if field.canPerform(.paste) { field.perform(.paste) }
        case SLATE_SCENE_ACTION_RESIGN.rawValue: field.resignTextInput()
        default: break
        }
    }
}
