import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

// Other lockers: programs that lock the screen over ext-session-lock-v1 (swaylock).
extension Shell {
    // MARK: Other lockers

    /// A program's lock of the screen over ext-session-lock-v1 (swaylock) did `event`. Any program may
    /// lock an unlocked screen, as on sway and every wlroots compositor: a lock only takes from the
    /// person, and any program could show a look-alike lock screen in a full-screen window anyway. A
    /// lock asked for while the screen is locked — by another program or by Slate's own lock screen —
    /// is refused, so that no program takes over a lock it did not make and unlocks it. A locker that
    /// goes without unlocking leaves the screen locked, and Slate's lock screen takes the password.
    public func sessionLocker(_ locker: any SessionLocker, did event: SessionLockerEvent) {
        let s = lockState
        switch event {
        case .lock:
            // One lock at a time: a program may not take over a lock it did not make (and unlock it).
            if let held = s.locker, held !== locker {
                locker.refuse()
                return
            }
            if s.isLocked, s.locker == nil {
                locker.refuse()
                return
            }
            s.locker = locker
            locker.configure(size: bounds.size)
            if !s.isLocked { lock() }
        case .surfaceMapped:
            guard s.locker === locker else { return }
            s.view?.field.clear()
            s.view?.removeFromSuperview()
            s.view = nil
            if s.lockerView == nil {
                let view = SessionLockerView(locker: locker)
                locker.onChange = { [weak view] in view?.setNeedsDisplay() }
                insertSubview(view, above: edgeTargets.right)
                s.lockerView = view
            }
            _ = setFocus(nil)
            relayout(animated: false)
            setNeedsDisplay()
        case .unlock:
            guard s.locker === locker else { return }
            unlock()
        case .abandoned:
            guard s.locker === locker else { return }
            // The locker died with the screen locked: it stays locked, and Slate's lock screen takes
            // the password.
            s.lockerView?.removeFromSuperview()
            s.lockerView = nil
            s.locker = nil
            s.lockerConfirmed = false
            if s.isLocked {
                showLockScreen()
                showPasswordPage()
                s.view?.showMessage(LockScreenStrings.lockerEnded)
                relayout(animated: false)
            }
        }
    }

    /// Whether a program's lock (ext-session-lock) holds the screen now.
    public var isLockedByProgram: Bool { lockState.locker != nil }
}
