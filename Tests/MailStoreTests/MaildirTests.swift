import Foundation
import Testing

@testable import MailStore

@Suite struct MaildirTests {
    static let message = "From: a@example.com\nSubject: Hello\nDate: Tue, 14 May 2024 09:30:00 +0000\n\nBody\n"

    // MARK: - Listing

    @Test func listsMailboxesWithRolesAndDecodedNames() throws {
        let t = try TestMaildir(folders: [
            "Drafts", "Sent", "Archive", "Trash", "Spam", "Work", "Work.Projects",
            "&BBoEPgRABDcEOAQ9BDA-", "Zeta",
        ])
        try t.write(".subscriptions", "Sent\n")
        try t.write(".dovecot.index.log", "x")
        let listing = try t.maildir.listMailboxes()
        #expect(listing.problems == [])
        #expect(
            listing.mailboxes.map(\.fullName)
                == ["INBOX", "Drafts", "Sent", "Archive", "Spam", "Trash", "Work", "Work/Projects", "Zeta", "Корзина"])
        #expect(
            listing.mailboxes.map(\.role)
                == [.inbox, .drafts, .sent, .archive, .junk, .trash, .other, .other, .other, .other])
        let projects = try #require(listing.mailbox(named: "Work/Projects"))
        #expect(projects.name == "Projects")
        #expect(projects.path == ["Work", "Projects"])
        #expect(projects.depth == 1)
        #expect(projects.directoryName == "Work.Projects")
        #expect(projects.url.lastPathComponent == ".Work.Projects")
        let russian = try #require(listing.mailboxes.last)
        #expect(russian.name == "Корзина")
        #expect(russian.role == .other)
        #expect(listing.mailbox(withRole: .trash)?.directoryName == "Trash")
        #expect(listing.mailboxes[0].isInbox && listing.mailboxes[0].name == "Inbox")
    }

    @Test func unreadableFolderIsReportedAndOthersStillListed() throws {
        let t = try TestMaildir(folders: ["Sent", "Archive"])
        // A folder whose cur is a file cannot be read (chmod does not stop root).
        try FileManager.default.createDirectory(
            at: t.root.appendingPathComponent(".Broken/new"), withIntermediateDirectories: true)
        try t.write(".Broken/cur", "not a directory")
        // A folder missing new/ entirely.
        try FileManager.default.createDirectory(
            at: t.root.appendingPathComponent(".Half/cur"), withIntermediateDirectories: true)
        let listing = try t.maildir.listMailboxes()
        #expect(listing.mailboxes.map(\.fullName) == ["INBOX", "Sent", "Archive"])
        #expect(listing.problems.count == 2)
        let descriptions = listing.problems.map(\.description)
        #expect(descriptions.contains { $0.contains(".Broken/cur") && $0.contains("Not a directory") })
        #expect(descriptions.contains { $0.contains(".Half/new") && $0.contains("No such file or directory") })
        #expect(descriptions.allSatisfy { !$0.contains("\n") })

        // Listing messages of such a folder throws the same kind of error.
        let broken = Mailbox(directoryName: "Broken", root: t.maildir.root)
        #expect(throws: MaildirError.self) { try t.maildir.messages(in: broken) }
        do {
            _ = try t.maildir.messages(in: broken)
        } catch {
            guard case let .mailboxUnreadable(path, reason) = error else {
                Issue.record("unexpected error \(error)")
                return
            }
            #expect(path.hasSuffix(".Broken/cur"))
            #expect(reason == "Not a directory")
        }
    }

    @Test func notAMaildir() throws {
        let missing = FileManager.default.temporaryDirectory.appendingPathComponent(
            "mailstore-missing-\(UUID().uuidString)")
        #expect(throws: MaildirError.notAMaildir(path: missing.standardizedFileURL.path, reason: "no such directory")) {
            try Maildir(root: missing, nameGenerator: MaildirNameGenerator(clock: { Date(timeIntervalSince1970: 0) }))
                .listMailboxes()
        }
        let t = try TestMaildir()
        try FileManager.default.removeItem(at: t.root.appendingPathComponent("new"))
        #expect(throws: MaildirError.notAMaildir(path: t.maildir.root.path, reason: "no new/ directory")) {
            try t.maildir.listMailboxes()
        }
        #expect(
            MaildirError.notAMaildir(path: "/x", reason: "no new/ directory").description
                == "Not a Maildir: /x (no new/ directory)")
    }

    @Test func listsMessagesIgnoringDotfilesTmpAndDirectories() throws {
        let t = try TestMaildir()
        try t.write("new/1700000001.A.host", Self.message)
        try t.write("cur/1700000002.B.host:2,SR", Self.message)
        try t.write("cur/1700000003.C.host:2,FPDTa", Self.message)
        try t.write("cur/1700000004.D.host:1,experimental", Self.message)
        try t.write("cur/.hidden", "x")
        try t.write("tmp/1700000005.E.host", "in progress")
        try FileManager.default.createDirectory(
            at: t.root.appendingPathComponent("cur/odd-directory"), withIntermediateDirectories: true)
        let refs = try t.maildir.messages(in: t.maildir.inbox).sorted { $0.uniqueName < $1.uniqueName }
        #expect(
            refs.map(\.uniqueName) == [
                "1700000001.A.host", "1700000002.B.host", "1700000003.C.host", "1700000004.D.host",
            ])
        #expect(refs.map(\.subdirectory) == [.new, .cur, .cur, .cur])
        #expect(refs[0].flags == [] && refs[0].info == nil)
        #expect(refs[1].flags == [.seen, .replied])
        #expect(refs[2].flags == [.flagged, .passed, .draft, .trashed])
        #expect(refs[2].otherFlags == "a")
        #expect(refs[3].flags == [] && refs[3].info == "1,experimental")
        #expect(refs[1].deliveryDate == Date(timeIntervalSince1970: 1_700_000_002))
    }

    // MARK: - Flags

    @Test func settingFlagsMovesNewToCurWithSortedFlags() throws {
        let t = try TestMaildir()
        try t.write("new/1700000001.A.host", Self.message)
        let before = t.messageContents()
        let ref = try #require(try t.maildir.messages(in: t.maildir.inbox).first)

        let seen = try t.maildir.addFlags([.seen], to: ref)
        #expect(seen.fileName == "1700000001.A.host:2,S")
        #expect(t.names(in: "new") == [])
        #expect(t.names(in: "cur") == ["1700000001.A.host:2,S"])

        let more = try t.maildir.addFlags([.replied, .flagged, .draft, .passed, .trashed], to: seen)
        #expect(more.fileName == "1700000001.A.host:2,DFPRST")
        let fewer = try t.maildir.removeFlags([.draft, .trashed, .passed], from: more)
        #expect(fewer.fileName == "1700000001.A.host:2,FRS")
        let set = try t.maildir.setFlags([.flagged], on: fewer)
        #expect(set.fileName == "1700000001.A.host:2,F")
        #expect(t.names(in: "cur") == ["1700000001.A.host:2,F"])
        let cleared = try t.maildir.setFlags([], on: set)
        #expect(cleared.fileName == "1700000001.A.host:2,")
        #expect(cleared.subdirectory == .cur)
        #expect(t.messageContents() == before)
    }

    @Test func unknownFlagLettersAreKept() throws {
        let t = try TestMaildir()
        try t.write("cur/1.X.host:2,Sba", Self.message)
        let ref = try #require(try t.maildir.messages(in: t.maildir.inbox).first)
        let updated = try t.maildir.addFlags(.flagged, to: ref)
        #expect(updated.fileName == "1.X.host:2,FSab")
    }

    @Test func staleReferenceIsFoundAgain() throws {
        let t = try TestMaildir()
        try t.write("new/1700000001.A.host", Self.message)
        let ref = try #require(try t.maildir.messages(in: t.maildir.inbox).first)
        // Another client marks it seen meanwhile.
        try FileManager.default.moveItem(
            at: t.root.appendingPathComponent("new/1700000001.A.host"),
            to: t.root.appendingPathComponent("cur/1700000001.A.host:2,S"))
        let updated = try t.maildir.addFlags(.flagged, to: ref)
        #expect(updated.fileName == "1700000001.A.host:2,FS")
        #expect(try t.maildir.data(of: ref) == Data(Self.message.utf8))
    }

    @Test func missingMessageIsReported() throws {
        let t = try TestMaildir(folders: ["Archive"])
        try t.write("cur/1700000001.A.host:2,S", Self.message)
        let ref = try #require(try t.maildir.messages(in: t.maildir.inbox).first)
        // Another client moves it to a folder this reference knows nothing about.
        try FileManager.default.moveItem(
            at: t.root.appendingPathComponent("cur/1700000001.A.host:2,S"),
            to: t.root.appendingPathComponent(".Archive/cur/1700000001.A.host:2,S"))
        let expected = MaildirError.messageMissing(uniqueName: "1700000001.A.host", mailbox: "INBOX")
        #expect(throws: expected) { try t.maildir.addFlags(.flagged, to: ref) }
        #expect(throws: expected) { try t.maildir.data(of: ref) }
        #expect(throws: expected) { try t.maildir.delete(ref) }
        #expect(t.names(in: ".Archive/cur") == ["1700000001.A.host:2,S"])
    }

    // MARK: - Move and delete

    @Test func moveKeepsUniqueNameFlagsAndBytes() throws {
        let t = try TestMaildir(folders: ["Archive"])
        try t.write("cur/1700000001.A.host:2,RS", Self.message)
        try t.write("new/1700000002.B.host", Self.message + "second")
        let before = t.messageContents()
        let listing = try t.maildir.listMailboxes()
        let archive = try #require(listing.mailbox(withRole: .archive))
        for ref in try t.maildir.messages(in: t.maildir.inbox) {
            let moved = try t.maildir.move(ref, to: archive)
            #expect(moved.mailbox == archive)
            #expect(moved.subdirectory == .cur)
        }
        #expect(t.names(in: "cur") == [])
        #expect(t.names(in: "new") == [])
        #expect(t.names(in: ".Archive/cur") == ["1700000001.A.host:2,RS", "1700000002.B.host:2,"])
        #expect(t.messageContents() == before)
    }

    @Test func moveRefusesToOverwrite() throws {
        let t = try TestMaildir(folders: ["Archive"])
        try t.write("cur/1700000001.A.host:2,S", "original")
        try t.write(".Archive/cur/1700000001.A.host:2,S", "already there")
        let before = t.snapshot()
        let ref = try #require(try t.maildir.messages(in: t.maildir.inbox).first)
        let archive = try #require(try t.maildir.listMailboxes().mailbox(withRole: .archive))
        #expect(throws: MaildirError.nameClash(path: archive.url.path + "/cur/1700000001.A.host:2,S")) {
            try t.maildir.move(ref, to: archive)
        }
        #expect(t.snapshot() == before)
    }

    @Test func deleteCreatesTrashAndSetsT() throws {
        let t = try TestMaildir()
        try t.write("new/1700000001.A.host", Self.message)
        let before = t.messageContents()
        let ref = try #require(try t.maildir.messages(in: t.maildir.inbox).first)
        let trashed = try t.maildir.delete(ref)
        #expect(trashed.mailbox.directoryName == "Trash")
        #expect(trashed.fileName == "1700000001.A.host:2,T")
        #expect(t.names(in: ".Trash") == ["cur", "maildirfolder", "new", "tmp"])
        #expect(t.names(in: ".Trash/cur") == ["1700000001.A.host:2,T"])
        #expect(t.names(in: "new") == [])
        #expect(t.messageContents() == before)
        #expect(try t.maildir.listMailboxes().mailbox(withRole: .trash) != nil)

        // Deleting again (already in Trash) keeps it there.
        let again = try t.maildir.delete(trashed)
        #expect(again == trashed)
        #expect(t.names(in: ".Trash/cur") == ["1700000001.A.host:2,T"])
    }

    @Test func deleteUsesExistingTrashFolder() throws {
        let t = try TestMaildir(folders: ["Deleted Items"])
        try t.write("cur/1700000001.A.host:2,S", Self.message)
        let ref = try #require(try t.maildir.messages(in: t.maildir.inbox).first)
        let trashed = try t.maildir.delete(ref)
        #expect(trashed.mailbox.directoryName == "Deleted Items")
        #expect(t.names(in: ".Deleted Items/cur") == ["1700000001.A.host:2,ST"])
        #expect(!FileManager.default.fileExists(atPath: t.root.appendingPathComponent(".Trash").path))
    }

    // MARK: - Delivery

    @Test func deliverWritesThroughTmpWithInjectedClock() throws {
        let t = try TestMaildir(folders: ["Sent", "Drafts"])
        let listing = try t.maildir.listMailboxes()
        let sent = try #require(listing.mailbox(withRole: .sent))
        let drafts = try #require(listing.mailbox(withRole: .drafts))
        let bytes = Data("From: me@example.com\nSubject: Sent\n\nHi\r\n\u{0}binary-safe".utf8)

        let first = try t.maildir.deliver(bytes, to: sent, flags: .seen)
        #expect(first.fileName == "1700000000.P4242_1.testhost:2,S")
        let second = try t.maildir.deliver(bytes, to: drafts, flags: [.seen, .draft])
        #expect(second.fileName == "1700000000.P4242_2.testhost:2,DS")
        let third = try t.maildir.deliver(bytes, to: t.maildir.inbox)
        #expect(third.fileName == "1700000000.P4242_3.testhost")
        #expect(third.subdirectory == .new)

        #expect(t.names(in: ".Sent/cur") == ["1700000000.P4242_1.testhost:2,S"])
        #expect(t.names(in: ".Drafts/cur") == ["1700000000.P4242_2.testhost:2,DS"])
        #expect(t.names(in: "new") == ["1700000000.P4242_3.testhost"])
        for dir in ["tmp", ".Sent/tmp", ".Drafts/tmp"] { #expect(t.names(in: dir) == []) }
        for ref in [first, second, third] { #expect(try t.maildir.data(of: ref) == bytes) }
    }

    @Test func deliverSkipsNamesAlreadyTaken() throws {
        let t = try TestMaildir()
        try t.write("new/1700000000.P4242_1.testhost", "someone else's")
        let ref = try t.maildir.deliver(Data("mine".utf8), to: t.maildir.inbox)
        #expect(ref.fileName == "1700000000.P4242_2.testhost")
        #expect(try t.maildir.data(of: ref) == Data("mine".utf8))
        #expect(
            FileManager.default.contents(atPath: t.root.appendingPathComponent("new/1700000000.P4242_1.testhost").path)
                == Data("someone else's".utf8))
    }

    @Test func hostNameIsEscaped() throws {
        let generator = MaildirNameGenerator(clock: { Date(timeIntervalSince1970: 5) }, processID: 1, hostName: "a/b:c")
        #expect(generator.next() == "5.P1_1.a\\057b\\072c")
        #expect(generator.next() == "5.P1_2.a\\057b\\072c")
    }

    @Test func createMailboxEncodesNames() throws {
        let t = try TestMaildir()
        let folder = try t.maildir.createMailbox(path: ["Работа", "Проекты"])
        #expect(folder.directoryName == "&BCAEMAQxBD4EQgQw-.&BB8EQAQ+BDUEOgRCBEs-")
        #expect(folder.fullName == "Работа/Проекты")
        #expect(t.names(in: "." + folder.directoryName) == ["cur", "maildirfolder", "new", "tmp"])
        #expect(throws: MaildirError.invalidMailboxName("a.b")) { try t.maildir.createMailbox(path: ["a.b"]) }
        #expect(throws: MaildirError.invalidMailboxName("")) { try t.maildir.createMailbox(path: []) }
    }

    // MARK: - Summaries

    @Test func contentsAreSortedNewestFirstWithState() throws {
        let t = try TestMaildir()
        try t.write(
            "cur/1700000001.A.host:2,S",
            "From: Anna <a@x.ru>\nSubject: Old\nDate: Mon, 1 Jan 2024 10:00:00 +0000\n\nold body\n")
        try t.write(
            "new/1700000002.B.host",
            "From: b@x.ru\nSubject: =?UTF-8?B?0J3QvtCy0L7QtQ==?=\nDate: Wed, 3 Jan 2024 10:00:00 +0000\n\nnew   body\n\nsecond line\n"
        )
        try t.write("cur/1710000000.C.host:2,FR", "Subject: No date\n\nundated\n")
        let contents = try t.maildir.contents(of: t.maildir.inbox)
        #expect(contents.problems == [])
        #expect(contents.messages.map(\.subject) == ["No date", "Новое", "Old"])
        #expect(contents.messages.map(\.fromName) == ["", "b@x.ru", "Anna"])
        #expect(contents.messages.map(\.snippet) == ["undated", "new body second line", "old body"])
        #expect(contents.messages.map(\.isSeen) == [false, false, true])
        #expect(contents.messages.map(\.isFlagged) == [true, false, false])
        #expect(contents.messages.map(\.isReplied) == [true, false, false])
        // Undated: the delivery time in the file name is used.
        #expect(contents.messages[0].date == Date(timeIntervalSince1970: 1_710_000_000))
        #expect(contents.unreadCount == 2)
    }

    @Test func summaryReadsWholeFileWhenHeadersAreLong() throws {
        let t = try TestMaildir()
        let references = (0..<800).map { "<ref.\($0)@example.com>" }.joined(separator: "\n ")
        let text = "From: a@example.com\nReferences: \(references)\nSubject: Long headers\n\nThe body.\n"
        #expect(text.utf8.count > Maildir.summaryHeadSize)
        try t.write("cur/1700000001.A.host:2,S", text)
        let contents = try t.maildir.contents(of: t.maildir.inbox)
        #expect(contents.messages.map(\.subject) == ["Long headers"])
        #expect(contents.messages.map(\.snippet) == ["The body."])
    }

    @Test func readingHeadsRespectsTheLimit() throws {
        let t = try TestMaildir()
        let url = try t.write("cur/x", String(repeating: "a", count: 100))
        let head = try FileSystem.read(url.path, limit: 40)
        #expect(head.data.count == 40 && !head.complete)
        let exact = try FileSystem.read(url.path, limit: 100)
        #expect(exact.data.count == 100 && exact.complete)
        let whole = try FileSystem.read(url.path)
        #expect(whole.data == Data(String(repeating: "a", count: 100).utf8) && whole.complete)
        let empty = try FileSystem.read(try t.write("cur/y", "").path, limit: 10)
        #expect(empty.data.isEmpty && empty.complete)
    }
}
