import Foundation

extension SearchIndex.Segment {
    /// The index of `given` (ids unique): the items put in ranking order, and every word of their
    /// titles, keywords and text (its first `indexedTextBytes`) given its postings.
    init(building given: [SearchItem]) {
        precondition(given.count < 1 << 30, "a search index holds fewer than 2^30 items")
        // Ranking order for ties: kind, then the most recently used, then the folded English title,
        // then the id.
        var titles: [UInt8] = []
        var titleStarts: [Int] = [0]
        titleStarts.reserveCapacity(given.count + 1)
        for item in given {
            SearchIndex.foldUTF8(item.title.en, into: &titles)
            titleStarts.append(titles.count)
        }
        let kinds = given.map(\.kind.rawValue)
        let recency = given.map { item -> Double in
            guard let used = item.lastUsed, !used.isNaN else { return -.infinity }
            return used
        }
        let order = titles.withUnsafeBufferPointer { titles in
            Array(given.indices).sorted { lhs, rhs in
                if kinds[lhs] != kinds[rhs] { return kinds[lhs] < kinds[rhs] }
                if recency[lhs] != recency[rhs] { return recency[lhs] > recency[rhs] }
                let compared = SearchIndex.compare(
                    titles, titleStarts[lhs]..<titleStarts[lhs + 1], titleStarts[rhs]..<titleStarts[rhs + 1])
                if compared != 0 { return compared < 0 }
                return given[lhs].id < given[rhs].id
            }
        }
        titles = []
        items = order.map { SearchIndex.StoredItem(given[$0]) }
        liveCount = items.count
        sources = Set(given.map { SearchIndex.sourceKey(of: $0.id) })

        // Every word of every item, each item's words in the order of their best field first, so
        // that the posting kept for a word (its first) has its best field.
        var builder = PostingsBuilder()
        var english: [UInt8] = []
        var russian: [UInt8] = []
        var scratch: [UInt8] = []
        for (rank, position) in order.enumerated() {
            let item = given[position]
            let posting = UInt32(rank) << 2
            english.removeAll(keepingCapacity: true)
            russian.removeAll(keepingCapacity: true)
            SearchIndex.foldUTF8(item.title.en, into: &english)
            if item.title.ru != item.title.en { SearchIndex.foldUTF8(item.title.ru, into: &russian) }
            english.withUnsafeBufferPointer { english in
                russian.withUnsafeBufferPointer { russian in
                    builder.add(english, posting: posting, first: .firstTitleWord, rest: nil)
                    builder.add(russian, posting: posting, first: .firstTitleWord, rest: nil)
                    builder.add(english, posting: posting, first: .titleWord, rest: .titleWord)
                    builder.add(russian, posting: posting, first: .titleWord, rest: .titleWord)
                }
            }
            for keyword in item.keywords {
                scratch.removeAll(keepingCapacity: true)
                SearchIndex.foldUTF8(keyword, into: &scratch)
                scratch.withUnsafeBufferPointer { builder.add($0, posting: posting, first: .keyword, rest: .keyword) }
            }
            if let text = item.text {
                scratch.removeAll(keepingCapacity: true)
                SearchIndex.foldUTF8(text, into: &scratch, limit: SearchIndex.indexedTextBytes)
                scratch.withUnsafeBufferPointer { builder.add($0, posting: posting, first: .text, rest: .text) }
            }
        }
        (wordBytes, wordStarts, postingStarts, postings) = builder.finish()
    }
}

extension SearchIndex {
    /// The byte order of two spans of `bytes`: negative, zero or positive.
    static func compare(_ bytes: UnsafeBufferPointer<UInt8>, _ lhs: Range<Int>, _ rhs: Range<Int>) -> Int {
        let shared = min(lhs.count, rhs.count)
        if shared > 0, let base = bytes.baseAddress {
            let compared = memcmp(base + lhs.lowerBound, base + rhs.lowerBound, shared)
            if compared != 0 { return Int(compared) }
        }
        return lhs.count - rhs.count
    }
}

/// The words and postings of an index as its items are read: each word interned, and each item's
/// word posted once, with the first field it was given in.
struct PostingsBuilder {
    var table = WordTable()
    /// For each word, the posting it was last posted for (item << 2), plus one; 0 for none.
    var lastPosted: [UInt32] = []
    /// The words posted and their postings, in the order read.
    var pairWords: [UInt32] = []
    var pairPostings: [UInt32] = []

    /// Posts the words of the folded `text` (separated by one space) for the item of `posting`: the
    /// first in `first`, the others in `rest` (or not at all).
    mutating func add(
        _ text: UnsafeBufferPointer<UInt8>, posting: UInt32, first: SearchIndex.Segment.Field,
        rest: SearchIndex.Segment.Field?
    ) {
        var wordStart = 0
        var isFirst = true
        while wordStart < text.count {
            var wordEnd = wordStart
            while wordEnd < text.count, text[wordEnd] != 0x20 { wordEnd += 1 }
            let word = SearchIndex.cutWord(UnsafeBufferPointer(rebasing: text[wordStart..<wordEnd]))
            guard let field = isFirst ? first : rest else { return }
            isFirst = false
            wordStart = wordEnd + 1
            let id = table.intern(word)
            if id == lastPosted.count { lastPosted.append(0) }
            if lastPosted[id] == posting + 1 { continue }
            lastPosted[id] = posting + 1
            pairWords.append(UInt32(id))
            pairPostings.append(posting | field.rawValue)
        }
    }

