import Testing

@testable import Graphics

/// The person's text size: the HIG's Dynamic Type table, the category Settings' saved size stands
/// for, and how fonts and lengths scale with it.
@Suite struct ContentSizeCategoryTests {
    @Test func everyStyleHasTheHIGsSizeInEveryCategory() {
        // At the standard size the table is the styles' own sizes.
        for style in TextStyle.allCases { #expect(style.size(in: .standard) == style.size) }
        #expect(TextStyle.body.size(in: .extraSmall) == 14)
        #expect(TextStyle.body.size(in: .extraExtraExtraLarge) == 23)
        #expect(TextStyle.largeTitle.size(in: .extraExtraExtraLarge) == 40)
        #expect(TextStyle.caption2.size(in: .extraSmall) == 11)
        #expect(TextStyle.caption2.size(in: .extraExtraExtraLarge) == 17)
        // Every style grows (or stays) from each category to the next.
        for style in TextStyle.allCases {
            let sizes = ContentSizeCategory.allCases.map(style.size(in:))
            #expect(sizes == sizes.sorted(), "\(style)")
        }
    }

    @Test func settingsSavedBodySizeNamesItsCategory() {
        #expect(ContentSizeCategory(bodySize: 17) == .large)
        #expect(ContentSizeCategory(bodySize: 14) == .extraSmall)
        #expect(ContentSizeCategory(bodySize: 23) == .extraExtraExtraLarge)
        // A size between two, or beyond the table (a hand-edited file), takes the nearest.
        #expect(
            ContentSizeCategory(bodySize: 20) == .extraLarge || ContentSizeCategory(bodySize: 20) == .extraExtraLarge)
        #expect(ContentSizeCategory(bodySize: 80) == .extraExtraExtraLarge)
        #expect(ContentSizeCategory(bodySize: -3) == .extraSmall)
    }

    @Test func aStylesFontTakesItsSizeAndKeepsItsWeightAFixedFontStays() {
        let largest = FontMetrics(category: .extraExtraExtraLarge)
        let headline = Font.preferred(.headline).weight(.bold)
        #expect(largest.scaledFont(headline).size == 23)
        #expect(largest.scaledFont(headline).weight == .bold)
        #expect(largest.scaledFont(Font.system(size: 12)).size == 12)
        // A style's font given a size of its own is fixed from then on; so is one made `fixed`.
        #expect(largest.scaledFont(Font.preferred(.body).size(30)).size == 30)
        #expect(largest.scaledFont(Font.preferred(.body).fixed).size == 17)
        #expect(FontMetrics(category: .standard).scaledFont(headline) == headline)
    }

    @Test func lengthsAroundTextGrowWithTheBody() {
        #expect(FontMetrics(category: .standard).scaledValue(44) == 44)
        #expect(FontMetrics(category: .extraExtraExtraLarge).scaledValue(44) == (44.0 * 23 / 17).rounded())
        #expect(FontMetrics(category: .extraSmall).scaledValue(44) == (44.0 * 14 / 17).rounded())
    }
}
