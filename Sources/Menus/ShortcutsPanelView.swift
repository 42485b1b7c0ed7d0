import Graphics
import UI

/// The keyboard shortcuts panel (iPadOS's, shown while ⌘ is held; on Slate while Ctrl or Super is):
/// the focused app's commands that have shortcuts, grouped under the menu each is in, in columns, on a
/// rounded card in the middle of the screen. It only shows; it takes no touch.
@MainActor public final class ShortcutsPanelView: View {
    /// A line of the panel: a menu's heading, or a command with its shortcut.
    public enum Line: Sendable, Equatable {
        case heading(String)
        case command(title: String, shortcut: String, isDisabled: Bool)
    }

    /// The app's name, over the columns.
    public let title: String
    /// The lines, column after column.
    public private(set) var columns: [[Line]] = []
    private let groups: [(menu: String, commands: [(String, String, Bool)])]

    /// The panel of `menuBar`'s shortcuts, titled `title`, for a screen of `bounds`, in `language`.
    public init(menuBar: MenuBar, title: String, bounds: Rect, language: Language) {
        self.title = title
        groups = menuBar.shortcutsByMenu.map { g in
            (
                g.menu.resolved(language),
                g.commands.map { a in
                    ((a.discoverabilityTitle ?? a.title).resolved(language), a.shortcut?.symbols ?? "", a.isDisabled)
                }
            )
        }
        super.init()
        backgroundColor = MenuBarMetrics.shortcutsPanelMaterial
        cornerRadius = MenuBarMetrics.shortcutsPanelRadius
        clipsToBounds = true
        shadow = MenuMetrics.panelShadow
        isUserInteractionEnabled = false
        isAccessibilityElement = true
        accessibilityLabel = MenuBarStrings.keyboardShortcuts.resolved(language)
        accessibilityValue = groups.map { g in
            g.menu + ": " + g.commands.map { "\($0.0) \($0.1)" }.joined(separator: ", ")
        }.joined(separator: "; ")
        frame = Self.frame(columns: layOut(in: bounds), in: bounds)
    }

    /// Whether the app has any shortcut to list.
    public var isEmpty: Bool { groups.isEmpty }

    /// Lays the groups out in balanced columns, as many as the screen's width holds: each column about
    /// as tall as the others, a group kept whole unless it is taller than a column. Returns how many.
    private func layOut(in screen: Rect) -> Int {
        let pad = MenuBarMetrics.shortcutsPanelPadding
        let maxH =
            screen.height * MenuBarMetrics.shortcutsPanelMaximumSize.height - 2 * pad
            - MenuBarMetrics.shortcutsTitleHeight
        let lineH = MenuBarMetrics.shortcutsLineHeight
        let headH = MenuBarMetrics.shortcutsHeadingHeight
        let gap = MenuBarMetrics.shortcutsHeadingSpacing
        let room = screen.width * MenuBarMetrics.shortcutsPanelMaximumSize.width - 2 * pad
        let maxColumns = max(
            1,
            Int(
                (room + MenuBarMetrics.shortcutsColumnSpacing)
                    / (MenuBarMetrics.shortcutsColumnWidth + MenuBarMetrics.shortcutsColumnSpacing)))
        let heights = groups.map { headH + Double($0.commands.count) * lineH }
        let total = heights.reduce(0) { $0 + $1 + gap }
        let target = min(maxH, max(total / Double(maxColumns), heights.max() ?? 0))
        var cols: [[Line]] = [[]]
        var h = 0.0
        for g in groups {
            let need = headH + Double(g.commands.count) * lineH
            if h > 0, h + gap + need > target + lineH / 2, cols.count < maxColumns {
                cols.append([])
                h = 0
            }
            if h > 0 { h += gap }
            cols[cols.count - 1].append(.heading(g.menu))
            h += headH
            for c in g.commands {
                if h + lineH > maxH, cols.count < maxColumns {
                    cols.append([])
                    h = 0
                }
                cols[cols.count - 1].append(.command(title: c.0, shortcut: c.1, isDisabled: c.2))
                h += lineH
            }
        }
        columns = cols.filter { !$0.isEmpty }
        return columns.count
    }

