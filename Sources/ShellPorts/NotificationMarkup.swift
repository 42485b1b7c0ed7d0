/// A notification's body as plain text: the spec's markup subset (`<b>`, `<i>`, `<u>`, `<a href>`,
/// `<img src alt>`) read out — tags dropped, an image's `alt` kept — and its entities (`&amp;`,
/// `&lt;`, `&#8212;`) decoded. Text that is not markup stays as written: a `<` that starts no tag of
/// the subset, an `&` that starts no entity (a body of `a < b & c` reads as it is). The input is cut
/// to `NotificationLimits.bodyBytes` first and the result to `NotificationLimits.bodyCharacters`.
public enum NotificationMarkup {
    /// `body` (markup) as plain text, bounded.
    public static func plainText(_ body: String) -> String {
        let bounded = cutToBytes(body, NotificationLimits.bodyBytes)
        var out = ""
        var rest = Substring(bounded)
        while let next = rest.firstIndex(where: { $0 == "<" || $0 == "&" }) {
            out += rest[..<next]
            rest = rest[next...]
            if rest.first == "<", let (tag, after) = tag(at: rest) {
                out += tag
                rest = after
            } else if rest.first == "&", let (text, after) = entity(at: rest) {
                out += text
                rest = after
            } else {
                out.append(rest.removeFirst())
            }
        }
        out += rest
        let cleaned = out.replacingOccurrences(of: "\r\n", with: "\n").filter { $0 != "\r" && $0 != "\0" }
        return cut(cleaned, NotificationLimits.bodyCharacters)
    }

    /// `text` cut to at most `characters`, an ellipsis marking the cut.
    public static func cut(_ text: String, _ characters: Int) -> String {
        guard text.count > characters else { return text }
        return String(text.prefix(max(0, characters - 1))) + "…"
    }

    /// `text` cut to at most `bytes` UTF-8 bytes, at a character's boundary.
    static func cutToBytes(_ text: String, _ bytes: Int) -> String {
        guard text.utf8.count > bytes else { return text }
        // A character cut in two decodes as U+FFFD at the end: it goes.
        var cut = String(decoding: text.utf8.prefix(bytes), as: UTF8.self)
        while cut.unicodeScalars.last == "\u{FFFD}" { cut.unicodeScalars.removeLast() }
        return cut
    }

    private static let tags: Set<String> = ["b", "i", "u", "a", "img"]

    /// The text a tag of the subset at `s` (starting `<`) stands for (an image's alt; else nothing)
    /// and what follows it; nil when `s` starts no such tag.
    private static func tag(at s: Substring) -> (String, Substring)? {
        guard let close = s.prefix(1024).firstIndex(of: ">") else { return nil }
        var inside = s[s.index(after: s.startIndex)..<close]
        let closing = inside.first == "/"
        if closing { inside = inside.dropFirst() }
        if inside.last == "/" { inside = inside.dropLast() }
        let name = inside.prefix { $0.isLetter }.lowercased()
        guard tags.contains(name), inside.dropFirst(name.count).first.map({ $0.isWhitespace }) ?? true,
            !inside.contains("<")
        else { return nil }
        let after = s[s.index(after: close)...]
        guard name == "img", !closing else { return ("", after) }
        return (attribute("alt", in: inside).map(plainText) ?? "", after)
    }

    /// The value of `name="…"` (or `'…'`) in a tag's inside.
    private static func attribute(_ name: String, in tag: Substring) -> String? {
        for quote in ["\"", "'"] {
            guard let start = tag.range(of: name + "=" + quote) else { continue }
            let value = tag[start.upperBound...]
            guard let end = value.firstIndex(of: Character(quote)) else { return nil }
            return String(value[..<end])
        }
        return nil
    }

    /// The character an entity at `s` (starting `&`) stands for and what follows it; nil when `s`
    /// starts none.
    private static func entity(at s: Substring) -> (String, Substring)? {
        guard let semicolon = s.prefix(12).firstIndex(of: ";") else { return nil }
        let name = s[s.index(after: s.startIndex)..<semicolon]
        let after = s[s.index(after: semicolon)...]
        switch name {
        case "amp": return ("&", after)
        case "lt": return ("<", after)
        case "gt": return (">", after)
        case "quot": return ("\"", after)
        case "apos": return ("'", after)
        default:
            guard name.first == "#" else { return nil }
            let digits = name.dropFirst()
            let value =
                digits.first == "x" || digits.first == "X"
                ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
            guard let value, value != 0, let scalar = Unicode.Scalar(value) else { return nil }
            return (String(Character(scalar)), after)
        }
    }
}
