import Testing

@testable import MailStore

@Suite struct CharsetDecoderTests {
    @Test func knownCharsets() throws {
        #expect(CharsetDecoder.decode([0xF0, 0xD2, 0xC9, 0xD7, 0xC5, 0xD4][...], charset: "KOI8-R").text == "Привет")
        #expect(CharsetDecoder.decode([0xCF, 0xF0, 0xE8, 0xE2, 0xE5, 0xF2][...], charset: "cp1251").text == "Привет")
        #expect(CharsetDecoder.decode([0x63, 0x61, 0x66, 0xE9][...], charset: "latin1").text == "café")
        #expect(CharsetDecoder.decode([0x80][...], charset: "windows-1252").text == "€")
        #expect(
            CharsetDecoder.decode(
                [0x1B, 0x24, 0x42, 0x46, 0x7C, 0x4B, 0x5C, 0x1B, 0x28, 0x42][...], charset: "iso-2022-jp"
            ).text == "日本")
        #expect(CharsetDecoder.decode(Array("plain".utf8)[...], charset: nil).text == "plain")
        #expect(CharsetDecoder.decode([0xFF, 0xFE, 0x41, 0x00][...], charset: "UTF-16").text == "A")
    }

    @Test func invalidAndTruncatedInput() throws {
        let invalid = CharsetDecoder.decode([0x41, 0x98, 0x42][...], charset: "koi8-u")
        #expect(invalid.problem == nil)  // every byte is defined in KOI8-U
        let bad = CharsetDecoder.decode([0x41, 0xFF, 0x42][...], charset: "EUC-JP")
        #expect(bad.text == "A\u{FFFD}B")
        #expect(bad.problem == "1 byte(s) invalid in euc-jp replaced")

        let cut: [UInt8] = [0xD0, 0x9F, 0xD1]
        #expect(CharsetDecoder.decode(cut[...], charset: "utf-8", lenientTail: true).text == "П")
        let strict = CharsetDecoder.decode(cut[...], charset: "utf-8")
        #expect(strict.text == "П\u{FFFD}")
        #expect(strict.problem == "invalid UTF-8 sequences replaced")

        let mislabelled = CharsetDecoder.decode([0x63, 0x61, 0x66, 0xE9][...], charset: "us-ascii")
        #expect(mislabelled.text == "café")
        #expect(mislabelled.problem == "8-bit bytes in text declared us-ascii; decoded as Windows-1252")
    }
}
