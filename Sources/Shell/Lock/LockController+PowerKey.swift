import Foundation
import Graphics
import Scenes
import SystemUI
import UI

// The power key: a press locks and puts the screen to sleep, as an iPad's top button does; a press,
// a touch or a key wakes it to the lock screen; held a second, Power Off and Restart are offered.
extension LockController {
    // MARK: The screen asleep

    /// Puts the screen to sleep: locked first (a sleeping iPad is locked), then the panel off.
    func sleepScreen() {
        guard !asleep else { return }
        if !isLocked { lock() }
        asleep = true
        onScreenPower?(false)
    }

    /// Wakes the screen to what it shows (the lock screen), drawn whole.
    func wakeScreen() {
        guard asleep else { return }
        asleep = false
        noteActivity()
        shell.damageAll()
        onScreenPower?(true)
    }

    // MARK: The power key

    /// The power key went down: the screen locks at once, and sleeps when the key comes up; asleep,
    /// it wakes. Held a second, Power Off and Restart are offered.
    func powerKeyPressed() {
        noteActivity()
        sleepsOnRelease = !asleep
        if asleep {
            wakeScreen()
        } else if !isLocked {
            lock()
        } else if locker == nil, let view = self.view, view.page == .password, !checking {
            // Locked already: back to the clock, as a press puts an iPad's screen to sleep.
            view.field.clear()
            view.setPage(.clock, animated: false)
            openAfterUnlock = nil
            shell.keyboardPresenter.updateOnScreenKeyboard()
        }
        powerHold?.cancel()
        powerHold = shell.dispatcher.schedule(after: LockScreenMetrics.powerHoldDuration) { [weak self] in
            guard let self else { return }
            self.powerHold = nil
            self.sleepsOnRelease = false
            self.wakeScreen()
            self.showPowerMenu()
        }
    }

    /// The power key came up: a short press locked, and the screen sleeps now (unless the press was
    /// the start of a screenshot's chord); a long one has its menu up.
    func powerKeyReleased() {
        powerHold?.cancel()
        powerHold = nil
        let screenshot = shell.screenCapture.powerPressed == nil
        if sleepsOnRelease, !screenshot, powerMenu == nil { sleepScreen() }
        sleepsOnRelease = false
    }

    /// Power Off, Restart and Cancel, over the lock screen.
    func showPowerMenu() {
        guard powerMenu == nil else { return }
        let menu = PowerMenuView(frame: shell.bounds)
        menu.onChoice = { [weak self] choice in
            guard let self else { return }
            self.powerMenu?.removeFromSuperview()
            self.powerMenu = nil
            guard choice != .cancel else { return }
            guard let session = self.shell.services.session else {
                self.shell.environment.errors.report(
                    LockScreenError(LockScreenStrings.noLoginManager), while: LockScreenStrings.powerOffOrRestart,
                    userAction: true)
                return
            }
            if choice == .powerOff { session.powerOff() } else { session.reboot() }
        }
        shell.addSubview(menu)
        powerMenu = menu
    }
}
