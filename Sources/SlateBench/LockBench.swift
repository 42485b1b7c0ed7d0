import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import ShellPorts
import SlateSystem
import UI

/// `slate bench lock…`: the lock screen's first frame after the power key, and the apps' first frame
/// after the password is accepted, at 2× over Mail's Inbox.
extension Bench {
    static var lockCases: [Case] {
        [
            Case(name: "lock.first-frame@2x") { lockFirstFrame() },
            Case(name: "lock.unlock-to-apps@2x") { lockUnlockToApps() },
        ]
    }

    /// A password checker that holds the answer until the bench gives it (the time PAM takes is not
    /// the shell's).
    @MainActor final class HeldChecker: PasswordChecking {
        var pending: (@MainActor (PasswordVerdict) -> Void)?
        func check(_ password: PasswordBytes, completion: @escaping @MainActor (PasswordVerdict) -> Void) {
            password.wipe()
            pending = completion
        }
    }

    /// The screen over Mail's Inbox, a checker that answers when told.
    private static func lockScreen() -> (ShellScreen, HeldChecker) {
        let s = ShellScreen(scale: 2)
        let checker = HeldChecker()
        s.shell.services.passwords = checker
        s.host.run(for: 0.5)
        return (s, checker)
    }

    /// Opens the lock (a password typed and accepted) and lets the screen rest.
    private static func unlock(_ s: ShellScreen, _ checker: HeldChecker) {
        s.shell.dispatcher.handleText("pw")
        s.shell.dispatcher.handle(KeyPress(.return))
        checker.pending?(.accepted)
        checker.pending = nil
        s.host.run(for: 0.5)
    }

    /// The power key pressed over Mail's Inbox at 2×, 40 times: each sample from the key to the end of
    /// the frame that shows the lock screen (the lock screen made, laid out and drawn whole).
    /// `frame-budget-ms` is one frame at 120 Hz; `first-ms` the run's first lock; `floor` the copy of
    /// one frame buffer.
    static func lockFirstFrame() -> Result {
        let (s, checker) = lockScreen()
        defer { s.close() }
        var xs: [Double] = []
        var locking: [Double] = []
        for _ in 0..<40 {
            let t0 = now()
            s.shell.dispatcher.handle(KeyPress(.power))
            s.shell.dispatcher.handleKeyRelease(.power)
            locking.append((now() - t0) * 1000)
            s.clock.advance(by: HeadlessHost.frameInterval)
            s.host.frame()
            xs.append((now() - t0) * 1000)
            precondition(s.shell.isLocked)
            unlock(s, checker)
        }
        var r = result("lock.first-frame@2x", xs)
        r.extra["frame-budget-ms"] = 1000.0 / 120
        r.extra["lock-ms"] = median(locking)
        // The first lock of the run (the lock screen's fonts and date formatter made then).
        r.extra["first-ms"] = xs.first ?? 0
        r.extra["floor"] = copyFloor(bytes: s.host.framebuffer.pixels.count)
        return r
    }

    /// The password accepted (the checker's answer given) to the end of the first frame that shows
    /// Mail's Inbox again, 40 times at 2×.
    static func lockUnlockToApps() -> Result {
        let (s, checker) = lockScreen()
        defer { s.close() }
        var xs: [Double] = []
        for _ in 0..<40 {
            s.shell.lock()
            s.host.run(for: 0.5)
            s.shell.dispatcher.handleText("pw")
            s.shell.dispatcher.handle(KeyPress(.return))
            s.host.frame()
            let t0 = now()
            checker.pending?(.accepted)
            checker.pending = nil
            s.clock.advance(by: HeadlessHost.frameInterval)
            s.host.frame()
            xs.append((now() - t0) * 1000)
            precondition(!s.shell.isLocked)
            s.host.run(for: 0.5)
        }
        return result("lock.unlock-to-apps@2x", xs)
    }
}
