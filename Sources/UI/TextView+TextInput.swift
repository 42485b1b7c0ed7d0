import Graphics

/// A text view takes the on-screen keyboard's text as it takes the hardware keyboard's.
extension TextView: TextInputClient {
    /// The characters before the caret in its paragraph, up to `contextLength` of them.
    public var textBeforeCaret: String {
        let p = storage.clamped(head)
        let para = storage.paragraphs[p.paragraph]
        let u = para.utf8
        let end = u.index(u.startIndex, offsetBy: p.offset)
        return String(para[..<end].suffix(Self.contextLength))
    }

    /// How much text before the caret the keyboard reads (capitals at a sentence's start, the word
    /// being typed): enough for both, and no more, so a 1 MB paragraph costs what a short one does.
    static let contextLength = 120

    public var hasSelectedText: Bool { !selection.isEmpty }

    public func insertText(_ text: String) { _ = typed(text) }

    public func deleteBackward() { _ = keyPressed(KeyPress(.backspace)) }

    public func replaceBeforeCaret(count: Int, with replacement: String) {
        guard isEditable else { return }
        var start = head
        for _ in 0..<max(0, count) {
            let before = storage.position(before: start)
            if before == start { break }
            start = before
        }
        replace(TextRange(start, head), with: replacement, kind: .typing)
    }

    public func insertReturn() { _ = typed("\n") }

    public func moveCaret(_ key: Key) { _ = keyPressed(KeyPress(key)) }

    public var caretRectOnScreen: Rect? {
        guard root != nil else { return nil }
        return convert(caretRect(for: head), to: nil)
    }

    public func resignTextInput() {
        if isFocused { root?.setFocus(nil) }
    }
}
