import Foundation
import Graphics
import Menus
import OnScreenKeyboard
import Scenes
import ShellPorts
import SystemUI
import UI

// The shell's public face of the features it owns: what the host, the compositor, scripts and tests
// see of each controller, which keeps the feature's state and work (in its folder).
extension Shell {
    // MARK: The lock (`LockController`)

    /// Whether the screen is locked: only the person's password opens it. While it is, no input
    /// reaches any app or program, none of their pixels is drawn (their windows are not drawn at
    /// all), no program may read the clipboard or copy the screen, and the Dock, App Exposé, the
    /// switcher, Control Center and Notification Center are off.
    public var isLocked: Bool { lockController.isLocked }

    /// Slate's lock screen while it shows.
    @_spi(Testing) public var lockScreen: LockScreenView? { lockController.view }

    /// Makes the next lock screen fail as `error` would (the plain one shows instead).
    @_spi(Testing) public func failNextLockScreen(_ error: LockScreenError) { lockController.failure = error }

    /// Told each time the screen locks or unlocks (the compositor closes the clipboard and the screen
    /// to programs while it is locked).
    public var onLockChange: ((Bool) -> Void)? {
        get { lockController.onChange }
        set { lockController.onChange = newValue }
    }

    /// Whether a program on the screen holds it awake (an idle inhibitor on a shown surface: a
    /// playing video); the compositor answers. The auto-lock waits while it does.
    public var screenHeldAwake: (@MainActor () -> Bool)? {
        get { lockController.heldAwake }
        set { lockController.heldAwake = newValue }
    }

    /// Whether the screen locks by itself after Auto-Lock's time with no input (true: a tablet's own
    /// screen). `slate run` in a window on a desktop leaves that to the desktop's own locker; the power
    /// key, logind's `Lock` and sleep still lock it.
    public var locksWhenIdle: Bool {
        get { lockController.locksWhenIdle }
        set {
            lockController.locksWhenIdle = newValue
            lockController.scheduleAutoLock()
        }
    }

    /// The message under the password field now (why it did not open), if any.
    @_spi(Testing) public var lockScreenMessage: String? { lockController.view?.message }

    /// Whether the screen is asleep: the panel is off until a press of the power key, a touch or a
    /// key wakes it (the host swallows that touch or key).
    public var isScreenAsleep: Bool { lockController.asleep }

    /// Told when the screen goes to sleep (false) and wakes (true): a host with a panel turns it
    /// off and on through the output's power.
    public var onScreenPower: ((Bool) -> Void)? {
        get { lockController.onScreenPower }
        set { lockController.onScreenPower = newValue }
    }

    /// Whether Power Off and Restart are offered now.
    @_spi(Testing) public var isPowerMenuShown: Bool { lockController.powerMenu != nil }

    /// Whether a program's lock (ext-session-lock) holds the screen now.
    public var isLockedByProgram: Bool { lockController.locker != nil }

    /// Seconds since the person last did something, on the shell's clock; 0 while a program on the
    /// screen holds it awake.
    public var idleTime: Double {
        if lockController.heldAwake?() == true { return 0 }
        return max(0, clock.now - lockController.lastActivity)
    }

    /// The person did something now: the auto-lock counts from here.
    public func noteActivity() { lockController.noteActivity() }

    /// Locks the screen now: the lock screen over everything, the apps' windows not drawn, their
    /// input cut off. Nothing when it is locked already.
    public func lock() { lockController.lock() }

    /// The password page: the field, and the keyboard on the glass for it (unless a hardware keyboard
    /// is in use).
    public func showPasswordPage() { lockController.showPasswordPage() }

    /// Puts the screen to sleep: locked first (a sleeping iPad is locked), then the panel off.
    public func sleepScreen() { lockController.sleepScreen() }

    /// Wakes the screen to what it shows (the lock screen), drawn whole.
    public func wakeScreen() { lockController.wakeScreen() }

    /// A program's lock of the screen over ext-session-lock-v1 (swaylock) did `event`
    /// (`LockController.sessionLocker(_:did:)` says how each is met).
    public func sessionLocker(_ locker: any SessionLocker, did event: SessionLockerEvent) {
        lockController.sessionLocker(locker, did: event)
    }

    // MARK: Notifications (`NotificationController`)

    /// Makes an XDG activation token for a program whose notification the person tapped (the
    /// compositor sets it; nil: no token is handed over).
    public var makeActivationToken: (@MainActor () -> String?)? {
        get { notificationController.makeActivationToken }
        set { notificationController.makeActivationToken = newValue }
    }

    /// Shows `notification` (a banner, unless Do Not Disturb holds it) and keeps it in Notification
    /// Center (unless transient); a notification of a number shown already replaces it in place.
    public func post(_ notification: ShellNotification) { notificationController.post(notification) }

    /// Closes notification `id` for `reason` (its banner goes, it leaves the list, and its program
    /// hears why).
    public func closeNotification(_ id: UInt32, reason: NotificationCloseReason) {
        notificationController.closeNotification(id, reason: reason)
    }

