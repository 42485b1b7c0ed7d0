import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

// The lock: the locked state, the password's check, and how the shell's input and layout keep to it.
extension LockController {
    // MARK: Locking

    /// Locks the screen now: the lock screen over everything, the apps' windows not drawn, their
    /// input cut off. Nothing when it is locked already.
    func lock() {
        guard !isLocked else { return }
        isLocked = true
        autoLock?.cancel()
        autoLock = nil
        shell.closeExpose()
        shell.hideControlCenter(animated: false)
        shell.hideNotificationCenter(animated: false)
        shell.hideSpotlight()
        // A banner shown a moment before would stay over the lock screen, its words readable and a
        // tap opening it: it goes (its notification stays, on the lock screen's list).
        for banner in shell.notificationController.banners {
            shell.notificationController.hideBanner(banner.notification.id, animated: false)
        }
        shell.hideMenuBar(animated: false)
        shell.setDockRevealed(false)
        shell.dispatcher.cancelAllTouches()
        focusBefore = shell.focusedView
        gestures = shell.dispatcher.systemGestureRecognizers.map { ($0, $0.isEnabled) }
        for g in shell.dispatcher.systemGestureRecognizers where !keptGestures.contains(ObjectIdentifier(g)) {
            g.isEnabled = false
        }
        // (Settings, another process, may have changed what the notifications show.)
        _ = shell.settings.reloadIfChanged()
        if self.locker == nil { showLockScreen() }
        shell.relayout(animated: false)
        // The app in use resigns active, as on iPadOS: it gives up the keys, and takes them again
        // when it is active again once unlocked.
        shell.updateLifecycle()
        shell.services.session?.setLockedHint(true)
        onChange?(true)
        shell.keyboardPresenter.updateOnScreenKeyboard()
    }

    /// Makes and shows Slate's lock screen; the plain one when it cannot be made.
    func showLockScreen() {
        self.view?.removeFromSuperview()
        let view: LockScreenView
        do {
            view = try makeLockScreen()
        } catch {
            shell.environment.errors.report(error, while: LockScreenStrings.showTheLockScreen)
            view = LockScreenView(frame: shell.bounds, plain: true)
        }
        view.onWantsPassword = { [weak self] in self?.showPasswordPage() }
        view.onTapNotification = { [weak self] id in self?.openAfterUnlock = id }
        view.field.onSubmit = { [weak self] password in self?.checkPassword(password) }
        shell.insertSubview(view, above: shell.edgeTargets.right)
        self.view = view
        _ = shell.setFocus(view.field)
        if view.isPlain { showPasswordPage() }
    }

    /// The full lock screen: the clock, the date, the notifications.
    private func makeLockScreen() throws(LockScreenError) -> LockScreenView {
        if let failure = self.failure {
            self.failure = nil
            throw failure
        }
        let view = LockScreenView(
            frame: shell.bounds, plain: false, wallpaperStyle: shell.wallpaper.style,
            wallpaperPicture: shell.wallpaper.picture)
        self.view = view
        updateLockClock()
        reloadLockNotifications()
        return view
    }

    /// The password page: the field, and the keyboard on the glass for it (unless a hardware keyboard
    /// is in use).
    func showPasswordPage() {
        guard let view = self.view else { return }
        if view.page != .password { view.setPage(.password, animated: true) }
        _ = shell.setFocus(view.field)
        shell.keyboardPresenter.updateOnScreenKeyboard()
        applyLock()
    }

    /// Unlocks: the apps' windows drawn again and their input back. Only a password the checker
    /// accepted, a locker's own unlock, or the login manager's `Unlock` comes here.
    func unlock() {
        guard isLocked else { return }
        // (The login manager's Unlock may come while the screen sleeps: it wakes to the apps.)
        wakeScreen()
        isLocked = false
        // (The compositor first, so that the app made active again is given the keys.)
        onChange?(false)
        shell.hideControlCenter(animated: false)
        self.view?.field.clear()
        self.view?.removeFromSuperview()
        self.view = nil
        lockerView?.removeFromSuperview()
        lockerView = nil
        self.locker = nil
        lockerConfirmed = false
        powerMenu?.removeFromSuperview()
        powerMenu = nil
        for (g, enabled) in gestures { g.isEnabled = enabled }
        gestures = []
        _ = shell.setFocus(nil)
        shell.relayout(animated: false)
        if let id = shell.focusedWindow { shell.focus(id) }
        shell.updateLifecycle()
        if let before = focusBefore, before.root === shell { _ = shell.setFocus(before) }
        focusBefore = nil
        shell.services.session?.setLockedHint(false)
        // The notification tapped on the lock screen, as iPadOS does: opened once the person is in.
        if let id = openAfterUnlock, let tapped = shell.notifications.first(where: { $0.id == id }) {
            shell.activateNotification(tapped)
        }
        openAfterUnlock = nil
        noteActivity()
        scheduleAutoLock()
        shell.keyboardPresenter.updateOnScreenKeyboard()
    }

