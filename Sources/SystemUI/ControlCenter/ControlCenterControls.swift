import Graphics
import ShellPorts
import UI

/// A module of Control Center: a rounded platter of glass.
@MainActor public class ControlModuleView: View {
    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        cornerRadius = ControlCenterMetrics.cornerRadius
        backgroundColor = ControlCenterMetrics.platter
    }
}

/// A glyph drawn from the symbol catalog, or by hand for what the theme lacks.
@MainActor enum ControlGlyph {
    /// Draws `name` in `rect` tinted `tint`: Dark Mode's half-filled circle is drawn here; the rest
    /// come from the icon theme.
    static func draw(_ name: String, in rect: Rect, tint: Color, canvas: any Canvas) {
        if name == "circle.lefthalf.filled" {
            let r = rect.insetBy(dx: rect.width * 0.1, dy: rect.height * 0.1)
            canvas.stroke(Path.ellipse(in: r.insetBy(dx: 1, dy: 1)), with: tint, lineWidth: 2)
            canvas.withState {
                canvas.clip(to: Rect(r.minX, r.minY, r.width / 2, r.height))
                canvas.fill(Path.ellipse(in: r), with: tint)
            }
            return
        }
        canvas.drawSymbol(name, in: rect, tint: tint)
    }
}

/// A small module that turns something on or off (rotation lock, Dark Mode): white with its glyph
/// tinted while on, glass with a white glyph while off.
@MainActor public final class ControlToggleView: ControlModuleView {
    let symbol: String
    let onTint: Color
    /// Called with the state a tap asks for.
    var onToggle: ((Bool) -> Void)?
    public var isOn = false {
        didSet {
            guard isOn != oldValue else { return }
            backgroundColor = isOn ? ControlCenterMetrics.moduleOn : ControlCenterMetrics.platter
            accessibilityValue = (isOn ? ShellStrings.on : ShellStrings.off).resolved(language)
            setNeedsDisplay()
        }
    }

    init(symbol: String, onTint: Color, label: LocalizedString) {
        self.symbol = symbol
        self.onTint = onTint
        super.init()
        accessibilityTraits = .button
        localizedAccessibilityLabel = label
        localizedAccessibilityValue = ShellStrings.off
        addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in
                guard let self else { return }
                self.onToggle?(!self.isOn)
            })
    }

    public override func draw(in canvas: any Canvas) {
        let g = ControlCenterMetrics.glyph
        ControlGlyph.draw(
            symbol, in: Rect(center: bounds.center, size: Size(g, g)), tint: isOn ? onTint : ControlCenterMetrics.ink,
            canvas: canvas)
    }
}

/// A round button of the connectivity module (Airplane Mode, Wi-Fi, Bluetooth): filled with its
/// colour while on.
@MainActor final class ControlCircleView: View {
    let symbol: String
    let onColor: Color
    var onToggle: ((Bool) -> Void)?
    public var isOn = false {
        didSet {
            guard isOn != oldValue else { return }
            accessibilityValue = (isOn ? ShellStrings.on : ShellStrings.off).resolved(language)
            setNeedsDisplay()
        }
    }

    init(symbol: String, onColor: Color, label: LocalizedString) {
        self.symbol = symbol
        self.onColor = onColor
        super.init()
        accessibilityTraits = .button
        localizedAccessibilityLabel = label
        localizedAccessibilityValue = ShellStrings.off
        addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in
                guard let self else { return }
                self.onToggle?(!self.isOn)
            })
    }

    override func draw(in canvas: any Canvas) {
        canvas.fill(Path.ellipse(in: bounds), with: isOn ? onColor : ControlCenterMetrics.circleOff)
        let g = ControlCenterMetrics.circleGlyph
        canvas.drawSymbol(symbol, in: Rect(center: bounds.center, size: Size(g, g)), tint: ControlCenterMetrics.ink)
    }
}

/// The connectivity module: Airplane Mode, Wi-Fi and Bluetooth in a 2 × 2 platter (the fourth place
/// is the iPad's AirDrop, which Slate has not); a button the machine lacks is not shown.
@MainActor final class ConnectivityModuleView: ControlModuleView {
    let airplane = ControlCircleView(symbol: "airplane", onColor: .systemOrange, label: ShellStrings.airplaneMode)
    let wifi = ControlCircleView(symbol: "wifi", onColor: .systemBlue, label: ShellStrings.wifi)
    let bluetooth = ControlCircleView(symbol: "bluetooth", onColor: .systemBlue, label: ShellStrings.bluetooth)

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        for v in [airplane, wifi, bluetooth] { addSubview(v) }
    }

    override func layoutSubviews() {
        let c = ControlCenterMetrics.circle
        let centers = [
            Point(bounds.width / 4, bounds.height / 4), Point(bounds.width * 3 / 4, bounds.height / 4),
            Point(bounds.width / 4, bounds.height * 3 / 4),
        ]
        for (v, p) in zip([airplane, wifi, bluetooth], centers) { v.frame = Rect(center: p, size: Size(c, c)) }
    }
}

