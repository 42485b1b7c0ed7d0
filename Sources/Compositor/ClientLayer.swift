import Graphics
import ShellPorts
import SlateCompositorShim
import UI

/// A client's layer surface (wlr-layer-shell) as the shell sees it (`LayerSurface`).
@MainActor public final class ClientLayer: LayerSurface {
    let handle: OpaquePointer
    /// What the shell draws and gives input to.
    let surface: ShownSurface
    /// False once the client destroyed it.
    var isAlive = true
    var isMapped = false
    public var onChange: (() -> Void)?
    public var onPopupsChange: (() -> Void)?
    /// Its popups, open or not yet shown, in the order they came.
    private(set) var popupViews: [ClientPopup] = []

    init(handle: OpaquePointer, comp: OpaquePointer, touchSlots: TouchSlots) {
        self.handle = handle
        surface = ShownSurface(handle: slate_layer_surface(handle), comp: comp, touchSlots: touchSlots)
    }

    public var placement: LayerPlacement {
        var p = slate_layer_placement()
        if isAlive { slate_layer_info(handle, &p) }
        return LayerPlacement(
            layer: LayerPlacement.Layer(p.layer),
            anchor: LayerPlacement.Edges(rawValue: p.anchor), exclusiveZone: Double(p.exclusive_zone),
            margins: EdgeInsets(
                top: Double(p.margin_top), left: Double(p.margin_left), bottom: Double(p.margin_bottom),
                right: Double(p.margin_right)),
            size: Size(Double(p.width), Double(p.height)),
            keyboard: LayerPlacement.Keyboard(p.keyboard))
    }

    public var namespace: String { isAlive ? String(cString: slate_layer_namespace(handle)) : "" }

    public var livePixels: (any PixelSource)? { isAlive && isMapped ? surface.livePixels : nil }

    public var popups: [ForeignPopup] {
        popupViews.filter { $0.isMapped }.map { ForeignPopup(frame: $0.frame, picture: $0.picture) }
    }

    public var popupArea: Rect? {
        didSet { if popupArea != oldValue { for p in popupViews { p.constrain() } } }
    }

    /// The size last asked of it, so that it is told again only when it changes.
    private(set) var configured: Size?

    public func configure(size: Size) {
        guard isAlive, size != configured else { return }
        configured = size
        slate_layer_configure(handle, Int32(size.width.rounded()), Int32(size.height.rounded()))
    }

    /// Asked for a new place or size: the next configure is sent even if the size is the same (the
    /// protocol wants one in answer).
    func placementChanged() { configured = nil }

    /// Whether it (or a popup of its) has the keyboard.
    public var hasKeyboardFocus: Bool { isAlive && slate_layer_has_keyboard(handle) != 0 }

    public func takeKeyboard() {
        if isAlive { slate_layer_take_keyboard(handle) }
    }

    public func pointer(_ event: ForeignPointerEvent) {
        if isAlive { surface.pointer(event, secondaryButtons: true) }
    }
}

extension ClientLayer: PopupOwner {
    var popupBounds: Rect { popupArea ?? Rect(origin: .zero, size: configured ?? .zero) }

    func attach(_ popup: ClientPopup) { popupViews.append(popup) }

    func detach(_ popup: ClientPopup) {
        popupViews.removeAll { $0 === popup }
        popupsChanged()
    }

    func popupsChanged() { onPopupsChange?() }
}

extension LayerPlacement.Layer {
    /// The shim's layer, as the shell names it.
    init(_ level: slate_layer_level) {
        self =
            switch level {
            case .background: .background
            case .bottom: .bottom
            case .top: .top
            case .overlay: .overlay
            }
    }
}

extension LayerPlacement.Keyboard {
    /// The shim's keyboard interactivity, as the shell names it.
    init(_ keyboard: slate_layer_keyboard) {
        self =
            switch keyboard {
            case .none: .none
            case .exclusive: .exclusive
            case .onDemand: .onDemand
            }
    }
}