    // MARK: The password

    /// Checks the password typed: the checker answers on the main actor; the bytes are wiped.
    func checkPassword(_ password: PasswordBytes) {
        guard let view = self.view, !checking else {
            password.wipe()
            return
        }
        guard let checker = shell.services.passwords else {
            password.wipe()
            view.showMessage(LockScreenStrings.cannotCheck)
            return
        }
        checking = true
        view.field.isChecking = true
        view.showMessage(LockScreenStrings.checking)
        checker.check(password) { [weak self] verdict in
            password.wipe()
            self?.passwordChecked(verdict)
        }
    }

    /// What the checker said.
    private func passwordChecked(_ verdict: PasswordVerdict) {
        checking = false
        guard let view = self.view else { return }
        view.field.isChecking = false
        switch verdict {
        case .accepted:
            unlock()
        case .refused:
            view.field.clear()
            view.showMessage(LockScreenStrings.wrongPassword)
            view.shakeField()
        case .accountRefused(let line), .unavailable(let line):
            view.field.clear()
            view.showMessage(LocalizedString(verbatim: line))
        }
    }

    // MARK: Wiring

    /// Watches the input for the idle time, takes the keys and text while locked, and follows the
    /// login manager. Called once, after the other input hooks are installed.
    func installLock() {
        let touches = shell.dispatcher.touchFilter
        shell.dispatcher.touchFilter = { [weak self] t in
            guard let self else { return false }
            self.noteActivity()
            // While locked, nothing behind the lock screen watches the finger (no window is focused).
            return self.isLocked ? false : touches?(t) ?? false
        }
        let pointer = shell.dispatcher.pointerFilter
        shell.dispatcher.pointerFilter = { [weak self] e in
            guard let self else { return false }
            self.noteActivity()
            return self.isLocked ? false : pointer?(e) ?? false
        }
        let hardware = shell.dispatcher.onHardwareKey
        shell.dispatcher.onHardwareKey = { [weak self] in
            self?.noteActivity()
            hardware?()
        }
        shell.dispatcher.keyFilters.insert({ [weak self] press in self?.lockedKey(press) ?? false }, at: 0)
        shell.dispatcher.textFilter = { [weak self] text in self?.lockedText(text) ?? false }
        let modifiers = shell.dispatcher.onModifiersChanged
        shell.dispatcher.onModifiersChanged = { [weak self] held in
            // Locked, Ctrl held shows no keyboard shortcuts.
            if self?.isLocked != true { modifiers?(held) }
        }
        shell.dispatcher.onKeyRelease = { [weak self] key in
            if key == .power { self?.powerKeyReleased() }
        }
        shell.addFrameWork { [weak self] in self?.lockFrameDrawn() }
        shell.addRestWork { [weak self] in self?.prepareLockScreenAtRest() }
    }

    /// A key while locked: the power and volume keys stay the system's; every other goes to the lock
    /// (the password field, or the locker's surface) and nowhere else.
    private func lockedKey(_ press: KeyPress) -> Bool {
        guard isLocked else { return false }
        switch press.key {
        case .power, .volumeUp, .volumeDown, .print: return false
        default: break
        }
        if let locker = self.locker {
            locker.key(press)
            return true
        }
        powerMenu?.removeFromSuperview()
        powerMenu = nil
        if shell.isControlCenterShown {
            if press.key == .escape { shell.hideControlCenter() }
            return true
        }
        guard let view = self.view else { return true }
        if view.page != .password {
            // A key on the clock page brings the password, and types there, as on iPadOS.
            showPasswordPage()
            if press.key == .escape || press.key == .return { return true }
        } else if press.key == .escape, press.modifiers.isEmpty, !view.isPlain {
            view.field.clear()
            view.setPage(.clock, animated: true)
            // Back to the clock: the notification tapped is no longer what the person asked for.
            self.openAfterUnlock = nil
            shell.keyboardPresenter.updateOnScreenKeyboard()
            return true
        }
        _ = view.field.handleKey(press)
        return true
    }

