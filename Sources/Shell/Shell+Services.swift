import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI
import Windowing

// The machine's services as the shell shows them: the clock ticking at the minute, the battery and
// network in the status bar, Control Center's modules, the accelerometer turning the screen; and the
// person's settings (rotation lock, Dark Mode, Do Not Disturb, 24-hour time).
extension Shell {
    /// Listens to every service, and shows what each says now.
    func connectServices() {
        let changed: @MainActor () -> Void = { [weak self] in self?.servicesDidChange() }
        services.power?.onChange = changed
        services.network?.onChange = changed
        services.brightness?.onChange = changed
        services.audio?.onChange = changed
        services.bluetooth?.onChange = changed
        services.orientation?.onChange = { [weak self] in self?.orientationDidChange() }
        servicesDidChange()
        updateClock()
        notificationController.connectNotifications()
        lockController.connectLockServices()
        if !controlCenterController.restWorkAdded {
            controlCenterController.restWorkAdded = true
            addRestWork { [weak self] in self?.controlCenterController.prepareControlCenterAtRest() }
        }
    }

    /// Shows what the services say now: the status bar, and Control Center if it is shown.
    func servicesDidChange() {
        statusBar.battery.battery = services.power?.battery
        statusBar.network.status = shownNetworkStatus
        statusBar.setNeedsLayout()
        refreshControlCenter()
    }

    /// The network as the status bar shows it: the airplane in Airplane Mode while nothing is joined
    /// (Wi-Fi joined in Airplane Mode shows its bars, as iPadOS's shows them beside the airplane).
    var shownNetworkStatus: NetworkStatus? {
        let status = services.network?.status
        guard settings[.airplaneMode], status == nil || status == .disconnected else { return status }
        return .airplane
    }

    /// Follows the settings store (a new one is read whole).
    func watchSettings() {
        settings.observe { [weak self] change in self?.settingsDidChange(change) }
        settingsDidChange(.all)
    }

    /// A setting changed (`.all`: any may have, a new store): the screen follows it.
    func settingsDidChange(_ change: SettingChange) {
        if change.includes(.darkMode) {
            let dark = settings[.darkMode]
            // Only a change the person made turns the screen: a store that says nothing keeps the
            // appearance the run was started with.
            if change != .all || settings.isSet(.darkMode) {
                appearance = dark ? .dark : .light
            }
        }
        if change.includes(.timeFormat) || change.includes(.appearanceAutomatic) { updateClock() }
        settingsOfSettingsDidChange(change)
        if change.includes(.rotationLock) { orientationDidChange() }
        if change.includes(.airplaneMode) { statusBar.network.status = shownNetworkStatus }
        lockController.lockSettingsDidChange(change)
        refreshControlCenter()
    }

    /// Whether the clock shows 24 hours: the person's setting, else the locale's.
    var uses24HourTime: Bool {
        switch settings[.timeFormat] {
        case .twentyFourHour: true
        case .twelveHour: false
        case .locale: services.time.uses24HourTime
        }
    }

    /// Shows the time now and sets the next tick for when the minute changes (only the clock is drawn
    /// again then).
    func updateClock() {
        let t = services.time.timeOfDay()
        statusBar.clock.show(t, uses24HourTime: uses24HourTime)
        lockController.updateLockClock()
        followTimeOfDay(t)
        system.clockTick?.cancel()
        system.clockTick = nil
        guard t.secondsToNextMinute.isFinite else { return }
        let wait = min(60, max(0, t.secondsToNextMinute)) + ShellMetrics.clockTickDelay
        system.clockTick = dispatcher.schedule(at: clock.now + wait) { [weak self] in
            self?.system.clockTick = nil
            self?.updateClock()
        }
    }

    /// The time the status bar shows ("9:41").
    @_spi(Testing) public var statusBarTime: String { statusBar.time }
    /// The clock's view (for measuring its tick's damage).
    @_spi(Testing) public var statusBarClockFrame: Rect { statusBar.clock.frameInRoot }

    // MARK: Settings

    // What Settings changes, followed by the shell at once: the language of every window, the Dock,
    // the multitasking mode, the wallpaper, the text size, and the appearance by the time of day.
    /// A setting Settings keeps changed (`change`; `.all`: a new store, read whole).
    func settingsOfSettingsDidChange(_ change: SettingChange) {
        /// Whether `setting` changed, or (read whole) the file sets it.
        func changed<Value>(_ setting: SettingKey<Value>) -> Bool {
            change == .all ? settings.isSet(setting) : change.is(setting)
        }
        if changed(.language) {
            setLanguage(settings[.language].language ?? Language.fromEnvironment(ProcessInfo.processInfo.environment))
        }
        if change.is(.dockApps) || change.is(.dockShowsRecents) { rebuildRecents() }
        if changed(.multitasking), let mode = MultitaskingMode(settings[.multitasking]) { setMultitasking(mode) }
        if change.includes(.wallpaper) { showWallpaper(settings[.wallpaper]) }
        if change.includes(.textSize) { setContentSizeCategory(ContentSizeCategory(bodySize: settings[.textSize])) }
        if change.is(.keyboardSuggestions) || change.is(.keyboardLayouts) { keyboardSettingsDidChange() }
    }

