import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

// The lock: the locked state, the password's check, and how the shell's input and layout keep to it.
extension Shell {
    // MARK: State

    /// Whether the screen is locked: only the person's password opens it. While it is, no input
    /// reaches any app or program, none of their pixels is drawn (their windows are not drawn at
    /// all), no program may read the clipboard or copy the screen, and the Dock, App Exposé, the
    /// switcher, Control Center and Notification Center are off.
    public var isLocked: Bool { lockState.isLocked }

    /// Slate's lock screen while it shows.
    @_spi(Testing) public var lockScreen: LockScreenView? { lockState.view }

    /// Makes the next lock screen fail as `error` would (the plain one shows instead).
    @_spi(Testing) public func failNextLockScreen(_ error: LockScreenError) { lockState.failure = error }

    /// Told each time the screen locks or unlocks (the compositor closes the clipboard and the screen
    /// to programs while it is locked).
    public var onLockChange: ((Bool) -> Void)? {
        get { lockState.onChange }
        set { lockState.onChange = newValue }
    }

    /// Whether a program on the screen holds it awake (an idle inhibitor on a shown surface: a
    /// playing video); the compositor answers. The auto-lock waits while it does.
    public var screenHeldAwake: (@MainActor () -> Bool)? {
        get { lockState.heldAwake }
        set { lockState.heldAwake = newValue }
    }

    /// Whether the screen locks by itself after Auto-Lock's time with no input (true: a tablet's own
    /// screen). `slate run` in a window on a desktop leaves that to the desktop's own locker; the power
    /// key, logind's `Lock` and sleep still lock it.
    public var locksWhenIdle: Bool {
        get { lockState.locksWhenIdle }
        set {
            lockState.locksWhenIdle = newValue
            scheduleAutoLock()
        }
    }

    // MARK: Locking

    /// Locks the screen now: the lock screen over everything, the apps' windows not drawn, their
    /// input cut off. Nothing when it is locked already.
    public func lock() {
        let s = lockState
        guard !s.isLocked else { return }
        s.isLocked = true
        s.autoLock?.cancel()
        s.autoLock = nil
        closeExpose()
        hideControlCenter(animated: false)
        hideNotificationCenter(animated: false)
        // A banner shown a moment before would stay over the lock screen, its words readable and a
        // tap opening it: it goes (its notification stays, on the lock screen's list).
        for banner in notificationState.banners { hideBanner(banner.notification.id, animated: false) }
        hideMenuBar(animated: false)
        setDockRevealed(false)
        dispatcher.cancelAllTouches()
        s.focusBefore = focusedView
        s.gestures = dispatcher.systemGestureRecognizers.map { ($0, $0.isEnabled) }
        for g in dispatcher.systemGestureRecognizers where !s.keptGestures.contains(ObjectIdentifier(g)) {
            g.isEnabled = false
        }
        // (Settings, another process, may have changed what the notifications show.)
        _ = settings.reloadIfChanged()
        if s.locker == nil { showLockScreen() }
        relayout(animated: false)
        services.session?.setLockedHint(true)
        s.onChange?(true)
        updateOnScreenKeyboard()
    }

    /// Makes and shows Slate's lock screen; the plain one when it cannot be made.
    func showLockScreen() {
        let s = lockState
        s.view?.removeFromSuperview()
        let view: LockScreenView
        do {
            view = try makeLockScreen()
        } catch {
            environment.errors.report(error, while: LockScreenStrings.showTheLockScreen)
            view = LockScreenView(frame: bounds, plain: true)
        }
        view.onWantsPassword = { [weak self] in self?.showPasswordPage() }
        view.onTapNotification = { [weak self] id in self?.lockState.openAfterUnlock = id }
        view.field.onSubmit = { [weak self] password in self?.checkPassword(password) }
        insertSubview(view, above: edgeTargets.right)
        s.view = view
        _ = setFocus(view.field)
        if view.isPlain { showPasswordPage() }
    }

    /// The full lock screen: the clock, the date, the notifications.
    private func makeLockScreen() throws(LockScreenError) -> LockScreenView {
        if let failure = lockState.failure {
            lockState.failure = nil
            throw failure
        }
        let view = LockScreenView(
            frame: bounds, plain: false, wallpaperStyle: wallpaper.style, wallpaperPicture: wallpaper.picture)
        lockState.view = view
        updateLockClock()
        reloadLockNotifications()
        return view
    }

    /// The password page: the field, and the keyboard on the glass for it (unless a hardware keyboard
    /// is in use).
    public func showPasswordPage() {
        guard let view = lockState.view else { return }
        if view.page != .password { view.setPage(.password, animated: true) }
        _ = setFocus(view.field)
        updateOnScreenKeyboard()
        applyLock()
    }

