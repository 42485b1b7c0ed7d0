import Foundation

/// The words of a hunspell dictionary (its `.dic` file's stems) in order, for completions: hunspell
/// checks a word and corrects one, but cannot list the words that begin with a prefix. Built once, off
/// the main thread: every word's lower-case UTF-8 in one buffer, sorted, found by binary search.
public struct WordIndex: Sendable {
    /// The lower-case words' bytes, one after another, in byte order.
    private let bytes: [UInt8]
    /// Where each word starts in `bytes` (one more entry: the end).
    private let starts: [Int32]
    /// The words whose own spelling is not their lower case (names, acronyms), by their index.
    private let spellings: [Int32: String]

    /// How many words it holds.
    public var count: Int { starts.count - 1 }

    /// The bytes it keeps (its buffers), to say what it costs.
    public var byteCount: Int { bytes.count + starts.count * 4 + spellings.reduce(0) { $0 + 16 + $1.value.utf8.count } }

    /// The words of a `.dic` file's text: its first line is a count, each other a word, with its
    /// affix flags after a slash and morphology after a tab or space; a slash escaped as `\/` is one.
    public init(dic text: String) {
        var entries: [(key: [UInt8], word: String)] = []
        var first = true
        text.enumerateLines { line, _ in
            if first {
                first = false
                if Int(line.trimmingCharacters(in: .whitespaces)) != nil { return }
            }
            var word = ""
            var escaped = false
            for c in line {
                if escaped {
                    word.append(c)
                    escaped = false
                } else if c == "\\" {
                    escaped = true
                } else if c == "/" || c == "\t" || c == " " {
                    break
                } else {
                    word.append(c)
                }
            }
            guard !word.isEmpty, word.first?.isLetter ?? false else { return }
            entries.append((Array(word.lowercased().utf8), word))
        }
        entries.sort { $0.key.lexicographicallyPrecedes($1.key) }
        var bytes: [UInt8] = []
        var starts: [Int32] = []
        var spellings: [Int32: String] = [:]
        var last: [UInt8]?
        for e in entries where e.key != last {
            last = e.key
            if e.word.utf8.elementsEqual(e.key) == false { spellings[Int32(starts.count)] = e.word }
            starts.append(Int32(bytes.count))
            bytes += e.key
        }
        starts.append(Int32(bytes.count))
        self.bytes = bytes
        self.starts = starts
        self.spellings = spellings
    }

    /// The word at `i`, as the dictionary spells it.
    public func word(_ i: Int) -> String {
        if let s = spellings[Int32(i)] { return s }
        return String(decoding: bytes[Int(starts[i])..<Int(starts[i + 1])], as: UTF8.self)
    }

    /// Whether word `i` begins with `prefix` (lower-case UTF-8).
    private func word(_ i: Int, hasPrefix prefix: [UInt8]) -> Bool {
        let a = Int(starts[i])
        let n = Int(starts[i + 1]) - a
        guard n >= prefix.count else { return false }
        for j in 0..<prefix.count where bytes[a + j] != prefix[j] { return false }
        return true
    }

    /// The first word not before `prefix` in byte order.
    private func lowerBound(_ prefix: [UInt8]) -> Int {
        var lo = 0
        var hi = count
        while lo < hi {
            let mid = (lo + hi) / 2
            let a = Int(starts[mid])
            let b = Int(starts[mid + 1])
            if bytes[a..<b].lexicographicallyPrecedes(prefix) { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Up to `limit` words that begin with `prefix` and are longer than it, shortest first (then in
    /// order); at most `scan` words of the range are looked at, so a one-letter prefix costs no more
    /// than a longer one.
    public func completions(of prefix: String, limit: Int, scan: Int = 4096) -> [String] {
        let p = Array(prefix.lowercased().utf8)
        guard !p.isEmpty, limit > 0 else { return [] }
        var best: [(length: Int, index: Int)] = []
        var i = lowerBound(p)
        var looked = 0
        while i < count, looked < scan, word(i, hasPrefix: p) {
            let length = Int(starts[i + 1] - starts[i])
            if length > p.count {
                best.append((length, i))
                if best.count > limit * 4 {
                    best.sort { ($0.length, $0.index) < ($1.length, $1.index) }
                    best.removeLast(best.count - limit)
                }
            }
            i += 1
            looked += 1
        }
        best.sort { ($0.length, $0.index) < ($1.length, $1.index) }
        return best.prefix(limit).map { word($0.index) }
    }

    /// Whether any word begins with `prefix`.
    public func hasWords(beginning prefix: String) -> Bool {
        let p = Array(prefix.lowercased().utf8)
        let i = lowerBound(p)
        return i < count && word(i, hasPrefix: p)
    }
}
