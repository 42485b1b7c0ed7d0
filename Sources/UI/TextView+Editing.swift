import Graphics

/// Editing: replacing text with undo, moving the caret, the keyboard and the edit menu's commands.
extension TextView {
    // MARK: Selection

    /// Selects from `anchor` to `head` (the caret), damaging what changes on screen.
    public func select(anchor a: TextPosition, head h: TextPosition, keepingGoal: Bool = false) {
        select(anchor: a, head: h, keepingGoal: keepingGoal, endingRun: true)
    }

    func select(anchor a: TextPosition, head h: TextPosition, keepingGoal: Bool, endingRun: Bool) {
        let a = storage.clamped(a)
        let h = storage.clamped(h)
        let old = selection
        anchor = a
        head = h
        if !keepingGoal { goalX = nil }
        let new = selection
        if old != new {
            if endingRun { history.breakCoalescing() }
            if old.isEmpty && new.isEmpty && !heights.isEmpty {
                // A caret that moves: only where it was and where it is.
                let pad = Self.caretWidth
                setNeedsDisplay(caretRect(for: old.start).insetBy(dx: -pad, dy: -pad))
                setNeedsDisplay(caretRect(for: new.start).insetBy(dx: -pad, dy: -pad))
            } else {
                damageParagraphs(
                    min(old.start.paragraph, new.start.paragraph), max(old.end.paragraph, new.end.paragraph))
            }
            root?.textInputDidChange()
        }
    }

    /// Puts the caret at `p`.
    public func placeCaret(at p: TextPosition) { select(anchor: p, head: p) }

    /// Selects the whole text.
    public func selectAll() { select(anchor: .start, head: storage.end) }

    /// Scrolls so that the caret shows, with half a line to spare.
    public func scrollCaretToVisible() {
        let r = caretRect(for: head)
        // With the margin above and below the text, so the first and last lines show whole.
        scrollToVisible(
            Rect(r.minX, r.minY - textInsets.top, r.width, r.height + textInsets.top + textInsets.bottom))
    }

    // MARK: Changing the text

    /// Replaces `range` with `text` as one undoable edit and leaves the caret after it.
    public func replace(_ range: TextRange, with text: String, kind: TextEdit.Kind = .other) {
        guard isEditable else { return }
        let range = TextRange(storage.clamped(range.start), storage.clamped(range.end))
        let before = selection
        let removed = storage.text(in: range)
        if removed.isEmpty && text.isEmpty { return }
        let end = apply(range, text)
        // The caret follows the edit without ending the run of typing it belongs to.
        select(anchor: end, head: end, keepingGoal: false, endingRun: false)
        history.record(
            TextEdit(
                start: range.start, removed: removed, inserted: text, kind: kind, selectionBefore: before,
                selectionAfter: TextRange(caret: end)), in: storage)
        scrollCaretToVisible()
    }

    /// Changes the storage and the per-paragraph layout, damages what moved; returns the end of the
    /// inserted text.
    @discardableResult
    func apply(_ range: TextRange, _ text: String) -> TextPosition {
        if heights.isEmpty { invalidateLayout() }
        editMenu.dismiss()
        let a = range.start.paragraph
        let oldLast = range.end.paragraph
        let oldBottom = tops[oldLast + 1]
        // Lines above the one before the edit cannot change (a word may wrap back onto that one).
        let unchangedAbove: Double = {
            guard measured[a] else { return 0 }
            let layout = paragraphLayout(a)
            let lines = measurer.lines(layout)
            let line = min(measurer.caret(layout, at: range.start.offset).line, lines.count - 1)
            return lines[max(0, line - 1)].top
        }()
        let end = storage.replace(range, with: text)
        let newLast = end.paragraph
        heights.replaceSubrange(a...oldLast, with: (a...newLast).map(estimatedHeight))
        measured.replaceSubrange(a...oldLast, with: Array(repeating: false, count: newLast - a + 1))
        recomputeTops(from: a)
        measureParagraphs(a..<(newLast + 1))
        let moved = newLast != oldLast || tops[newLast + 1] != oldBottom
        damageParagraphs(a, newLast, below: moved, from: paragraphTop(a) + unchangedAbove)
        accessibilityValue = storage.string
        onChange?()
        root?.textInputDidChange()
        return end
    }

    /// Inserts `text` in place of the selection, as typing.
    public func insert(_ text: String) {
        replace(selection, with: text, kind: .typing)
    }

