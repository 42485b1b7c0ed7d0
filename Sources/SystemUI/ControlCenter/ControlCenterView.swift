import Graphics
import Menus
import UI

/// Control Center: the screen blurred and dimmed behind a grid of modules hanging from its top-right
/// corner (`ControlCenterModules.all`: connectivity, brightness and volume, rotation lock, Dark Mode
/// and Do Not Disturb), each showing the state of the service behind it. A module the machine lacks
/// is not shown. `progress` (0…1) is how far it has come down: a pull from the corner sets it as the
/// finger moves, the open and close animations spring it.
@MainActor public final class ControlCenterView: View, AccessibilityDescribing {
    public let grid = PassthroughView()
    /// The modules, in the grid's order.
    public let modules: [any ControlCenterModule]
    /// Where each module sits in the grid, in the modules' order.
    private let cells: [ControlCenterGrid.Cell]
    /// The grid's rows, as many as the modules take.
    public let rows: Int
    public let wifiList = WiFiListView()
    /// The screen behind, blurred and dimmed (made as Control Center begins to come down).
    public var backdrop: MenuBackdrop?
    /// The screen as it was shown when Control Center began to come down: the backdrop fades in over
    /// it, so that nothing beneath is drawn again while it does.
    public var beneath: PixelImage? { didSet { isOpaqueCover = beneath != nil && backdrop != nil } }
    /// Called by a tap outside the modules.
    public var onDismiss: (() -> Void)?

    /// How far it has come down: 0 gone, 1 all there (a pull may take it a little beyond).
    public var progress = 0.0 {
        didSet {
            guard progress != oldValue else { return }
            applyProgress()
        }
    }

    /// Control Center with `modules`, placed in the grid in their order.
    public init(frame: Rect = .zero, modules: [any ControlCenterModule] = ControlCenterModules.all()) {
        let columns = ControlCenterMetrics.columns
        self.modules = modules
        cells = ControlCenterGrid.place(modules.map(\.span), columns: columns)
        rows = ControlCenterGrid.rows(modules.map(\.span), columns: columns)
        super.init(frame: frame)
        localizedAccessibilityLabel = ShellStrings.controlCenter
        isAccessibilityElement = false
        // The modules are a picture, moved and faded as Control Center comes and goes.
        grid.rasterizes = true
        addSubview(grid)
        for module in modules { grid.addSubview(module.view) }
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

    public var accessibilityRole: AccessibilityRole? { .panel }
    /// While it is shown, what is behind it leaves the accessibility tree (as VoiceOver's).
    public var accessibilityIsModal: Bool { true }

    /// The module of type `kind`, if Control Center has one.
    public func module<Module: ControlCenterModule>(_ kind: Module.Type) -> Module? {
        modules.lazy.compactMap { $0 as? Module }.first
    }

    /// The grid's size: the metrics' columns, as many rows as the modules take.
    var gridSize: Size { ControlCenterGrid.size(rows: rows) }

    public override func layoutSubviews() {
        let size = gridSize
        grid.frame = Rect(
            bounds.width - ControlCenterMetrics.trailing - size.width, ControlCenterMetrics.top, size.width, size.height
        )
        for (module, cell) in zip(modules, cells) { module.view.frame = ControlCenterGrid.frame(cell, module.span) }
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

    public override func draw(in canvas: any Canvas) {
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
