import Foundation
import MailStore
import Scenes
import Testing

@testable import Mail

/// Mail announces a message that arrives in the Inbox while no Mail window is in front, once, with its
/// sender and subject and the activity that opens it; not one the person sees arrive.
@MainActor @Suite struct MailNotificationTests {
    func message(from: String, subject: String) -> Data {
        Data("From: \(from)\r\nTo: me@slate.example\r\nSubject: \(subject)\r\n\r\nHello.\r\n".utf8)
    }

    @Test func newInboxMailIsAnnouncedOnlyWithNoMailWindowInFront() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slate-mail-notify-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let library = try MailLibrary.open(root: root, writeSampleIfEmpty: true, now: { Date() })
        let mail = MailApp(library: library)
        let system = LocalSceneSystem(application: mail)
        // What was there before Mail looked is not news.
        #expect(mail.checkForNewMail() == 0)
        let inbox = try #require(library.mailbox(role: .inbox))
        _ = try library.maildir.deliver(
            message(from: "Anna Petrova <anna@example.com>", subject: "Lunch at one?"), to: inbox)
        #expect(mail.checkForNewMail() == 1)
        let posted = try #require(system.postedNotifications.first)
        #expect(posted.title == "Anna Petrova" && posted.body == "Lunch at one?")
        #expect(posted.userActivity?.activityType == MailApp.messageActivity)
        #expect(mail.checkForNewMail() == 0, "announced once")
        // A Mail window in front: the person sees it come; nothing is announced.
        try system.activate(ActivationRequest())
        #expect(system.connectedScenes.contains { $0.activationState == .foregroundActive })
        _ = try library.maildir.deliver(message(from: "bob@example.com", subject: "Build"), to: inbox)
        #expect(mail.checkForNewMail() == 0)
        #expect(system.postedNotifications.count == 1)
        #expect(mail.refreshInterval != nil)
    }
}
