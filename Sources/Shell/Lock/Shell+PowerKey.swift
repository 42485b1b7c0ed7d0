import Foundation
import Graphics
import Scenes
import SystemUI
import UI

// The power key: a press locks and puts the screen to sleep, as an iPad's top button does; a press,
// a touch or a key wakes it to the lock screen; held a second, Power Off and Restart are offered.
extension Shell {
    // MARK: The screen asleep

    /// Whether the screen is asleep: the panel is off until a press of the power key, a touch or a
    /// key wakes it (the host swallows that touch or key).
    public var isScreenAsleep: Bool { lockState.asleep }

    /// Told when the screen goes to sleep (false) and wakes (true): a host with a panel turns it
    /// off and on through the output's power.
    public var onScreenPower: ((Bool) -> Void)? {
        get { lockState.onScreenPower }
        set { lockState.onScreenPower = newValue }
    }

    /// Puts the screen to sleep: locked first (a sleeping iPad is locked), then the panel off.
    public func sleepScreen() {
        let s = lockState
        guard !s.asleep else { return }
        if !s.isLocked { lock() }
        s.asleep = true
        s.onScreenPower?(false)
    }

    /// Wakes the screen to what it shows (the lock screen), drawn whole.
    public func wakeScreen() {
        let s = lockState
        guard s.asleep else { return }
        s.asleep = false
        noteActivity()
        damageAll()
        s.onScreenPower?(true)
    }

    // MARK: The power key

    /// The power key went down: the screen locks at once, and sleeps when the key comes up; asleep,
    /// it wakes. Held a second, Power Off and Restart are offered.
    func powerKeyPressed() {
        let s = lockState
        noteActivity()
        s.sleepsOnRelease = !s.asleep
        if s.asleep {
            wakeScreen()
        } else if !s.isLocked {
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
            guard let self else { return }
            self.lockState.powerHold = nil
            self.lockState.sleepsOnRelease = false
            self.wakeScreen()
            self.showPowerMenu()
        }
    }

    /// The power key came up: a short press locked, and the screen sleeps now (unless the press was
    /// the start of a screenshot's chord); a long one has its menu up.
    func powerKeyReleased() {
        let s = lockState
        s.powerHold?.cancel()
        s.powerHold = nil
        let screenshot = system.powerPressed == nil
        if s.sleepsOnRelease, !screenshot, s.powerMenu == nil { sleepScreen() }
        s.sleepsOnRelease = false
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
