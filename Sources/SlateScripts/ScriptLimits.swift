import Graphics

/// The bounds of what a script may say, so that no step can trap or run for ever, and how its words
/// are echoed in errors.
public enum ScriptLimits {
    /// The longest `wait` or `hold`, in seconds (the virtual clock draws every frame of it).
    public static let longestDuration = 60.0
    /// The largest whole number (a window count, `in window N`).
    public static let largestCount = 1_000_000
    /// The largest distance or coordinate, in points.
    public static let largestDistance = 1_000_000.0
    /// Longer words are never numbers (and are not handed to the number parser).
    static let longestNumber = 64
    /// How much of a word an error message echoes.
    public static let echoedCharacters = 40

    /// A word as an error shows it: in quotes, cut to `echoedCharacters` with "…", control
    /// characters escaped (`\u{1B}`), so a huge or hostile word gives a short, printable line.
    public static func shown(_ word: String) -> String {
        var out = ""
        var n = 0
        for c in word.unicodeScalars {
            if n == echoedCharacters {
                out += "…"
                break
            }
            if c.properties.generalCategory == .control || c.properties.generalCategory == .format
                || c.properties.generalCategory == .lineSeparator || c.properties.generalCategory == .paragraphSeparator
            {
                out += "\\u{" + String(c.value, radix: 16, uppercase: true) + "}"
            } else {
                out.unicodeScalars.append(c)
            }
            n += 1
        }
        return "'" + out + "'"
    }
}

extension String {
    var trimmingSpaces: String {
        var s = Substring(self)
        while s.first == " " || s.first == "\t" { s = s.dropFirst() }
        while s.last == " " || s.last == "\t" || s.last == "\r" { s = s.dropLast() }
        return String(s)
    }
}
