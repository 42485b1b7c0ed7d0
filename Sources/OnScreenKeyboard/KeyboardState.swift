import UI

/// What the keyboard shows and how it types, as a value: the layout, the page, Shift. Changed only by
/// the named steps below, each a pure function of the state and what happened, so the keyboard's
/// rules (double tap for Caps Lock, capitals at a sentence's start, back to the letters after a
/// space) are tested directly.
public struct KeyboardState: Sendable, Hashable {
    /// Shift: off, on for the next character, or locked (Caps Lock).
    public enum Shift: Sendable, Hashable { case off, on, locked }

    /// The layout shown, an index into the keyboard's layouts.
    public var layoutIndex = 0
    /// The page of the layout shown.
    public var page: KeyboardPage.Kind = .letters
    public var shift: Shift = .off
    /// When Shift was last tapped (clock seconds), for the double tap that locks it.
    public var lastShiftTap: Double?

    /// A keyboard on the first layout's letters, Shift off.
    public init() {}

    /// Whether the keys show (and type) their shifted characters.
    public var isShifted: Bool { shift != .off && page == .letters }

    /// Shift tapped at `time`: on, off again, or — a second tap soon after the first — locked; a tap
    /// on a locked Shift lets it go.
    public mutating func tapShift(at time: Double) {
        defer { lastShiftTap = time }
        switch shift {
        case .locked: shift = .off
        case .on:
            if let last = lastShiftTap, time - last <= KeyboardMetrics.capsLockInterval {
                shift = .locked
            } else {
                shift = .off
            }
        case .off:
            if let last = lastShiftTap, time - last <= KeyboardMetrics.capsLockInterval, page == .letters {
                // Off then on within the double tap: the second tap of a double tap that started on.
                shift = .locked
            } else {
                shift = .on
            }
        }
    }

    /// A character was typed: a one-time Shift goes off; a space on the 123 or #+= page goes back to
    /// the letters (as iPadOS does after a word).
    public mutating func typed(_ text: String) {
        if shift == .on { shift = .off }
        if page != .letters, text == " " { page = .letters }
    }

    /// Shift follows the text before the caret (capitals at the start of a sentence, of each word,
    /// or always, as the field asks); Caps Lock stays.
    public mutating func capitalize(before text: String, _ mode: TextAutocapitalizationType) {
        guard shift != .locked, page == .letters else { return }
        shift = KeyboardText.wantsCapital(before: text, mode) ? .on : .off
    }

    /// The globe key: the next layout, on its letters.
    public mutating func nextLayout(count: Int) {
        guard count > 0 else { return }
        layoutIndex = (layoutIndex + 1) % count
        page = .letters
    }

    /// A page key.
    public mutating func show(_ kind: KeyboardPage.Kind) {
        page = kind
        if kind != .letters, shift == .on { shift = .off }
    }
}

/// What the keyboard reads in the text before the caret: whether a capital is due, the word being
/// typed, whether a double space makes a full stop.
public enum KeyboardText {
    /// The characters that end a sentence.
    static let sentenceEnds: Set<Character> = [".", "!", "?", "…"]

    /// Whether the next letter is a capital: at the start of the text or of a line, after a
    /// sentence's end and a space (`.sentences`); after any space (`.words`); always
    /// (`.allCharacters`); never (`.none`).
    public static func wantsCapital(before text: String, _ mode: TextAutocapitalizationType) -> Bool {
        switch mode {
        case .none: return false
        case .allCharacters: return true
        case .words:
            guard let last = text.last else { return true }
            return last.isWhitespace
        case .sentences:
            guard let last = text.last else { return true }
            if last.isNewline { return true }
            guard last.isWhitespace else { return false }
            let trimmed = text.reversed().drop { $0.isWhitespace && !$0.isNewline }
            guard let end = trimmed.first else { return true }
            if end.isNewline { return true }
            // A sentence's end, maybe inside closing quotes or brackets ("Yes." or «Да.»).
            let beforeClosers = trimmed.drop { "\"'»”’)]".contains($0) }
            return beforeClosers.first.map { sentenceEnds.contains($0) } ?? false
        }
    }

    /// The word being typed: the letters (and apostrophes and hyphens inside it) just before the caret.
    public static func currentWord(before text: String) -> String {
        var chars: [Character] = []
        for c in text.reversed() {
            if c.isLetter || ((c == "'" || c == "’" || c == "-") && !chars.isEmpty) {
                chars.append(c)
            } else {
                break
            }
        }
        while let last = chars.last, !last.isLetter { chars.removeLast() }
        return String(chars.reversed())
    }

    /// Whether a space typed now makes ". " of the space before it (iPadOS's "." shortcut: two spaces
    /// after a word end the sentence).
    public static func doubleSpaceMakesFullStop(before text: String) -> Bool {
        guard text.last == " " else { return false }
        let rest = text.dropLast()
        guard let c = rest.last else { return false }
        return c.isLetter || c.isNumber
    }
}