    private static func frame(columns: Int, in screen: Rect) -> Rect {
        let pad = MenuBarMetrics.shortcutsPanelPadding
        let w =
            Double(max(1, columns)) * MenuBarMetrics.shortcutsColumnWidth + Double(max(0, columns - 1))
            * MenuBarMetrics.shortcutsColumnSpacing + 2 * pad
        return Rect(center: screen.center, size: Size(w, 0))
    }

    /// The panel's height for its columns (set by whoever puts it on the screen, with `fit(in:)`).
    private var contentHeight: Double {
        let lineH = MenuBarMetrics.shortcutsLineHeight
        let headH = MenuBarMetrics.shortcutsHeadingHeight
        let gap = MenuBarMetrics.shortcutsHeadingSpacing
        let tallest =
            columns.map { col in
                col.enumerated().reduce(0.0) { h, e in
                    if case .heading = e.element { return h + headH + (e.offset > 0 ? gap : 0) }
                    return h + lineH
                }
            }.max() ?? 0
        return tallest + 2 * MenuBarMetrics.shortcutsPanelPadding + MenuBarMetrics.shortcutsTitleHeight
    }

    /// Centres the panel on a screen of `bounds` at the height its columns need.
    public func fit(in bounds: Rect) {
        let size = Size(frame.width, min(contentHeight, bounds.height - 2 * MenuMetrics.screenMargin))
        frame = Rect(center: bounds.center, size: size).integral(scale: 1)
    }

    public override func draw(in canvas: any Canvas) {
        let pad = MenuBarMetrics.shortcutsPanelPadding
        let head = Font.preferred(MenuBarMetrics.shortcutsHeadingStyle).weight(.semibold)
        let line = Font.preferred(MenuBarMetrics.shortcutsLineStyle)
        let t = TextLayout(
            title, font: Font.preferred(.headline), color: .label, lineLimit: 1, width: bounds.width - 2 * pad)
        canvas.drawText(t, at: Point(pad, pad))
        let colW = MenuBarMetrics.shortcutsColumnWidth
        for (c, col) in columns.enumerated() {
            let x = pad + Double(c) * (colW + MenuBarMetrics.shortcutsColumnSpacing)
            var y = pad + MenuBarMetrics.shortcutsTitleHeight
            for (k, l) in col.enumerated() {
                switch l {
                case .heading(let h):
                    if k > 0 { y += MenuBarMetrics.shortcutsHeadingSpacing }
                    let hl = TextLayout(h, font: head, color: .secondaryLabel, lineLimit: 1, width: colW)
                    let hh = canvas.textMeasurer.measure(hl).height
                    canvas.drawText(hl, at: Point(x, y + (MenuBarMetrics.shortcutsHeadingHeight - hh) / 2))
                    y += MenuBarMetrics.shortcutsHeadingHeight
                case .command(let title, let shortcut, let disabled):
                    let color: Color = disabled ? .tertiaryLabel : .label
                    let s = TextLayout(shortcut, font: line, color: disabled ? .tertiaryLabel : .secondaryLabel)
                    let sw = canvas.textMeasurer.measure(s)
                    let tl = TextLayout(
                        title, font: line, color: color, lineLimit: 1, width: max(0, colW - sw.width - 12))
                    let th = canvas.textMeasurer.measure(tl).height
                    let mid = y + MenuBarMetrics.shortcutsLineHeight / 2
                    canvas.drawText(tl, at: Point(x, mid - th / 2))
                    canvas.drawText(s, at: Point(x + colW - sw.width, mid - sw.height / 2))
                    y += MenuBarMetrics.shortcutsLineHeight
                }
            }
        }
    }
}