    /// Takes back the last edit.
    public func undo() {
        guard isEditable, let e = history.popUndo() else { return }
        let range = TextRange(e.start, storage.position(e.start, advancedOver: e.inserted))
        apply(range, e.removed)
        select(anchor: e.selectionBefore.start, head: e.selectionBefore.end)
        scrollCaretToVisible()
    }

    /// Does again the last edit undone.
    public func redo() {
        guard isEditable, let e = history.popRedo() else { return }
        let range = TextRange(e.start, storage.position(e.start, advancedOver: e.removed))
        apply(range, e.inserted)
        select(anchor: e.selectionAfter.start, head: e.selectionAfter.end)
        scrollCaretToVisible()
    }

    // MARK: Commands

    /// Puts the selection on the pasteboard and removes it.
    public func cut() {
        guard isEditable, !selection.isEmpty else { return }
        pasteboard.string = selectedText
        replace(selection, with: "")
    }

    /// Puts the selection on the pasteboard.
    public func copy() {
        guard !selection.isEmpty else { return }
        pasteboard.string = selectedText
    }

    /// Replaces the selection with the pasteboard's text.
    public func paste() {
        guard isEditable, let s = pasteboard.string, !s.isEmpty else { return }
        replace(selection, with: Self.normalizedNewlines(s))
    }

    /// The edit menu's commands for the selection now: a caret offers Select, Select All and Paste; a
    /// selection Cut, Copy, Paste and Select All.
    func editMenuCommands() -> [EditMenuInteraction.Command] {
        typealias C = EditMenuInteraction.Command
        var out: [C] = []
        let canPaste = isEditable && !(pasteboard.string ?? "").isEmpty
        if selection.isEmpty {
            if !storage.wordRange(at: head).isEmpty {
                out.append(
                    C(title: TextViewStrings.select) { [weak self] in
                        guard let self else { return }
                        self.selection = self.storage.wordRange(at: self.head)
                        self.showEditMenu()
                    })
            }
            if !storage.string.isEmpty {
                out.append(C(title: TextViewStrings.selectAll) { [weak self] in self?.selectAllShowingMenu() })
            }
            if canPaste { out.append(C(title: TextViewStrings.paste) { [weak self] in self?.paste() }) }
            return out
        }
        if isEditable { out.append(C(title: TextViewStrings.cut) { [weak self] in self?.cut() }) }
        out.append(C(title: TextViewStrings.copy) { [weak self] in self?.copy() })
        if canPaste { out.append(C(title: TextViewStrings.paste) { [weak self] in self?.paste() }) }
        if selection != storage.all {
            out.append(C(title: TextViewStrings.selectAll) { [weak self] in self?.selectAllShowingMenu() })
        }
        return out
    }

    private func selectAllShowingMenu() {
        selectAll()
        showEditMenu()
    }

    /// Shows the edit menu above the selection (or the caret), or below it when there is no room
    /// above in the view; kept inside the view's width, so it never lies over the window beside.
    public func showEditMenu() {
        let s = caretRect(for: selection.start)
        var above = convert(Point(s.midX, s.minY - Self.handleDiameter), to: nil)
        let visible = convert(bounds, to: nil)
        let half = EditMenuBar(commands: editMenuCommands(), done: {}).sizeThatFits(visible.size).width / 2 + 8
        func inside(_ x: Double) -> Double {
            min(max(x, visible.minX + half), max(visible.minX + half, visible.maxX - half))
        }
        // The bar's centre goes 44 pt above the point it is given, and the bar is 36 pt high.
        if above.y - Self.editMenuOffset - Self.editMenuHeight / 2 >= visible.minY {
            above.x = inside(above.x)
            editMenu.show(at: above)
        } else {
            let e = caretRect(for: selection.end)
            let below = convert(Point(e.midX, e.maxY + Self.handleDiameter), to: nil)
            editMenu.show(at: Point(inside(below.x), below.y + Self.editMenuOffset + Self.editMenuHeight / 2 + 4))
        }
    }

    /// Where `EditMenuInteraction.show(at:)` puts the bar: its centre 44 pt above the point, 36 pt high.
    static let editMenuOffset: Double = 44
    static let editMenuHeight: Double = 36

    static func normalizedNewlines(_ s: String) -> String {
        guard s.utf8.contains(13) else { return s }
        return s.replacing("\r\n", with: "\n").replacing("\r", with: "\n")
    }

