import Foundation
import Graphics
import Scenes
import Testing
import UI

@testable import Shell
@testable import SlateScripts
@testable import SystemUI

/// A failure is logged once and, when a person asked for what failed, shown to them.
@MainActor @Suite struct ErrorReportingTests {
    @Test func anAppThatCannotOpenAWindowSaysSoInABannerAndTheLogOnce() throws {
        let w = world()
        try run(w, "launch Notes")
        var lines: [String] = []
        w.shell.environment.errors.log = { lines.append($0) }
        let app = try #require(w.shell.apps.first)
        app.runtime.terminate()
        w.shell.goHome()
        w.shell.openApp(app)
        w.host.run(for: 0.2)
        #expect(!w.shell.banner.isHidden)
        #expect(w.shell.banner.message == "cannot open the app: org.slate.test.notes is not running")
        w.shell.openApp(app)
        #expect(lines == ["cannot open the app: org.slate.test.notes is not running"], "logged once")
        w.host.run(for: ShellMetrics.bannerDuration + 0.5)
        #expect(w.shell.banner.isHidden)
    }

    @Test func theBannerSpeaksTheScreensLanguage() throws {
        let w = world()
        w.shell.environment.language = .ru
        w.shell.environment.errors.log = { _ in }
        w.shell.environment.errors.report(
            SceneError.unknownSession("s1"), while: ShellStrings.openTheDroppedItem, userAction: true)
        #expect(w.shell.banner.message == "не удаётся открыть перетащенный объект: нет сеанса «s1»")
        w.shell.environment.errors.report(SceneError.unknownSession("s2"), while: ShellStrings.openTheApp)
        #expect(w.shell.banner.message.hasSuffix("«s1»"), "not shown when nobody asked")
    }
}
