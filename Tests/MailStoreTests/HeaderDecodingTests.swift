import Foundation
import Testing

@testable import MailStore

@Suite struct HeaderDecodingTests {
    @Test func encodedWordsBAndQ() throws {
        #expect(EncodedWordDecoder.decode("=?UTF-8?B?0JjQstCw0L0g0J/QtdGC0YDQvtCy?=") == "Иван Петров")
        #expect(EncodedWordDecoder.decode("=?iso-8859-1?q?caf=E9_cr=E8me?=") == "café crème")
        #expect(EncodedWordDecoder.decode("Re: =?koi8-r?B?79Teo9Q=?= (2)") == "Re: Отчёт (2)")
        #expect(EncodedWordDecoder.decode("plain text") == "plain text")
    }

    @Test func adjacentEncodedWordsAreJoinedWithoutTheirWhitespace() throws {
        #expect(EncodedWordDecoder.decode("=?UTF-8?Q?a?= =?UTF-8?Q?b?=") == "ab")
        #expect(EncodedWordDecoder.decode("=?UTF-8?Q?a?=\r\n =?UTF-8?Q?b?=") == "ab")
        #expect(EncodedWordDecoder.decode("=?UTF-8?Q?a?= b =?UTF-8?Q?c?=") == "a b c")
        #expect(EncodedWordDecoder.decode("=?UTF-8?Q?a_?= =?UTF-8?Q?b?=") == "a b")
        // A character split between two words ("р" is D1 80) still decodes.
        #expect(EncodedWordDecoder.decode("=?UTF-8?B?0J/R?= =?UTF-8?B?gNC40LLQtdGC?=") == "Привет")
        // Different charsets next to each other.
        #expect(EncodedWordDecoder.decode("=?koi8-r?B?79Teo9Q=?= =?iso-8859-1?Q?=E9?=") == "Отчётé")
    }

    @Test func malformedEncodedWordsStayAsText() throws {
        #expect(EncodedWordDecoder.decode("=?UTF-8?X?abc?=") == "=?UTF-8?X?abc?=")
        #expect(EncodedWordDecoder.decode("=?UTF-8?Q?unterminated") == "=?UTF-8?Q?unterminated")
        var problems: [String] = []
        #expect(EncodedWordDecoder.decode("=?x-unknown?Q?caf=C3=A9?=", problems: &problems) == "café")
        #expect(problems == ["encoded word: unknown charset \"x-unknown\"; decoded as UTF-8"])
    }

