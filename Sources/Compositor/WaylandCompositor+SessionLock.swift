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
    /// Its lock surface, as the shell draws it and gives it input.
    let surface: ShownSurface
    /// False once it unlocked or went.
    var isAlive = true
    var onChange: (() -> Void)?

    init(handle: OpaquePointer, comp: OpaquePointer, touchSlots: TouchSlots) {
        self.handle = handle
        self.comp = comp
        surface = ShownSurface(handle: slate_session_lock_surface(handle), comp: comp, touchSlots: touchSlots)
    }

    var livePixels: (any PixelSource)? { isAlive ? surface.livePixels : nil }

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
        guard surface.takeKeyboard() else { return }
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
        if isAlive { surface.pointer(event, secondaryButtons: false) }
    }
}
