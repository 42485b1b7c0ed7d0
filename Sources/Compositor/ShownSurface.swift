import Graphics
import ShellPorts
import SlateCompositorShim
import UI

/// A surface the shell shows by itself rather than as a window — a layer surface or a program's lock
/// surface — through the shim's one set of calls for either (`slate_surface_…`): its picture read
/// for the frame, and the pointer, fingers and keys given to it.
@MainActor struct ShownSurface {
    /// The shim's surface; valid while what it belongs to lives (its owner checks).
    let handle: OpaquePointer
    let comp: OpaquePointer
    let touchSlots: TouchSlots

    /// Its picture, read straight from its buffers for the frame being drawn; nil while it is not
    /// shown or has no buffer.
    var livePixels: (any PixelSource)? {
        var w: Int32 = 0
        var h: Int32 = 0
        var s: Int32 = 1
        guard slate_surface_picture_size(handle, &w, &h, &s) != 0 else { return nil }
        return ShimSurfacePixels(handle: handle, width: Int(w), height: Int(h), pixelScale: Int(max(1, s)))
    }

    /// Its frame was shown, at `msec` of the compositor's clock.
    func frameDone(_ msec: UInt32) { slate_surface_frame_done(handle, msec) }

    /// It is in the frame about to be presented.
    func sampled() { slate_surface_sampled(handle) }

    /// Gives it the keys; whether it has them now.
    @discardableResult
    func takeKeyboard() -> Bool {
        slate_surface_keyboard_focus(handle)
        return slate_surface_has_keyboard(handle) != 0
    }

    /// The pointer, a finger or the pen on it (points in its surface). `secondaryButtons`: the
    /// secondary and middle clicks and the pointer's leaving reach it too (a lock surface takes only
    /// the primary button).
    func pointer(_ event: ForeignPointerEvent, secondaryButtons: Bool) {
        let t = slate_comp_now_msec()
        switch event {
        case .moved(let p):
            slate_surface_pointer_motion(handle, p.x, p.y, t)
        case .down(let p):
            slate_surface_pointer_motion(handle, p.x, p.y, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_PRIMARY.rawValue, 1, t)
        case .up(let p):
            slate_surface_pointer_motion(handle, p.x, p.y, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_PRIMARY.rawValue, 0, t)
        case .secondaryClick(let p), .middleClick(let p):
            guard secondaryButtons else { return }
            let button = event == .secondaryClick(p) ? SLATE_BUTTON_SECONDARY : SLATE_BUTTON_MIDDLE
            slate_surface_pointer_motion(handle, p.x, p.y, t)
            slate_comp_pointer_button(comp, button.rawValue, 1, t)
            slate_comp_pointer_button(comp, button.rawValue, 0, t)
        case .scroll(_, let dx, let dy):
            slate_comp_pointer_axis(comp, dx, dy, t)
        case .leave:
            if secondaryButtons { slate_comp_pointer_leave(comp) }
        case .penDown(let p):
            // A panel, a dock or a lock reads no pen: a finger.
            pointer(.touchDown(id: ClientToplevel.penTouchID, p), secondaryButtons: secondaryButtons)
        case .penMoved(let p):
            pointer(.touchMoved(id: ClientToplevel.penTouchID, p), secondaryButtons: secondaryButtons)
        case .penUp(let p):
            pointer(.touchUp(id: ClientToplevel.penTouchID, p), secondaryButtons: secondaryButtons)
        case .touchDown(let id, let p):
            guard let slot = touchSlots.take(id) else { return }
            slate_surface_touch_down(handle, slot, p.x, p.y, t)
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

/// A shown surface's pixels read straight from its buffers for the frame being drawn
/// (`slate_surface_draw`, `slate_surface_opaque_rect`).
struct ShimSurfacePixels: PixelSource, @unchecked Sendable {
    let handle: OpaquePointer
    let width: Int
    let height: Int
    let pixelScale: Int

    var pixelWidth: Int { width }
    var pixelHeight: Int { height }
    var scale: Double { Double(pixelScale) }

    var opaquePart: PixelRect {
        var x: Int32 = 0
        var y: Int32 = 0
        var w: Int32 = 0
        var h: Int32 = 0
        _ = slate_surface_opaque_rect(handle, &x, &y, &w, &h)
        return PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
    }

    func write(_ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int) {
        _ = slate_surface_draw(
            handle, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height),
            UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self), Int32(stride * 4))
    }
}
