import Foundation
import Graphics
import Host
import SessionBus
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import SessionServices
@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// The lock screen end to end through the real Linux-PAM (pam_wrapper's pam_matrix, the test's own
/// configuration: `tablet` opens with `correct horse`): a wrong password typed on the keyboard on the
/// glass is refused and the screen stays locked; the right one opens it.
@MainActor @Suite(.serialized) struct LockScreenPAMTests {
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
        Language.current = .en
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
}
