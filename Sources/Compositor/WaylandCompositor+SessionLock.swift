import Graphics
import ShellPorts
import SlateCompositorShim
import UI

// The lock: the shell's own (the clipboard and the screen closed to programs, nothing behind it
// keeping the keys) and a program's over ext-session-lock-v1 (swaylock), whose surface the shell
// shows as the lock screen.
extension WaylandCompositor {
    /// Follows the shell's lock, and answers its question of whether a program holds the screen awake.
    func connectLock() {
        shell?.onLockChange = { [weak self] locked in
            guard let self, let c = self.comp else { return }
            slate_comp_set_locked(c, locked ? 1 : 0)
        }
        shell?.screenHeldAwake = { [weak self] in self?.isIdleInhibited ?? false }
    }

    /// Whether the screen is locked, as the compositor keeps it (programs refused the clipboard and
    /// the screen).
    public var isLocked: Bool { comp.map { slate_comp_is_locked($0) != 0 } ?? false }

    /// What a program's lock did.
    func sessionLockEvent(_ handle: OpaquePointer, _ event: slate_session_lock_event) {
        switch event {
        case .lock:
            guard let comp else { return }
            let lock = ClientSessionLock(handle: handle, comp: comp, touchSlots: touchSlots)
            sessionLock = lock
            guard let shell else {
                lock.refuse()
                return
            }
            shell.sessionLocker(lock, did: .lock)
        case .mapped:
            guard let lock = sessionLock, lock.handle == handle else { return }
            clientsCommitted = true
            shell?.sessionLocker(lock, did: .surfaceMapped)
        case .commit:
            guard let lock = sessionLock, lock.handle == handle else { return }
            clientsCommitted = true
            lock.onChange?()
        case .unlock, .abandoned:
            guard let lock = sessionLock, lock.handle == handle else { return }
            lock.isAlive = false
            sessionLock = nil
            shell?.sessionLocker(lock, did: event == .unlock ? .unlock : .abandoned)
        }
    }
}

/// A program's lock of the screen (ext-session-lock-v1) as the shell sees it (`SessionLocker`).
@MainActor final class ClientSessionLock: SessionLocker {
    let handle: OpaquePointer
    let comp: OpaquePointer
    let touchSlots: TouchSlots
    /// False once it unlocked or went.
    var isAlive = true
    var onChange: (() -> Void)?

    init(handle: OpaquePointer, comp: OpaquePointer, touchSlots: TouchSlots) {
        self.handle = handle
        self.comp = comp
        self.touchSlots = touchSlots
    }

    var livePixels: (any PixelSource)? {
        guard isAlive else { return nil }
        var w: Int32 = 0
        var h: Int32 = 0
        var s: Int32 = 1
        guard slate_session_lock_picture_size(handle, &w, &h, &s) != 0 else { return nil }
        return ShimSurfacePixels(
            handle: handle, width: Int(w), height: Int(h), pixelScale: Int(max(1, s)),
            draw: slate_session_lock_draw, opaqueRect: slate_session_lock_opaque_rect)
    }

    /// The surface is configured to the screen when it is made (one output): nothing more to say.
    func configure(size: Size) {}

    func confirmLocked() {
        if isAlive { slate_session_lock_confirm(handle) }
    }

    func refuse() {
        guard isAlive else { return }
        isAlive = false
        slate_session_lock_refuse(handle)
    }

    func key(_ press: KeyPress) {
        guard isAlive else { return }
        slate_session_lock_keyboard_focus(handle)
        guard slate_session_lock_has_keyboard(handle) != 0 else { return }
        if case .character(let c) = press.key, press.modifiers.subtracting(.shift).isEmpty,
            c.unicodeScalars.count == 1, let u = c.unicodeScalars.first,
            slate_comp_type(comp, u.value, slate_comp_now_msec()) == 0
        {
            return
        }
        guard let (code, shift) = Keymap.code(for: press.key) else { return }
        let t = slate_comp_now_msec()
        let modifiers: [UInt32] = shift || press.modifiers.contains(.shift) ? [Keymap.leftShift] : []
        for m in modifiers { slate_comp_key(comp, m, 1, t) }
        slate_comp_key(comp, code, 1, t)
        slate_comp_key(comp, code, 0, t)
        for m in modifiers.reversed() { slate_comp_key(comp, m, 0, t) }
    }

    func pointer(_ event: ForeignPointerEvent) {
        guard isAlive else { return }
        let t = slate_comp_now_msec()
        switch event {
        case .moved(let p):
            slate_session_lock_pointer_motion(handle, p.x, p.y, t)
        case .down(let p):
            slate_session_lock_pointer_motion(handle, p.x, p.y, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_PRIMARY.rawValue, 1, t)
        case .up(let p):
            slate_session_lock_pointer_motion(handle, p.x, p.y, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_PRIMARY.rawValue, 0, t)
        case .secondaryClick, .middleClick, .leave:
            break
        case .scroll(_, let dx, let dy):
            slate_comp_pointer_axis(comp, dx, dy, t)
        case .penDown(let p):
            pointer(.touchDown(id: ClientToplevel.penTouchID, p))
        case .penMoved(let p):
            pointer(.touchMoved(id: ClientToplevel.penTouchID, p))
        case .penUp(let p):
            pointer(.touchUp(id: ClientToplevel.penTouchID, p))
        case .touchDown(let id, let p):
            guard let slot = touchSlots.take(id) else { return }
            slate_session_lock_touch_down(handle, slot, p.x, p.y, t)
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
