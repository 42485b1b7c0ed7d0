import Foundation
import Testing

@testable import MailStore

@Suite struct SampleMaildirTests {
    /// 2025-03-01 12:00:00 UTC.
    static let reference = Date(timeIntervalSince1970: 1_740_830_400)

    static func temporaryURL() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent(
            "mailstore-sample-\(UUID().uuidString)", isDirectory: true)
    }

    @Test func sampleHasFoldersMessagesAndEncodings() throws {
        let root = Self.temporaryURL()
        defer { try? FileManager.default.removeItem(at: root) }
        let maildir = try Maildir.createSample(at: root, referenceDate: Self.reference)
        let listing = try maildir.listMailboxes()
        #expect(listing.problems == [])
        #expect(
            listing.mailboxes.map(\.fullName) == [
                "INBOX", "Drafts", "Sent", "Archive", "Trash", "Work", "Work/Projects",
            ])

        var all: [(MessageRef, Message)] = []
        for mailbox in listing.mailboxes {
            for ref in try maildir.messages(in: mailbox) {
                all.append((ref, try maildir.message(ref)))
            }
        }
        #expect(all.count >= 30)
        for (ref, message) in all {
            #expect(message.problems == [], "\(ref.fileName): \(message.problems)")
            #expect(!message.subject.isEmpty)
            #expect(!message.text.isEmpty)
            // Nothing was lost to a charset that lacks a character (the encoder writes "?").
            let shown = message.subject + message.text + (message.from.first?.description ?? "")
            #expect(!shown.contains("??") && !shown.contains("?-") && !shown.contains(" ? "), "\(shown)")
            let date = try #require(message.date)
            #expect(date <= Self.reference && date > Self.reference.addingTimeInterval(-28 * 86_400))
        }
        let inboxSubjects = all.filter { $0.0.mailbox.isInbox }.map(\.1.subject)
        #expect(inboxSubjects.contains("Встреча завтра"))
        #expect(inboxSubjects.contains("Meeting tomorrow at 10:00"))
        #expect(all.contains { $0.0.flags.contains(.seen) })
        #expect(all.contains { !$0.0.flags.contains(.seen) })
        #expect(all.contains { $0.0.flags.contains(.flagged) })
        #expect(all.contains { $0.0.flags.contains(.replied) })
        #expect(all.filter { $0.0.mailbox.role == .trash }.allSatisfy { $0.0.flags.contains(.trashed) })
        #expect(all.filter { $0.0.mailbox.role == .drafts }.allSatisfy { $0.0.flags.contains(.draft) })

        func message(_ subject: String) throws -> (MessageRef, Message) {
            try #require(all.first { $0.1.subject == subject })
        }
        let meeting = try message("Встреча завтра")
        #expect(meeting.1.from.first == MailAddress(name: "Анна Смирнова", address: "anna.smirnova@example.ru"))
        #expect(meeting.1.text.hasPrefix("Привет, Алексей!\n\nНапоминаю, что завтра в 10:00"))

        // KOI8-R on disk really is KOI8-R, and decodes.
        let report = try message("Отчёт за квартал")
        let raw = try maildir.data(of: report.0)
        #expect(String(data: raw, encoding: .utf8) == nil)
        #expect(report.1.from.first?.name == "Пётр Иванов")
        #expect(report.1.text.contains("Отчёт за третий квартал готов"))

        let invoice = try message("Счёт на оплату №1452")
        #expect(invoice.1.attachments.map(\.filename) == ["Счёт-1452.pdf"])
        #expect(invoice.1.text.hasPrefix("Здравствуйте!"))
        #expect(invoice.1.headers["Content-Type"]?.hasPrefix("multipart/mixed") == true)

        let munich = try message("Grüße aus München")
        #expect(munich.1.text.contains("das Wetter\nspielte mit"))

        let sale = try message("Скидки недели: до −40% на классику")
        #expect(sale.1.html != nil)
        #expect(sale.1.text.contains("• Л. Толстой, «Война и мир»"))
        #expect(!sale.1.text.contains("tracking"))

        let digest = try message("Your weekly digest: 5 stories picked for you")
        #expect(digest.1.text.hasPrefix("This week on Slate:"))
        #expect(digest.1.html?.contains("<h1>") == true)

        let forwarded = try message("Fwd: Новые правила пропуска")
        #expect(forwarded.1.text.contains("вход в здание только по электронным пропускам"))

        let nested = try message("Макеты интерфейса")
        #expect(nested.0.mailbox.fullName == "Work/Projects")
        #expect(nested.1.attachments.map(\.filename) == ["макет-почта.png"])
    }

    @Test func sampleIsDeterministic() throws {
        let a = Self.temporaryURL()
        let b = Self.temporaryURL()
        defer {
            try? FileManager.default.removeItem(at: a)
            try? FileManager.default.removeItem(at: b)
        }
        try Maildir.createSample(at: a, referenceDate: Self.reference)
        try FileManager.default.createDirectory(at: b, withIntermediateDirectories: true)  // existing but empty is fine
        try Maildir.createSample(at: b, referenceDate: Self.reference)
        func files(_ url: URL) throws -> [String: Data] {
            var result: [String: Data] = [:]
            for case let path as String in FileManager.default.enumerator(atPath: url.path)! {
                result[path] = FileManager.default.contents(atPath: url.path + "/" + path)
            }
            return result
        }
        let filesA = try files(a)
        #expect(filesA.count > 30)
        #expect(filesA == (try files(b)))
    }

    @Test func sampleNeverOverwritesExistingData() throws {
        let root = Self.temporaryURL()
        defer { try? FileManager.default.removeItem(at: root) }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let keep = root.appendingPathComponent("keep.txt")
        try Data("precious".utf8).write(to: keep)
        #expect(throws: MaildirError.targetNotEmpty(path: root.standardizedFileURL.path)) {
            try Maildir.createSample(at: root, referenceDate: Self.reference)
        }
        #expect(throws: MaildirError.targetNotEmpty(path: root.standardizedFileURL.path)) {
            try Maildir.generateBenchmark(at: root, count: 10)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: root.path) == ["keep.txt"])
        #expect(FileManager.default.contents(atPath: keep.path) == Data("precious".utf8))

        // A plain file in the way is not replaced either.
        #expect(throws: MaildirError.targetNotEmpty(path: keep.standardizedFileURL.path)) {
            try Maildir.createSample(at: keep, referenceDate: Self.reference)
        }
        #expect(FileManager.default.contents(atPath: keep.path) == Data("precious".utf8))
    }

    @Test func benchmarkMaildirLoadsAsSummaries() throws {
        let root = Self.temporaryURL()
        defer { try? FileManager.default.removeItem(at: root) }
        let maildir = try Maildir.generateBenchmark(at: root, count: 300, referenceDate: Self.reference)
        let refs = try maildir.messages(in: maildir.inbox)
        #expect(refs.count == 300)
        let contents = try maildir.contents(of: maildir.inbox)
        #expect(contents.problems == [])
        #expect(contents.messages.count == 300)
        #expect(contents.unreadCount == 100)
        #expect(contents.messages.allSatisfy { !$0.subject.isEmpty && !$0.snippet.isEmpty && !$0.fromName.isEmpty })
        #expect(contents.messages == contents.messages.sortedNewestFirst())
        #expect(zip(contents.messages, contents.messages.dropFirst()).allSatisfy { $0.date >= $1.date })
        // Every encoding variant decodes to readable text.
        #expect(Set(contents.messages.map { $0.snippet.prefix(12) }).count == 4)
        #expect(contents.messages.contains { $0.subject.hasPrefix("Встреча по проекту #") })
        #expect(
            contents.messages.allSatisfy { !($0.snippet + $0.fromName).contains("?") && !$0.subject.contains("??") })
    }
}
