import Foundation
import Graphics
import Scenes
import UI

/// What the shell keeps of the lock.
@MainActor final class LockState {
    /// Whether the screen is locked.
    var isLocked = false
    /// Slate's own lock screen, while locked (and no other program's lock is shown).
    var view: LockScreenView?
    /// A program that locked the screen over ext-session-lock-v1, while its lock holds.
    var locker: (any SessionLocker)?
    var lockerView: SessionLockerView?
    /// Whether the locker was told its lock holds (`locked`, once the frame without the apps drew).
    var lockerConfirmed = false
    /// The power key held: Power Off and Restart come when this runs.
    var powerHold: ScheduledAction?
    var powerMenu: PowerMenuView?
    /// The next look at the idle time.
    var autoLock: ScheduledAction?
    /// When the person last did something, on the shell's clock.
    var lastActivity = 0.0
    /// Told once the lock screen's frame is on the screen (logind's sleep waits for it).
    var whenShown: [@MainActor () -> Void] = []
    /// The system gestures' enabled states before the lock (they are all off while it holds).
    var gestures: [(GestureRecognizer, Bool)] = []
    /// Whether the session's start was looked at for `lockAtStart`.
    var startLooked = false
    /// Whether a password check runs now.
    var checking = false
    /// The lock screen's date line's formatter (made once a language and time zone).
    var dateFormatter: DateFormatter?
    /// The view that had the keys before the lock (it has them again after).
    weak var focusBefore: View?
    /// Makes the lock screen fail, to try the fallback (tests).
    var failure: LockScreenError?
    /// Told each time the screen locks or unlocks.
    var onChange: ((Bool) -> Void)?
    /// Whether a program holds the screen awake (the compositor's idle inhibitors).
    var heldAwake: (@MainActor () -> Bool)?
    /// Whether the screen locks by itself after the auto-lock time.
    var locksWhenIdle = true
    /// The system gestures that stay while locked (Control Center's pull and its swipe away).
    var keptGestures: [ObjectIdentifier] = []
}

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
    private func showLockScreen() {
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
        let view = LockScreenView(frame: bounds, plain: false)
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
            view.showMessage(LockScreenStrings.cannotCheck.text)
            return
        }
        s.checking = true
        view.field.isChecking = true
        view.showMessage(LockScreenStrings.checking.text)
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
            view.showMessage(LockScreenStrings.wrongPassword.text)
            view.shakeField()
        case .accountRefused(let line), .unavailable(let line):
            view.field.clear()
            view.showMessage(line)
        }
    }

    /// The message under the password field now (why it did not open), if any.
    @_spi(Testing) public var lockScreenMessage: String? { lockState.view?.message }

    // MARK: What it shows

    /// The lock screen's time and date, as the status bar's clock ticks.
    func updateLockClock() {
        guard let view = lockState.view, !view.isPlain else { return }
        let t = services.time.timeOfDay()
        let locale = environment.language == .ru ? "ru_RU" : "en_US"
        let formatter: DateFormatter
        if let made = lockState.dateFormatter, made.locale.identifier == locale,
            made.timeZone == services.time.timeZone
        {
            formatter = made
        } else {
            formatter = DateFormatter()
            formatter.locale = Locale(identifier: locale)
            formatter.timeZone = services.time.timeZone
            formatter.setLocalizedDateFormatFromTemplate("EEEEdMMMM")
            lockState.dateFormatter = formatter
        }
        view.show(
            time: StatusBarClockView.text(t, uses24HourTime: uses24HourTime),
            date: formatter.string(from: services.time.now()))
    }

    /// The notifications on the lock screen, newest first: their bodies only when the person lets
    /// them show while locked (`notificationPreviews` is `always`).
    func reloadLockNotifications() {
        guard let view = lockState.view, !view.isPlain else { return }
        let previews = settings[.notificationPreviews] == "always"
        let platters = notifications.prefix(LockScreenMetrics.maximumNotifications).map { n in
            var shown = n
            if !previews { shown.body = "" }
            let p = NotificationPlatterView(
                shown, icon: notificationIcon(for: n), time: timeText(n.date),
                bodyLines: NotificationMetrics.bannerBodyLines)
            p.identifier = "lock-notification"
            return p
        }
        view.setNotifications(Array(platters))
    }

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
                self.lock()
            } else {
                self.scheduleAutoLock()
            }
        }
    }

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

    /// A lock setting changed (`key`; nil: any may have).
    func lockSettingsDidChange(_ key: String?) {
        if key == nil || key == SettingKey<Double>.autoLockSeconds.name { scheduleAutoLock() }
        if key == nil { lockAtStartIfAsked() }
        if key == nil || key == SettingKey<String>.notificationPreviews.name { reloadLockNotifications() }
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
                s.view?.showMessage(LockScreenStrings.lockerEnded.text)
                relayout(animated: false)
            }
        }
    }

    /// Whether a program's lock (ext-session-lock) holds the screen now.
    public var isLockedByProgram: Bool { lockState.locker != nil }
}
