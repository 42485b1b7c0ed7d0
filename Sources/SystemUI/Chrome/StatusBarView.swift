import Graphics
import ShellPorts
import UI

/// The status bar: the time on the leading side; the network (Wi-Fi's bars, Ethernet, or the
/// airplane) and the battery on the trailing side — each shown only when the machine has it, each in
/// the accessibility tree as VoiceOver reads it. The time is a view of its own, so the minute's tick
/// redraws it alone.
@MainActor public final class StatusBarView: View {
    /// The clock.
    public let clock = StatusBarClockView()
    /// The network: Wi-Fi, Ethernet or airplane mode.
    public let network = StatusBarNetworkView()
    /// The battery.
    public let battery = StatusBarBatteryView()

    /// White over dark content (wallpaper), black over light windows.
    public var lightContent = true {
        didSet {
            guard lightContent != oldValue else { return }
            for v in [clock, network, battery] as [StatusBarItemView] { v.lightContent = lightContent }
        }
    }

    /// A status bar showing 9:41 until the shell shows the services' state.
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        addSubview(clock)
        addSubview(network)
        addSubview(battery)
    }

    /// The time shown ("9:41").
    public var time: String { clock.time }

    /// The clock on the leading side; the battery on the trailing side, the network before it.
    public override func layoutSubviews() {
        let m = StatusBarMetrics.self
        // The clock's frame takes in the recording capsule's margin before the time.
        clock.frame = Rect(
            m.clockX - m.recordingPadding, 0, m.clockWidth + 2 * m.recordingPadding, bounds.height)
        battery.frame = Rect(
            bounds.width - m.batteryTrailing - m.batteryFrame.width, 0, m.batteryFrame.width, bounds.height)
        let networkX = battery.battery == nil ? battery.frame.maxX : battery.frame.minX
        network.frame = Rect(networkX - m.networkFrameWidth, 0, m.networkFrameWidth, bounds.height)
    }
}

/// One item of the status bar, drawn white or black.
@MainActor public class StatusBarItemView: View {
    /// White over dark content, black over light.
    var lightContent = true { didSet { if lightContent != oldValue { setNeedsDisplay() } } }
    /// The colour of the item's glyphs.
    var ink: Color { lightContent ? .white : .label }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        accessibilityTraits = .staticText
        // Kept as a picture: a full-screen window redrawing under the bar each frame then costs a
        // small copy of it, not its text laid out and drawn again.
        rasterizes = true
    }
}

/// The time, as the person's clock shows it ("9:41", or "09:41" on a 24-hour clock).
@MainActor public final class StatusBarClockView: StatusBarItemView {
    /// The text shown.
    private(set) var time = "9:41"

    /// What a screen reader says for the time alone.
    private var spokenTime = "9:41"

    /// Whether a program records (copies) the screen: the time sits on a red capsule, as iPadOS
    /// shows a recording, white whatever is behind the bar.
    public var isRecording = false {
        didSet {
            guard isRecording != oldValue else { return }
            updateLabel()
            setNeedsDisplay()
        }
    }

    /// Shows `timeOfDay` on a 12- or 24-hour clock; redraws (and says so to a screen reader) only
    /// when the text changes.
    public func show(_ timeOfDay: TimeOfDay, uses24HourTime: Bool) {
        let text = StatusBarClockView.text(timeOfDay, uses24HourTime: uses24HourTime)
        spokenTime = StatusBarClockView.spoken(timeOfDay, uses24HourTime: uses24HourTime, language: language)
        updateLabel()
        guard text != time else { return }
        time = text
        setNeedsDisplay()
    }

    private func updateLabel() {
        accessibilityLabel =
            isRecording
            ? ShellStrings.timeWhileRecording.formatted(spokenTime).resolved(language) : spokenTime
    }

    /// The status bar's text: "9:41" on a 12-hour clock (no AM or PM, as iPadOS), "09:41" on a 24-hour one.
    public nonisolated static func text(_ t: TimeOfDay, uses24HourTime: Bool) -> String {
        let minute = t.minute < 10 ? "0\(t.minute)" : "\(t.minute)"
        if uses24HourTime { return (t.hour < 10 ? "0\(t.hour)" : "\(t.hour)") + ":" + minute }
        let h = t.hour % 12 == 0 ? 12 : t.hour % 12
        return "\(h):\(minute)"
    }