    /// Unlocks: the apps' windows drawn again and their input back. Only a password the checker
    /// accepted, a locker's own unlock, or the login manager's `Unlock` comes here.
    func unlock() {
        let s = lockState
        guard s.isLocked else { return }
        // (The login manager's Unlock may come while the screen sleeps: it wakes to the apps.)
        wakeScreen()
        s.isLocked = false
        hideControlCenter(animated: false)
        s.view?.field.clear()
        s.view?.removeFromSuperview()
        s.view = nil
        s.lockerView?.removeFromSuperview()
        s.lockerView = nil
        s.locker = nil
        s.lockerConfirmed = false
        s.powerMenu?.removeFromSuperview()
        s.powerMenu = nil
        for (g, enabled) in s.gestures { g.isEnabled = enabled }
        s.gestures = []
        _ = setFocus(nil)
        relayout(animated: false)
        if let id = focusedWindow { focus(id) }
        if let before = s.focusBefore, before.root === self { _ = setFocus(before) }
        s.focusBefore = nil
        services.session?.setLockedHint(false)
        s.onChange?(false)
        // The notification tapped on the lock screen, as iPadOS does: opened once the person is in.
        if let id = s.openAfterUnlock, let tapped = notifications.first(where: { $0.id == id }) {
            activateNotification(tapped)
        }
        s.openAfterUnlock = nil
        noteActivity()
        scheduleAutoLock()
        updateOnScreenKeyboard()
    }

    // MARK: The password

    /// Checks the password typed: the checker answers on the main actor; the bytes are wiped.
    func checkPassword(_ password: PasswordBytes) {
        let s = lockState
        guard let view = s.view, !s.checking else {
            password.wipe()
            return
        }
        guard let checker = services.passwords else {
            password.wipe()
            view.showMessage(LockScreenStrings.cannotCheck)
            return
        }
        s.checking = true
        view.field.isChecking = true
        view.showMessage(LockScreenStrings.checking)
        checker.check(password) { [weak self] verdict in
            password.wipe()
            self?.passwordChecked(verdict)
        }
    }

