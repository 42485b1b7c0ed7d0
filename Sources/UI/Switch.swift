import Graphics

/// An on/off switch (`UISwitch`): a capsule track, green when on, with a round thumb that moves to
/// the side it is on. A tap turns it over and calls `onChange`; screen readers read it as a button
/// with its label and "on" or "off".
@MainActor public final class Switch: View {
    /// iOS 26's `UISwitch`: 63 × 28 pt (wider and lower than iOS 18's 51 × 31).
    public static let size = Size(63, 28)
    /// The thumb: a 37 × 24 pt capsule 2 pt inside the track (iOS 26's switch).
    static let thumbSize = Size(37, 24)
    /// The track when on (`UISwitch.onTintColor`'s default, systemGreen).
    static let onColor = Color.systemGreen
    /// The track when off: iOS's systemFill (#787880 at 20 % light, 36 % dark).
    static let offColor = Color.systemFill

    /// Whether the switch is on; setting it redraws without calling `onChange`.
    public var isOn: Bool {
        didSet {
            guard isOn != oldValue else { return }
            accessibilityValue = (isOn ? SwitchStrings.on : SwitchStrings.off).resolved(language)
            setNeedsDisplay()
        }
    }

    /// Called with the new value when the person turns the switch.
    public var onChange: ((Bool) -> Void)?

    /// A switch that is `isOn`, labelled `label` for screen readers and scripts.
    public init(isOn: Bool = false, label: String = "") {
        self.isOn = isOn
        super.init(frame: Rect(size: Self.size))
        accessibilityLabel = label
        accessibilityTraits = .button
        accessibilityValue = (isOn ? SwitchStrings.on : SwitchStrings.off).resolved(language)
    }

    public override func didMoveToRoot() {
        accessibilityValue = (isOn ? SwitchStrings.on : SwitchStrings.off).resolved(language)
    }

    public override var handlesOwnTaps: Bool { true }
    public override var canBecomeFocused: Bool { true }

    /// Turns the switch over as a tap would, and tells `onChange`.
    public func toggle() {
        isOn.toggle()
        onChange?(isOn)
    }

    public override func touchEnded(_ touch: Touch, at point: Point) {
        if bounds.insetBy(dx: -8, dy: -8).contains(point) { toggle() }
    }

    public override func handleKey(_ press: KeyPress) -> Bool {
        guard press.key == .return || press.key == .space else { return false }
        toggle()
        return true
    }

    public override func sizeThatFits(_ size: Size) -> Size { Self.size }

    public override func draw(in canvas: any Canvas) {
        let track = Rect(
            bounds.midX - Self.size.width / 2, bounds.midY - Self.size.height / 2, Self.size.width, Self.size.height)
        canvas.fill(Path.roundedRect(track, radius: track.height / 2), with: isOn ? Self.onColor : Self.offColor)
        let inset = (track.height - Self.thumbSize.height) / 2
        let x = isOn ? track.maxX - inset - Self.thumbSize.width : track.minX + inset
        let thumb = Rect(x, track.minY + inset, Self.thumbSize.width, Self.thumbSize.height)
        let path = Path.roundedRect(thumb, radius: thumb.height / 2)
        canvas.drawShadow(of: path, color: Color.black.withAlpha(0.15), blur: 4, offset: Point(0, 1))
        canvas.fill(path, with: .white)
    }
}

/// What screen readers say of a switch, in English and Russian.
public enum SwitchStrings {
    /// A switch that is on.
    public static let on = LocalizedString(en: "on", ru: "вкл.")
    /// A switch that is off.
    public static let off = LocalizedString(en: "off", ru: "выкл.")
}
