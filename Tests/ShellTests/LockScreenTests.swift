import Foundation
import Graphics
import Host
import Scenes
import ShellPorts
import SlateTesting
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts
@testable import SystemUI

/// A password checker for the shell's own tests: one password opens, anything else is refused, and
/// `unavailable` stands for a PAM that cannot check. The real one (PAM with pam_wrapper) is tested
/// end to end in `SessionServicesTests` and the compositor's tests.
@MainActor final class TestPasswordChecker: PasswordChecking {
    let password: [UInt8]
    /// Answers every check with this instead, when set.
    var verdict: PasswordVerdict?
    /// What was checked (counts only: the bytes are gone).
    var checks = 0
    /// Whether every password handed over was wiped by the time the answer came.
    var handedOver: [PasswordBytes] = []

    init(_ password: String) { self.password = Array(password.utf8) }

    func check(_ password: PasswordBytes, completion: @escaping @MainActor (PasswordVerdict) -> Void) {
        checks += 1
        let right = password.bytes == self.password
        password.wipe()
        handedOver.append(password)
        completion(verdict ?? (right ? .accepted : .refused))
    }
}

/// A login manager for the shell's own tests (the real one, logind over D-Bus, is tested against
/// python-dbusmock in `SessionServicesTests`).
@MainActor final class TestSessionManager: SessionManagerService {
    var onLock: (@MainActor () -> Void)?
    var onUnlock: (@MainActor () -> Void)?
    var onPrepareForSleep: (@MainActor (@escaping @MainActor () -> Void) -> Void)?
    var holdsPowerKey: Bool { true }
    var hints: [Bool] = []
    var powerOffs = 0
    var reboots = 0
    func setLockedHint(_ locked: Bool) { hints.append(locked) }
    func powerOff() { powerOffs += 1 }
    func reboot() { reboots += 1 }
}

/// Whether a program holds the screen awake (a playing video), for the auto-lock's test.
@MainActor final class AwakeFlag {
    var playing = true
}

/// The lock screen as a person meets it: the power key, the auto-lock, logind's lock and sleep; the
/// password on a hardware keyboard and on the glass; nothing behind it reached or drawn; its pictures
/// in both languages and appearances.
@MainActor @Suite(.serialized) struct LockScreenTests {
    func locked(_ language: Language = .en, password: String? = "hunter", window: Bool = true) throws -> ShellWorld {
        let w = try systemWorld(language: language, window: window, scale: 1)
        if let password { w.shell.services.passwords = TestPasswordChecker(password) }
        try run(w, "lock\nexpect locked")
        return w
    }

    @Test func thePowerKeyLocksAndNothingOfTheAppsIsDrawnOrReached() throws {
        let w = try systemWorld(window: true, scale: 1)
        try run(w, "expect unlocked\nexpect visible \"Ideas\"")
        let session = TestSessionManager()
        w.shell.services.session = session
        try run(w, "lock\nexpect locked\nexpect not visible \"Ideas\"\nexpect not visible \"Notes\" in dock")
        #expect(session.hints == [true])
        // The windows are not drawn at all, not covered: their layer is out of the frame.
        #expect(w.shell.windowLayer.isHidden)
        #expect(w.shell.visibilityKey.visible.isEmpty)
        #expect(w.shell.visibilityKey.focused == nil)
        // No system gesture but Control Center's: the swipe up from the bottom edge (the Dock, the
        // switcher) and Notification Center's pull do nothing.
        let bottom = Point(400, w.shell.bounds.height - 4)
        let id = w.host.touchDown(at: bottom)
        w.host.drag(id, from: bottom, to: Point(400, 500), duration: 0.3)
        w.host.run(for: 0.8)
        w.host.touchUp(id, at: Point(400, 500))
        w.host.run(for: 0.5)
        #expect(!w.shell.dockRevealed)
        #expect(w.shell.expose == nil)
        let top = Point(60, 6)
        let pull = w.host.touchDown(at: top)
        w.host.drag(pull, from: top, to: Point(60, 400), duration: 0.2)
        w.host.touchUp(pull, at: Point(60, 400))
        w.host.run(for: 0.5)
        #expect(!w.shell.isNotificationCenterShown)
        // The system's shortcuts are off: Ctrl+H, Ctrl+↑ do nothing; the keys go to the password.
        try run(w, "key ctrl+up\nkey ctrl+h\nexpect locked")
        #expect(w.shell.expose == nil)
        #expect(w.shell.lockScreen?.page == .password)
    }

