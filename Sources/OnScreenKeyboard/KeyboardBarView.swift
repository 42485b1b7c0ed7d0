import Graphics
import UI

/// The bar above the keys: the shortcuts (Undo, Redo, Paste) on the leading side and three QuickType
/// suggestions in the middle — the word as typed, then corrections or completions. On a password
/// field it is empty.
@MainActor final class KeyboardBarView: View {
    /// A suggestion cell was tapped (its index).
    var onSuggestion: ((Int) -> Void)?
    /// A shortcut was tapped.
    var onCommand: ((StandardEditCommand) -> Void)?
    private(set) var cells: [SuggestionCell] = []
    private(set) var buttons: [BarButton] = []
    /// Whether Undo, Redo and Paste show (not on the floating keyboard, whose bar is its suggestions').
    var showsShortcuts = true {
        didSet { if showsShortcuts != oldValue { setNeedsLayout() } }
    }
    private var shortcutsWanted = true

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for i in 0..<3 {
            let c = SuggestionCell()
            c.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onSuggestion?(i) })
            cells.append(c)
            addSubview(c)
        }
        let commands: [(StandardEditCommand, String, LocalizedString)] = [
            (.undo, "arrow.uturn.backward", KeyboardStrings.undo), (.redo, "arrow.uturn.forward", KeyboardStrings.redo),
            (.paste, "doc.on.clipboard", KeyboardStrings.paste),
        ]
        for (command, symbol, name) in commands {
            let b = BarButton(symbol: symbol)
            b.localizedAccessibilityLabel = name
            b.identifier = "\(command)".lowercased()
            b.addGestureRecognizer(
                TapGestureRecognizer { [weak self, weak b] _ in
                    guard let self, let b, b.isEnabled else { return }
                    self.onCommand?(command)
                })
            buttons.append(b)
            addSubview(b)
        }
    }

    /// Shows `words` in the cells (empty strings leave a cell empty); `bold` is the one return or a
    /// space would not take but a person most likely wants.
    func show(_ words: [String], bold: Int?) {
        for (i, c) in cells.enumerated() {
            c.text = i < words.count ? words[i] : ""
            c.isBold = i == bold
        }
        setNeedsLayout()
    }

    /// Which shortcuts can act now, and whether any shows (not on a password field).
    func setCommands(_ enabled: [StandardEditCommand: Bool], shown: Bool) {
        shortcutsWanted = shown
        for (b, c) in zip(buttons, [StandardEditCommand.undo, .redo, .paste]) {
            b.isEnabled = enabled[c] ?? false
            b.isHidden = !shown || !showsShortcuts
        }
    }

    override func layoutSubviews() {
        let h = bounds.height
        let bw = 44.0
        for (i, b) in buttons.enumerated() {
            b.frame = Rect(12 + Double(i) * bw, 0, bw, h)
            b.isHidden = !shortcutsWanted || !showsShortcuts
        }
        // The suggestions take the middle half, a third each (all of the floating keyboard's bar).
        let w = (bounds.width * (showsShortcuts ? 0.5 : 1) / 3).rounded()
        let x0 = ((bounds.width - w * 3) / 2).rounded()
        for (i, c) in cells.enumerated() { c.frame = Rect(x0 + Double(i) * w, 0, w, h) }
    }

    override func draw(in canvas: any Canvas) {
        // Hairlines between the suggestions shown.
        let shown = cells.filter { !$0.text.isEmpty }
        guard shown.count > 1 else { return }
        for c in cells.dropFirst() where !c.text.isEmpty {
            canvas.fill(
                Rect(c.frame.minX, bounds.height * 0.28, 1, bounds.height * 0.44), with: KeyboardMetrics.barDivider)
        }
    }
}

/// A suggestion in the bar: a word to tap.
@MainActor final class SuggestionCell: View {
    var text = "" {
        didSet {
            guard text != oldValue else { return }
            accessibilityLabel = text.isEmpty ? nil : text
            isHidden = text.isEmpty
            setNeedsDisplay()
            superview?.setNeedsDisplay()
        }
    }
    var isBold = false { didSet { if isBold != oldValue { setNeedsDisplay() } } }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        accessibilityTraits = .button
        isHidden = true
    }

    override var handlesOwnTaps: Bool { true }

    override func draw(in canvas: any Canvas) {
        let layout = TextLayout(
            text, font: Font(size: KeyboardMetrics.suggestionFontSize, weight: isBold ? .semibold : .regular),
            color: KeyboardMetrics.keyText, alignment: .center, width: bounds.width - 8)
        let h = canvas.textMeasurer.measure(layout).height
        canvas.drawText(layout, at: Point(4, (bounds.midY - h / 2).rounded()))
    }
}

/// A shortcut in the bar: a symbol to tap, dimmed when it cannot act.
@MainActor final class BarButton: View {
    let symbol: String
    var isEnabled = true {
        didSet {
            guard isEnabled != oldValue else { return }
            accessibilityTraits = isEnabled ? .button : [.button, .notEnabled]
            setNeedsDisplay()
        }
    }

    init(symbol: String) {
        self.symbol = symbol
        super.init()
        accessibilityTraits = .button
    }

    override var handlesOwnTaps: Bool { true }

    override func draw(in canvas: any Canvas) {
        let s = 22.0
        canvas.drawSymbol(
            symbol, in: Rect(bounds.midX - s / 2, bounds.midY - s / 2, s, s),
            tint: isEnabled ? KeyboardMetrics.keyText : KeyboardMetrics.secondaryText)
    }
}
