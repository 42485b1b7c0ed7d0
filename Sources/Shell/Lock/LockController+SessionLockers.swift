import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

// Other lockers: programs that lock the screen over ext-session-lock-v1 (swaylock).
extension LockController {
    // MARK: Other lockers

    /// A program's lock of the screen over ext-session-lock-v1 (swaylock) did `event`. Any program may
    /// lock an unlocked screen, as on sway and every wlroots compositor: a lock only takes from the
    /// person, and any program could show a look-alike lock screen in a full-screen window anyway. A
    /// lock asked for while the screen is locked — by another program or by Slate's own lock screen —
    /// is refused, so that no program takes over a lock it did not make and unlocks it. A locker that
    /// goes without unlocking leaves the screen locked, and Slate's lock screen takes the password.
    func sessionLocker(_ locker: any SessionLocker, did event: SessionLockerEvent) {
        switch event {
        case .lock:
            // One lock at a time: a program may not take over a lock it did not make (and unlock it).
            if let held = self.locker, held !== locker {
                locker.refuse()
                return
            }
            if isLocked, self.locker == nil {
                locker.refuse()
                return
            }
            self.locker = locker
            locker.configure(size: shell.bounds.size)
            if !isLocked { lock() }
        case .surfaceMapped:
            guard self.locker === locker else { return }
            self.view?.field.clear()
            self.view?.removeFromSuperview()
            self.view = nil
            if lockerView == nil {
                let view = SessionLockerView(locker: locker)
                locker.onChange = { [weak view] in view?.setNeedsDisplay() }
                shell.insertSubview(view, above: shell.edgeTargets.right)
                lockerView = view
            }
            _ = shell.setFocus(nil)
            shell.relayout(animated: false)
            shell.setNeedsDisplay()
        case .unlock:
            guard self.locker === locker else { return }
            unlock()
        case .abandoned:
            guard self.locker === locker else { return }
            // The locker died with the screen locked: it stays locked, and Slate's lock screen takes
            // the password.
            lockerView?.removeFromSuperview()
            lockerView = nil
            self.locker = nil
            lockerConfirmed = false
            if isLocked {
                showLockScreen()
                showPasswordPage()
                self.view?.showMessage(LockScreenStrings.lockerEnded)
                shell.relayout(animated: false)
            }
        }
    }
}
