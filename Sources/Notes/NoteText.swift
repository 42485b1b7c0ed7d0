/// What a note's text says about it: its title (the first line without Markdown's heading marks) and
/// the first line of text after it.
public enum NoteText {
    /// The first non-empty line, without leading `#` marks and spaces.
    public static func title(of text: Substring) -> String {
        for line in text.split(separator: "\n", maxSplits: 8, omittingEmptySubsequences: true) {
            let t = line.drop { $0 == "#" || $0 == " " || $0 == "\t" }.trimmingSpaces
            if !t.isEmpty { return String(t) }
        }
        return ""
    }

    /// The first non-empty line after the title's.
    public static func preview(of text: Substring) -> String {
        var seenTitle = false
        for line in text.split(separator: "\n", maxSplits: 16, omittingEmptySubsequences: true) {
            let t = line.trimmingSpaces
            if t.isEmpty || t.allSatisfy({ $0 == "#" }) { continue }
            if !seenTitle {
                seenTitle = true
                continue
            }
            return String(t.prefix(previewLength))
        }
        return ""
    }

    /// The characters of a preview kept: more than any row shows.
    static let previewLength = 160

    /// A file name for a note titled `title`: no slashes or leading dots, at most 60 characters.
    public static func fileStem(for title: String) -> String {
        var s = String(title.map { $0 == "/" || $0 == "\\" || $0 == ":" ? "-" : $0 }.prefix(60))
        while s.hasPrefix(".") { s.removeFirst() }
        s = String(s.trimmingSpaces)
        return s
    }
}

extension StringProtocol {
    var trimmingSpaces: SubSequence {
        var s = self[...]
        while let f = s.first, f.isWhitespace { s = s.dropFirst() }
        while let l = s.last, l.isWhitespace { s = s.dropLast() }
        return s
    }
}
