import Graphics

/// What the on-screen keyboard types into (as UIKit's `UITextInput`, and the client of Wayland's
/// text-input-v3): Slate's text fields and text views, a Slate app's field in another process (over
/// the scene protocol), and a program's (over text-input-v3). The keyboard reads the text before the
/// caret for capitals at the start of sentences and for its suggestions, and acts through the rest.
///
/// Lengths are in characters (grapheme clusters), whatever the other side counts in.
@MainActor public protocol TextInputClient: AnyObject {
    /// The keyboard, return key, capitals and suggestions the field asks for.
    var textInputTraits: TextInputTraits { get }
    /// The text just before the caret (up to a paragraph of it; empty at the start).
    var textBeforeCaret: String { get }
    /// Whether text is selected: typing replaces it and Delete removes it.
    var hasSelectedText: Bool { get }
    /// Inserts `text` at the caret, replacing the selection.
    func insertText(_ text: String)
    /// Deletes the character before the caret, or the selection.
    func deleteBackward()
    /// Replaces the `count` characters before the caret with `text` (a suggestion taken).
    func replaceBeforeCaret(count: Int, with text: String)
    /// Replaces `replaced`, the text just before the caret as the keyboard knows it, with `text`. A
    /// field that counts in bytes counts `replaced`'s own rather than reading its text again (a
    /// program may not have said its text since the keyboard typed it). Default: by its count.
    func replaceBeforeCaret(_ replaced: String, with text: String)
    /// Text shown at the caret and not yet typed (the key held down, a suggestion pending); nil
    /// takes it away. Fields that show none ignore it.
    func setMarkedText(_ text: String?)
    /// The return key: a new line in text that has lines, the field's own action in one that does not.
    func insertReturn()
    /// Moves the caret one step (`.left`, `.right`, `.up`, `.down`): the keyboard's trackpad.
    func moveCaret(_ key: Key)
    /// Whether the field can undo, redo or paste now (the keyboard's shortcut bar).
    func canPerform(_ command: StandardEditCommand) -> Bool
    /// Undoes, redoes or pastes.
    func perform(_ command: StandardEditCommand)
    /// Where the caret is on the screen, in screen points; nil when not known.
    var caretRectOnScreen: Rect? { get }
    /// The field stops taking text: the keyboard's hide key.
    func resignTextInput()
}

extension TextInputClient {
    public func replaceBeforeCaret(_ replaced: String, with text: String) {
        replaceBeforeCaret(count: replaced.count, with: text)
    }

    public func setMarkedText(_ text: String?) {}
    public var caretRectOnScreen: Rect? { nil }
}

extension RootView {
    /// The text field or text view with keyboard focus on this screen, if the focused view takes text.
    public var focusedTextInput: (any TextInputClient)? {
        guard let v = focusedView as? any TextInputClient, (focusedView?.isVisibleOnScreen ?? false) else { return nil }
        return v
    }
}

extension View {
    /// How much of the view's bottom the docked on-screen keyboard covers, in points (as a view laid
    /// out against UIKit's `keyboardLayoutGuide` would see it); 0 with the keyboard away, floating, or
    /// beside the view.
    public var keyboardOverlap: Double {
        guard let kb = root?.keyboardFrame, kb.width > 0, kb.height > 0 else { return 0 }
        let f = frameInRoot
        guard f.maxX > kb.minX, f.minX < kb.maxX, f.maxY > kb.minY else { return 0 }
        return max(0, f.maxY - max(f.minY, kb.minY))
    }
}
