import Foundation
import MailStore
import Testing

@testable import Mail

@MainActor @Suite struct MailLibraryTests {
    nonisolated static let reference = Date(timeIntervalSince1970: 1_795_000_000)

    func sample() throws -> (MailLibrary, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slate-mail-\(UUID())")
        let lib = try MailLibrary.open(root: root, writeSampleIfEmpty: true, now: { Self.reference })
        return (lib, root)
    }

    func files(_ root: URL) -> Int {
        let e = FileManager.default.enumerator(atPath: root.path)
        var n = 0
        while let p = e?.nextObject() as? String {
            if p.contains("/cur/") || p.contains("/new/") || p.hasPrefix("cur/") || p.hasPrefix("new/") { n += 1 }
        }
        return n
    }

    @Test func sampleOpensWithStandardMailboxesFirst() throws {
        let (lib, _) = try sample()
        #expect(lib.mailboxes.first?.role == .inbox)
        #expect(lib.mailbox(role: .drafts) != nil && lib.mailbox(role: .trash) != nil)
        let inbox = lib.index(of: lib.mailboxes[0])
        #expect(inbox.count > 5)
        let dates = (0..<inbox.count).compactMap { inbox.refs[$0].deliveryDate }
        #expect(dates == dates.sorted(by: >), "newest first")
        #expect((0..<inbox.count).contains { inbox.summary(at: $0)?.subject == "Встреча завтра" })
    }

    @Test func changesAreRenamesAndNothingIsLost() throws {
        let (lib, root) = try sample()
        let before = files(root)
        let inbox = lib.index(of: try #require(lib.mailbox(role: .inbox)))
        var notified = 0
        _ = lib.observe { notified += 1 }
        let ref = inbox.refs[0]
        let seen = try #require(lib.setSeen(ref, !ref.isSeen))
        #expect(seen.isSeen == !ref.isSeen)
        #expect(FileManager.default.fileExists(atPath: seen.url.path))
        #expect(!FileManager.default.fileExists(atPath: ref.url.path) || ref.url == seen.url)
        let flagged = try #require(lib.setFlagged(seen, true))
        #expect(flagged.flags.contains(.flagged))
        let archive = try #require(lib.mailbox(role: .archive))
        let moved = try #require(lib.move(flagged, to: archive))
        #expect(moved.mailbox.id == archive.id)
        #expect(lib.index(of: archive).row(of: moved.id) != nil)
        #expect(inbox.row(of: moved.id) == nil)
        let trashed = try #require(lib.delete(moved))
        #expect(trashed.flags.contains(.trashed))
        #expect(files(root) == before, "a delete moves to Trash; no file is unlinked")
        #expect(notified == 4)
    }

    @Test func aChangeToAMessageGoneMeanwhileIsReportedNotFatal() throws {
        let (lib, _) = try sample()
        let inbox = lib.index(of: try #require(lib.mailbox(role: .inbox)))
        let ref = inbox.refs[0]
        try FileManager.default.moveItem(
            at: ref.url,
            to: ref.url.deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("elsewhere"))
        var said: [String] = []
        lib.errors.log = { said.append($0) }
        #expect(lib.setFlagged(ref, true) == nil)
        #expect(lib.problems.last?.hasPrefix("flag the message: ") == true)
        #expect(lib.setFlagged(ref, true) == nil)
        #expect(said.count == 1, "said once, through the screen's reporter: \(said)")
        #expect(said.first?.hasPrefix("cannot flag the message: ") == true)
    }

    @Test func sentMessagesRoundTripThroughTheParser() throws {
        let (lib, _) = try sample()
        let out = OutgoingMessage(
            from: "Я <me@example.org>", to: "Анна <anna@example.org>", subject: "Встреча завтра",
            body: "Привет!\nДо встречи.")
        let ref = try #require(
            lib.deliver(out.rfc5322(date: Self.reference, messageID: "1@slate"), to: .sent, flags: .seen))
        let m = lib.message(ref)
        #expect(m.subject == "Встреча завтра")
        #expect(m.to.first?.name == "Анна")
        #expect(m.text.hasPrefix("Привет!\nДо встречи."))
        #expect(m.problems.isEmpty)
        #expect(ref.mailbox.role == .sent)
    }

    @Test func repliesAndForwardsPrefixOnce() throws {
        let m = Message(
            from: [MailAddress(name: "Анна", address: "anna@example.org")], subject: "Re: План", text: "Строка")
        #expect(OutgoingMessage.reply(to: m, all: false, me: "me@x", language: "ru").subject == "Re: План")
        let f = OutgoingMessage.forward(Message(subject: "План", text: "Текст"), me: "me@x", language: "en")
        #expect(f.subject == "Fwd: План")
        #expect(f.body.contains("Forwarded message") && f.body.contains("Текст"))
        let r = OutgoingMessage.reply(
            to: Message(from: [MailAddress(name: "B", address: "b@x")], subject: "Hi", messageID: "m1", text: "a\nb"),
            all: false, me: "me@x", language: "en")
        #expect(r.to == "B <b@x>" || r.to.contains("b@x"))
        #expect(r.body.contains("> a\n> b"))
        #expect(r.inReplyTo == "m1")
    }
}
