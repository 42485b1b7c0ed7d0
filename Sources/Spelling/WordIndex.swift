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
    /// Read as bytes (UTF-8), so that the 3.4 MB of Russian words are read in a blink.
    public init(dic text: String) {
        self.init(dicBytes: Array(text.utf8))
    }

    /// As `init(dic:)`, from the file's bytes.
    public init(dicBytes data: [UInt8]) {
        var keyBytes: [UInt8] = []
        keyBytes.reserveCapacity(data.count / 2)
        var keyStarts: [Int] = []
        var own: [Int: String] = [:]
        var lineStart = 0
        var first = true
        var word: [UInt8] = []
        while lineStart < data.count {
            var end = lineStart
            while end < data.count, data[end] != 0x0A { end += 1 }
            defer { lineStart = end + 1 }
            word.removeAll(keepingCapacity: true)
            var i = lineStart
            while i < end {
                let c = data[i]
                if c == 0x5C, i + 1 < end {  // \ escapes the next byte (a slash)
                    word.append(data[i + 1])
                    i += 2
                    continue
                }
                if c == 0x2F || c == 0x09 || c == 0x20 || c == 0x0D { break }
                word.append(c)
                i += 1
            }
            if first {
                first = false
                if !word.isEmpty, word.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) { continue }
            }
            guard let f = word.first, f >= 0x80 || (f | 0x20 >= 0x61 && f | 0x20 <= 0x7A) else { continue }
            let key = Self.lowerCased(word)
            if key != word { own[keyStarts.count] = String(decoding: word, as: UTF8.self) }
            keyStarts.append(keyBytes.count)
            keyBytes += key
        }
        keyStarts.append(keyBytes.count)
        // In byte order of the lower-case words, each once.
        let count = keyStarts.count - 1
        var order = Array(0..<count)
        keyBytes.withUnsafeBufferPointer { k in
            order.sort { a, b in
                let x = UnsafeBufferPointer(rebasing: k[keyStarts[a]..<keyStarts[a + 1]])
                let y = UnsafeBufferPointer(rebasing: k[keyStarts[b]..<keyStarts[b + 1]])
                return x.lexicographicallyPrecedes(y)
            }
        }
        var bytes: [UInt8] = []
        bytes.reserveCapacity(keyBytes.count)
        var starts: [Int32] = []
        starts.reserveCapacity(count + 1)
        var spellings: [Int32: String] = [:]
        var last: ArraySlice<UInt8>?
        for i in order {
            let key = keyBytes[keyStarts[i]..<keyStarts[i + 1]]
            if let last, last.elementsEqual(key) { continue }
            last = key
            if let o = own[i] { spellings[Int32(starts.count)] = o }
            starts.append(Int32(bytes.count))
            bytes += key
        }
        starts.append(Int32(bytes.count))
        self.bytes = bytes
        self.starts = starts
        self.spellings = spellings
    }

    /// A word's UTF-8 in lower case: ASCII and Cyrillic by their bytes, anything else through Swift.
    static func lowerCased(_ w: [UInt8]) -> [UInt8] {
        var out = w
        var i = 0
        while i < out.count {
            let c = out[i]
            if c < 0x80 {
                if c >= 0x41 && c <= 0x5A { out[i] = c + 0x20 }
                i += 1
            } else if c == 0xD0, i + 1 < out.count {
                let d = out[i + 1]
                if d >= 0x90 && d <= 0x9F {  // А…П
                    out[i + 1] = d + 0x20
                } else if d >= 0xA0 && d <= 0xAF {  // Р…Я
                    out[i] = 0xD1
                    out[i + 1] = d - 0x20
                } else if d >= 0x80 && d <= 0x8F {  // Ѐ…Џ (Ё among them)
                    out[i] = 0xD1
                    out[i + 1] = d + 0x10
                }
                i += 2
            } else if c == 0xD1 {
                i += 2
            } else {
                return Array(String(decoding: w, as: UTF8.self).lowercased().utf8)
            }
        }
        return out
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
