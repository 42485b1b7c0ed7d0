import Graphics
import UI

/// One key on the glass: a raised rounded key with its character (and the small one above it), or
/// the glyph or word of a named key. It draws only itself; the keyboard takes the touches.
@MainActor final class KeyView: View {
    let key: KeyboardKey
    /// What the key shows now (its character, shifted or not, or its title).
    var title: String { didSet { if title != oldValue { setNeedsDisplay() } } }
    /// The small character above (nil: none, or none shown now).
    var secondary: String? { didSet { if secondary != oldValue { setNeedsDisplay() } } }
    /// Shift's look: off, on (filled), locked (filled and underlined).
    var shiftState: KeyboardState.Shift = .off { didSet { if shiftState != oldValue { setNeedsDisplay() } } }
    /// Held down by a finger.
    var isPressed = false { didSet { if isPressed != oldValue { setNeedsDisplay() } } }
    /// The return key in the accent colour (Send, Search, Go, Done).
    var isProminent = false { didSet { if isProminent != oldValue { setNeedsDisplay() } } }
    /// In trackpad mode the keys show no characters.
    var isBlank = false { didSet { if isBlank != oldValue { setNeedsDisplay() } } }
    /// The font size a character is drawn at (smaller on the floating keyboard).
    var scale: Double = 1 { didSet { if scale != oldValue { setNeedsDisplay() } } }

    init(key: KeyboardKey, title: String) {
        self.key = key
        self.title = title
        super.init()
        isUserInteractionEnabled = false
        accessibilityTraits = .button
        identifier = key.scriptName
    }

    /// Whether the key is a letter key (white in light mode) rather than a named one.
    var isCharacterKey: Bool {
        switch key.kind {
        case .character, .space: true
        default: false
        }
    }

    override func draw(in canvas: any Canvas) {
        let r = Rect(0, 0, bounds.width, bounds.height - KeyboardMetrics.keyShadowOffset)
        let radius = KeyboardMetrics.keyCornerRadius * min(1, scale * 1.2)
        canvas.fillRoundedRect(
            r.offsetBy(dx: 0, dy: KeyboardMetrics.keyShadowOffset), radius: radius, with: KeyboardMetrics.keyShadow)
        let fill: Color
        if isProminent {
            fill = isPressed ? KeyboardMetrics.namedKey : .systemBlue
        } else if key.kind == .shift, shiftState != .off {
            fill = KeyboardMetrics.letterKey
        } else if isCharacterKey {
            fill = isPressed ? KeyboardMetrics.pressedLetterKey : KeyboardMetrics.letterKey
        } else {
            fill = isPressed ? KeyboardMetrics.pressedNamedKey : KeyboardMetrics.namedKey
        }
        canvas.fillRoundedRect(r, radius: radius, with: fill)
        if isBlank { return }
        let ink: Color = isProminent ? .white : KeyboardMetrics.keyText
        switch key.kind {
        case .shift: KeyGlyphs.shift(in: r, state: shiftState, color: ink, on: canvas)
        case .delete: KeyGlyphs.delete(in: r, color: ink, on: canvas)
        case .globe: KeyGlyphs.globe(in: r, color: ink, on: canvas)
        case .hide: KeyGlyphs.hideKeyboard(in: r, color: ink, on: canvas)
        case .character:
            let big = title.count == 1 && secondary == nil
            let size = (big ? KeyboardMetrics.letterFontSize : KeyboardMetrics.letterFontSize * 0.85) * scale
            if let secondary, scale >= 1 {
                let small = TextLayout(
                    secondary, font: Font(size: KeyboardMetrics.secondaryFontSize * scale),
                    color: KeyboardMetrics.secondaryText, alignment: .center, width: r.width)
                canvas.drawText(small, at: Point(r.minX, r.minY + r.height * 0.14))
                centre(title, size: size, weight: .regular, color: ink, in: r, dy: r.height * 0.12, on: canvas)
            } else {
                centre(title, size: size, weight: .regular, color: ink, in: r, on: canvas)
            }
        case .space:
            centre(
                title, size: KeyboardMetrics.secondaryFontSize * 1.2 * scale, weight: .regular,
                color: KeyboardMetrics.secondaryText, in: r, on: canvas)
        default:
            centre(
                title, size: KeyboardMetrics.namedKeyFontSize * scale, weight: .regular, color: ink, in: r, on: canvas)
        }
    }

    private func centre(
        _ text: String, size: Double, weight: Font.Weight, color: Color, in r: Rect, dy: Double = 0,
        on canvas: any Canvas
    ) {
        let layout = TextLayout(
            text, font: Font(size: size, weight: weight), color: color, alignment: .center, width: r.width)
        let h = canvas.textMeasurer.measure(layout).height
        canvas.drawText(layout, at: Point(r.minX, (r.midY - h / 2 + dy).rounded()))
    }
}