    /// Text typed on a hardware keyboard while locked: the password's (or the locker's).
    private func lockedText(_ text: String) -> Bool {
        guard isLocked else { return false }
        if let locker = self.locker {
            for c in text { locker.key(KeyPress(c == " " ? .space : .character(c))) }
            return true
        }
        guard let view = self.view else { return true }
        if view.page != .password { showPasswordPage() }
        _ = view.field.handleText(text)
        return true
    }

    /// Whether the lock keeps the keyboard on the glass: the password page's field while it shows.
    var lockTextInput: (any TextInputClient)?? {
        guard isLocked else { return nil }
        guard let view = self.view, view.page == .password else { return .some(nil) }
        return .some(view.field)
    }

    /// Hides what the lock keeps from the screen (called at the end of every layout): the windows,
    /// the Home screen, the Dock, layer surfaces and the overlays are not drawn at all while locked.
    func applyLock() {
        let locked = isLocked
        // (Exposé hides the windows too while it is open.)
        shell.windowLayer.isHidden = locked || shell.expose != nil
        if locked {
            shell.home.isHidden = true
            shell.dock.isHidden = true
            shell.wallpaper.isHidden = true
            shell.slideOverTab.isHidden = true
            shell.edgeTargets.left.isHidden = true
            shell.edgeTargets.right.isHidden = true
            shell.statusBar.lightContent = true
            shell.homeIndicator.lightContent = true
        } else {
            shell.dock.isHidden = false
        }
        shell.overlayLayer.isHidden = locked
        // The lock screen's own clock is the time: the status bar keeps only its right side.
        shell.statusBar.clock.isHidden = locked
        for container in shell.layers.containers.values { container.isHidden = locked }
        shell.layers.popups.isHidden = locked
        self.view?.frame = shell.bounds
        lockerView?.frame = shell.bounds
        powerMenu?.frame = shell.bounds
        if let locker = self.locker { locker.configure(size: shell.bounds.size) }
        if let kb = shell.onScreenKeyboard?.view, let lock = self.view ?? lockerView, locked,
            let below = shell.subviews.firstIndex(where: { $0 === kb }),
            let above = shell.subviews.firstIndex(where: { $0 === lock }),
            below < above
        {
            // The keyboard on the glass over the lock screen, for the password.
            kb.removeFromSuperview()
            shell.insertSubview(kb, above: lock)
        }
    }

    /// After each frame: the lock screen's first frame is on the screen — the sleep waiting for it
    /// may go on, and a locker is told its lock holds.
    private func lockFrameDrawn() {
        guard isLocked else { return }
        let waiting = whenShown
        whenShown = []
        for ready in waiting { ready() }
        if let locker = self.locker, !lockerConfirmed {
            lockerConfirmed = true
            locker.confirmLocked()
        }
    }

    /// Connects the login manager: its `Lock`, `Unlock` and sleep, and the auto-lock (services changed).
    func connectLockServices() {
        if let session = shell.services.session {
            session.onLock = { [weak self] in self?.lock() }
            session.onUnlock = { [weak self] in self?.unlock() }
            session.onPrepareForSleep = { [weak self] ready in
                guard let self else {
                    ready()
                    return
                }
                self.lock()
                self.whenShown.append(ready)
                self.shell.setNeedsDisplay()
            }
        }
        lockAtStartIfAsked()
        scheduleAutoLock()
    }

    /// A lock setting changed (`.all`: any may have).
    func lockSettingsDidChange(_ change: SettingChange) {
        if change.includes(.autoLockSeconds) { scheduleAutoLock() }
        if change == .all { lockAtStartIfAsked() }
        if change.includes(.notificationPreviews) { reloadLockNotifications() }
    }

    /// Locks once at the session's start when the person asked for it (`lockAtStart`).
    private func lockAtStartIfAsked() {
        guard !startLooked, shell.settings[.lockAtStart] else { return }
        startLooked = true
        lock()
    }

    /// Keeps `gesture` working while locked (Control Center's).
    func keepWhileLocked(_ gesture: GestureRecognizer) {
        self.keptGestures.append(ObjectIdentifier(gesture))
    }

    /// Puts Control Center where it shows: over the windows, or over the lock screen and its keyboard
    /// while locked (under the status bar either way).
    func placeControlCenter(_ cc: ControlCenterView) {
        if isLocked {
            shell.insertSubview(cc, below: shell.statusBar)
        } else {
            shell.overlayLayer.addSubview(cc)
        }
    }
}
