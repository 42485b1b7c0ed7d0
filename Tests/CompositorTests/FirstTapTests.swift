import Compositor
import Foundation
import Graphics
import Scenes
import Shell
import Testing
import UI

/// The first tap on an app whose process must start shows its windows: an app quit with two windows
/// kept, then the shell started again, comes back at one tap with its most recent window — not
/// nothing for seconds, and not a new window at a second tap.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct FirstTapTests {
    @Test func theFirstTapShowsTheMostRecentWindowOfAnAppThatWasQuit() throws {
        let dir = try AppProcessTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shellState = dir.appendingPathComponent("shell-state")
        var recent: String?
        do {
            let rig = try Rig(stateHome: shellState)
            defer { rig.shutdown() }
            guard let (mail, app, _) = rig.openMail(in: dir) else { return }
            rig.shell.newWindow(of: app)
            guard rig.wait(20, "the second window", { mail.toplevels.count == 2 }) else { return }
            rig.settle()
            recent = rig.shell.focusedWindow
            // Quit (Ctrl+Q): the windows leave the screen and the app keeps them, none seen; then the
            // process ends (SIGKILL: a test runner's children may have SIGTERM blocked).
            let pid = try #require(mail.channel?.processID)
            rig.shell.quit(app)
            rig.settle()
            rig.host.run(for: 1)
            kill(pid, SIGKILL)
            guard rig.wait(20, "Mail to end", { !mail.isRunning }) else { return }
        }
        let kept = try #require(recent)
        let rig = try Rig(stateHome: shellState)
        defer { rig.shutdown() }
        let (mail, app) = rig.installMail(in: dir)
        let tapped = Date()
        rig.shell.openApp(app)
        guard rig.wait(20, "a window of Mail after one tap", { !rig.shell.visibleWindows.isEmpty }) else { return }
        let waited = Date().timeIntervalSince(tapped)
        print("FirstTapTests: one tap to Mail's window on the screen: \(String(format: "%.2f", waited)) s")
        #expect(rig.shell.visibleWindows == [kept], "its most recent window, not a new one")
        #expect(waited < 5 * testSlowdown, "shown within seconds, not after 6–10 s: \(waited) s")
        guard rig.wait(10, "its picture", { mail.toplevels[kept]?.picture != nil }) else { return }
        // A second tap changes nothing: no new window.
        rig.shell.openApp(app)
        rig.settle()
        #expect(rig.shell.visibleWindows == [kept])
        #expect(app.openSessions.count == 1, "the app's other window waits, as on iPadOS")
    }
}
