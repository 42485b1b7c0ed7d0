import Graphics
import UI

/// The popup over a key as it is pressed: the key's character, larger, in a balloon rising from the
/// key (as iPadOS's floating keyboard and the iPhone show it). Never on a password field.
@MainActor final class KeyPopupView: View {
    /// The key's rectangle in the popup's coordinates (the balloon's stem).
    var keyRect: Rect = .zero
    var text = "" { didSet { if text != oldValue { setNeedsDisplay() } } }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
    }

    /// Room around the balloon for its shadow, inside the view (so that what it draws is what it
    /// damages).
    static let pad: Double = 10

    /// The popup's frame for a key's frame (both in the keyboard's coordinates), its shadow's room
    /// included.
    static func frame(for key: Rect) -> Rect {
        let w = (key.width * KeyboardMetrics.popupWidthFactor).rounded()
        let h = (key.height * KeyboardMetrics.popupHeightFactor).rounded()
        return Rect(key.midX - w / 2, key.maxY - h, w, h).insetBy(dx: -pad, dy: -pad)
    }

    override func draw(in canvas: any Canvas) {
        let inner = bounds.insetBy(dx: Self.pad, dy: Self.pad)
        let top = Rect(inner.minX, inner.minY, inner.width, inner.height - keyRect.height + 4)
        let balloon = Path.roundedRect(top, radius: KeyboardMetrics.keyCornerRadius * 1.6)
        let stem = Path.roundedRect(keyRect, radius: KeyboardMetrics.keyCornerRadius)
        canvas.drawShadow(of: balloon, color: Color.black.withAlpha(0.3), blur: 6, offset: Point(0, 1))
        canvas.drawShadow(of: stem, color: Color.black.withAlpha(0.3), blur: 6, offset: Point(0, 1))
        canvas.fill(balloon, with: KeyboardMetrics.letterKey)
        canvas.fill(stem, with: KeyboardMetrics.letterKey)
        // The neck between them, so the two read as one balloon.
        canvas.fill(
            Rect(keyRect.minX, top.maxY - 8, keyRect.width, keyRect.minY - top.maxY + 16),
            with: KeyboardMetrics.letterKey)
        let layout = TextLayout(
            text, font: Font(size: KeyboardMetrics.popupFontSize), color: KeyboardMetrics.keyText, alignment: .center,
            width: top.width)
        let h = canvas.textMeasurer.measure(layout).height
        canvas.drawText(layout, at: Point(top.minX, (top.midY - h / 2).rounded()))
    }
}

/// One alternate in the row touch and hold opens: a character a person slides to and lets go on.
@MainActor final class AlternateCell: View {
    let text: String
    var isSelected = false { didSet { if isSelected != oldValue { setNeedsDisplay() } } }
    /// The character's size (a layout's name in the globe key's list is smaller).
    var fontSize = KeyboardMetrics.letterFontSize { didSet { setNeedsDisplay() } }

    init(text: String) {
        self.text = text
        super.init()
        isUserInteractionEnabled = false
        accessibilityLabel = text
        accessibilityTraits = .button
    }

    override func draw(in canvas: any Canvas) {
        let r = bounds.insetBy(dx: 2, dy: 4)
        if isSelected { canvas.fillRoundedRect(r, radius: KeyboardMetrics.keyCornerRadius, with: .systemBlue) }
        let layout = TextLayout(
            text, font: Font(size: fontSize), color: isSelected ? .white : KeyboardMetrics.keyText,
            alignment: .center, width: r.width)
        let h = canvas.textMeasurer.measure(layout).height
        canvas.drawText(layout, at: Point(r.minX, (r.midY - h / 2).rounded()))
    }
}

/// The row of alternates over a held key (е ё, ь ъ, e é è ê ë…), the key's own first.
@MainActor final class AlternatesView: View {
    let cells: [AlternateCell]
    /// The cell under the finger, whose character is typed on lift.
    var selected = 0 {
        didSet { for (i, c) in cells.enumerated() { c.isSelected = i == selected } }
    }

    init(alternates: [String]) {
        cells = alternates.map { AlternateCell(text: $0) }
        super.init()
        isUserInteractionEnabled = false
        backgroundColor = KeyboardMetrics.letterKey
        cornerRadius = KeyboardMetrics.keyCornerRadius * 1.6
        shadow = Shadow(color: Color.black.withAlpha(0.3), blur: 8, offset: Point(0, 2))
        for c in cells { addSubview(c) }
        cells.first?.isSelected = true
    }

    /// The cells' width for a key of `keyWidth`.
    static func cellWidth(keyWidth: Double) -> Double { min(keyWidth, KeyboardMetrics.alternateMaxWidth) }

    override func layoutSubviews() {
        let w = cells.isEmpty ? 0 : (bounds.width - 8) / Double(cells.count)
        for (i, c) in cells.enumerated() { c.frame = Rect(4 + Double(i) * w, 0, w, bounds.height) }
    }

    /// The cell under `x` (the view's coordinates), kept to the row.
    func cell(atX x: Double) -> Int {
        guard !cells.isEmpty, bounds.width > 8 else { return 0 }
        let w = (bounds.width - 8) / Double(cells.count)
        return min(cells.count - 1, max(0, Int(((x - 4) / w).rounded(.down))))
    }
}
