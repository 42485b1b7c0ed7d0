import Foundation
import Graphics
import Scenes
import SystemUI
import UI

// The auto-lock: the screen locks itself and sleeps after Auto-Lock's time with no input.
extension LockController {
    // MARK: Idle

    /// The person did something now: the auto-lock counts from here.
    func noteActivity() {
        self.lastActivity = shell.clock.now
    }

    /// Looks at the idle time again when the auto-lock could next be due (`autoLockSeconds`; 0:
    /// never). Only a session that can check a password locks by itself: a headless run with no
    /// checker would lock for good.
    func scheduleAutoLock() {
        autoLock?.cancel()
        autoLock = nil
        let seconds = shell.settings[.autoLockSeconds]
        guard !isLocked, locksWhenIdle, seconds > 0, seconds.isFinite, shell.services.passwords != nil else { return }
        // Looked at again at least every half minute, so that a shorter time set meanwhile counts.
        let due = min(lastActivity + seconds, shell.clock.now + LockScreenMetrics.autoLockLook)
        autoLock = shell.dispatcher.schedule(at: max(shell.clock.now, due)) { [weak self] in
            guard let self else { return }
            self.autoLock = nil
            // Settings (another process) may have changed the time.
            _ = self.shell.settings.reloadIfChanged()
            if self.heldAwake?() == true { self.noteActivity() }
            let limit = self.shell.settings[.autoLockSeconds]
            if limit > 0, self.shell.clock.now - self.lastActivity >= limit {
                // As an iPad's Auto-Lock: locked, and the screen off.
                self.sleepScreen()
            } else {
                self.scheduleAutoLock()
            }
        }
    }
}
