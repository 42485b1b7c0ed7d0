import Graphics

/// A text field takes the on-screen keyboard's text as it takes the hardware keyboard's.
extension TextField: TextInputClient {
    public var textBeforeCaret: String { String(text.prefix(caret)) }

    public var hasSelectedText: Bool { isAllSelected }

    public func insertText(_ text: String) {
        // One line keeps one line.
        _ = handleText(multiline ? text : text.replacingOccurrences(of: "\n", with: " "))
    }

    public func deleteBackward() { _ = handleKey(KeyPress(.backspace)) }

    public func replaceBeforeCaret(count: Int, with replacement: String) {
        guard isEditable else { return }
        let n = min(max(0, count), caret)
        let end = text.index(text.startIndex, offsetBy: caret)
        let start = text.index(end, offsetBy: -n)
        let newCaret = caret - n + replacement.count
        text.replaceSubrange(start..<end, with: replacement)
        caret = min(newCaret, text.count)
        setNeedsDisplay()
        root?.textInputDidChange()
    }

    public func insertReturn() { _ = handleKey(KeyPress(.return)) }

    public func moveCaret(_ key: Key) {
        switch key {
        case .left, .right: _ = handleKey(KeyPress(key))
        case .up: _ = handleKey(KeyPress(.home))
        case .down: _ = handleKey(KeyPress(.end))
        default: break
        }
    }

    public var caretRectOnScreen: Rect? {
        guard root != nil else { return nil }
        return frameInRoot
    }

    public func resignTextInput() {
        if isFocused { root?.setFocus(nil) }
    }
}