    // MARK: Keyboard

    func typed(_ s: String) -> Bool {
        guard isEditable, !s.isEmpty else { return false }
        insert(Self.normalizedNewlines(s))
        return true
    }

    func keyPressed(_ press: KeyPress) -> Bool {
        let ctrl = press.modifiers.contains(.control) || press.modifiers.contains(.command)
        let shift = press.modifiers.contains(.shift)
        if ctrl, case .character(let c) = press.key {
            switch c.lowercased() {
            case "a": selectAll()
            case "c": copy()
            case "x": cut()
            case "v": paste()
            case "z": if shift { redo() } else { undo() }
            case "y": redo()
            default: return false
            }
            return true
        }
        switch press.key {
        case .left, .right:
            let forward = press.key == .right
            if !shift && !selection.isEmpty && !ctrl {
                placeCaret(at: forward ? selection.end : selection.start)
            } else {
                let p: TextPosition
                if ctrl {
                    p = forward ? storage.wordEnd(after: head) : storage.wordStart(before: head)
                } else {
                    p = forward ? storage.position(after: head) : storage.position(before: head)
                }
                move(to: p, extending: shift)
            }
        case .up, .down:
            move(to: verticalPosition(from: head, by: press.key == .down ? 1 : -1), extending: shift, keepingGoal: true)
        case .pageUp, .pageDown:
            let dir = press.key == .pageDown ? 1.0 : -1.0
            move(to: verticalPosition(from: head, by: 0, distance: dir * bounds.height), extending: shift)
        case .home, .end:
            let toEnd = press.key == .end
            let p = ctrl ? (toEnd ? storage.end : .start) : lineBoundary(of: head, end: toEnd)
            move(to: p, extending: shift)
        case .backspace, .delete:
            guard isEditable else { return true }
            if selection.isEmpty {
                let forward = press.key == .delete
                let other: TextPosition
                if ctrl {
                    other = forward ? storage.wordEnd(after: head) : storage.wordStart(before: head)
                } else {
                    other = forward ? storage.position(after: head) : storage.position(before: head)
                }
                if other != head { replace(TextRange(head, other), with: "", kind: .deleting) }
            } else {
                replace(selection, with: "", kind: .other)
            }
        case .return:
            guard isEditable else { return false }
            insert("\n")
        case .escape:
            guard editMenu.isShowing else { return false }
            editMenu.dismiss()
        default:
            return false
        }
        return true
    }

    /// Moves the caret, or its end of the selection with Shift, and keeps it in view.
    func move(to p: TextPosition, extending: Bool, keepingGoal: Bool = false) {
        editMenu.dismiss()
        select(anchor: extending ? anchor : p, head: p, keepingGoal: keepingGoal)
        scrollCaretToVisible()
    }

    /// The position a line up or down (or `distance` points) from `p`, at the same x where the
    /// lines allow.
    func verticalPosition(from p: TextPosition, by lines: Int, distance: Double = 0) -> TextPosition {
        let r = caretRect(for: p)
        let x = goalX ?? r.midX
        goalX = x
        let y: Double
        if distance != 0 {
            y = (distance > 0 ? r.maxY : r.minY) + distance
        } else {
            y = lines > 0 ? r.maxY + 1 : r.minY - 1
        }
        if y < textInsets.top { return .start }
        if y >= paragraphTop(heights.count) { return storage.end }
        return position(at: Point(x, y))
    }

    /// The start or end of the laid-out line `p` is on (Home, End).
    func lineBoundary(of p: TextPosition, end: Bool) -> TextPosition {
        let layout = paragraphLayout(p.paragraph)
        let lines = measurer.lines(layout)
        let c = measurer.caret(layout, at: p.offset)
        let li = min(max(0, c.line), lines.count - 1)
        let line = lines[li]
        if !end { return TextPosition(paragraph: p.paragraph, offset: line.start) }
        if li == lines.count - 1 {
            return TextPosition(paragraph: p.paragraph, offset: storage.paragraphs[p.paragraph].utf8.count)
        }
        // Before the space a wrapped line ends with, so that the caret stays on that line.
        let e = TextPosition(paragraph: p.paragraph, offset: line.end)
        let before = storage.position(before: e)
        if let ch = storage.character(at: before), ch.isWhitespace { return before }
        return e
    }
}
