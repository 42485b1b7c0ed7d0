import Foundation
import Graphics
import Scenes
import ShellPorts
import SystemUI
import UI

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
        connectNotifications()
        connectLockServices()
        if !system.restWorkAdded {
            system.restWorkAdded = true
            addRestWork { [weak self] in self?.prepareControlCenterAtRest() }
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
        lockSettingsDidChange(change)
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
        updateLockClock()
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
}