    @Test func addresses() throws {
        #expect(MailAddress.parseList("john@example.com") == [MailAddress(address: "john@example.com")])
        #expect(
            MailAddress.parseList("John Doe <john@example.com>")
                == [MailAddress(name: "John Doe", address: "john@example.com")])
        #expect(
            MailAddress.parseList("\"Doe, John \\\"JD\\\"\" <john@example.com>, jane@example.com (Jane Roe)")
                == [
                    MailAddress(name: "Doe, John \"JD\"", address: "john@example.com"),
                    MailAddress(name: "Jane Roe", address: "jane@example.com"),
                ])
        #expect(MailAddress.parseList("undisclosed-recipients:;") == [])
        #expect(
            MailAddress.parseList("Team: a@x.org, B <b@x.org>; c@y.org")
                == [
                    MailAddress(address: "a@x.org"), MailAddress(name: "B", address: "b@x.org"),
                    MailAddress(address: "c@y.org"),
                ])
        #expect(
            MailAddress.parseList("=?UTF-8?B?0JDQvdC90LA=?= =?UTF-8?B?INCh0LzQuNGA0L3QvtCy0LA=?= <anna@example.ru>")
                == [MailAddress(name: "Анна Смирнова", address: "anna@example.ru")])
        #expect(
            MailAddress.parseList("\"=?UTF-8?B?0JDQvdC90LA=?=\" <anna@example.ru>")
                == [MailAddress(name: "Анна", address: "anna@example.ru")])
        #expect(
            MailAddress.parseList("<@route.example:user@example.com>") == [MailAddress(address: "user@example.com")])
        #expect(MailAddress.parseList("") == [])
        #expect(MailAddress(name: "Анна", address: "a@b.c").displayName == "Анна")
        #expect(MailAddress(address: "a@b.c").displayName == "a@b.c")
    }

    @Test func dates() throws {
        func date(_ s: String) -> TimeInterval? { MailDateParser.parse(s)?.timeIntervalSince1970 }
        // 2003-07-01 08:52:37 UTC
        let t: TimeInterval = 1_057_049_557
        #expect(date("Tue, 1 Jul 2003 10:52:37 +0200") == t)
        #expect(date("1 Jul 2003 10:52:37 +0200") == t)
        #expect(date("Tue,  1 Jul 2003 10:52:37 +0200 (CEST)") == t)
        #expect(date("Tue, 01 Jul 03 08:52:37 GMT") == t)
        #expect(date("Tue, 1 Jul 2003 04:52:37 EDT") == t)
        #expect(date("Tue, 1 Jul 2003 00:52:37 PST") == t)
        #expect(date("Tue, 1 Jul 2003 08:52:37 UT") == t)
        #expect(date("Tue, 1 Jul 2003 08:52:37 Z") == t)
        #expect(date("Tue, 1 Jul 2003 08:52:37 A") == t)  // military zones count as -0000
        #expect(date("Tue, 1 Jul 103 08:52:37 +0000") == t)  // three-digit year: 1900 + 103
        #expect(date("Tue, 1 Jul 2003 08:52 +0000") == t - 37)
        #expect(date("Tue Jul  1 08:52:37 2003") == t)  // asctime order, no zone: UTC
        #expect(date("Tue, 1 Jul 2003 10:52:37 +02:00") == t)
        #expect(date("Fri, 1 Jan 99 00:00:00 +0000") == 915_148_800)
        #expect(date("not a date") == nil)
        #expect(date("Tue, 31 Feb 2003 10:52:37 +0200") == nil)
        #expect(date("Tue, 1 Jul 2003 25:52:37 +0200") == nil)
        #expect(date("") == nil)
        #expect(date("Tue, 1 Jul 9223372036854775807 10:52:37 +0200") == nil)  // no overflow trap
        #expect(date("Tue, 99999999999 Jul 2003 10:52:37 +9999") == nil)
    }

    @Test func contentTypeParameters() throws {
        let ct = ContentType(headerValue: "Text/HTML; Charset=\"UTF-8\"; format=flowed")
        #expect(ct.mimeType == "text/html")
        #expect(ct.charset == "UTF-8")
        #expect(ct.parameters["format"] == "flowed")
        let multi = ContentType(headerValue: "multipart/mixed;\tboundary=\"----=_Part_1; odd\"")
        #expect(multi.boundary == "----=_Part_1; odd")
        #expect(ContentType(headerValue: "garbage").mimeType == "text/plain")
        let disposition = ContentDisposition(headerValue: "attachment; filename*=koi8-r'ru'%EF%D4%DE%A3%D4.txt")
        #expect(disposition.isAttachment)
        #expect(disposition.filename == "Отчёт.txt")
        let mixed = ContentDisposition(headerValue: "inline; filename*0=\"long \"; filename*1=\"name.txt\"")
        #expect(mixed.filename == "long name.txt")
        #expect(mixed.type == "inline")
    }

    @Test func modifiedUTF7() throws {
        #expect(ModifiedUTF7.decode("&BBoEPgRABDcEOAQ9BDA-") == "Корзина")
        #expect(ModifiedUTF7.decode("Tom &- Jerry") == "Tom & Jerry")
        #expect(ModifiedUTF7.decode("Sent") == "Sent")
        #expect(ModifiedUTF7.decode("&ZeVnLIqe-") == "日本語")
        #expect(ModifiedUTF7.decode("&BBoEPgRABDcEOAQ9BDA") == nil)  // no closing "-"
        #expect(ModifiedUTF7.decode("&!!-") == nil)
        #expect(ModifiedUTF7.encode("Корзина") == "&BBoEPgRABDcEOAQ9BDA-")
        #expect(ModifiedUTF7.encode("Tom & Jerry") == "Tom &- Jerry")
        for name in ["Входящие/Работа", "Ünïcødé & more", "😀 emoji", "plain"] {
            #expect(ModifiedUTF7.decode(ModifiedUTF7.encode(name)) == name)
        }
    }

    @Test func transferDecoders() throws {
        var problems: [String] = []
        #expect(
            TransferEncoding.decodeQuotedPrintable(Array("a=\r\nb=3D=\nc =20 \nd=zz".utf8)[...], problems: &problems)
                == Array("ab=c  \nd=zz".utf8))
        #expect(problems == ["invalid quoted-printable escape kept as it is"])
        problems = []
        #expect(
            TransferEncoding.decodeBase64(Array("SGVs\r\nbG8h".utf8)[...], problems: &problems) == Array("Hello!".utf8))
        #expect(problems == [])
    }
}
