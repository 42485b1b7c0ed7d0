import Foundation
import Graphics
import MailStore
import Scenes
import Testing
import UI

@testable import Mail

/// Huge, hostile or unreadable messages: each is shown at once, cut where it must be (and the cut
/// said), and an unreadable one says why, instead of a blank row.
@MainActor @Suite struct HostileMessageViewTests {
    @Test func aTenMegabyteOneLineBodyIsCutWithANoteAndLaysOutAtOnce() throws {
        let huge = String(repeating: "x", count: 10 << 20)
        let view = MessageBodyView(frame: Rect(0, 0, 700, 900))
        let clock = ContinuousClock()
        let took = clock.measure {
            view.show(Message(subject: "big", text: huge), language: .en)
            view.layoutIfNeeded()
        }
        #expect(view.body.text.count == ShownText.longestBody + 1, "cut, with …")
        #expect(view.problems.text.contains("Only the first"), "\(view.problems.text)")
        #expect(!view.problems.isHidden)
        #expect(took < .seconds(2), "\(took)")
        view.show(Message(subject: "big", text: huge), language: .ru)
        #expect(view.problems.text.contains("Показаны только первые"))
    }

    @Test func aShortBodyIsShownWhole() {
        let view = MessageBodyView(frame: Rect(0, 0, 700, 900))
        view.show(Message(subject: "s", text: "Hello"), language: .en)
        #expect(view.body.text == "Hello")
        #expect(view.problems.isHidden)
    }

    @Test func anOversizedSubjectIsClipped() {
        let view = MessageBodyView(frame: Rect(0, 0, 700, 900))
        view.show(Message(subject: String(repeating: "Тема ", count: 200_000), text: "x"), language: .en)
        #expect(view.subject.text.count == ShownText.longestLine + 1)
        #expect(view.subject.text.hasSuffix("…"))
        view.layoutIfNeeded()
        #expect(view.subject.frame.height < 10_000, "a few hundred lines at most, never past what Cairo draws")
    }

    @Test func clippingLooksAtNoMoreThanTheLimit() {
        #expect(ShownText.clipped("short", 10) == "short")
        #expect(ShownText.clipped("абвгд", 3) == "абв…")
        #expect(ShownText.clipped("абв", 3) == "абв", "six bytes, three characters: not cut")
        #expect(ShownText.clipped("👍🏽👍🏽👍🏽", 2) == "👍🏽👍🏽…")
    }

    @Test func anUnreadableMessageRowSaysItCannotBeReadAndWhy() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slate-mail-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let lib = try MailLibrary.open(root: root, writeSampleIfEmpty: true, now: { Date(timeIntervalSince1970: 0) })
        let inbox = lib.index(of: try #require(lib.mailbox(role: .inbox)))
        // Root reads any file whatever its mode, so the file is made unreadable another way: a folder
        // in its place (read(2) fails with EISDIR, as it fails with EACCES for a file not ours).
        let path = inbox.refs[0].url.path
        try FileManager.default.removeItem(atPath: path)
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        #expect(inbox.summary(at: 0) == nil)
        let reason = try #require(inbox.failure(at: 0))
        #expect(reason.contains("Is a directory"), "\(reason)")
        #expect(inbox.failure(at: 1) == nil, "the others read")
        let row = MessageRowView(frame: Rect(0, 0, 400, MessageRowView.height))
        row.configureUnreadable(reason: reason)
        #expect(row.accessibilityLabel == MailStrings.cannotRead.en)
        #expect(row.snippet.text == reason)
        #expect(row.summary == nil)
    }
}

/// A tap that lands on a message row just as its window goes (Ctrl+H, Ctrl+W, a close): Mail asks
/// nothing of the system, so no orphaned request is refused and logged.
@MainActor @Suite struct OrphanedRequestTests {
    @Test func aRowTappedAfterItsWindowClosedMakesNoOrphanedRequest() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slate-mail-\(UUID())")
        defer { try? FileManager.default.removeItem(at: root) }
        let lib = try MailLibrary.open(root: root, writeSampleIfEmpty: true, now: { Date(timeIntervalSince1970: 0) })
        let app = MailApp(library: lib)
        var logged: [String] = []
        let system = LocalSceneSystem(application: app)
        system.environment.errors.log = { logged.append($0) }
        system.restore()
        let scene = try #require(system.connectedScenes.first)
        let view = try #require(scene.rootView as? MailboxWindowView)
        try system.destroy(scene.session, animation: .standard)
        view.messageList.onSelect?(0)
        #expect(logged.isEmpty, "\(logged)")
        #expect(system.openSessions.isEmpty, "no window opened for a window that is gone")
    }
}