    /// Opens `notification` as a tap does (`action`: its sender's action key).
    public func activateNotification(
        _ notification: ShellNotification, action: String = NotificationCenterActions.open
    ) {
        notificationController.activateNotification(notification, action: action)
    }

    /// The notifications kept, newest first (Notification Center's).
    public var notifications: [ShellNotification] { notificationController.notifications }

    /// The banners' titles and bodies on the screen now, newest first (tests read them).
    @_spi(Testing) public var notificationBanners: [NotificationPlatterView] {
        notificationController.notificationBanners
    }

    /// Writes the list now (atomically; a failure is said once and the list stays in memory).
    public func saveNotifications() { notificationController.saveNotifications() }

    /// Whether Notification Center is shown (or coming down).
    public var isNotificationCenterShown: Bool { notificationController.isNotificationCenterShown }

    /// Brings Notification Center down.
    public func showNotificationCenter(animated: Bool = true) {
        notificationController.showNotificationCenter(animated: animated)
    }

    /// Sends Notification Center up and away.
    public func hideNotificationCenter(animated: Bool = true) {
        notificationController.hideNotificationCenter(animated: animated)
    }

    /// Clears the group of the app called `name` (Clear): its notifications leave the list, and their
    /// programs hear they were dismissed.
    public func clearNotificationGroup(_ name: String) { notificationController.clearNotificationGroup(name) }

    /// Notification Center while it shows.
    @_spi(Testing) public var notificationCenterView: NotificationCenterView? {
        notificationController.notificationCenterView
    }

    // MARK: Spotlight (`SpotlightController`)

    /// Whether Spotlight is shown.
    public var isSpotlightShown: Bool { spotlight.isShown }

    /// Shows Spotlight, its field taking the keys (as Ctrl+Space or a swipe down on the Home screen).
    public func showSpotlight() { spotlight.show() }

    /// Puts Spotlight away.
    public func hideSpotlight() { spotlight.hide() }

    /// How many items the apps offered Spotlight, and whether some are still being indexed (or their
    /// changes decoded).
    public var spotlightAppItemCount: Int { spotlight.appItems.values.reduce(0) { $0 + $1.count } }
    /// Whether the items apps offered Spotlight are still to be written to disk, or being written.
    public var isSavingSpotlightItems: Bool { spotlight.itemsSaving || !spotlight.itemsUnsaved.isEmpty }
    /// The bytes the items apps offered Spotlight are kept in (for measuring).
    public var spotlightAppItemBytes: Int { spotlight.appItems.values.reduce(0) { $0 + $1.byteCount } }
    public var isIndexingSpotlightItems: Bool { !spotlight.itemsIndexing.isEmpty || !spotlight.decoding.isEmpty }

    /// Spotlight while it shows.
    @_spi(Testing) public var spotlightView: SpotlightView? { spotlight.view }

    // MARK: Control Center (`ControlCenterController`)

    /// Whether Control Center is made ready (its backdrop, its modules' picture) each time the screen
    /// rests, so that a pull's first frame is as quick as the next: on a real screen, where the cost
    /// is taken while nothing else is; off in headless runs and tests, which pull it seldom.
    public var preparesControlCenterAtRest: Bool {
        get { controlCenterController.preparesControlCenterAtRest }
        set { controlCenterController.preparesControlCenterAtRest = newValue }
    }

    /// Whether Control Center is shown (or coming down).
    public var isControlCenterShown: Bool { controlCenterController.isControlCenterShown }

    /// Brings Control Center down (animated, as after a pull let go).
    public func showControlCenter(animated: Bool = true) {
        controlCenterController.showControlCenter(animated: animated)
    }

    /// Sends Control Center up and away.
    public func hideControlCenter(animated: Bool = true) {
        controlCenterController.hideControlCenter(animated: animated)
    }

    /// Dark Mode on or off (Control Center's module): the setting, and the screen at once.
    public func setDarkMode(_ on: Bool) { controlCenterController.setDarkMode(on) }

    /// Airplane Mode, the person's setting: every radio off (Wi-Fi and Bluetooth with it), or on again.
    public func setAirplaneMode(_ on: Bool) { controlCenterController.setAirplaneMode(on) }

    /// Shows in Control Center what the services and settings say now; hides what the machine lacks.
    public func refreshControlCenter() { controlCenterController.refreshControlCenter() }

    /// Control Center's view (tests find its modules and drive its progress).
    @_spi(Testing) public var controlCenterProgress: Double? { controlCenterController.controlCenterProgress }

    // MARK: The keyboard on the glass (`KeyboardPresenter`)

    /// Whether the keyboard on the glass shows when a field takes text (see `KeyboardPolicy`).
    public var keyboardPolicy: KeyboardPolicy {
        get { keyboardPresenter.policy }
        set {
            keyboardPresenter.policy = newValue
            keyboardPresenter.hardwareSeen = false
            keyboardPresenter.updateOnScreenKeyboard()
        }
    }

