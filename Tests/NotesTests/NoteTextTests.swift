import Testing

@testable import Notes

@Suite struct NoteTextTests {
    @Test func theTitleIsTheFirstLineWithoutHeadingMarks() {
        #expect(NoteText.title(of: "# Shopping\n\nMilk") == "Shopping")
        #expect(NoteText.title(of: "\n\n  ## Встреча  \nтекст") == "Встреча")
        #expect(NoteText.title(of: "Plain title\nbody") == "Plain title")
        #expect(NoteText.title(of: "") == "")
        #expect(NoteText.preview(of: "# Shopping\n\nMilk, bread\nCoffee") == "Milk, bread")
        #expect(NoteText.preview(of: "Only a title") == "")
    }
}
