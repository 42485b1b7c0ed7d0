import Foundation
import Graphics
import Host
import Mail
import MailStore
import Scenes
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// Mail in the shell: a message that arrives in the Inbox while Mail is not in front comes as a banner
/// at Mail's next look (every 10 s); a tap opens the message's own window.
@MainActor @Suite(.serialized) struct MailNotificationShellTests {
    @Test func newMailComesAsABannerAndATapOpensTheMessage() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-mail-banner-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let library = try MailLibrary.open(
            root: home.appendingPathComponent("Maildir"), writeSampleIfEmpty: true, now: { Date() })
        let w = ShellWorld(
            catalog: ["Mail": { MailApp(library: library) }], stateHome: home.appendingPathComponent("state"), scale: 1)
        try run(w, "launch Mail\nexpect windows Mail 1")
        w.shell.goHome()
        w.host.run(for: 1)
        let inbox = try #require(library.mailbox(role: .inbox))
        _ = try library.maildir.deliver(
            Data("From: Anna Petrova <anna@example.com>\r\nSubject: Lunch at one?\r\n\r\nBy the river.\r\n".utf8),
            to: inbox)
        w.host.run(for: 11)
        try run(w, "expect visible \"Anna Petrova\"\nexpect visible \"Lunch at one?\"")
        #expect(w.shell.notificationBanners.first?.notification.appName == "Mail")
        try run(w, "tap \"Anna Petrova\"")
        w.host.run(for: 1)
        try run(w, "expect windows Mail 2")
        let shown = w.shell.visibleWindows.compactMap { w.shell.windows[$0]?.scene.title }
        #expect(shown.contains("Lunch at one?"), "the message's own window: \(shown)")
    }
}

/// Settings › General › Language while Mail is open: Mail's own words (made as its windows are
/// built) follow at once, with no restart, and come back in English.
@MainActor @Suite(.serialized) struct LiveLanguageTests {
    @Test func anOpenAppSpeaksTheNewLanguageAtOnce() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-live-language-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        let library = try MailLibrary.open(
            root: home.appendingPathComponent("Maildir"), writeSampleIfEmpty: true, now: { Date() })
        let w = ShellWorld(
            catalog: ["Mail": { MailApp(library: library) }], stateHome: home.appendingPathComponent("state"), scale: 1)
        func labels() -> [String] { w.shell.allViews().compactMap { ($0 as? Label)?.text } }
        try run(w, "launch Mail\nexpect windows Mail 1")
        #expect(labels().contains("Inbox") && !labels().contains("Входящие"), "\(labels())")
        w.shell.setLanguage(.ru)
        w.host.run(for: 0.5)
        #expect(labels().contains("Входящие") && !labels().contains("Inbox"), "\(labels())")
        try run(w, "expect windows Mail 1")
        w.shell.setLanguage(.en)
        w.host.run(for: 0.5)
        #expect(labels().contains("Inbox") && !labels().contains("Входящие"), "\(labels())")
    }
}
