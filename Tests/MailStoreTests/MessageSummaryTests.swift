import Foundation
import Testing

@testable import MailStore

@Suite struct MessageSummaryTests {
    @Test func snippetIsCollapsedAndShortened() throws {
        let body = String(repeating: "слово  \n\t", count: 60)
        let preview = MessageParser.summary(Fixtures.data("From: \"Anna\" <a@x.ru>\nSubject: S\n\n\(body)"))
        #expect(preview.from?.displayName == "Anna")
        #expect(preview.snippet.count == MessageParser.snippetLength + 1)
        #expect(preview.snippet.hasSuffix("…"))
        #expect(preview.snippet.hasPrefix("слово слово слово"))
        #expect(!preview.snippet.contains("  ") && !preview.snippet.contains("\n"))
    }

    @Test func snippetPrefersPlainAndConvertsHTMLOnly() throws {
        #expect(MessageParser.summary(Fixtures.data(Fixtures.alternative)).snippet == "Plain version")
        #expect(MessageParser.summary(Fixtures.data(Fixtures.htmlOnly)).snippet == "Привет, мир!")
        #expect(MessageParser.summary(Fixtures.koi8r).snippet == "Привет, мир! Как дела?")
        let mixed = MessageParser.summary(Fixtures.data(Fixtures.mixedWithAttachments))
        #expect(mixed.snippet == "See attached.")
        #expect(mixed.mayHaveAttachments)
        #expect(!MessageParser.summary(Fixtures.data(Fixtures.alternative)).mayHaveAttachments)
    }

    @Test func summaryOfAFileHeadCutMidBody() throws {
        // Cut inside the base64 body and inside a UTF-8 character.
        let full = Fixtures.data(Fixtures.base64UTF8)
        let head = full.prefix(full.count - 30)
        let preview = MessageParser.summary(head)
        #expect(preview.subject == "Base64 body")
        #expect(preview.snippet == "Привет из base64! Вто")
        #expect(!preview.snippet.contains("\u{FFFD}"))
    }

    @Test func summaryMatchesFullParseForHeaders() throws {
        let preview = MessageParser.summary(Fixtures.data(Fixtures.plainUTF8))
        let message = MessageParser.parse(Fixtures.data(Fixtures.plainUTF8))
        #expect(preview.subject == message.subject)
        #expect(preview.date == message.date)
        #expect(preview.from == message.from.first)
        #expect(preview.messageID == "abc.123@example.ru")
        #expect(preview.snippet == "Привет! Встречаемся завтра в 10:00.")
    }

    @Test func newestFirstOrdering() throws {
        let box = Mailbox(inboxAt: URL(fileURLWithPath: "/tmp/x"))
        func summary(_ name: String, _ date: TimeInterval?) -> MessageSummary {
            MessageSummary(
                ref: MessageRef(mailbox: box, subdirectory: .cur, fileName: name),
                preview: MessagePreview(date: date.map(Date.init(timeIntervalSince1970:))))
        }
        let list = [summary("a", 10), summary("b", 30), summary("c", nil), summary("d", 30)]
        #expect(list.sortedNewestFirst().map(\.ref.uniqueName) == ["d", "b", "a", "c"])
        #expect(summary("c", nil).date == .distantPast)
    }
}
