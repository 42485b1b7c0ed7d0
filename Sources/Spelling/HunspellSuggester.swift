import CHunspell
import Foundation
import Shell

/// The keyboard's suggestions from hunspell and the system's dictionaries (Debian's `hunspell-en-us`
/// and `hunspell-ru` in `/usr/share/hunspell`): completions of the word being typed from the
/// dictionary's own words (`WordIndex`), and, for a word that is neither spelled right nor the
/// beginning of one, hunspell's corrections (`Hunspell_suggest`). A dictionary is read the first time
/// it is asked for (off the main thread, as the keyboard asks); a missing one is said once, in one
/// line, and gives no suggestions.
public final class HunspellSuggester: TextSuggesting, @unchecked Sendable {
    /// Where dictionaries are looked for, in order.
    public let directories: [String]
    private let lock = NSLock()
    private var loaded: [String: Dictionary?] = [:]
    private let log: @Sendable (String) -> Void

    /// One dictionary: hunspell's handle and the index of its words.
    final class Dictionary {
        let handle: OpaquePointer
        let index: WordIndex

        init(handle: OpaquePointer, index: WordIndex) {
            self.handle = handle
            self.index = index
        }

        deinit { Hunspell_destroy(handle) }
    }

    /// Suggestions from the dictionaries in `directories` (by default the system's); what cannot be
    /// read is told to `log`.
    public init(
        directories: [String] = ["/usr/share/hunspell", "/usr/share/myspell"],
        log: @escaping @Sendable (String) -> Void = { FileHandle.standardError.write(Data(($0 + "\n").utf8)) }
    ) {
        self.directories = directories
        self.log = log
    }

    public func suggestions(for word: String, dictionary name: String, limit: Int) -> TextSuggestions {
        lock.lock()
        defer { lock.unlock() }
        guard !word.isEmpty, let d = load(name) else { return .none }
        let correct = Hunspell_spell(d.handle, word) != 0
        let completions = d.index.completions(of: word, limit: limit)
        if correct || !completions.isEmpty {
            return TextSuggestions(isCorrect: true, words: completions)
        }
        return TextSuggestions(isCorrect: false, words: corrections(of: word, in: d, limit: limit))
    }

    /// Whether `word` is spelled right in the dictionary (false when it cannot be read).
    public func isSpelledRight(_ word: String, dictionary name: String) -> Bool {
        lock.lock()
        defer { lock.unlock() }
        guard let d = load(name) else { return false }
        return Hunspell_spell(d.handle, word) != 0
    }

    /// The words of a dictionary's index (read if need be), to measure it.
    public func index(_ name: String) -> WordIndex? {
        lock.lock()
        defer { lock.unlock() }
        return load(name)?.index
    }

    private func corrections(of word: String, in d: Dictionary, limit: Int) -> [String] {
        var list: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?
        let n = Hunspell_suggest(d.handle, &list, word)
        defer { if n > 0 { Hunspell_free_list(d.handle, &list, n) } }
        guard n > 0, let list else { return [] }
        return (0..<Int(min(n, Int32(limit)))).compactMap { list[$0].map { String(cString: $0) } }
    }

    /// The dictionary `name` (`en_US`), read once; nil when it is not there.
    private func load(_ name: String) -> Dictionary? {
        if let d = loaded[name] { return d }
        var found: Dictionary?
        for dir in directories {
            let aff = "\(dir)/\(name).aff"
            let dic = "\(dir)/\(name).dic"
            guard FileManager.default.fileExists(atPath: aff), let data = FileManager.default.contents(atPath: dic)
            else { continue }
            guard let handle = Hunspell_create(aff, dic) else { continue }
            found = Dictionary(handle: handle, index: WordIndex(dic: String(decoding: data, as: UTF8.self)))
            break
        }
        if found == nil {
            log(
                "slate: no \(name) dictionary in \(directories.joined(separator: " or ")) (Debian: hunspell-en-us, hunspell-ru); the keyboard suggests nothing in it"
            )
        }
        loaded[name] = found
        return found
    }
}
