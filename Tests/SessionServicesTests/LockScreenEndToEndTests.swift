import Foundation
import Graphics
import Host
import SessionBus
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import SessionServices
@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// The lock screen end to end with the real services: the password through the real Linux-PAM
/// (pam_wrapper's pam_matrix, the test's own configuration: `tablet` opens with `correct horse`) — a
/// wrong one typed on the keyboard on the glass is refused and the screen stays locked, the right one
/// opens it; and logind (python-dbusmock's) locking the shell with its `Lock` signal and before sleep.
@MainActor @Suite(.serialized) struct LockScreenEndToEndTests {
    /// Runs `text` as a script on `w`.
    func run(_ w: ShellWorld, _ text: String) throws {
        let runner = ScriptRunner(
            world: w, outputDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("slate-lock-out"))
        try runner.run(try ScriptParser.parse(text, source: "lock-pam-test"))
    }

    /// Types `text` on the keyboard on the glass, a key at a time (a space by its name).
    func typeOnTheGlass(_ w: ShellWorld, _ text: String) throws {
        try run(
            w,
            text.map { $0 == " " ? "tap \"space\" in keyboard" : "tap \"\($0)\" in keyboard" }.joined(separator: "\n"))
    }

    /// Turns the screen until `done`, taking PAM's answer from the mailbox as the main loop would.
    func wait(_ w: ShellWorld, _ mailbox: MainMailbox, until done: () -> Bool) -> Bool {
        let end = Date().addingTimeInterval(10)
        while !done(), Date() < end {
            mailbox.wait(timeout: 0.05)
            w.host.frame()
        }
        return done()
    }

    @Test func aWrongPasswordIsRefusedAndTheRightOneOnTheGlassOpens() throws {
        let pam = try LockServicesTests.PAMRig()
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-lock-pam-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let w = ShellWorld(catalog: [:], stateHome: home, scale: 1)
        w.shell.services.passwords = PAMPasswordChecker(
            service: "slate", user: "tablet", configurationFolder: pam.folder, mailbox: pam.mailbox)
        try run(w, "keyboard on-screen\nlock\nexpect locked\ntap 300,300")
        #expect(w.shell.isKeyboardShown)
        try typeOnTheGlass(w, "correct hors")
        try run(w, "tap \"Go\" in keyboard")
        #expect(wait(w, pam.mailbox) { w.shell.lockScreenMessage == "Wrong password" })
        #expect(w.shell.isLocked)
        #expect(w.shell.lockScreen?.field.dotCount == 0, "the field is cleared")
        try typeOnTheGlass(w, "correct horse")
        #expect(w.shell.lockScreen?.field.dotCount == 13)
        try run(w, "tap \"Go\" in keyboard")
        #expect(wait(w, pam.mailbox) { !w.shell.isLocked })
        try run(w, "expect unlocked")
    }

    @Test func logindsLockSignalAndSleepLockTheShell() throws {
        let rig = try LockServicesTests.LoginRig()
        rig.wait("the session to be found") { rig.client.sessionPath != nil && rig.client.holdsPowerKey }
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-lock-logind-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let w = ShellWorld(catalog: [:], stateHome: home, scale: 1)
        w.shell.services.session = rig.client
        // `loginctl lock-session`: logind emits the session's Lock signal.
        let session = "/org/freedesktop/login1/session/c1"
        try rig.mocks.call(LockServicesTests.login, session, "org.freedesktop.login1.Session", "Lock")
        rig.wait("the shell to lock") { w.shell.isLocked }
        try run(w, "expect locked\nexpect visible \"Swipe up to open\"")
        try rig.wait("LockedHint to be set") {
            try rig.mocks.control.property(
                "LockedHint", of: "org.freedesktop.login1.Session", at: session, on: LockServicesTests.login,
                timeout: 2
            ).bool == true
        }
        // An administrator's `loginctl unlock-session`.
        try rig.mocks.call(LockServicesTests.login, session, "org.freedesktop.login1.Session", "Unlock")
        rig.wait("the shell to unlock") { !w.shell.isLocked }
        // Before sleep: the shell locks, and logind's sleep waits until its frame is drawn.
        try rig.prepareForSleep(true)
        rig.wait("the shell to lock before sleep") { w.shell.isLocked }
        #expect(try rig.inhibitors() == ["handle-power-key block", "sleep delay"], "sleep waits for the frame")
        w.host.frame()
        try rig.wait("the sleep delay to be let go") { try rig.inhibitors() == ["handle-power-key block"] }
    }
}
