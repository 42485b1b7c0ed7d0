import Foundation
import Graphics
import Scenes
import SystemUI
import UI

// The auto-lock: the screen locks itself and sleeps after Auto-Lock's time with no input.
extension Shell {
    // MARK: Idle

    /// The person did something now: the auto-lock counts from here.
    public func noteActivity() {
        lockState.lastActivity = clock.now
    }

    /// Seconds since the person last did something, on the shell's clock; 0 while a program on the
    /// screen holds it awake.
    public var idleTime: Double {
        if lockState.heldAwake?() == true { return 0 }
        return max(0, clock.now - lockState.lastActivity)
    }

    /// Looks at the idle time again when the auto-lock could next be due (`autoLockSeconds`; 0:
    /// never). Only a session that can check a password locks by itself: a headless run with no
    /// checker would lock for good.
    func scheduleAutoLock() {
        let s = lockState
        s.autoLock?.cancel()
        s.autoLock = nil
        let seconds = settings[.autoLockSeconds]
        guard !s.isLocked, s.locksWhenIdle, seconds > 0, seconds.isFinite, services.passwords != nil else { return }
        // Looked at again at least every half minute, so that a shorter time set meanwhile counts.
        let due = min(s.lastActivity + seconds, clock.now + LockScreenMetrics.autoLockLook)
        s.autoLock = dispatcher.schedule(at: max(clock.now, due)) { [weak self] in
            guard let self else { return }
            self.lockState.autoLock = nil
            // Settings (another process) may have changed the time.
            _ = self.settings.reloadIfChanged()
            if self.lockState.heldAwake?() == true { self.noteActivity() }
            let limit = self.settings[.autoLockSeconds]
            if limit > 0, self.clock.now - self.lockState.lastActivity >= limit {
                // As an iPad's Auto-Lock: locked, and the screen off.
                self.sleepScreen()
            } else {
                self.scheduleAutoLock()
            }
        }
    }
}