    /// The words in byte order, and their postings: for each word, a list for each field, in the
    /// order posted (so in item order), each as `item - previous item` in LEB128.
    mutating func finish() -> (wordBytes: [UInt8], wordStarts: [UInt32], postingStarts: [UInt32], postings: [UInt8]) {
        let wordCount = table.count
        let sorted = table.bytes.withUnsafeBufferPointer { bytes in
            Array(0..<wordCount).sorted { lhs, rhs in
                SearchIndex.compare(bytes, table.span(lhs), table.span(rhs)) < 0
            }
        }
        var position = [UInt32](repeating: 0, count: wordCount)
        var wordBytes: [UInt8] = []
        wordBytes.reserveCapacity(table.bytes.count)
        var wordStarts: [UInt32] = [0]
        wordStarts.reserveCapacity(wordCount + 1)
        for (sortedPosition, id) in sorted.enumerated() {
            position[id] = UInt32(sortedPosition)
            wordBytes += table.bytes[table.span(id)]
            wordStarts.append(UInt32(wordBytes.count))
        }
        table = WordTable()
        lastPosted = []
        // The pairs grouped by word (a counting sort, which keeps each word's in item order), then each
        // word's postings encoded, first counted, then written.
        var groupStarts = [Int](repeating: 0, count: wordCount + 1)
        for word in pairWords { groupStarts[Int(position[Int(word)]) + 1] += 1 }
        for word in 0..<wordCount { groupStarts[word + 1] += groupStarts[word] }
        var next = groupStarts
        var grouped = [UInt32](repeating: 0, count: pairPostings.count)
        for (word, posting) in zip(pairWords, pairPostings) {
            let sortedWord = Int(position[Int(word)])
            grouped[next[sortedWord]] = posting
            next[sortedWord] += 1
        }
        pairWords = []
        pairPostings = []
        var encoded: [UInt8] = []
        encoded.reserveCapacity(grouped.count + grouped.count / 2)
        var postingStarts: [UInt32] = [0]
        postingStarts.reserveCapacity(4 * wordCount + 1)
        for word in 0..<wordCount {
            for field in UInt32(0)..<4 {
                var previous: UInt32 = 0
                for posting in grouped[groupStarts[word]..<groupStarts[word + 1]] where posting & 3 == field {
                    var gap = (posting >> 2) - previous
                    previous = posting >> 2
                    while gap >= 0x80 {
                        encoded.append(UInt8(gap & 0x7F) | 0x80)
                        gap >>= 7
                    }
                    encoded.append(UInt8(gap))
                }
                postingStarts.append(UInt32(encoded.count))
            }
        }
        grouped = []
        // Kept at its size, not the capacity it grew to.
        let postings = [UInt8](unsafeUninitializedCapacity: encoded.count) { buffer, initialized in
            _ = buffer.initialize(from: encoded)
            initialized = encoded.count
        }
        return (wordBytes, wordStarts, postingStarts, postings)
    }
}

/// Distinct words, each given an id in the order first met: open addressing over their bytes.
struct WordTable {
    /// The words, back to back.
    var bytes: [UInt8] = []
    /// Where each word starts in `bytes`, and where the last ends.
    var starts: [UInt32] = [0]
    /// Each word's hash.
    var hashes: [UInt32] = []
    /// Word id + 1 in each slot, 0 for an empty one; a power of two long, at most half full.
    var slots = [UInt32](repeating: 0, count: 1024)

    /// How many words.
    var count: Int { hashes.count }

    /// The span of word `id` in `bytes`.
    func span(_ id: Int) -> Range<Int> { Int(starts[id])..<Int(starts[id + 1]) }

    /// The id of `word`, new when it is.
    mutating func intern(_ word: UnsafeBufferPointer<UInt8>) -> Int {
        let hash = Self.hash(word)
        let mask = slots.count - 1
        var slot = Int(hash) & mask
        while slots[slot] != 0 {
            let id = Int(slots[slot]) - 1
            if hashes[id] == hash, equals(id, word) { return id }
            slot = (slot + 1) & mask
        }
        let id = hashes.count
        bytes.append(contentsOf: word)
        starts.append(UInt32(bytes.count))
        hashes.append(hash)
        slots[slot] = UInt32(id + 1)
        if 2 * hashes.count > slots.count { grow() }
        return id
    }

    func equals(_ id: Int, _ word: UnsafeBufferPointer<UInt8>) -> Bool {
        let span = span(id)
        guard span.count == word.count else { return false }
        guard let wordBase = word.baseAddress else { return true }
        return bytes.withUnsafeBufferPointer { memcmp($0.baseAddress! + span.lowerBound, wordBase, span.count) == 0 }
    }

    mutating func grow() {
        slots = [UInt32](repeating: 0, count: 2 * slots.count)
        let mask = slots.count - 1
        for (id, hash) in hashes.enumerated() {
            var slot = Int(hash) & mask
            while slots[slot] != 0 { slot = (slot + 1) & mask }
            slots[slot] = UInt32(id + 1)
        }
    }

    /// FNV-1a, its bits mixed (murmur3's finalizer) so that the low ones are good slots.
    static func hash(_ word: UnsafeBufferPointer<UInt8>) -> UInt32 {
        var hash: UInt32 = 2_166_136_261
        for byte in word { hash = (hash ^ UInt32(byte)) &* 16_777_619 }
        hash ^= hash >> 16
        hash = hash &* 0x85eb_ca6b
        hash ^= hash >> 13
        hash = hash &* 0xc2b2_ae35
        hash ^= hash >> 16
        return hash
    }
}
