import Graphics
import UI

/// Draws one row of the menu panel: title and subtitle, the icon at the trailing side, a checkmark
/// for the state, red when destructive, grey when disabled; a header, a band, a loading row or a row
/// of tiles. Exposes the row to assistive technologies with its label, traits and position.
@MainActor final class MenuRowView: View {
    struct Look: Equatable {
        var row: MenuRow
        var highlighted = false
        /// The highlighted tile of a tiles row.
        var tile: Int?
        var checkmarkColumn = false
        var separator = true
        /// The row's place among the rows that can be chosen (1-based), and their count.
        var position: (Int, Int)?
        var language: Language
        /// The screen's text size, which the row's words follow.
        var metrics = FontMetrics.standard
        var style = MenuRow.Style.contextMenu

        static func == (a: Look, b: Look) -> Bool {
            a.row == b.row && a.highlighted == b.highlighted && a.tile == b.tile && a.style == b.style
                && a.checkmarkColumn == b.checkmarkColumn && a.separator == b.separator
                && a.position?.0 == b.position?.0 && a.position?.1 == b.position?.1 && a.language == b.language
                && a.metrics == b.metrics
        }
    }

    private(set) var look: Look

    init(_ look: Look) {
        self.look = look
        super.init()
        isUserInteractionEnabled = false
        apply()
    }

    func update(_ new: Look) {
        guard new != look else { return }
        look = new
        apply()
        setNeedsDisplay()
    }

    private func apply() {
        let lang = look.language
        var traits: AccessibilityTraits = []
        switch look.row.kind {
        case .action(let a):
            traits = [.button, .menuItem]
            if a.isDestructive { traits.insert(.destructive) }
            if a.isDisabled { traits.insert(.notEnabled) }
            if a.state == .on { traits.insert(.selected) }
        case .submenu(let m):
            traits = [.button, .menuItem]
            if m.options.contains(.destructive) { traits.insert(.destructive) }
        case .back: traits = [.button, .header]
        case .tiles: traits = [.button, .menuItem]
        case .header: traits = [.header]
        case .loading: traits = [.staticText]
        case .band: break
        }
        if look.highlighted { traits.insert(.selected) }
        accessibilityTraits = traits
        switch look.row.kind {
        case .band:
            isAccessibilityElement = false
            accessibilityLabel = nil
        case .tiles(let m):
            isAccessibilityElement = true
            let names = look.row.tiles.map { $0.title.resolved(lang) }.joined(separator: ", ")
            accessibilityLabel = m.title.en.isEmpty ? names : "\(m.title.resolved(lang)): \(names)"
        default:
            isAccessibilityElement = true
            accessibilityLabel = look.row.title.resolved(lang)
        }
        var value = look.position.map {
            MenuStrings.position.formatted(String($0.0), String($0.1)).resolved(lang)
        }
        if look.style.showsShortcuts, case .action(let a) = look.row.kind, let s = a.shortcut {
            value = [s.spokenText, value].compactMap { $0 }.joined(separator: ", ")
        }
        accessibilityValue = value
    }

    // MARK: Drawing

    private static let titleFont = Font.preferred(MenuMetrics.titleStyle)
    private static let subtitleFont = Font.preferred(MenuMetrics.subtitleStyle)

    /// The title's and subtitle's fonts at the screen's text size.
    private var titleFont: Font { look.metrics.scaledFont(Self.titleFont) }
    private var subtitleFont: Font { look.metrics.scaledFont(Self.subtitleFont) }

    private var leading: Double {
        MenuMetrics.rowLeadingInset + (look.checkmarkColumn ? MenuMetrics.checkmarkColumn : 0)
    }

    override func draw(in canvas: any Canvas) {
        let b = bounds
        // The rounded panel is drawn in parts (see `View.renderRoundedClip`): skip the parts a row is
        // not in, rather than shape and draw its text seven times.
        guard canvas.clipBounds.intersects(b) else { return }
        let lang = look.language
        if look.highlighted, look.row.isSelectable, look.tile == nil {
            canvas.fill(b, with: MenuMetrics.highlightColor)
        }
        switch look.row.kind {
        case .band:
            canvas.fill(b, with: MenuMetrics.groupBandColor)
            return
        case .header(let t):
            let l = TextLayout(
                t.resolved(lang), font: subtitleFont, color: .secondaryLabel,
                width: b.width - 2 * MenuMetrics.rowLeadingInset)
            let h = canvas.textMeasurer.measure(l).height
            canvas.drawText(l, at: Point(MenuMetrics.rowLeadingInset, b.midY - h / 2))
        case .back(let m):
            drawTitle(m.title.resolved(lang), nil, color: .label, weight: .semibold, in: canvas)
            drawIcon("chevron.down", color: .secondaryLabel, in: canvas)
        case .action(let a):
            let color: Color = a.isDisabled ? .tertiaryLabel : a.isDestructive ? .systemRed : .label
            if a.state != .off {
                let s = MenuMetrics.checkmarkSize
                canvas.drawSymbol(
                    a.state == .on ? "checkmark" : "minus",
                    in: Rect(MenuMetrics.rowLeadingInset, b.midY - s / 2, s, s), tint: color)
            }
            drawTitle(a.title.resolved(lang), a.subtitle?.resolved(lang), color: color, in: canvas)
            if look.style.showsImages, let image = a.image { drawIcon(image, color: color, in: canvas) }
            if look.style.showsShortcuts, let s = a.shortcut {
                let l = TextLayout(
                    s.symbols, font: look.metrics.scaledFont(Font.preferred(MenuBarMetrics.shortcutStyle)),
                    color: a.isDisabled ? .tertiaryLabel : .secondaryLabel)
                let size = canvas.textMeasurer.measure(l)
                canvas.drawText(
                    l, at: Point(b.maxX - MenuMetrics.rowTrailingInset - size.width, b.midY - size.height / 2))
            }
        case .submenu(let m):
            let color: Color = m.options.contains(.destructive) ? .systemRed : .label
            drawTitle(m.title.resolved(lang), m.subtitle?.resolved(lang), color: color, in: canvas)
            drawIcon("chevron.right", color: .secondaryLabel, in: canvas, small: true)
            if look.style.showsImages, let image = m.image {
                drawIcon(image, color: color, in: canvas, offset: MenuMetrics.iconSize + MenuMetrics.iconSpacing)
            }
        case .loading:
            drawTitle(MenuStrings.loading.resolved(lang), nil, color: .secondaryLabel, in: canvas)
        case .tiles(let m):
            drawTiles(m, in: canvas)
        }
        if look.separator {
            canvas.fill(
                Rect(b.minX, b.maxY - canvas.hairline, b.width, canvas.hairline), with: MenuMetrics.separatorColor)
        }
    }