/// Brightness or volume: a tall module filled white from the bottom to the level, its glyph near the
/// bottom. A vertical drag sets the level; on the volume module a tap on the speaker mutes.
@MainActor public final class ControlSliderView: ControlModuleView {
    let symbol: String
    /// The glyph while muted (volume), if any.
    var mutedSymbol: String?
    /// Called as a drag sets the level (0…1).
    var onChange: ((Double) -> Void)?
    /// Called when the glyph is tapped (volume: mute).
    var onGlyphTap: (() -> Void)?
    private var dragStart = 0.0

    public var level = 0.0 {
        didSet {
            guard level != oldValue else { return }
            accessibilityValue = "\(Int((level * 100).rounded())) %"
            setNeedsDisplay()
        }
    }
    var isMuted = false { didSet { if isMuted != oldValue { setNeedsDisplay() } } }

    init(symbol: String, label: LocalizedString) {
        self.symbol = symbol
        super.init()
        clipsToBounds = true
        accessibilityTraits = .adjustable
        localizedAccessibilityLabel = label
        accessibilityValue = "0 %"
        let pan = PanGestureRecognizer()
        pan.axis = .vertical
        pan.minimumDistance = 4
        pan.action = { [weak self] g in
            guard let self, let pan = g as? PanGestureRecognizer else { return }
            if pan.state == .began { self.dragStart = self.level }
            let value = min(1, max(0, self.dragStart - pan.translation().y / max(1, self.bounds.height)))
            self.level = value
            self.onChange?(value)
        }
        addGestureRecognizer(pan)
        let tap = TapGestureRecognizer { [weak self] g in
            guard let self, g.location(in: self).y >= self.bounds.height - ControlCenterMetrics.muteZone else {
                return
            }
            self.onGlyphTap?()
        }
        addGestureRecognizer(tap)
    }

    public override func draw(in canvas: any Canvas) {
        let height = bounds.height * level
        if height > 0 {
            canvas.fill(Rect(0, bounds.height - height, bounds.width, height), with: ControlCenterMetrics.sliderFill)
        }
        let g = ControlCenterMetrics.glyph
        let glyph = Rect(center: Point(bounds.midX, bounds.height - 34), size: Size(g, g))
        // Grey over the white level, white over the glass.
        let covered = bounds.height - height <= glyph.midY
        ControlGlyph.draw(
            isMuted ? (mutedSymbol ?? symbol) : symbol, in: glyph,
            tint: covered ? ControlCenterMetrics.sliderGlyph : ControlCenterMetrics.ink, canvas: canvas)
    }
}

/// Focus (Do Not Disturb): a wide module with its moon in a circle and its title.
@MainActor final class ControlFocusView: ControlModuleView {
    let title: LocalizedString
    var onToggle: ((Bool) -> Void)?
    public var isOn = false {
        didSet {
            guard isOn != oldValue else { return }
            accessibilityValue = (isOn ? ShellStrings.on : ShellStrings.off).resolved(language)
            setNeedsDisplay()
        }
    }

    init(title: LocalizedString) {
        self.title = title
        super.init()
        accessibilityTraits = .button
        localizedAccessibilityLabel = title
        localizedAccessibilityValue = ShellStrings.off
        addGestureRecognizer(
            TapGestureRecognizer { [weak self] _ in
                guard let self else { return }
                self.onToggle?(!self.isOn)
            })
    }

    override func draw(in canvas: any Canvas) {
        let c = ControlCenterMetrics.circle * 0.75
        let circle = Rect(12, (bounds.height - c) / 2, c, c)
        canvas.fill(Path.ellipse(in: circle), with: isOn ? Color.systemIndigo : ControlCenterMetrics.circleOff)
        let g = ControlCenterMetrics.circleGlyph
        canvas.drawSymbol("moon", in: Rect(center: circle.center, size: Size(g, g)), tint: ControlCenterMetrics.ink)
        let text = TextLayout(
            title.resolved(language), font: ControlCenterMetrics.titleFont, color: ControlCenterMetrics.ink,
            lineLimit: 2, width: bounds.width - circle.maxX - 16)
        let size = environment.textMeasurer.measure(text)
        canvas.drawText(text, at: Point(circle.maxX + 10, (bounds.height - size.height) / 2))
    }
}

