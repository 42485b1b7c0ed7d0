/// How much of a message's text Mail lays out: hostile or huge messages (a 1 MB subject, a 10 MB
/// one-line body) are cut to what a person can read, so that no label grows past what the text
/// engine and the screen can draw, and opening any message takes the same short time.
public enum ShownText {
    /// The most characters of a one-line field (a subject, a sender, a window title) shown.
    public static let longestLine = 1_000
    /// The most characters of a message's text shown in its window: about 3,500 words, more than
    /// nearly every letter. The text wraps, and Pango breaks a paragraph's lines whole at each width
    /// it is laid out at (about 0.3 s for 20,000 characters on one line, on this machine; 100,000
    /// took seconds), so the bound keeps a window on a hostile message answering.
    public static let longestBody = 20_000

    /// `text` cut to `limit` characters with "…", unchanged when shorter. Cheap on huge strings: it
    /// looks at no more than `limit` characters.
    public static func clipped(_ text: String, _ limit: Int) -> String {
        // At most four bytes a scalar: a string of at most `limit` bytes has at most `limit` characters.
        if text.utf8.count <= limit { return text }
        var end = text.startIndex
        var n = 0
        while n < limit, end < text.endIndex {
            text.formIndex(after: &end)
            n += 1
        }
        return end == text.endIndex ? text : String(text[..<end]) + "…"
    }
}
