import Graphics
import SlateClientShim
import UI

/// What a window last told the shell of its field taking text (scene protocol version 3).
struct DeclaredTextInput: Equatable {
    var keyboard: slate_client_keyboard
    var returnKey: slate_client_return_key
    var capitals: slate_client_capitals
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
        let d =
            declared
            ?? DeclaredTextInput(keyboard: .standard, returnKey: .standard, capitals: .none, flags: 0, textBefore: "")
        _ = slate_window_set_text_input(
            handle, declared == nil ? 0 : 1, d.keyboard, d.returnKey, d.capitals, d.flags, d.textBefore)
    }

    /// A field as the scene protocol declares it.
    static func declaration(_ field: any TextInputClient) -> DeclaredTextInput {
        let traits = field.textInputTraits
        var flags: UInt32 = 0
        if traits.showsSuggestions { flags |= SLATE_SCENE_FLAG_SUGGESTIONS.rawValue }
        if traits.isSecureTextEntry { flags |= SLATE_SCENE_FLAG_SECRET.rawValue }
        if traits.isMultiline { flags |= SLATE_SCENE_FLAG_MULTILINE.rawValue }
        if field.hasSelectedText { flags |= SLATE_SCENE_FLAG_SELECTION.rawValue }
        if field.canPerform(.undo) { flags |= SLATE_SCENE_FLAG_CAN_UNDO.rawValue }
        if field.canPerform(.redo) { flags |= SLATE_SCENE_FLAG_CAN_REDO.rawValue }
        if field.canPerform(.paste) { flags |= SLATE_SCENE_FLAG_CAN_PASTE.rawValue }
        return DeclaredTextInput(
            keyboard: slate_client_keyboard(traits.keyboardType),
            returnKey: slate_client_return_key(traits.returnKeyType),
            capitals: slate_client_capitals(traits.autocapitalization), flags: flags,
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
    func textAction(_ action: slate_scene_action) {
        guard let field = root.focusedTextInput else { return }
        switch action {
        case .deleteBackward: field.deleteBackward()
        case .insertReturn: field.insertReturn()
        case .left: field.moveCaret(.left)
        case .right: field.moveCaret(.right)
        case .up: field.moveCaret(.up)
        case .down: field.moveCaret(.down)
        case .undo: if field.canPerform(.undo) { field.perform(.undo) }
        case .redo: if field.canPerform(.redo) { field.perform(.redo) }
        case .paste: if field.canPerform(.paste) { field.perform(.paste) }
        case .resign: field.resignTextInput()
        }
    }
}