    private func drawTitle(
        _ title: String, _ subtitle: String?, color: Color, weight: Font.Weight = .regular, in canvas: any Canvas
    ) {
        let b = bounds
        let width = max(
            0,
            b.width - leading - look.row.trailingSpace(look.style, measurer: canvas.textMeasurer, metrics: look.metrics)
        )
        let t = TextLayout(
            title, font: titleFont.weight(weight), color: color, lineLimit: MenuMetrics.titleLineLimit,
            width: width)
        let th = canvas.textMeasurer.measure(t).height
        if let subtitle {
            let s = TextLayout(subtitle, font: subtitleFont, color: .secondaryLabel, width: width)
            let sh = canvas.textMeasurer.measure(s).height
            let top = b.midY - (th + MenuMetrics.subtitleSpacing + sh) / 2
            canvas.drawText(t, at: Point(leading, top))
            canvas.drawText(s, at: Point(leading, top + th + MenuMetrics.subtitleSpacing))
        } else {
            canvas.drawText(t, at: Point(leading, b.midY - th / 2))
        }
    }

    private func drawIcon(
        _ name: String, color: Color, in canvas: any Canvas, small: Bool = false, offset: Double = 0
    ) {
        let s = small ? MenuMetrics.iconSize * MenuMetrics.chevronScale : MenuMetrics.iconSize
        let cx = bounds.maxX - MenuMetrics.rowTrailingInset - MenuMetrics.iconSize / 2 - offset
        canvas.drawSymbol(name, in: Rect(center: Point(cx, bounds.midY), size: Size(s, s)), tint: color)
    }

    /// The rectangle of tile `i` of `count`.
    static func tileRect(_ i: Int, of count: Int, in b: Rect) -> Rect {
        let w = b.width / Double(max(1, count))
        return Rect(b.minX + Double(i) * w, b.minY, w, b.height)
    }

    private func drawTiles(_ m: Menu, in canvas: any Canvas) {
        let tiles = look.row.tiles
        let b = bounds
        let medium = m.preferredElementSize == .medium && !m.displaysAsPalette
        for (i, a) in tiles.enumerated() {
            let r = Self.tileRect(i, of: tiles.count, in: b)
            let color: Color = a.isDisabled ? .tertiaryLabel : a.isDestructive ? .systemRed : .label
            let s = MenuMetrics.tileIconSize
            let iconCenter = Point(r.midX, medium ? r.minY + MenuMetrics.mediumTileMargin + s / 2 : r.midY)
            if a.state == .on {
                let ring = s + 2 * MenuMetrics.tileStateRing
                canvas.fill(Path.ellipse(in: Rect(center: iconCenter, size: Size(ring, ring))), with: .systemFill)
            }
            if look.highlighted, look.tile == i {
                canvas.fill(
                    Path.roundedRect(
                        r.insetBy(dx: MenuMetrics.tileHighlightInset, dy: MenuMetrics.tileHighlightInset),
                        radius: MenuMetrics.tileHighlightRadius), with: MenuMetrics.highlightColor)
            }
            if let image = a.image {
                canvas.drawSymbol(image, in: Rect(center: iconCenter, size: Size(s, s)), tint: color)
            } else {
                let l = TextLayout(
                    String(a.title.resolved(look.language).prefix(2)), font: Self.titleFont, color: color)
                let size = canvas.textMeasurer.measure(l)
                canvas.drawText(l, at: Point(iconCenter.x - size.width / 2, iconCenter.y - size.height / 2))
            }
            if medium {
                let l = TextLayout(
                    a.title.resolved(look.language), font: Self.subtitleFont.size(MenuMetrics.mediumTileCaptionSize),
                    color: color,
                    alignment: .center, width: r.width - 2 * MenuMetrics.subtitleSpacing)
                let h = canvas.textMeasurer.measure(l).height
                canvas.drawText(
                    l, at: Point(r.minX + MenuMetrics.subtitleSpacing, r.maxY - MenuMetrics.mediumTileMargin - h))
            }
        }
    }
}
