/// A count as iPadOS writes it in a list's trailing text and on an app icon's badge: every digit,
/// in groups of three with the language's separator — "66,667" in English, "66 667" (a no-break
/// space) in Russian — and never cut short. iPadOS writes counts so in Mail's mailbox list and on
/// Home-screen badges (a badge grows into a longer capsule, it does not become "99+": that is
/// Android's and the web's way, not iPadOS's).
public enum CountText {
    /// `count` with its digits grouped in threes for `language` (a negative count keeps its sign).
    public static func grouped(_ count: Int, language: Language) -> String {
        let separator: Character = language == .ru ? "\u{00A0}" : ","
        let digits = String(count.magnitude)
        var out = ""
        for (i, digit) in digits.enumerated() {
            if i > 0 && (digits.count - i) % 3 == 0 { out.append(separator) }
            out.append(digit)
        }
        return count < 0 ? "-" + out : out
    }
}