/// The named keys' glyphs, drawn as paths (the system font has no globe, and its arrows are not the
/// keyboard's): Shift's arrow, Delete's tag with a cross, the globe, the keyboard with its chevron.
public enum KeyGlyphs {
    static func shift(in r: Rect, state: KeyboardState.Shift, color: Color, on canvas: any Canvas) {
        let s = min(r.width, r.height) * 0.36
        let c = Point(r.midX, r.midY - s * 0.08)
        var p = Path()
        p.move(to: Point(c.x, c.y - s * 0.55))
        p.line(to: Point(c.x + s * 0.5, c.y))
        p.line(to: Point(c.x + s * 0.22, c.y))
        p.line(to: Point(c.x + s * 0.22, c.y + s * 0.42))
        p.line(to: Point(c.x - s * 0.22, c.y + s * 0.42))
        p.line(to: Point(c.x - s * 0.22, c.y))
        p.line(to: Point(c.x - s * 0.5, c.y))
        p.close()
        if state == .off {
            canvas.stroke(p, with: color, lineWidth: 1.5)
        } else {
            canvas.fill(p, with: color)
        }
        if state == .locked {
            canvas.fill(Rect(c.x - s * 0.22, c.y + s * 0.55, s * 0.44, 1.8), with: color)
        }
    }

    static func delete(in r: Rect, color: Color, on canvas: any Canvas) {
        let h = min(r.width, r.height) * 0.3
        let w = h * 1.45
        let box = Rect(r.midX - w / 2 + h * 0.1, r.midY - h / 2, w, h)
        var p = Path()
        p.move(to: Point(box.minX - h * 0.45, box.midY))
        p.line(to: Point(box.minX, box.minY))
        p.line(to: Point(box.maxX, box.minY))
        p.line(to: Point(box.maxX, box.maxY))
        p.line(to: Point(box.minX, box.maxY))
        p.close()
        canvas.stroke(p, with: color, lineWidth: 1.5)
        let x = Point(box.midX + h * 0.05, box.midY)
        let d = h * 0.2
        var cross = Path()
        cross.move(to: Point(x.x - d, x.y - d))
        cross.line(to: Point(x.x + d, x.y + d))
        cross.move(to: Point(x.x + d, x.y - d))
        cross.line(to: Point(x.x - d, x.y + d))
        canvas.stroke(cross, with: color, lineWidth: 1.5)
    }

    static func globe(in r: Rect, color: Color, on canvas: any Canvas) {
        let d = min(r.width, r.height) * 0.36
        let box = Rect(r.midX - d / 2, r.midY - d / 2, d, d)
        canvas.stroke(Path.ellipse(in: box), with: color, lineWidth: 1.3)
        canvas.stroke(Path.ellipse(in: box.insetBy(dx: d * 0.25, dy: 0)), with: color, lineWidth: 1.1)
        var lines = Path()
        lines.move(to: Point(box.midX, box.minY))
        lines.line(to: Point(box.midX, box.maxY))
        lines.move(to: Point(box.minX, box.midY))
        lines.line(to: Point(box.maxX, box.midY))
        lines.move(to: Point(box.minX + d * 0.1, box.minY + d * 0.27))
        lines.line(to: Point(box.maxX - d * 0.1, box.minY + d * 0.27))
        lines.move(to: Point(box.minX + d * 0.1, box.maxY - d * 0.27))
        lines.line(to: Point(box.maxX - d * 0.1, box.maxY - d * 0.27))
        canvas.stroke(lines, with: color, lineWidth: 1.1)
    }

    public static func hideKeyboard(in r: Rect, color: Color, on canvas: any Canvas) {
        let w = min(r.width * 0.5, r.height * 0.5)
        let h = w * 0.62
        let box = Rect(r.midX - w / 2, r.midY - h / 2 - h * 0.35, w, h)
        canvas.stroke(Path.roundedRect(box, radius: 2, style: .circular), with: color, lineWidth: 1.3)
        let cell = w / 7
        for row in 0..<2 {
            for col in 0..<5 {
                canvas.fill(
                    Rect(
                        box.minX + cell * (Double(col) + 1.0), box.minY + h * (0.22 + 0.3 * Double(row)), cell * 0.6,
                        cell * 0.6),
                    with: color)
            }
        }
        canvas.fill(Rect(box.minX + cell * 2, box.minY + h * 0.78, cell * 3, cell * 0.45), with: color)
        var chevron = Path()
        let y = box.maxY + h * 0.3
        chevron.move(to: Point(r.midX - w * 0.14, y))
        chevron.line(to: Point(r.midX, y + w * 0.12))
        chevron.line(to: Point(r.midX + w * 0.14, y))
        canvas.stroke(chevron, with: color, lineWidth: 1.4)
    }
}