    @Test func typingGoesOnlyToThePasswordAndAWrongOneShakesAndClears() throws {
        let w = fieldsWorld()
        try run(w, "launch Fields\ntap \"Body\"")
        let id = try #require(w.shell.focusedWindow)
        let fields = try #require((w.shell.windows[id]?.scene.rootView as? FieldsView)?.body)
        let checker = TestPasswordChecker("hunter")
        w.shell.services.passwords = checker
        try run(w, "lock\ntype \"secret\"")
        let lock = try #require(w.shell.lockScreen)
        #expect(lock.page == .password)
        #expect(lock.field.dotCount == 6)
        #expect(fields.text.isEmpty, "nothing typed reached the app's field")
        try run(w, "key backspace")
        #expect(lock.field.dotCount == 5)
        try run(w, "key return\nexpect locked")
        #expect(checker.checks == 1)
        #expect(checker.handedOver.allSatisfy { $0.bytes.isEmpty }, "the password was wiped")
        #expect(lock.field.dotCount == 0)
        #expect(w.shell.lockScreenMessage == "Wrong password")
        try run(w, "type \"hunter\"\nkey return\nexpect unlocked")
        #expect(w.shell.lockScreen == nil)
        #expect(!w.shell.windowLayer.isHidden)
        try run(w, "type \"x\"")
        #expect(fields.text == "x", "unlocked, the keys reach the app again")
    }

    @Test func theRightPasswordOnTheKeyboardOnTheGlassUnlocks() throws {
        let w = try systemWorld(window: true, scale: 1)
        w.shell.services.passwords = TestPasswordChecker("ab")
        try run(w, "keyboard on-screen\nlock\ntap 100,600")
        #expect(w.shell.isKeyboardShown)
        let kb = try #require(w.shell.onScreenKeyboard)
        // A password field: no suggestions, no popups.
        #expect(kb.target?.textInputTraits.isSecureTextEntry == true)
        #expect(kb.target?.textInputTraits.showsSuggestions == false)
        try run(w, "tap \"a\" in keyboard\ntap \"b\" in keyboard\nexpect locked")
        #expect(w.shell.lockScreen?.field.dotCount == 2)
        expectReference(w.host.frame(), "lock-password-keyboard-en")
        try run(w, "tap \"Go\" in keyboard\nexpect unlocked\nexpect visible \"Ideas\"")
    }

    @Test func withNoCheckerItSaysSoAndStaysLocked() throws {
        let w = try locked(password: nil)
        try run(w, "type \"anything\"\nkey return\nexpect locked")
        #expect(w.shell.lockScreenMessage == LockScreenStrings.cannotCheck.en)
        let checker = TestPasswordChecker("x")
        checker.verdict = .unavailable("cannot check the password: PAM's slate service is missing")
        w.shell.services.passwords = checker
        try run(w, "type \"x\"\nkey return\nexpect locked")
        #expect(w.shell.lockScreenMessage == "cannot check the password: PAM's slate service is missing")
        checker.verdict = .accountRefused("the account has expired")
        try run(w, "type \"x\"\nkey return\nexpect locked")
        #expect(w.shell.lockScreenMessage == "the account has expired")
    }

    @Test func aLockScreenThatFailsLeavesThePlainOneWhichStillOpens() throws {
        let w = try systemWorld(window: true, scale: 1)
        w.shell.services.passwords = TestPasswordChecker("pw")
        w.shell.failNextLockScreen(LockScreenError("the wallpaper could not be drawn"))
        try run(w, "lock\nexpect locked\nexpect not visible \"Ideas\"")
        let lock = try #require(w.shell.lockScreen)
        #expect(lock.isPlain)
        #expect(lock.page == .password)
        #expect(w.shell.environment.errors.logged.last?.contains("the wallpaper could not be drawn") == true)
        try run(w, "type \"pw\"\nkey return\nexpect unlocked")
    }

