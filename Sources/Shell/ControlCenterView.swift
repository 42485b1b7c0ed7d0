import Graphics
import Menus
import UI

/// Control Center: the screen blurred and dimmed behind a grid of modules hanging from its top-right
/// corner — connectivity (Airplane Mode, Wi-Fi, Bluetooth), brightness and volume, rotation lock,
/// Dark Mode and Do Not Disturb — each showing the state of the service behind it. A module the
/// machine lacks is not shown. `progress` (0…1) is how far it has come down: a pull from the corner
/// sets it as the finger moves, the open and close animations spring it.
@MainActor final class ControlCenterView: View, AccessibilityDescribing {
    let grid = PassthroughView()
    let connectivity = ConnectivityModuleView()
    let brightness = ControlSliderView(symbol: "sun.max", label: ShellStrings.brightness)
    let volume = ControlSliderView(symbol: "speaker.wave.2", label: ShellStrings.volume)
    let rotationLock = ControlToggleView(
        symbol: "lock.rotation", onTint: .systemRed, label: ShellStrings.rotationLock)
    let darkMode = ControlToggleView(symbol: "circle.lefthalf.filled", onTint: .black, label: ShellStrings.darkMode)
    let focus = ControlFocusView(title: ShellStrings.doNotDisturb)
    let wifiList = WiFiListView()
    /// The screen behind, blurred and dimmed (made as Control Center begins to come down).
    var backdrop: MenuBackdrop?
    /// The screen as it was shown when Control Center began to come down: the backdrop fades in over
    /// it, so that nothing beneath is drawn again while it does.
    var beneath: PixelImage? { didSet { isOpaqueCover = beneath != nil && backdrop != nil } }
    /// Called by a tap outside the modules.
    var onDismiss: (() -> Void)?

    /// How far it has come down: 0 gone, 1 all there (a pull may take it a little beyond).
    var progress = 0.0 {
        didSet {
            guard progress != oldValue else { return }
            applyProgress()
        }
    }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        localizedAccessibilityLabel = ShellStrings.controlCenter
        isAccessibilityElement = false
        volume.mutedSymbol = "speaker.slash"
        // The modules are a picture, moved and faded as Control Center comes and goes.
        grid.rasterizes = true
        addSubview(grid)
        for v in [connectivity, brightness, volume, rotationLock, darkMode, focus] as [View] { grid.addSubview(v) }
        addSubview(wifiList)
        wifiList.isHidden = true
        let tap = TapGestureRecognizer { [weak self] g in
            guard let self else { return }
            let p = g.location(in: self)
            let onModule = (self.wifiList.isHidden ? self.grid.subviews : [self.wifiList]).contains {
                !$0.isHidden && $0.frameInRoot.contains(self.convert(p, to: nil))
            }
            if !self.wifiList.isHidden, !onModule {
                self.showWiFiList(false)
            } else if !onModule {
                self.onDismiss?()
            }
        }
        addGestureRecognizer(tap)
        applyProgress()
    }

    var accessibilityRole: AccessibilityRole? { .panel }
    /// While it is shown, what is behind it leaves the accessibility tree (as VoiceOver's).
    var accessibilityIsModal: Bool { true }

    /// The grid's size: four columns, three rows of modules.
    static var gridSize: Size {
        let m = ControlCenterMetrics.self
        return Size(
            Double(m.columns) * m.module + Double(m.columns - 1) * m.spacing,
            Double(m.rows) * m.module + Double(m.rows - 1) * m.spacing)
    }

    /// The rectangle of modules `columns` × `rows` from grid column `column`, row `row`.
    static func cell(_ column: Int, _ row: Int, columns: Int = 1, rows: Int = 1) -> Rect {
        let m = ControlCenterMetrics.self
        let unit = m.module + m.spacing
        return Rect(
            Double(column) * unit, Double(row) * unit, Double(columns) * unit - m.spacing,
            Double(rows) * unit - m.spacing)
    }

    override func layoutSubviews() {
        let size = Self.gridSize
        grid.frame = Rect(
            bounds.width - ControlCenterMetrics.trailing - size.width, ControlCenterMetrics.top, size.width, size.height
        )
        connectivity.frame = Self.cell(0, 0, columns: 2, rows: 2)
        brightness.frame = Self.cell(2, 0, rows: 2)
        volume.frame = Self.cell(3, 0, rows: 2)
        rotationLock.frame = Self.cell(0, 2)
        darkMode.frame = Self.cell(1, 2)
        focus.frame = Self.cell(2, 2, columns: 2)
        wifiList.frame = Rect(grid.frame.minX, grid.frame.minY, size.width, wifiList.preferredHeight)
        applyProgress()
    }

    /// Shows the list of Wi-Fi networks in place of the grid, or the grid again.
    func showWiFiList(_ shown: Bool) {
        wifiList.isHidden = !shown
        grid.isHidden = shown
        setNeedsLayout()
    }

    private func applyProgress() {
        let p = max(0, progress)
        let lift = -(1 - min(1, p)) * ControlCenterMetrics.slide
        // Beyond the end of a pull the modules give a little (a rubber band: a tenth of the excess).
        let stretch = max(0, p - 1) * ControlCenterMetrics.pullDistance * 0.1
        for v in [grid, wifiList] as [View] {
            v.transform = Transform(translationX: 0, y: lift + stretch)
            v.alpha = min(1, p)
        }
        setNeedsDisplay()
    }

    override func draw(in canvas: any Canvas) {
        let opacity = min(1, max(0, progress))
        if let backdrop, let beneath, opacity < 1 {
            backdrop.draw(in: canvas, rect: bounds, opacity: opacity, over: beneath)
        } else if let backdrop {
            backdrop.draw(in: canvas, rect: bounds, opacity: opacity)
        } else {
            canvas.fill(bounds, with: ControlCenterMetrics.dim.withAlpha(opacity))
        }
    }
}
