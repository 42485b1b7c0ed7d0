import Graphics
import UI

/// The screen the foundation shows before the shell exists: wallpaper, status bar and a panel of
/// text in both languages. `slate run` and `slate render` draw it; the benchmarks time it.
@MainActor final class DemoScreen: RootView {
    let panel = View()
    let title = Label("Slate", style: .largeTitle)
    let subtitle = Label("", style: .body, color: .secondaryLabel)
    let list = ListView()
    let badge = View()
    let probe = Label("", style: .footnote, color: .secondaryLabel)
    let wallpaper = Wallpaper()
    let rows: [String]

    override init(size: Size, clock: any Clock) {
        rows = (1...40).map { i in
            i % 2 == 0 ? "Сообщение \(i) — встреча завтра в 10:00" : "Message \(i) — the quarterly report"
        }
        super.init(size: size, clock: clock)
        wallpaper.rasterizes = true
        addSubview(wallpaper)
        title.font = Font(size: 34, weight: .bold)
        subtitle.text = "Окна и контекстные меню iPad — iPad windows and context menus"
        subtitle.numberOfLines = 2
        panel.backgroundColor = .systemBackground
        panel.cornerRadius = 18
        panel.shadow = View.Shadow(color: Color.black.withAlpha(0.3), blur: 30, offset: Point(0, 10))
        panel.clipsToBounds = false
        addSubview(panel)
        panel.addSubview(title)
        panel.addSubview(subtitle)
        list.dataSource = self
        list.cornerRadius = 10
        list.backgroundColor = .systemBackground
        panel.addSubview(list)
        badge.backgroundColor = .systemRed
        badge.cornerRadius = 6
        panel.addSubview(badge)
        panel.addSubview(probe)
    }

    override func layoutSubviews() {
        wallpaper.frame = bounds
        let w = min(720, bounds.width - 80)
        let h = min(760, bounds.height - 140)
        panel.frame = Rect(center: Point(bounds.midX, bounds.midY + 10), size: Size(w, h))
        title.frame = Rect(24, 20, w - 48, 44)
        subtitle.frame = Rect(24, 68, w - 48, 48)
        list.frame = Rect(0, 128, w, h - 128 - 36)
        badge.frame = Rect(w - 36, 32, 12, 12)
        probe.frame = Rect(24, h - 32, w - 48, 24)
    }

    override func drawOverlay(in canvas: any Canvas) {
        // Status bar (24 pt on iPad): time on the leading side, battery on the trailing side.
        canvas.drawText(TextLayout("9:41", font: Font(size: 15, weight: .semibold), color: .white), at: Point(24, 4))
        let battery = Rect(bounds.width - 50, 7, 26, 12)
        canvas.stroke(
            Path.roundedRect(battery, radius: 3.5, style: .circular), with: Color.white.withAlpha(0.5), lineWidth: 1)
        canvas.fill(Path.roundedRect(battery.insetBy(dx: 2, dy: 2), radius: 2, style: .circular), with: .white)
        // Home indicator.
        let ind = Rect(center: Point(bounds.midX, bounds.height - 8), size: Size(315, 5))
        canvas.fill(Path.roundedRect(ind, radius: 2.5, style: .circular), with: Color.white.withAlpha(0.8))
    }
}

/// A soft diagonal gradient, like the iPad's default wallpaper.
@MainActor final class Wallpaper: View {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = .black
    }

    override func draw(in canvas: any Canvas) {
        // Wallpaper: a soft diagonal gradient, like the iPad's default.
        canvas.fill(
            Path(bounds),
            with: LinearGradient(
                start: .zero, end: Point(bounds.width, bounds.height),
                stops: [
                    (0, Color(light: RGBA(hex: 0x5AC8FA), dark: RGBA(hex: 0x0B2A4A))),
                    (0.55, Color(light: RGBA(hex: 0x5856D6), dark: RGBA(hex: 0x2A1B5C))),
                    (1, Color(light: RGBA(hex: 0xFF2D55), dark: RGBA(hex: 0x4A0F2A))),
                ]))
    }
}

extension DemoScreen: ListView.DataSource {
    func numberOfRows(in list: ListView) -> Int { rows.count }
    func list(_ list: ListView, heightOfRow row: Int) -> Double { 52 }
    func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow {
        let r = (reusing as? DemoRow) ?? DemoRow()
        r.label.text = rows[row]
        r.accessibilityLabel = rows[row]
        return r
    }
}

@MainActor final class DemoRow: ListRow {
    let label = Label("", style: .body)
    let icon = ImageView(symbol: "envelope", tint: .tint)

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        addSubview(label)
        addSubview(icon)
        label.isAccessibilityElement = false
    }

    override func layoutSubviews() {
        icon.frame = Rect(20, (bounds.height - 22) / 2, 22, 22)
        label.frame = Rect(56, 0, bounds.width - 72, bounds.height)
    }
}
