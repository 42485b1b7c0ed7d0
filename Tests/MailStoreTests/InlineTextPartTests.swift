import Foundation
import Testing

@testable import MailStore

/// A text part that carries a file name but is not marked `attachment` (disposition `inline`, or
/// none) is read in the message, as Apple Mail and Thunderbird show it — and kept as a file too.
/// Before, such a message opened with an empty body.
@Suite struct InlineTextPartTests {
    static func mixed(_ partHeaders: String, body: String = "Line one\nLine two") -> Data {
        Data(
            """
            From: Ops <ops@example.org>
            Subject: Nightly log
            MIME-Version: 1.0
            Content-Type: multipart/mixed; boundary="b1"

            --b1
            \(partHeaders)

            \(body)
            --b1--

            """.utf8)
    }

    @Test func anInlineTextPartWithAFileNameIsShownInTheBody() {
        let m = MessageParser.parse(
            Self.mixed(
                "Content-Type: text/plain; charset=utf-8\nContent-Disposition: inline; filename=\"build.log\""))
        #expect(m.text == "Line one\nLine two")
        #expect(m.attachments.map(\.filename) == ["build.log"], "still offered as a file")
        #expect(m.problems == [])
    }

    @Test func aNamedTextPartWithNoDispositionIsShownInTheBody() {
        let m = MessageParser.parse(Self.mixed("Content-Type: text/plain; charset=utf-8; name=\"заметки.txt\""))
        #expect(m.text == "Line one\nLine two")
        #expect(m.attachments.map(\.filename) == ["заметки.txt"])
    }

    @Test func aSingleInlineNamedTextMessageIsShownAndItsListSnippetToo() {
        let data = Data(
            """
            From: Ops <ops@example.org>
            Subject: Report
            Content-Type: text/plain; charset=utf-8
            Content-Disposition: inline; filename="report.txt"

            All green.

            """.utf8)
        #expect(MessageParser.parse(data).text == "All green.")
        #expect(MessageParser.summary(data).snippet == "All green.")
    }

    @Test func anInlineNamedTextAfterTheBodyFollowsIt() {
        let data = Data(
            """
            Content-Type: multipart/mixed; boundary="b1"

            --b1
            Content-Type: text/plain

            See the log below.
            --b1
            Content-Type: text/plain; name="run.log"
            Content-Disposition: inline; filename="run.log"

            step 1 ok
            --b1--

            """.utf8)
        let m = MessageParser.parse(data)
        #expect(m.text == "See the log below.\n\nstep 1 ok")
        #expect(m.attachments.map(\.filename) == ["run.log"])
    }

    @Test func aTextPartMarkedAttachmentStaysOnlyAFile() {
        let m = MessageParser.parse(
            Self.mixed("Content-Type: text/plain\nContent-Disposition: attachment; filename=\"secret.txt\""))
        #expect(m.text == "")
        #expect(m.attachments.map(\.filename) == ["secret.txt"])
    }
}
