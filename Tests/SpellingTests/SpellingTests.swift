import Foundation
import OnScreenKeyboard
import Testing

@testable import Spelling

/// The words' index, on a dictionary written here.
@Suite struct WordIndexTests {
    static let dic = """
        9
        hello/MS
        help/S
        helm
        Helsinki/M
        he
        hell/SM
        a\\/b
        NASA
        1st/p
        """

    @Test func itHoldsTheStemsInOrderAndCompletesShortestFirst() {
        let index = WordIndex(dic: Self.dic)
        #expect(index.count == 8, "the count line and a word that is not one are left out")
        #expect(index.completions(of: "hel", limit: 3) == ["hell", "helm", "help"])
        #expect(index.completions(of: "Hel", limit: 10) == ["hell", "helm", "help", "hello", "Helsinki"])
        #expect(index.completions(of: "hello", limit: 3).isEmpty, "a word is not its own completion")
        #expect(index.completions(of: "nas", limit: 3) == ["NASA"], "a word keeps its own spelling")
        #expect(index.completions(of: "a/", limit: 3) == ["a/b"], "an escaped slash is part of the word")
        #expect(index.hasWords(beginning: "helsi"))
        #expect(!index.hasWords(beginning: "hx"))
    }
}

/// hunspell with Debian's dictionaries (scripts/setup.sh installs hunspell-en-us and hunspell-ru).
@Suite(.serialized) struct HunspellSuggesterTests {
    static let suggester = HunspellSuggester()

    @Test func aMisspellingGetsCorrectionsInBothLanguages() {
        for (word, dictionary, meant) in [
            ("wrold", "en_US", "world"), ("keybord", "en_US", "keyboard"), ("recieve", "en_US", "receive"),
            ("привт", "ru_RU", "привет"), ("клавиатра", "ru_RU", "клавиатура"),
            ("здраствуйте", "ru_RU", "здравствуйте"),
        ] {
            let s = Self.suggester.suggestions(for: word, dictionary: dictionary, limit: 3)
            #expect(!s.isCorrect, "\(word)")
            #expect(s.words.contains(meant), "\(word): \(s.words)")
        }
        // A beginning of words, misspelled: the nearest word first, then completions.
        let helo = Self.suggester.suggestions(for: "helo", dictionary: "en_US", limit: 3)
        #expect(helo.words.first == "hello", "\(helo.words)")
    }

    @Test func aBeginningGetsCompletionsFromTheDictionarysWords() {
        let en = Self.suggester.suggestions(for: "keyb", dictionary: "en_US", limit: 3)
        #expect(en.isCorrect, "a beginning of words is no misspelling")
        #expect(en.words.contains("keyboard"), "\(en.words)")
        let ru = Self.suggester.suggestions(for: "клавиа", dictionary: "ru_RU", limit: 3)
        #expect(ru.words.contains("клавиатура"), "\(ru.words)")
    }

    @Test func aMissingDictionaryIsSaidOnceAndSuggestsNothing() {
        let said = Said()
        let s = HunspellSuggester(directories: ["/nonexistent"], log: { said.append($0) })
        #expect(s.suggestions(for: "hello", dictionary: "en_US", limit: 3) == .none)
        #expect(s.suggestions(for: "hello", dictionary: "en_US", limit: 3) == .none)
        #expect(said.lines.count == 1)
        #expect(said.lines.first?.contains("en_US") == true)
    }

    /// What the index of the Russian dictionary costs (146,000 stems): printed for the notes, and kept
    /// under 8 MB.
    @Test func theRussianIndexSize() throws {
        let index = try #require(Self.suggester.index("ru_RU"))
        print("ru_RU index: \(index.count) words, \(index.byteCount) bytes")
        #expect(index.count > 100_000)
        #expect(index.byteCount < 8 << 20)
    }
}

/// Lines said, kept across threads.
final class Said: @unchecked Sendable {
    private let lock = NSLock()
    private var kept: [String] = []
    func append(_ s: String) { lock.withLock { kept.append(s) } }
    var lines: [String] { lock.withLock { kept } }
}
