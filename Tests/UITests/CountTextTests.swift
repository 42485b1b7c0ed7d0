import Testing

@testable import UI

/// Counts as iPadOS writes them: every digit, grouped in threes by the language's separator.
@Suite struct CountTextTests {
    @Test func everyDigitGroupedInThrees() {
        #expect(CountText.grouped(0, language: .en) == "0")
        #expect(CountText.grouped(7, language: .en) == "7")
        #expect(CountText.grouped(999, language: .en) == "999")
        #expect(CountText.grouped(1000, language: .en) == "1,000")
        #expect(CountText.grouped(66_667, language: .en) == "66,667")
        #expect(CountText.grouped(200_000, language: .en) == "200,000")
        #expect(CountText.grouped(1_234_567, language: .en) == "1,234,567")
        #expect(CountText.grouped(-1200, language: .en) == "-1,200")
        #expect(CountText.grouped(66_667, language: .ru) == "66\u{00A0}667", "a no-break space, as ru_RU's ICU")
        #expect(CountText.grouped(Int.max, language: .en).filter(\.isNumber).count == 19)
    }
}