    /// What a screen reader says: "9:41 AM" in English on a 12-hour clock; the text otherwise.
    public nonisolated static func spoken(_ t: TimeOfDay, uses24HourTime: Bool, language: Language) -> String {
        let text = text(t, uses24HourTime: uses24HourTime)
        guard !uses24HourTime, language == .en else { return text }
        return text + (t.hour < 12 ? " AM" : " PM")
    }

    public override func draw(in canvas: any Canvas) {
        let m = StatusBarMetrics.self
        let layout = TextLayout(time, font: m.clockFont, color: isRecording ? .white : ink)
        if isRecording {
            let width = environment.textMeasurer.measure(layout).width + 2 * m.recordingPadding
            let capsule = Rect(0, m.recordingTop, width, m.recordingHeight)
            canvas.fillRoundedRect(capsule, radius: m.recordingHeight / 2, with: m.recordingFill)
        }
        canvas.drawText(layout, at: Point(m.recordingPadding, m.textTop))
    }
}

/// The network: Wi-Fi's bars when joined, Ethernet's plug, or the airplane; nothing when not connected
/// or when the network's state is unknown.
@MainActor public final class StatusBarNetworkView: StatusBarItemView {
    /// What is shown; nil: nothing.
    public var status: NetworkStatus? {
        didSet {
            guard status != oldValue else { return }
            isHidden = status == nil || status == .disconnected
            setNeedsDisplay()
            updateLabel()
        }
    }

    private func updateLabel() {
        switch status {
        case .wifi(let bars): accessibilityLabel = ShellStrings.wifiBars.formatted("\(bars)").resolved(language)
        case .wired: accessibilityLabel = ShellStrings.ethernet.resolved(language)
        case .airplane: accessibilityLabel = ShellStrings.airplaneMode.resolved(language)
        case .disconnected, nil: accessibilityLabel = nil
        }
    }

    public override func didMoveToRoot() { updateLabel() }

    public override func draw(in canvas: any Canvas) {
        let m = StatusBarMetrics.self
        switch status {
        case .wifi(let bars):
            // Three arcs around a point at the bottom centre, the outermost first; unlit ones dimmed.
            let x = m.networkGlyphX
            for (i, r) in m.wifiRadii.enumerated() {
                let lit = i >= m.wifiRadii.count - bars
                let e = Path.ellipse(in: Rect(x + 9 - r, 17 - r, 2 * r, 2 * r))
                canvas.withState {
                    canvas.clip(to: Rect(x, 5, 18, 12 - Double(i) * 0.01))
                    canvas.stroke(e, with: lit ? ink : ink.withAlpha(m.unlitAlpha), lineWidth: 1.6)
                }
            }
        case .wired:
            canvas.drawSymbol("cable.connector", in: Rect(m.networkGlyphX + 1, 4, 16, 16), tint: ink)
        case .airplane:
            canvas.drawSymbol("airplane", in: Rect(m.networkGlyphX + 1, 4, 16, 16), tint: ink)
        case .disconnected, nil:
            break
        }
    }
}

/// The battery: its level filled in, green with a bolt while on the charger, red when low; nothing
/// when the machine has no battery.
@MainActor public final class StatusBarBatteryView: StatusBarItemView {
    /// The battery shown; nil: none.
    public var battery: BatteryStatus? {
        didSet {
            guard battery != oldValue else { return }
            isHidden = battery == nil
            setNeedsDisplay()
            updateLabel()
            superview?.setNeedsLayout()
        }
    }

    private func updateLabel() {
        guard let b = battery else {
            accessibilityLabel = nil
            return
        }
        var label = ShellStrings.batteryPercent.formatted("\(b.percent)").resolved(language)
        if b.state == .charging { label += ShellStrings.batteryCharging.resolved(language) }
        accessibilityLabel = label
    }