    /// Every window of the shell's screen in `language`: the Home screen and Dock, and each app in
    /// the shell's process made again in it (an app process follows the settings file itself).
    public func setLanguage(_ language: Language) {
        guard environment.language != language else { return }
        switchLanguage(to: language)
        rebuildIcons()
        for app in apps where !(app.application is ProcessApp) && !(app.application is ForeignApp) {
            app.runtime.languageDidChange()
        }
    }

    /// Settings › Wallpaper: a built-in one by name, or a PNG file by its path (read once, at the
    /// screen's scale; one that cannot be read is said in a line and Slate's gradient shows).
    func showWallpaper(_ chosen: String) {
        wallpaper.style = chosen
        guard chosen.hasPrefix("/"), let renderer = environment.renderer else {
            wallpaper.picture = nil
            return
        }
        wallpaper.picture = environment.errors.attempt(ShellStrings.showTheWallpaper) {
            try renderer.readPNG(chosen, scale: 1)
        }
    }

    /// Settings › Keyboard: suggestions follow at once; the layouts when the keyboard next shows (a
    /// keyboard put away is made again with them).
    func keyboardSettingsDidChange() {
        let s = keyboardPresenter
        s.keyboard?.suggester = settings[.keyboardSuggestions] ? s.suggester : nil
        if let kb = s.keyboard, !s.isShown, kb.layouts.map(\.language.rawValue) != settings[.keyboardLayouts] {
            kb.view.removeFromSuperview()
            s.keyboard = nil
        }
    }

    /// Settings › Display & Brightness › Automatic: dark from 19:00 to 7:00, written as Dark Mode so
    /// that every app process follows it too.
    func followTimeOfDay(_ time: TimeOfDay) {
        guard settings[.appearanceAutomatic] else { return }
        let dark = time.hour >= ShellMetrics.automaticDarkHour || time.hour < ShellMetrics.automaticLightHour
        if settings[.darkMode] != dark { settings[.darkMode] = dark }
    }

    // MARK: Rotation

    // Rotation: the accelerometer (iio-sensor-proxy) turns the screen between portrait and landscape
    // unless rotation lock is on. The shell takes its new size and lays every window out again (the apps
    // are told their new sizes as on any resize); the host turns its picture on the panel and its input
    // (`onScreenTurn`). The screen as it was turns away over the new layout, as iPadOS's rotation does.

    /// The screen's orientation on the panel: quarter turns counter-clockwise from the panel's own
    /// (0…3; `wl_output`'s transforms count them the same way).
    public var screenQuarterTurns: Int { system.quarterTurns }

    /// Told, with the new quarter turns, when the screen turns (the host turns its picture and input).
    public var onScreenTurn: ((Int) -> Void)? {
        get { system.onScreenTurn }
        set { system.onScreenTurn = newValue }
    }

    /// Turns the screen to the accelerometer's orientation, unless rotation lock is on.
    func orientationDidChange() {
        guard !settings[.rotationLock], let o = services.orientation?.orientation else { return }
        turnScreen(to: o.quarterTurns, animated: true)
    }

    /// Turns the screen to `quarterTurns` on the panel: an odd change swaps its width and height and
    /// lays everything out again; the host hears of it through `onScreenTurn` (before the first frame
    /// of the new orientation).
    public func turnScreen(to quarterTurns: Int, animated: Bool = true) {
        let turns = ((quarterTurns % 4) + 4) % 4
        let change = ((turns - system.quarterTurns) % 4 + 4) % 4
        guard change != 0 else { return }
        let before = animated ? environment.shownScreen?() : nil
        // Control Center's blurred screen is of the old shape: it goes.
        hideControlCenter(animated: false)
        system.quarterTurns = turns
        if change % 2 == 1 {
            device = device.turned
            frame = Rect(size: device.size)
        }
        screenCapture.screenshotViewer?.frame = bounds
        relayout(animated: false)
        damageAll()
        onScreenTurn?(turns)
        if let before { startRotationAnimation(from: before, change: change) }
    }

    /// Another panel came, of `panelSize` points as it stands (not turned): everything is laid out
    /// again for it, turned as before; the host hears of it through `onScreenTurn`.
    public func panelDidChange(to panelSize: Size) {
        let turned = system.quarterTurns % 2 == 1 ? Size(panelSize.height, panelSize.width) : panelSize
        guard turned != bounds.size else { return }
        // Control Center's blurred screen is of the old size: it goes.
        hideControlCenter(animated: false)
        device = Device(device.model, screenSize: turned)
        frame = Rect(size: turned)
        screenCapture.screenshotViewer?.frame = bounds
        relayout(animated: false)
        damageAll()
        onScreenTurn?(system.quarterTurns)
    }

    /// The screen's picture as it was turns by the change (counter-clockwise quarter turns of the
    /// content) back to upright and fades, over the new layout.
    private func startRotationAnimation(from picture: PixelImage, change: Int) {
        system.rotationAnimation?.cancel()
        system.rotation?.removeFromSuperview()
        let overlay = RotationOverlayView(picture: picture, change: change)
        overlay.frame = bounds
        addSubview(overlay)
        system.rotation = overlay
        system.rotationAnimation = animator.animate(
            duration: ShellMetrics.rotationDuration, curve: ShellMetrics.rotationCurve,
            apply: { [weak overlay] t in overlay?.progress = t },
            completion: { [weak self, weak overlay] _ in
                overlay?.removeFromSuperview()
                if self?.system.rotation === overlay { self?.system.rotation = nil }
            })
    }
}
