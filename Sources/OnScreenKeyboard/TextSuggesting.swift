/// Where the keyboard's QuickType suggestions come from: a spelling dictionary (hunspell's, from the
/// host layer: `Spelling.HunspellSuggester`). Called off the main thread; an implementation keeps
/// itself safe across threads.
public protocol TextSuggesting: Sendable {
    /// Up to `limit` words for `word` as typed so far, in the dictionary `dictionary` (`en_US`,
    /// `ru_RU`): corrections when it is misspelled, else completions that begin with it, best first.
    func suggestions(for word: String, dictionary: String, limit: Int) -> TextSuggestions
}

/// What a dictionary says of a word being typed.
public struct TextSuggestions: Sendable, Hashable {
    /// Whether the word as typed is spelled right.
    public var isCorrect: Bool
    /// Corrections (misspelled) or completions (spelled right, or a beginning of words), best first.
    public var words: [String]

    /// A dictionary's answer.
    public init(isCorrect: Bool, words: [String]) {
        self.isCorrect = isCorrect
        self.words = words
    }

    /// No dictionary, or nothing to say.
    public static let none = TextSuggestions(isCorrect: true, words: [])
}