    /// What the checker said.
    private func passwordChecked(_ verdict: PasswordVerdict) {
        let s = lockState
        s.checking = false
        guard let view = s.view else { return }
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

    /// The message under the password field now (why it did not open), if any.
    @_spi(Testing) public var lockScreenMessage: String? { lockState.view?.message }

    // MARK: Wiring

    /// Watches the input for the idle time, takes the keys and text while locked, and follows the
    /// login manager. Called once, after the other input hooks are installed.
    func installLock() {
        let touches = dispatcher.touchFilter
        dispatcher.touchFilter = { [weak self] t in
            guard let self else { return false }
            self.noteActivity()
            // While locked, nothing behind the lock screen watches the finger (no window is focused).
            return self.isLocked ? false : touches?(t) ?? false
        }
        let pointer = dispatcher.pointerFilter
        dispatcher.pointerFilter = { [weak self] e in
            guard let self else { return false }
            self.noteActivity()
            return self.isLocked ? false : pointer?(e) ?? false
        }
        let hardware = dispatcher.onHardwareKey
        dispatcher.onHardwareKey = { [weak self] in
            self?.noteActivity()
            hardware?()
        }
        dispatcher.keyFilters.insert({ [weak self] press in self?.lockedKey(press) ?? false }, at: 0)
        dispatcher.textFilter = { [weak self] text in self?.lockedText(text) ?? false }
        let modifiers = dispatcher.onModifiersChanged
        dispatcher.onModifiersChanged = { [weak self] held in
            // Locked, Ctrl held shows no keyboard shortcuts.
            if self?.isLocked != true { modifiers?(held) }
        }
        dispatcher.onKeyRelease = { [weak self] key in
            if key == .power { self?.powerKeyReleased() }
        }
        addFrameWork { [weak self] in self?.lockFrameDrawn() }
        addRestWork { [weak self] in self?.prepareLockScreenAtRest() }
    }

    /// A key while locked: the power and volume keys stay the system's; every other goes to the lock
    /// (the password field, or the locker's surface) and nowhere else.
    private func lockedKey(_ press: KeyPress) -> Bool {
        let s = lockState
        guard s.isLocked else { return false }
        switch press.key {
        case .power, .volumeUp, .volumeDown, .print: return false
        default: break
        }
        if let locker = s.locker {
            locker.key(press)
            return true
        }
        s.powerMenu?.removeFromSuperview()
        s.powerMenu = nil
        if isControlCenterShown {
            if press.key == .escape { hideControlCenter() }
            return true
        }
        guard let view = s.view else { return true }
        if view.page != .password {
            // A key on the clock page brings the password, and types there, as on iPadOS.
            showPasswordPage()
            if press.key == .escape || press.key == .return { return true }
        } else if press.key == .escape, press.modifiers.isEmpty, !view.isPlain {
            view.field.clear()
            view.setPage(.clock, animated: true)
            // Back to the clock: the notification tapped is no longer what the person asked for.
            lockState.openAfterUnlock = nil
            updateOnScreenKeyboard()
            return true
        }
        _ = view.field.handleKey(press)
        return true
    }

    /// Text typed on a hardware keyboard while locked: the password's (or the locker's).
    private func lockedText(_ text: String) -> Bool {
        let s = lockState
        guard s.isLocked else { return false }
        if let locker = s.locker {
            for c in text { locker.key(KeyPress(c == " " ? .space : .character(c))) }
            return true
        }
        guard let view = s.view else { return true }
        if view.page != .password { showPasswordPage() }
        _ = view.field.handleText(text)
        return true
    }

    /// Whether the lock keeps the keyboard on the glass: the password page's field while it shows.
    var lockTextInput: (any TextInputClient)?? {
        guard isLocked else { return nil }
        guard let view = lockState.view, view.page == .password else { return .some(nil) }
        return .some(view.field)
    }

    /// Hides what the lock keeps from the screen (called at the end of every layout): the windows,
    /// the Home screen, the Dock, layer surfaces and the overlays are not drawn at all while locked.
    func applyLock() {
        let locked = isLocked
        // (Exposé hides the windows too while it is open.)
        windowLayer.isHidden = locked || expose != nil
        if locked {
            home.isHidden = true
            dock.isHidden = true
            wallpaper.isHidden = true
            slideOverTab.isHidden = true
            edgeTargets.left.isHidden = true
            edgeTargets.right.isHidden = true
            statusBar.lightContent = true
            homeIndicator.lightContent = true
        } else {
            dock.isHidden = false
        }
        overlayLayer.isHidden = locked
        // The lock screen's own clock is the time: the status bar keeps only its right side.
        statusBar.clock.isHidden = locked
        for container in layers.containers.values { container.isHidden = locked }
        let s = lockState
        s.view?.frame = bounds
        s.lockerView?.frame = bounds
        s.powerMenu?.frame = bounds
        if let locker = s.locker { locker.configure(size: bounds.size) }
        if let kb = onScreenKeyboard?.view, let lock = s.view ?? s.lockerView, locked,
            let below = subviews.firstIndex(where: { $0 === kb }),
            let above = subviews.firstIndex(where: { $0 === lock }),
            below < above
        {
            // The keyboard on the glass over the lock screen, for the password.
            kb.removeFromSuperview()
            insertSubview(kb, above: lock)
        }
    }

    /// After each frame: the lock screen's first frame is on the screen — the sleep waiting for it
    /// may go on, and a locker is told its lock holds.
    private func lockFrameDrawn() {
        let s = lockState
        guard s.isLocked else { return }
        let waiting = s.whenShown
        s.whenShown = []
        for ready in waiting { ready() }
        if let locker = s.locker, !s.lockerConfirmed {
            s.lockerConfirmed = true
            locker.confirmLocked()
        }
    }

    /// Connects the login manager: its `Lock`, `Unlock` and sleep, and the auto-lock (services changed).
    func connectLockServices() {
        if let session = services.session {
            session.onLock = { [weak self] in self?.lock() }
            session.onUnlock = { [weak self] in self?.unlock() }
            session.onPrepareForSleep = { [weak self] ready in
                guard let self else {
                    ready()
                    return
                }
                self.lock()
                self.lockState.whenShown.append(ready)
                self.setNeedsDisplay()
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
        let s = lockState
        guard !s.startLooked, settings[.lockAtStart] else { return }
        s.startLooked = true
        lock()
    }

    /// Keeps `gesture` working while locked (Control Center's).
    func keepWhileLocked(_ gesture: GestureRecognizer) {
        lockState.keptGestures.append(ObjectIdentifier(gesture))
    }

    /// Puts Control Center where it shows: over the windows, or over the lock screen and its keyboard
    /// while locked (under the status bar either way).
    func placeControlCenter(_ cc: ControlCenterView) {
        if isLocked {
            insertSubview(cc, below: statusBar)
        } else {
            overlayLayer.addSubview(cc)
        }
    }
}