    public override func didMoveToRoot() { updateLabel() }

    public override func draw(in canvas: any Canvas) {
        guard let b = battery else { return }
        let m = StatusBarMetrics.self
        let c = ink
        let body = m.batteryBody
        canvas.stroke(Path.roundedRect(body, radius: 3.5, style: .circular), with: c.withAlpha(0.45), lineWidth: 1)
        let onCharger = b.state != .discharging
        let fill: Color = onCharger ? m.chargingFill : b.isLow ? m.lowFill : c
        let inner = body.insetBy(dx: 2, dy: 2)
        let width = max(b.level > 0 ? 1.5 : 0, inner.width * b.level)
        if width > 0 {
            canvas.fill(
                Path.roundedRect(Rect(inner.minX, inner.minY, width, inner.height), radius: 2, style: .circular),
                with: fill)
        }
        canvas.fill(
            Path.roundedRect(Rect(body.maxX + 1.5, body.midY - 2, 1.5, 4), radius: 0.75, style: .circular),
            with: c.withAlpha(0.45))
        if onCharger {
            // The bolt over the battery, outlined in the bar's ink so it reads over the fill.
            let bolt = m.bolt(in: body)
            canvas.stroke(bolt, with: lightContent ? Color.black.withAlpha(0.5) : .white, lineWidth: 1)
            canvas.fill(bolt, with: c)
        }
    }
}

/// The status bar's figures, each with where it comes from.
enum StatusBarMetrics {
    /// The time: 15 pt semibold, 24 pt from the leading edge, its text 3 pt from the top (measured
    /// on iPadOS 17 screenshots at 2×).
    static let clockFont = Font(size: 15, weight: .semibold)
    static let clockX = 24.0
    static let textTop = 3.0
    /// Room for "12:59" or "23:59" at that size (Slate: the widest is 41 pt).
    static let clockWidth = 60.0
    /// The battery: 26 × 12 pt, radius 3.5, its trailing edge 24 pt from the screen's (measured).
    static let batteryTrailing = 20.0
    static let batteryFrame = Size(32, 24)
    static let batteryBody = Rect(2, 7, 26, 12)
    /// The network glyph: 18 pt wide, 8 pt before the battery (measured), in a frame of 26 pt.
    static let networkFrameWidth = 26.0
    static let networkGlyphX = 2.0
    /// Wi-Fi's three arcs, outermost first (radii measured on the 2× glyph).
    static let wifiRadii: [Double] = [9, 6, 3]
    /// Unlit bars and arcs: the ink at 30 % (iOS's dimmed signal bars).
    static let unlitAlpha = 0.3
    /// A battery on the charger is green, a low one red (iOS's system green and red).
    static let chargingFill = Color(light: RGBA(hex: 0x34C759), dark: RGBA(hex: 0x30D158))
    static let lowFill = Color(light: RGBA(hex: 0xFF3B30), dark: RGBA(hex: 0xFF453A))
    /// While the screen is recorded the time sits on a capsule of the system red (iOS's recording
    /// indicator, measured on iPadOS 17 screenshots at 2×: 6 pt each side of the text, 20 pt tall,
    /// 2 pt from the top).
    static let recordingFill = Color(light: RGBA(hex: 0xFF3B30), dark: RGBA(hex: 0xFF453A))
    static let recordingPadding = 6.0
    static let recordingHeight = 20.0
    static let recordingTop = 2.0

    /// The charging bolt across the battery's body (iOS's, drawn to its proportions: 7 × 11 pt).
    static func bolt(in body: Rect) -> Path {
        let c = body.center
        var p = Path()
        p.move(to: Point(c.x + 1, c.y - 5.5))
        p.line(to: Point(c.x - 3.5, c.y + 1))
        p.line(to: Point(c.x - 0.5, c.y + 1))
        p.line(to: Point(c.x - 1, c.y + 5.5))
        p.line(to: Point(c.x + 3.5, c.y - 1))
        p.line(to: Point(c.x + 0.5, c.y - 1))
        p.close()
        return p
    }
}
