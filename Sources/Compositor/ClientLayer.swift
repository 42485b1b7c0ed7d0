import Graphics
import ShellPorts
import SlateCompositorShim
import UI

/// A client's layer surface (wlr-layer-shell) as the shell sees it (`LayerSurface`).
@MainActor public final class ClientLayer: LayerSurface {
    let handle: OpaquePointer
    let comp: OpaquePointer
    let touchSlots: TouchSlots
    /// False once the client destroyed it.
    var isAlive = true
    var isMapped = false
    public var onChange: (() -> Void)?

    init(handle: OpaquePointer, comp: OpaquePointer, touchSlots: TouchSlots) {
        self.handle = handle
        self.comp = comp
        self.touchSlots = touchSlots
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

    public var livePixels: (any PixelSource)? {
        guard isAlive, isMapped else { return nil }
        var w: Int32 = 0
        var h: Int32 = 0
        var s: Int32 = 1
        guard slate_layer_picture_size(handle, &w, &h, &s) != 0 else { return nil }
        return ShimSurfacePixels(
            handle: handle, width: Int(w), height: Int(h), pixelScale: Int(max(1, s)), draw: slate_layer_draw,
            opaqueRect: slate_layer_opaque_rect)
    }

    /// The size last asked of it, so that it is told again only when it changes.
    private var configured: Size?

    public func configure(size: Size) {
        guard isAlive, size != configured else { return }
        configured = size
        slate_layer_configure(handle, Int32(size.width.rounded()), Int32(size.height.rounded()))
    }

    /// Asked for a new place or size: the next configure is sent even if the size is the same (the
    /// protocol wants one in answer).
    func placementChanged() { configured = nil }

    public func takeKeyboard() {
        if isAlive { slate_layer_keyboard_focus(handle) }
    }

    public func pointer(_ event: ForeignPointerEvent) {
        guard isAlive else { return }
        let t = slate_comp_now_msec()
        switch event {
        case .moved(let p):
            slate_layer_pointer_motion(handle, p.x, p.y, t)
        case .down(let p):
            slate_layer_pointer_motion(handle, p.x, p.y, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_PRIMARY.rawValue, 1, t)
        case .up(let p):
            slate_layer_pointer_motion(handle, p.x, p.y, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_PRIMARY.rawValue, 0, t)
        case .secondaryClick(let p), .middleClick(let p):
            let button = event == .secondaryClick(p) ? SLATE_BUTTON_SECONDARY : SLATE_BUTTON_MIDDLE
            slate_layer_pointer_motion(handle, p.x, p.y, t)
            slate_comp_pointer_button(comp, button.rawValue, 1, t)
            slate_comp_pointer_button(comp, button.rawValue, 0, t)
        case .scroll(_, let dx, let dy):
            slate_comp_pointer_axis(comp, dx, dy, t)
        case .leave:
            slate_comp_pointer_leave(comp)
        case .penDown(let p):
            // A panel or a keyboard reads no pen: a finger.
            pointer(.touchDown(id: ClientToplevel.penTouchID, p))
        case .penMoved(let p):
            pointer(.touchMoved(id: ClientToplevel.penTouchID, p))
        case .penUp(let p):
            pointer(.touchUp(id: ClientToplevel.penTouchID, p))
        case .touchDown(let id, let p):
            guard let slot = touchSlots.take(id) else { return }
            slate_layer_touch_down(handle, slot, p.x, p.y, t)
        case .touchMoved(let id, let p):
            guard let slot = touchSlots.slot(of: id) else { return }
            slate_comp_touch_motion(comp, nil, slot, p.x, p.y, t)
        case .touchUp(let id, _):
            guard let slot = touchSlots.slot(of: id) else { return }
            slate_comp_touch_up(comp, slot, t)
            touchSlots.free(id)
        case .touchCancelled:
            slate_comp_touch_cancel(comp, nil)
        }
    }
}

/// A shim surface's pixels (a layer surface's, a lock surface's) read straight from its buffers for
/// the frame being drawn, through the shim's two calls for that kind of surface.
struct ShimSurfacePixels: PixelSource, @unchecked Sendable {
    /// The shim's `…_draw`: the rectangle's pixels into `out`.
    typealias Draw =
        @convention(c) (
            OpaquePointer?, Int32, Int32, Int32, Int32, UnsafeMutablePointer<UInt8>?, Int32
        ) -> Int32
    /// The shim's `…_opaque_rect`: the part the surface paints opaquely.
    typealias OpaqueRect =
        @convention(c) (
            OpaquePointer?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?, UnsafeMutablePointer<Int32>?,
            UnsafeMutablePointer<Int32>?
        ) -> Int32

    let handle: OpaquePointer
    let width: Int
    let height: Int
    let pixelScale: Int
    let draw: Draw
    let opaqueRect: OpaqueRect

    var pixelWidth: Int { width }
    var pixelHeight: Int { height }
    var scale: Double { Double(pixelScale) }

    var opaquePart: PixelRect {
        var x: Int32 = 0
        var y: Int32 = 0
        var w: Int32 = 0
        var h: Int32 = 0
        _ = opaqueRect(handle, &x, &y, &w, &h)
        return PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
    }

    func write(_ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int) {
        _ = draw(
            handle, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
            UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self), Int32(stride * 4))
    }
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
