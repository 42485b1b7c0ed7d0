import Foundation
import Testing

@testable import MailStore

@Suite struct MessageParserTests {
    @Test func plainUTF8HeadersAndBody() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.plainUTF8))
        #expect(m.problems == [])
        #expect(m.subject == "Встреча завтра")
        #expect(m.from == [MailAddress(name: "Смирнова, Анна", address: "anna@example.ru")])
        #expect(
            m.to == [
                MailAddress(name: "Alex", address: "alex@slate.example"),
                MailAddress(name: "Иван Петров", address: "ivan@example.ru"),
            ])
        #expect(
            m.cc == [
                MailAddress(name: nil, address: "bob@example.com"),
                MailAddress(name: "Carol C.", address: "carol@example.com"),
            ])
        // 2024-05-14 06:30:00 UTC
        #expect(m.date == Date(timeIntervalSince1970: 1_715_668_200))
        #expect(m.messageID == "abc.123@example.ru")
        #expect(m.inReplyTo == ["prev.1@slate.example"])
        #expect(m.references == ["root.0@example.ru", "prev.1@slate.example"])
        #expect(m.text == "Привет!\nВстречаемся завтра в 10:00.")
        #expect(m.html == nil)
        #expect(m.attachments.isEmpty)
    }

    @Test func crlfAndLFGiveTheSameResult() throws {
        let lf = MessageParser.parse(Fixtures.data(Fixtures.plainUTF8))
        let crlf = MessageParser.parse(Fixtures.crlf(Fixtures.plainUTF8))
        #expect(crlf.text == "Привет!\nВстречаемся завтра в 10:00.")
        #expect(crlf.subject == lf.subject)
        #expect(crlf.from == lf.from)
        #expect(crlf.date == lf.date)
        #expect(crlf.references == lf.references)
        #expect(crlf.problems == [])

        let multipartCRLF = MessageParser.parse(Fixtures.crlf(Fixtures.mixedWithAttachments))
        #expect(multipartCRLF.text == "See attached.")
        #expect(multipartCRLF.attachments.map(\.size) == [9, 5, 1])
    }

    @Test func headerLookupIsCaseInsensitiveAndUnfolded() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.plainUTF8))
        #expect(m.headers["subject"] == "Встреча завтра")
        #expect(m.headers["CONTENT-TYPE"] == "text/plain; charset=\"utf-8\"")
        #expect(m.headers["references"] == "<root.0@example.ru> <prev.1@slate.example>")
        #expect(m.headers["X-Missing"] == nil)
        #expect(m.headers.values("content-transfer-encoding") == ["8bit"])
    }

    @Test func quotedPrintable() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.quotedPrintableUTF8))
        #expect(m.text == "Съешь же ещё этих мягких булок, да выпей чаю.\na=b\ntrailing spaces dropped")
        #expect(m.problems == [])
    }

    @Test func base64() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.base64UTF8))
        #expect(m.subject == "Base64 body")
        #expect(m.text == "Привет из base64!\nВторая строка.")
        #expect(m.problems == [])
    }

    @Test func koi8r() throws {
        let m = MessageParser.parse(Fixtures.koi8r)
        #expect(m.subject == "Отчёт")
        #expect(m.from.first?.name == "Пётр")
        #expect(m.text == "Привет, мир!\nКак дела?")
        #expect(m.problems == [])
    }

    @Test func windows1251() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.windows1251))
        #expect(m.subject == "Счёт №5")
        #expect(m.text == "Счёт №5 оплачен.\nСпасибо!")
        #expect(m.problems == [])
    }

    @Test func latin1() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.latin1))
        #expect(m.subject == "Grüße")
        #expect(m.from.first == MailAddress(name: "Jürgen Müller", address: "j@example.de"))
        #expect(m.text == "Grüße aus München")
        #expect(m.problems == [])
    }

    @Test func raw8BitHeaderFallsBackToDeclaredCharset() throws {
        let data = Fixtures.bytes(
            "Subject: ", [0xEF, 0xD4, 0xDE, 0xA3, 0xD4] as [UInt8],
            "\nContent-Type: text/plain; charset=koi8-r\n\nbody\n")
        let m = MessageParser.parse(data)
        #expect(m.subject == "Отчёт")
        #expect(m.text == "body")
    }

    @Test func alternativePrefersPlainAndKeepsHTML() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.alternative))
        #expect(m.text == "Plain version")
        #expect(m.html == "<p>HTML <b>version</b></p>")
        #expect(m.attachments.isEmpty)
        #expect(m.problems == [])
    }

    @Test func alternativeWithoutPlainUsesHTML() throws {
        let text = Fixtures.alternative.replacingOccurrences(
            of: "Content-Type: text/plain; charset=utf-8\n\nPlain version",
            with: "Content-Type: text/calendar\n\nBEGIN:VCALENDAR")
        let m = MessageParser.parse(Fixtures.data(text))
        #expect(m.text == "HTML version")
    }

    @Test func htmlOnly() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.htmlOnly))
        #expect(m.text == "Привет, мир!")
        #expect(m.html == "<p>Привет, <b>мир</b>!</p>")
        #expect(m.problems == [])
    }

    @Test func mixedWithRFC2231AndRFC2047FileNames() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.mixedWithAttachments))
        #expect(m.text == "See attached.")
        #expect(m.problems == [])
        #expect(m.attachments.map(\.filename) == ["отчёт.pdf", "квартальный отчёт.xlsx", "договор.docx"])
        #expect(
            m.attachments.map(\.mimeType) == [
                "application/pdf", "application/vnd.ms-excel", "application/octet-stream",
            ])
        #expect(m.attachments.map(\.size) == [9, 5, 1])
        #expect(m.attachments[0].data == Data("%PDF-1.4\n".utf8))
        #expect(m.attachments[1].data == Data([0, 1, 2, 3, 4]))
    }

    @Test func nestedMultiparts() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.nested))
        #expect(m.problems == [])
        #expect(m.text == "Hello — nested")
        #expect(m.html == "<p>Hello &mdash; nested <img src=\"cid:logo@x\"></p>")
        // The inline image belongs to the HTML alternative, which is not the one shown.
        #expect(m.attachments.map(\.filename) == ["notes.txt"])
        #expect(m.attachments[0].data == Data("attached notes".utf8))
    }

    @Test func relatedHTMLWithInlineImage() throws {
        let withoutPlain = Fixtures.nested.replacingOccurrences(
            of:
                "--m-alt\nContent-Type: text/plain; charset=utf-8\nContent-Transfer-Encoding: quoted-printable\n\nHello =E2=80=94 nested\n",
            with: "")
        #expect(withoutPlain != Fixtures.nested)
        let m = MessageParser.parse(Fixtures.data(withoutPlain))
        #expect(m.problems == [])
        #expect(m.text == "Hello — nested")
        #expect(m.attachments.map(\.filename) == ["attachment.png", "notes.txt"])
        #expect(m.attachments[0].contentID == "logo@x")
        #expect(m.attachments[0].isInline)
        #expect(m.attachments[0].hasOwnFilename == false)
        #expect(m.attachments[0].data == Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]))
    }

    @Test func forwardedMessageIsTolerated() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.forwarded))
        #expect(m.problems == [])
        #expect(
            m.text == """
                FYI

                ---------- Forwarded message ----------
                From: Security <sec@example.ru>
                Date: Mon, 2 Sep 2024 09:00:00 +0300
                Subject: Правила

                Inner body
                """)
        #expect(m.attachments.map(\.filename) == ["Правила.eml"])
        #expect(m.attachments.first?.mimeType == "message/rfc822")
    }

    @Test func formatFlowedIsUnwrapped() throws {
        let text =
            "Content-Type: text/plain; charset=utf-8; format=flowed\n\nThis is a \nsoft-wrapped line.\n> quoted \n> too\nHard\n-- \nsig\n"
        let m = MessageParser.parse(Fixtures.data(text))
        #expect(m.text == "This is a soft-wrapped line.\n> quoted too\nHard\n-- \nsig")
    }

    // MARK: - Broken input

    @Test func truncatedBase64KeepsWhatDecodes() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.truncatedBase64))
        #expect(m.text.hasPrefix("Привет из base64!\nВторая "))
        #expect(m.problems.contains { $0.contains("base64 data is truncated") })
    }

    @Test func missingClosingBoundary() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.missingCloseBoundary))
        #expect(m.text == "First part")
        #expect(m.attachments.map(\.filename) == ["log.txt"])
        #expect(m.attachments.first?.data == Data("line 1\nline 2".utf8))
        #expect(m.problems.contains { $0.contains("closing boundary \"--b1--\"") })
    }

    @Test func boundaryNeverFound() throws {
        let text = "Content-Type: multipart/mixed; boundary=zzz\n\nno parts here\n"
        let m = MessageParser.parse(Fixtures.data(text))
        #expect(m.text == "no parts here")
        #expect(m.problems.contains { $0.contains("boundary \"zzz\"") })
    }

    @Test func unknownCharsetFallsBackToUTF8ThenLatin1() throws {
        let utf8 = MessageParser.parse(Fixtures.data(Fixtures.unknownCharsetUTF8))
        #expect(utf8.text == "Привет")
        #expect(utf8.problems == ["text/plain part: unknown charset \"x-klingon\"; decoded as UTF-8"])

        let latin1 = MessageParser.parse(Fixtures.unknownCharsetLatin1)
        #expect(latin1.text == "café")
        #expect(latin1.problems == ["text/plain part: unknown charset \"x-unknown-8bit\"; decoded as Latin-1"])
    }

    @Test func noHeaders() throws {
        let m = MessageParser.parse(Fixtures.data(Fixtures.noHeaders))
        #expect(m.headers.isEmpty)
        #expect(m.text == "Just some text\nwithout any headers.")
        #expect(m.problems == ["message has no header section"])
    }

    @Test func binaryGarbageDoesNotCrash() throws {
        let m = MessageParser.parse(Fixtures.binaryGarbage)
        #expect(!m.problems.isEmpty)
        let preview = MessageParser.summary(Fixtures.binaryGarbage)
        #expect(preview.snippet.count <= MessageParser.snippetLength + 1)
    }

    @Test func emptyAndHeaderOnlyInput() throws {
        let empty = MessageParser.parse(Data())
        #expect(empty.text == "")
        #expect(empty.subject == "")
        #expect(empty.problems == ["message has no header section"])

        let headersOnly = MessageParser.parse(Fixtures.data("Subject: Hi\nFrom: a@b.c"))
        #expect(headersOnly.subject == "Hi")
        #expect(headersOnly.from == [MailAddress(address: "a@b.c")])
        #expect(headersOnly.text == "")
        #expect(headersOnly.problems == [])
    }

    @Test func invalidUTF8IsReplacedAndReported() throws {
        let data = Fixtures.bytes("Content-Type: text/plain; charset=utf-8\n\nok ", [0xFF, 0xFE] as [UInt8], " end")
        let m = MessageParser.parse(data)
        #expect(m.text == "ok \u{FFFD}\u{FFFD} end")
        #expect(m.problems == ["text/plain part: invalid UTF-8 sequences replaced"])
    }

    @Test func deeplyNestedMultipartsStop() throws {
        var text = ""
        for level in 0..<40 {
            text += "Content-Type: multipart/mixed; boundary=\"b\(level)\"\n\n--b\(level)\n"
        }
        text += "Content-Type: text/plain\n\ndeep\n"
        let m = MessageParser.parse(Fixtures.data(text))
        #expect(m.problems.contains { $0.contains("nested deeper") })
    }

    @Test func invalidBase64CharactersAreReported() throws {
        let text = "Content-Transfer-Encoding: base64\n\naGVs!!bG8=\n"
        let m = MessageParser.parse(Fixtures.data(text))
        #expect(m.text == "hello")
        #expect(m.problems.contains { $0.contains("2 character(s) outside the base64 alphabet") })
    }
}