    @Test func itLocksByItselfAfterTheAutoLockTimeUnlessAProgramHoldsTheScreenAwake() throws {
        let w = try systemWorld(window: true, scale: 1)
        w.shell.services.passwords = TestPasswordChecker("pw")
        w.shell.settings[.autoLockSeconds] = 60
        try run(w, "tap 300,300")
        w.host.run(for: 59)
        #expect(!w.shell.isLocked)
        try run(w, "tap 300,300")
        w.host.run(for: 59)
        #expect(!w.shell.isLocked, "a touch starts the count again")
        w.host.run(for: 2)
        #expect(w.shell.isLocked)
        try run(w, "type \"pw\"\nkey return\nexpect unlocked")
        let video = AwakeFlag()
        w.shell.screenHeldAwake = { video.playing }
        w.host.run(for: 120)
        #expect(!w.shell.isLocked, "a playing video holds it off")
        video.playing = false
        w.host.run(for: 61)
        #expect(w.shell.isLocked)
    }

    @Test func theLoginManagerLocksAndTheSleepWaitsForTheLockScreen() throws {
        let w = try systemWorld(window: true, scale: 1)
        let session = TestSessionManager()
        w.shell.services.session = session
        session.onLock?()
        #expect(w.shell.isLocked)
        session.onUnlock?()
        #expect(!w.shell.isLocked)
        var ready = 0
        session.onPrepareForSleep? { ready += 1 }
        #expect(w.shell.isLocked)
        #expect(ready == 0, "not before the lock screen is drawn")
        w.host.frame()
        #expect(ready == 1)
        #expect(session.hints == [true, false, true])
    }

    @Test func holdingThePowerKeyOffersPowerOffAndRestart() throws {
        let w = try systemWorld(window: true, scale: 1)
        let session = TestSessionManager()
        w.shell.services.session = session
        try run(w, "hold key power for 0.5s\nexpect locked")
        #expect(!w.shell.isPowerMenuShown)
        try run(w, "hold key power for 1.2s\nexpect visible \"Power Off\"\nexpect visible \"Restart\"")
        expectReference(w.host.frame(), "lock-power-menu-en")
        try run(w, "tap \"Restart\"\nexpect locked")
        #expect(session.reboots == 1)
        try run(w, "hold key power for 1.2s\ntap \"Power Off\"")
        #expect(session.powerOffs == 1)
        // With no login manager, the one line says why, over the lock screen.
        w.shell.services.session = nil
        try run(w, "hold key power for 1.2s\ntap \"Power Off\"\nexpect locked")
        #expect(w.shell.bannerMessage == "cannot power off or restart: no login manager (logind) answers")
    }

    @Test func thePowerKeyLocksAndPutsTheScreenToSleepAndAPressWakesIt() throws {
        let w = try systemWorld(window: true, scale: 1)
        w.shell.services.passwords = TestPasswordChecker("pw")
        var power: [Bool] = []
        w.shell.onScreenPower = { power.append($0) }
        // Down: locked at once; up: the panel goes off, as an iPad's top button does.
        w.host.keyDown(KeyPress(.power))
        #expect(w.shell.isLocked)
        #expect(!w.shell.isScreenAsleep, "not before the key comes up")
        w.host.keyUp(.power)
        #expect(w.shell.isScreenAsleep)
        #expect(power == [false])
        // A press wakes it to the lock screen (still locked), and the key coming up leaves it awake.
        w.host.key(KeyPress(.power))
        #expect(!w.shell.isScreenAsleep)
        #expect(w.shell.isLocked)
        #expect(power == [false, true])
        // Locked and awake, a press puts it back to sleep.
        w.host.key(KeyPress(.power))
        #expect(w.shell.isScreenAsleep)
        #expect(power == [false, true, false])
        w.shell.wakeScreen()
        // Power with volume up is a screenshot: the screen stays awake.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-shots-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        w.shell.screenshotsFolder = folder
        w.host.keyDown(KeyPress(.power))
        w.host.key(KeyPress(.volumeUp))
        w.host.keyUp(.power)
        #expect(!w.shell.isScreenAsleep)
        // Unlocked, the screen is awake; Auto-Lock's time passing locks and sleeps it.
        try run(w, "type \"pw\"\nkey return\nexpect unlocked")
        w.shell.settings[.autoLockSeconds] = 60
        w.host.run(for: 61)
        #expect(w.shell.isLocked)
        #expect(w.shell.isScreenAsleep)
        #expect(power.last == false)
    }

