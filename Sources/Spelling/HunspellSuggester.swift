import CHunspell
import Foundation
import OnScreenKeyboard
import SlateLog

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

    /// One dictionary: hunspell's handle, the index of its words, and its letters, most frequent first
    /// (the affix file's `TRY` line, which hunspell's own suggestions try in that order).
    final class Dictionary {
        let handle: OpaquePointer
        let index: WordIndex
        let letters: [Character]

        init(handle: OpaquePointer, index: WordIndex, letters: [Character]) {
            self.handle = handle
            self.index = index
            self.letters = letters
        }

        deinit { Hunspell_destroy(handle) }
    }

    /// Suggestions from the dictionaries in `directories` (by default the system's); what cannot be
    /// read is told to `log`.
    public init(
        directories: [String] = ["/usr/share/hunspell", "/usr/share/myspell"],
        log: @escaping @Sendable (String) -> Void = { Logger("spelling", label: nil).warning($0) }
    ) {
        self.directories = directories
        self.log = log
    }

    public func suggestions(for word: String, dictionary name: String, limit: Int) -> TextSuggestions {
        lock.lock()
        defer { lock.unlock() }
        guard !word.isEmpty, let d = load(name) else { return .none }
        let correct = Hunspell_spell(d.handle, word) != 0
        // Completions: the words of a lower-case beginning before names.
        var completions = d.index.completions(of: word, limit: limit * 2)
        if word.first?.isLowercase ?? false {
            completions =
                completions.filter { $0.first?.isLowercase ?? true }
                + completions.filter { !($0.first?.isLowercase ?? true) }
        }
        completions = Array(completions.prefix(limit))
        if correct { return TextSuggestions(isCorrect: true, words: completions) }
        // Spelled wrong: the words one edit away that hunspell accepts (each check a fraction of a
        // microsecond) — before the completions while the word may still be a beginning, alone
        // (and the first in bold) when it cannot be.
        let near = nearWords(word, in: d, limit: limit)
        if !completions.isEmpty {
            let first = Array(near.prefix(1))
            return TextSuggestions(
                isCorrect: true, words: Array((first + completions.filter { !first.contains($0) }).prefix(limit)))
        }
        if !near.isEmpty { return TextSuggestions(isCorrect: false, words: near) }
        // Nothing near: hunspell's own search (tens of milliseconds; the keyboard asks off the main
        // thread).
        return TextSuggestions(isCorrect: false, words: corrections(of: word, in: d, limit: limit))
    }

    /// Words one edit from `word` — two letters swapped, one left out, one added, one changed, in that
    /// order, the dictionary's frequent letters first — that hunspell says are spelled right.
    private func nearWords(_ word: String, in d: Dictionary, limit: Int) -> [String] {
        let chars = Array(word)
        let lower = Array(word.lowercased())
        var out: [String] = []
        var seen: Set<String> = [word]
        func consider(_ candidate: [Character]) -> Bool {
            let s = String(candidate)
            guard !s.isEmpty, seen.insert(s).inserted else { return out.count >= limit }
            if Hunspell_spell(d.handle, s) != 0 { out.append(s) }
            return out.count >= limit
        }
        let n = chars.count
        for i in 0..<max(0, n - 1) {
            var c = chars
            c.swapAt(i, i + 1)
            if consider(c) { return out }
        }
        for i in 0..<n {
            var c = chars
            c.remove(at: i)
            if consider(c) { return out }
        }
        let upper = chars.first?.isUppercase ?? false
        for i in 0...n {
            for l in d.letters {
                var c = chars
                c.insert(i == 0 && upper ? Character(l.uppercased()) : l, at: i)
                if consider(c) { return out }
            }
        }
        for i in 0..<n {
            for l in d.letters where l != lower[i] {
                var c = chars
                c[i] = i == 0 && upper ? Character(l.uppercased()) : l
                if consider(c) { return out }
            }
        }
        return out
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

    /// The lower-case letters of an affix file's `TRY` line (its alphabet, most frequent first).
    static func tryLetters(_ aff: String) -> [Character] {
        guard let text = FileManager.default.contents(atPath: aff).map({ String(decoding: $0, as: UTF8.self) })
        else { return [] }
        for line in text.split(separator: "\n") where line.hasPrefix("TRY ") {
            var seen: Set<Character> = []
            return line.dropFirst(4).filter { $0.isLetter && $0.isLowercase && seen.insert($0).inserted }
        }
        return []
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
            found = Dictionary(
                handle: handle, index: WordIndex(dicBytes: [UInt8](data)),
                letters: Self.tryLetters(aff))
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