@Suite struct MalformedInputTests {
    static let corpus: [Data] = [
        Fixtures.data(Fixtures.plainUTF8), Fixtures.crlf(Fixtures.quotedPrintableUTF8),
        Fixtures.data(Fixtures.base64UTF8),
        Fixtures.koi8r, Fixtures.data(Fixtures.windows1251), Fixtures.data(Fixtures.alternative),
        Fixtures.data(Fixtures.mixedWithAttachments), Fixtures.data(Fixtures.nested), Fixtures.data(Fixtures.forwarded),
    ]

    /// Every prefix (in steps) of every fixture parses without trapping, and
    /// the header fields seen in full in the prefix come out the same as in the whole message.
    @Test func truncatedMessagesNeverTrap() throws {
        for data in Self.corpus {
            let whole = MessageParser.parse(data)
            for end in stride(from: 0, to: data.count, by: 5) {
                let prefix = data.prefix(end)
                let message = MessageParser.parse(prefix)
                let preview = MessageParser.summary(prefix)
                #expect(preview.snippet.count <= MessageParser.snippetLength + 1)
                if let bodyStart = prefix.range(of: Data("\n\n".utf8)) ?? prefix.range(of: Data("\r\n\r\n".utf8)),
                    bodyStart.lowerBound > 0
                {
                    #expect(message.subject == whole.subject)
                    #expect(preview.subject == whole.subject)
                }
            }
        }
    }

    /// Flipping bytes anywhere never traps.
    @Test func corruptedMessagesNeverTrap() throws {
        var random = SplitMix64(seed: 7)
        for data in Self.corpus {
            for _ in 0..<60 {
                var bytes = [UInt8](data)
                for _ in 0..<8 {
                    let index = Int(random.next() % UInt64(bytes.count))
                    bytes[index] = UInt8(truncatingIfNeeded: random.next())
                }
                let message = MessageParser.parse(Data(bytes))
                _ = MessageParser.summary(Data(bytes))
                #expect(message.attachments.allSatisfy { !$0.filename.isEmpty })
            }
        }
    }
}