/// The Wi-Fi networks in reach (a long press on Wi-Fi shows them): the one joined with a check, the
/// secured with a lock, each with its bars; a tap joins one.
@MainActor public final class WiFiListView: ControlModuleView, AccessibilityDescribing {
    var networks: [WiFiNetwork] = [] {
        didSet {
            guard networks != oldValue else { return }
            rebuild()
        }
    }
    var isEnabled = true { didSet { if isEnabled != oldValue { setNeedsDisplay() } } }
    var onJoin: ((WiFiNetwork) -> Void)?
    private var rows: [View] = []

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        localizedAccessibilityLabel = ShellStrings.wifiNetworks
        isAccessibilityElement = false
    }

    public var accessibilityRole: AccessibilityRole? { .list }

    /// The height for the networks shown.
    var preferredHeight: Double {
        ControlCenterMetrics.listHeader + Double(min(networks.count, ControlCenterMetrics.listLimit))
            * ControlCenterMetrics.listRow + 8
    }

    private func rebuild() {
        for r in rows { r.removeFromSuperview() }
        rows = networks.prefix(ControlCenterMetrics.listLimit).map { network in
            let row = WiFiRowView(network: network)
            row.addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onJoin?(network) })
            addSubview(row)
            return row
        }
        setNeedsLayout()
        setNeedsDisplay()
    }

    public override func layoutSubviews() {
        for (i, r) in rows.enumerated() {
            r.frame = Rect(
                0, ControlCenterMetrics.listHeader + Double(i) * ControlCenterMetrics.listRow, bounds.width,
                ControlCenterMetrics.listRow)
        }
    }

    public override func draw(in canvas: any Canvas) {
        let header = ControlCenterMetrics.listHeader
        let title = TextLayout(
            ShellStrings.wifi.resolved(language), font: Font(size: 17, weight: .semibold),
            color: ControlCenterMetrics.ink)
        let titleHeight = environment.textMeasurer.measure(title).height
        canvas.drawText(title, at: Point(20, (header - titleHeight) / 2))
        let state = TextLayout(
            (isEnabled ? ShellStrings.on : ShellStrings.off).resolved(language), font: Font(size: 15),
            color: ControlCenterMetrics.ink.withAlpha(0.7), alignment: .right, width: 120)
        let stateHeight = environment.textMeasurer.measure(state).height
        canvas.drawText(state, at: Point(bounds.width - 20 - 120, (header - stateHeight) / 2))
    }
}

/// One network of the Wi-Fi list.
@MainActor final class WiFiRowView: View {
    public let network: WiFiNetwork

    init(network: WiFiNetwork) {
        self.network = network
        super.init()
        accessibilityTraits = network.isJoined ? [.button, .selected] : .button
        accessibilityLabel = network.name
    }

    override func draw(in canvas: any Canvas) {
        let ink = ControlCenterMetrics.ink
        if network.isJoined {
            canvas.drawSymbol("checkmark", in: Rect(14, (bounds.height - 16) / 2, 16, 16), tint: ink)
        }
        let name = TextLayout(network.name, font: Font(size: 15), color: ink, width: bounds.width - 110)
        let nameHeight = environment.textMeasurer.measure(name).height
        canvas.drawText(name, at: Point(40, (bounds.height - nameHeight) / 2))
        var x = bounds.width - 36
        // Its bars, as the status bar draws Wi-Fi.
        let bars = NetworkStatus.wifiBars(strength: network.strength)
        for (i, r) in StatusBarMetrics.wifiRadii.enumerated() {
            let lit = i >= StatusBarMetrics.wifiRadii.count - bars
            let top = bounds.midY - 7
            let e = Path.ellipse(in: Rect(x + 9 - r, top + 12 - r, 2 * r, 2 * r))
            canvas.withState {
                canvas.clip(to: Rect(x, top, 18, 12))
                canvas.stroke(e, with: lit ? ink : ink.withAlpha(StatusBarMetrics.unlitAlpha), lineWidth: 1.6)
            }
        }
        if network.isSecured {
            x -= 22
            canvas.drawSymbol("lock", in: Rect(x, (bounds.height - 14) / 2, 14, 14), tint: ink)
        }
    }
}