    /// Where the keyboard's suggestions come from (the host puts hunspell here).
    public var textSuggester: (any TextSuggesting)? {
        get { keyboardPresenter.suggester }
        set {
            keyboardPresenter.suggester = newValue
            keyboardPresenter.keyboard?.suggester = settings[.keyboardSuggestions] ? newValue : nil
        }
    }

    /// The keyboard on the glass, once it has been shown.
    public var onScreenKeyboard: KeyboardController? { keyboardPresenter.keyboard }

    /// Whether the keyboard on the glass is shown (sliding in counts).
    public var isKeyboardShown: Bool { keyboardPresenter.isShown }

    /// Whether the keyboard floats (pinched in): it leaves the windows as they are.
    public var isKeyboardFloating: Bool { keyboardPresenter.isFloating }

    /// A keyboard a person types on is attached, or the last went (`slate session`: libinput's
    /// keyboards with letter keys). Under the automatic policy the keyboard on the glass stays away
    /// while one is, as on an iPad with a Magic Keyboard, and shows for fields again once none is.
    public func hardwareKeyboardAttached(_ attached: Bool) { keyboardPresenter.hardwareKeyboardAttached(attached) }

    // MARK: The system's menus (`SystemMenusController`)

    /// The menu bar on the screen, while it is there.
    public var menuBarOverlay: MenuBarOverlay? { systemMenus.menuBarOverlay }

    /// Shows the focused window's menu bar, sliding down from the top edge; false when there is none
    /// to show. `byPointer`: it goes again when the pointer leaves it.
    @discardableResult
    public func showMenuBar(byPointer: Bool = false) -> Bool { systemMenus.showMenuBar(byPointer: byPointer) }

    /// Puts the menu bar away, if it is there.
    public func hideMenuBar(animated: Bool = true) { systemMenus.hideMenuBar(animated: animated) }

    /// The menu bar of the window `id` as it shows: the app's (an app in this process makes it now;
    /// an app process's is as it last declared it) with the system's commands; nil for a program's
    /// window (its menus are its own) or a window that is not there.
    public func menuBar(forWindow id: String) -> MenuBar? { systemMenus.menuBar(forWindow: id) }

    /// Quit: the app's windows leave the screen (their sessions stay, and come back when the app is
    /// opened again), and an app running as a process of its own is asked to end (SIGTERM: it saves
    /// its windows first).
    public func quit(_ app: ShellApp) { systemMenus.quit(app) }

    /// The panel that lists the focused app's shortcuts, while Ctrl is held; false when there is
    /// none to show.
    public var shortcutsPanel: ShortcutsPanelView? { systemMenus.shortcutsPanel }

    /// Shows the focused window's keyboard shortcuts, grouped by menu; false when it has none.
    @discardableResult
    public func showShortcutsPanel() -> Bool { systemMenus.showShortcutsPanel() }

    // MARK: Taking the screen (`ScreenCaptureController`)

    /// Where screenshots are saved (the host sets `$XDG_PICTURES_DIR/Screenshots`); nil: nowhere.
    public var screenshotsFolder: URL? {
        get { screenCapture.screenshotsFolder }
        set { screenCapture.screenshotsFolder = newValue }
    }

    /// The screenshots saved so far, oldest first (their paths).
    public var savedScreenshots: [String] { screenCapture.savedScreenshots }

    /// Takes a picture of the screen as it is shown: the flash, the thumbnail, and the PNG saved.
    public func takeScreenshot() { screenCapture.takeScreenshot() }

    /// Whether a screenshot's thumbnail is in the corner now.
    @_spi(Testing) public var isScreenshotThumbnailShown: Bool { screenCapture.isScreenshotThumbnailShown }

    /// A program copied the screen: the time sits on a red capsule until no copy came for
    /// `ShellMetrics.recordingIndicatorHold` seconds. One check is scheduled at a time, however
    /// often a recorder copies.
    public func screenWasCopied() { screenCapture.screenWasCopied() }

    /// Whether the status bar shows that the screen is being recorded.
    @_spi(Testing) public var showsRecording: Bool { screenCapture.showsRecording }

    // MARK: Windowed Apps (`WindowedAppsController`)

    /// The full-screen control: full screen, or out of it.
    public func toggleFullScreen(_ id: String) { windowing.toggleFullScreen(id) }

    /// Minimizes a window into its app's icon in the Dock: it shrinks there, and the window behind it
    /// takes input. In Full-Screen Apps it goes to the background.
    public func minimizeWindow(_ id: String) { windowing.minimizeWindow(id) }

    /// The tiling layouts, as the window controls' menu and the Window menu show them: Full Screen
    /// and Fill, the halves across, and the rest in three submenus.
    public func tilingMenu(for id: String) -> [MenuElement] { windowing.tilingMenu(for: id) }
}
