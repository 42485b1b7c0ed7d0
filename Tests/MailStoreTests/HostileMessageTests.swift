import Foundation
import Testing

@testable import MailStore

/// Messages built to hurt: a NUL in a header, a 10 MB line, a huge subject. Each parses whole, fast.
@Suite struct HostileMessageTests {
    @Test func aNULInAHeaderKeepsTheRestOfTheText() {
        var data = Data("From: a@b.c\r\nSubject: nul".utf8)
        data.append(0)
        data.append(Data("byte after\r\n\r\nbody\u{0}text\r\n".utf8))
        let m = MessageParser.parse(data)
        #expect(m.subject.hasPrefix("nul"))
        #expect(m.subject.hasSuffix("byte after"), "the rest is kept: \(m.subject.debugDescription)")
        #expect(m.text.contains("text"))
        let s = MessageParser.summary(data)
        #expect(s.subject.hasSuffix("byte after"))
    }

    @Test func aTenMegabyteOneLineBodyParsesQuickly() {
        var data = Data("From: a@b.c\r\nSubject: big\r\n\r\n".utf8)
        data.append(Data(repeating: UInt8(ascii: "x"), count: 10 << 20))
        let clock = ContinuousClock()
        var m: Message?
        let took = clock.measure { m = MessageParser.parse(data) }
        #expect(m?.text.utf8.count == 10 << 20)
        #expect(took < .seconds(10), "\(took)")
        let summaryTook = clock.measure { _ = MessageParser.summary(data) }
        #expect(summaryTook < .seconds(2), "\(summaryTook)")
    }
}
