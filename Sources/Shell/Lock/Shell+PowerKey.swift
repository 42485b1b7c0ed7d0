import Foundation
import Graphics
import Scenes
import UI

// The power key: a press locks; held a second, Power Off and Restart are offered.
extension Shell {
    // MARK: The power key

    /// The power key went down: the screen locks at once; held a second, Power Off and Restart are
    /// offered.
    func powerKeyPressed() {
        let s = lockState
        noteActivity()
        if !s.isLocked {
            lock()
        } else if s.locker == nil, let view = s.view, view.page == .password, !s.checking {
            // Locked already: back to the clock, as a press puts an iPad's screen to sleep.
            view.field.clear()
            view.setPage(.clock, animated: false)
            s.openAfterUnlock = nil
            updateOnScreenKeyboard()
        }
        s.powerHold?.cancel()
        s.powerHold = dispatcher.schedule(after: LockScreenMetrics.powerHoldDuration) { [weak self] in
            self?.lockState.powerHold = nil
            self?.showPowerMenu()
        }
    }

    /// The power key came up: a short press locked; a long one has its menu up.
    func powerKeyReleased() {
        lockState.powerHold?.cancel()
        lockState.powerHold = nil
    }

    /// Power Off, Restart and Cancel, over the lock screen.
    func showPowerMenu() {
        let s = lockState
        guard s.powerMenu == nil else { return }
        let menu = PowerMenuView(frame: bounds)
        menu.onChoice = { [weak self] choice in
            guard let self else { return }
            self.lockState.powerMenu?.removeFromSuperview()
            self.lockState.powerMenu = nil
            guard choice != .cancel else { return }
            guard let session = self.services.session else {
                self.environment.errors.report(
                    LockScreenError(LockScreenStrings.noLoginManager), while: LockScreenStrings.powerOffOrRestart,
                    userAction: true)
                return
            }
            if choice == .powerOff { session.powerOff() } else { session.reboot() }
        }
        addSubview(menu)
        s.powerMenu = menu
    }

    /// Whether Power Off and Restart are offered now.
    @_spi(Testing) public var isPowerMenuShown: Bool { lockState.powerMenu != nil }
}
