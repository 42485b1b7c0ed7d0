import Graphics

/// Editable text (as `UITextField` with one line, or `UITextView` with several): a caret, typing,
/// Backspace, arrow keys, a placeholder, and Select All, Cut, Copy and Paste from the keyboard
/// (Ctrl or ⌘ with A, X, C, V; the pasteboard is the system's when the app runs as a process of its
/// own). It takes focus when tapped.
@MainActor open class TextField: View {
    /// A field holding `text`, showing `placeholder` (in its screen's language) while it is empty.
    public init(text: String = "", placeholder: LocalizedString = "", multiline: Bool = false) {
        self.text = text
        self.localizedPlaceholder = placeholder
        self.multiline = multiline
        caret = text.count
        super.init()
        textInputTraits.isMultiline = multiline
        accessibilityTraits = .textEntry
        addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.root?.setFocus(self) })
    }

    public var text: String {
        didSet {
            caret = min(caret, text.count)
            if text != oldValue { isAllSelected = false }
            if text != oldValue {
                setNeedsDisplay()
                onChange?(text)
                root?.textInputDidChange()
            }
        }
    }
    /// What the field asks of the on-screen keyboard: its keys, its return key, capitals, suggestions,
    /// and whether it is a password (then shown as dots).
    public var textInputTraits = TextInputTraits() {
        didSet {
            if textInputTraits != oldValue {
                setNeedsDisplay()
                root?.textInputDidChange()
            }
        }
    }
    /// What the empty field shows, in every language.
    public var localizedPlaceholder: LocalizedString { didSet { setNeedsDisplay() } }
    /// What the empty field shows, in its screen's language; set, the same in every one.
    public var placeholder: String {
        get { localizedPlaceholder.resolved(language) }
        set { localizedPlaceholder = LocalizedString(verbatim: newValue) }
    }
    public let multiline: Bool
    public var font: Font = .preferred(.body) { didSet { setNeedsDisplay() } }
    public var textColor: Color = .label { didSet { setNeedsDisplay() } }
    /// Where a one-line field's text sits across it (`.center`: a folder's name); `.natural`, `.left`
    /// and a field of several lines start at its leading edge.
    public var alignment: TextAlignment = .natural { didSet { if alignment != oldValue { setNeedsDisplay() } } }
    public var isEditable = true
    /// The caret, as a character offset.
    public internal(set) var caret: Int
    /// Whether the whole text is selected (Select All): typing or pasting replaces it, Copy and Cut
    /// take it.
    public private(set) var isAllSelected = false {
        didSet { if isAllSelected != oldValue { setNeedsDisplay() } }
    }
    public var onChange: ((String) -> Void)?
    /// Return in a one-line field.
    public var onReturn: (() -> Void)?

    open override var accessibilityLabelOrText: String? {
        // A password is never read out.
        accessibilityLabel ?? (text.isEmpty || textInputTraits.isSecureTextEntry ? placeholder : text)
    }
    open override var canBecomeFocused: Bool { isEditable }

    open override func handleText(_ s: String) -> Bool {
        guard isEditable else { return false }
        if isAllSelected {
            text = ""
            caret = 0
        }
        let i = text.index(text.startIndex, offsetBy: caret)
        text.insert(contentsOf: s, at: i)
        caret += s.count
        setNeedsDisplay()
        root?.textInputDidChange()
        return true
    }

    open override func handleKey(_ press: KeyPress) -> Bool {
        guard isEditable else { return false }
        let command = press.modifiers.contains(.control) || press.modifiers.contains(.command)
        if command, case .character(let c) = press.key {
            switch c.lowercased() {
            case "a": isAllSelected = !text.isEmpty
            case "c": if isAllSelected { pasteboard.string = text }
            case "x":
                guard isAllSelected else { return true }
                pasteboard.string = text
                text = ""
            case "v":
                guard let s = pasteboard.string, !s.isEmpty else { return true }
                // One line keeps one line: the pasted text's line breaks become spaces.
                _ = handleText(multiline ? s : s.replacingOccurrences(of: "\n", with: " "))
            default: return false
            }
            return true
        }
        if isAllSelected, [.backspace, .delete].contains(press.key) {
            text = ""
            caret = 0
            return true
        }
        isAllSelected = false
        switch press.key {
        case .backspace:
            guard caret > 0 else { return true }
            let i = text.index(text.startIndex, offsetBy: caret - 1)
            caret -= 1
            text.remove(at: i)
        case .delete:
            guard caret < text.count else { return true }
            text.remove(at: text.index(text.startIndex, offsetBy: caret))
        case .left: caret = max(0, caret - 1)
        case .right: caret = min(text.count, caret + 1)
        case .home: caret = 0
        case .end: caret = text.count
        case .return:
            if multiline { return handleText("\n") }
            onReturn?()
        case .space: return handleText(" ")
        default: return false
        }
        setNeedsDisplay()
        root?.textInputDidChange()
        return true
    }

    /// The Edit menu's commands a field can do: with its one selection (all or nothing), cut and copy
    /// the whole text once selected, paste, select all of a text not yet selected.
    open override func canPerform(_ command: StandardEditCommand) -> Bool {
        switch command {
        case .undo, .redo: false
        case .cut: isEditable && isAllSelected
        case .copy: isAllSelected
        case .paste: isEditable && pasteboard.hasString
        case .selectAll: !text.isEmpty && !isAllSelected
        }
    }

    open override func perform(_ command: StandardEditCommand) {
        let letter: Character
        switch command {
        case .undo, .redo: return
        case .cut: letter = "x"
        case .copy: letter = "c"
        case .paste: letter = "v"
        case .selectAll: letter = "a"
        }
        _ = handleKey(KeyPress(.character(letter), modifiers: .control))
    }

    public static let padding = EdgeInsets(vertical: 8, horizontal: 4)

    open override func sizeThatFits(_ size: Size) -> Size {
        let w = size.width.isFinite ? size.width : 300
        let m = environment.textMeasurer.measure(
            TextLayout(
                text.isEmpty ? " " : text, font: fontMetrics.scaledFont(font), lineLimit: multiline ? 0 : 1,
                width: w - 8))
        return Size(w, max(36, m.height + 16))
    }

    /// The text as drawn: a password's characters as dots.
    var shownText: String {
        textInputTraits.isSecureTextEntry ? String(repeating: "\u{2022}", count: text.count) : text
    }

    open override func draw(in canvas: any Canvas) {
        let metrics = fontMetrics
        let shownFont = metrics.scaledFont(font)
        // The space above the text grows with it, keeping a line in the middle of a field that grew.
        let padding = EdgeInsets(vertical: metrics.scaledValue(Self.padding.top), horizontal: Self.padding.left)
        var inner = bounds.inset(by: padding)
        let text = shownText
        let showsPlaceholder = text.isEmpty
        if !multiline, alignment == .center || alignment == .right {
            // The line's box narrowed to the text and moved across: the text, its selection and
            // the caret go with it.
            let shown = canvas.textMeasurer.measure(
                TextLayout(showsPlaceholder ? placeholder : text, font: shownFont, lineLimit: 1)
            ).width.rounded(.up)
            let spare = max(0, inner.width - shown - 2)
            inner.origin.x += alignment == .center ? (spare / 2).rounded() : spare
            inner.size.width -= spare
        }
        if isAllSelected, isFocused {
            let m = canvas.textMeasurer.measure(
                TextLayout(text, font: shownFont, lineLimit: multiline ? 0 : 1, width: inner.width))
            canvas.fill(
                Rect(inner.minX, inner.minY, min(m.width, inner.width), m.height), with: Color.tint.withAlpha(0.25))
        }
        let layout = TextLayout(
            showsPlaceholder ? placeholder : text, font: shownFont,
            color: showsPlaceholder ? .tertiaryLabel : textColor,
            lineLimit: multiline ? 0 : 1, truncation: multiline ? .none : .head, width: inner.width)
        canvas.drawText(layout, at: inner.origin)
        guard isFocused else { return }
        // The caret after the text before it (on its last line).
        let before = String(text.prefix(caret))
        let lines = before.split(separator: "\n", omittingEmptySubsequences: false)
        let last = String(lines.last ?? "")
        let lineH = canvas.textMeasurer.measure(TextLayout("Ag", font: shownFont)).height
        let x = canvas.textMeasurer.measure(TextLayout(last, font: shownFont)).width
        let y = inner.minY + Double(max(0, lines.count - 1)) * lineH
        canvas.fill(Rect(inner.minX + min(x, inner.width), y + 2, 2, lineH - 4), with: .tint)
    }
}