    @Test func controlCenterComesDownOverTheLockScreenWithoutItsPrivateTiles() throws {
        let w = try locked()
        let start = Point(w.shell.bounds.width - 120, 6)
        let id = w.host.touchDown(at: start)
        w.host.drag(id, from: start, to: Point(start.x, 330), duration: 0.15)
        w.host.touchUp(id, at: Point(start.x, 330))
        w.host.run(for: ControlCenterMetrics.duration + 0.05)
        #expect(w.shell.isControlCenterShown)
        try run(w, "expect visible \"Brightness\"\nexpect not visible \"Wi-Fi\"\nexpect not visible \"Airplane Mode\"")
        try run(w, "expect locked\nexpect not visible \"Ideas\"")
        expectReference(w.host.frame(), "lock-control-center-en")
        try run(w, "key escape")
        w.host.run(for: 0.6)
        #expect(!w.shell.isControlCenterShown)
        try run(w, "expect locked\nexpect visible \"Swipe up to open\"")
    }

    @Test func notificationsShowWithoutTheirBodiesUnlessPreviewsAreAlways() throws {
        let w = try locked()
        w.shell.post(
            ShellNotification(
                id: 1, appName: "Terminal", title: "Build finished", body: "All 212 tests passed", date: Date(),
                origin: .bus(sender: ":1.7")))
        w.host.frame()
        #expect(w.shell.notificationBanners.isEmpty, "no banner over the lock screen")
        try run(w, "expect visible \"Terminal, Build finished\"")
        w.shell.settings[.notificationPreviews] = .always
        w.host.frame()
        try run(w, "expect visible \"Terminal, Build finished, All 212 tests passed\"")
    }

    @Test func aNotificationTappedOnTheLockScreenOpensOnceUnlocked() throws {
        let w = try locked()
        let server = RecordingNotificationServer()
        w.shell.services.notifications = server
        w.shell.post(
            ShellNotification(
                id: 7, appName: "Terminal", title: "Build finished", body: "",
                actions: [.init(key: "default", label: "Open")],
                date: Date(), origin: .bus(sender: ":1.7")))
        w.host.frame()
        try run(w, "tap \"Terminal, Build finished\"")
        #expect(w.shell.lockScreen?.page == .password)
        #expect(server.invoked.isEmpty, "nothing opens while locked")
        try run(w, "type \"hunter\"\nkey return\nexpect unlocked")
        #expect(server.invoked.map(\.0) == [7] && server.invoked.map(\.1) == ["default"])
        #expect(!w.shell.notifications.contains { $0.id == 7 }, "opened, it is dismissed")

        // Tapped, then Escape back to the clock: unlocking later opens nothing.
        w.shell.post(
            ShellNotification(
                id: 8, appName: "Terminal", title: "Tests failed", body: "",
                actions: [.init(key: "default", label: "Open")],
                date: Date(), origin: .bus(sender: ":1.7")))
        try run(w, "lock\nexpect locked")
        #expect(w.shell.notificationBanners.isEmpty, "the lock takes the banners away")
        try run(w, "tap \"Terminal, Tests failed\"")
        #expect(server.invoked.count == 1, "nothing opens while locked")
        #expect(w.shell.lockScreen?.page == .password)
        try run(w, "key escape")
        #expect(w.shell.lockScreen?.page == .clock)
        try run(w, "type \"hunter\"\nkey return\nexpect unlocked")
        #expect(server.invoked.count == 1)
    }

    @Test func lockAtStartLocksTheSessionAsItBegins() throws {
        let w = try systemWorld(window: false, scale: 1)
        let config = FileManager.default.temporaryDirectory.appendingPathComponent("slate-lock-\(UUID())")
        let store = SettingsStore(configHome: config)
        store[.lockAtStart] = true
        w.shell.settings = SettingsStore(configHome: config)
        #expect(w.shell.isLocked)
    }

    @Test func itLooksAsAnIPadsLockScreenInBothLanguagesAndAppearances() throws {
        for language in [Language.en, .ru] {
            for appearance in [Appearance.light, .dark] {
                let w = try locked(language, window: true)
                w.shell.appearance = appearance
                w.shell.post(
                    ShellNotification(
                        id: 1, appName: "Mail", title: language == .ru ? "Анна Смирнова" : "Anna Smirnova",
                        body: "…", date: Date(), origin: .bus(sender: ":1.7")))
                w.host.run(for: 0.5)
                expectReference(w.host.frame(), "lock-screen-\(language.rawValue)-\(appearance.rawValue)")
                try run(w, "tap 300,300")
                w.host.run(for: 0.5)
                expectReference(w.host.frame(), "lock-password-\(language.rawValue)-\(appearance.rawValue)")
            }
        }
    }
}
