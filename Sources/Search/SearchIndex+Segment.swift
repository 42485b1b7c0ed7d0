import Foundation

extension SearchIndex {
    /// A query as the index reads it.
    struct Query {
        /// The whole query folded: its words separated by one space.
        var folded: [UInt8]
        /// Its words, in the order typed, each cut to `maxWordBytes`.
        var words: [[UInt8]]

        /// The query `text`; nil when it has no word (empty, or only punctuation).
        init?(_ text: String) {
            var folded: [UInt8] = []
            SearchIndex.foldUTF8(text, into: &folded)
            guard !folded.isEmpty else { return nil }
            self.folded = folded
            words = folded.split(separator: 0x20).map { word in
                Array(word).withUnsafeBufferPointer { Array(SearchIndex.cutWord($0)) }
            }
        }
    }

    /// The items of one `replace(source:with:)`, indexed: their words, each word's postings, and the
    /// items removed since (by later replacements), which are masked out of every match.
    struct Segment: Sendable {
        /// The items, in ranking order for ties (kind, last used, folded English title, id): item n's
        /// postings are n.
        var items: [StoredItem] = []
        /// The distinct folded words, in byte order, back to back in `wordBytes`: word n is
        /// `wordBytes[wordStarts[n]..<wordStarts[n + 1]]`.
        var wordBytes: [UInt8] = []
        /// Where each word starts in `wordBytes`, and where the last ends.
        var wordStarts: [UInt32] = [0]
        /// Where each word's four lists start in `postings` (word n's list f at `4n + f`), and where
        /// the last ends.
        var postingStarts: [UInt32] = [0]
        /// For each word, four lists, one for each `Field`: the items having the word there as their
        /// best field, in item order, each as `item - previous item` in LEB128 (the first item's
        /// previous is 0) — a byte for most.
        var postings: [UInt8] = []
        /// A bit for each item removed since it was built (none when empty).
        var removed: [UInt64] = []
        /// How many items are not removed.
        var liveCount = 0
        /// The sources its items came from (`SearchIndex.sourceKey`): a replace of another source
        /// passes it by, reading none of its ids.
        var sources: Set<String> = []

        /// Whether it may hold items of `source` (a source named more or less finely than its own).
        func mayHold(_ source: String) -> Bool {
            sources.contains { $0.hasPrefix(source) || source.hasPrefix($0) }
        }

        /// Where an item has a word, best first; an item is posted for the best only.
        enum Field: UInt32 {
            case firstTitleWord = 0
            case titleWord, keyword, text
        }

        /// The bytes of its tables.
        var tableBytes: Int {
            MemoryLayout<StoredItem>.stride * items.capacity + wordBytes.capacity
                + 4 * (wordStarts.capacity + postingStarts.capacity) + postings.capacity + 8 * removed.capacity
        }

        /// Removes the items whose id `isRemoved` says (not yet removed ones).
        mutating func remove(where isRemoved: (String) -> Bool) {
            for (index, item) in items.enumerated() where isRemoved(item.id) {
                if removed.isEmpty { removed = [UInt64](repeating: 0, count: (items.count + 63) / 64) }
                let bit = UInt64(1) << UInt64(index & 63)
                if removed[index >> 6] & bit == 0 {
                    removed[index >> 6] |= bit
                    liveCount -= 1
                }
            }
        }

        /// The best `limit` hits of `query` here, best first: item numbers and scores.
        func hits(_ query: Query, limit: Int) -> [(score: Int, item: Int)] {
            guard let matched = match(query) else { return [] }
            let width = matched.planeWords
            let planes = matched.planes
            var hits: [(score: Int, item: Int)] = []
            // The titles starting with the whole query: for one word, those whose first word starts
            // with it; for more, those checked among the titles having every word and, first, the
            // first one.
            var startsTitle = [UInt64](repeating: 0, count: width)
            var scratch: [UInt8] = []
            for wordIndex in 0..<width where hits.count < limit {
                var bits = planes[wordIndex] & planes[width + wordIndex]
                while bits != 0, hits.count < limit {
                    let item = wordIndex << 6 | bits.trailingZeroBitCount
                    bits &= bits - 1
                    guard query.words.count == 1 || titleStarts(item, with: query.folded, scratch: &scratch) else {
                        continue
                    }
                    startsTitle[wordIndex] |= 1 << UInt64(item & 63)
                    hits.append((SearchIndex.titleStartScore, item))
                }
            }
            // Then each plane without the one above it: title words, keywords, text.
            let scores = [SearchIndex.titleWordScore, SearchIndex.keywordScore, SearchIndex.textScore]
            for (plane, score) in zip(1...3, scores) {
                for wordIndex in 0..<width where hits.count < limit {
                    let better = plane == 1 ? startsTitle[wordIndex] : planes[(plane - 1) * width + wordIndex]
                    var bits = planes[plane * width + wordIndex] & ~better
                    while bits != 0, hits.count < limit {
                        hits.append((score, wordIndex << 6 | bits.trailingZeroBitCount))
                        bits &= bits - 1
                    }
                }
            }
            return hits
        }

        /// The items `query` matches, in item order; every item not removed when it has no word.
        func matching(_ query: Query?) -> [Int] {
            guard let query else {
                return items.indices.filter { removed.isEmpty || removed[$0 >> 6] & (1 << UInt64($0 & 63)) == 0 }
            }
            guard let matched = match(query) else { return [] }
            var chosen: [Int] = []
            for (wordIndex, word) in matched.planes[(3 * matched.planeWords)...].enumerated() {
                var bits = word
                while bits != 0 {
                    chosen.append(wordIndex << 6 | bits.trailingZeroBitCount)
                    bits &= bits - 1
                }
            }
            return chosen
        }

        /// Whether an item's title, in either language, folded, starts with the folded `prefix`
        /// (`scratch` a buffer to fold it in). Only as much of the title is folded as the prefix needs.
        func titleStarts(_ item: Int, with prefix: [UInt8], scratch: inout [UInt8]) -> Bool {
            let title = items[item].title
            scratch.removeAll(keepingCapacity: true)
            SearchIndex.foldUTF8(title.en, into: &scratch, enough: prefix.count)
            if scratch.starts(with: prefix) { return true }
            guard title.ru != title.en else { return false }
            scratch.removeAll(keepingCapacity: true)
            SearchIndex.foldUTF8(title.ru, into: &scratch, enough: prefix.count)
            return scratch.starts(with: prefix)
        }

        /// The items a query matches, as four bitmaps of the items back to back, `planeWords` words each
        /// (item n is bit n % 64 of word n / 64): 0, those whose title's first word (in either language)
        /// starts with the query's first word; 1, those with every query word in the title; 2, in the title
        /// or keywords; 3, anywhere.
        struct Matched {
            /// The four planes, back to back.
            var planes: [UInt64]
            /// The words of one plane: the items' count over 64, rounded up.
            var planeWords: Int
        }

        /// The items matching `query` (not removed), or nil when none does.
        ///
        /// Each query word read costs the postings of the indexed words it starts, each setting one
        /// bit; the rarest is read first, and the match ends as soon as no item is left. A query word
        /// that another query word starts with adds nothing (the items having the longer have it), so
        /// it is not read — but for the first word's first-title-word postings, for titles starting
        /// with the query. The words read thus start disjoint ranges of the indexed words: whatever
        /// the query, each posting is read at most once, and the first-title-word postings twice.
        func match(_ query: Query) -> Matched? {
            guard liveCount > 0 else { return nil }
            // The words no other starts with: in byte order, those the next one does not start with.
            let sorted = Set(query.words).sorted { $0.lexicographicallyPrecedes($1) }
            var read = sorted.indices.filter { $0 + 1 == sorted.count || !sorted[$0 + 1].starts(with: sorted[$0]) }
                .map { sorted[$0] }
            let firstIsRead = read.contains(query.words[0])
            if !firstIsRead { read.append(query.words[0]) }
            var passes: [(range: Range<Int>, isFirst: Bool, onlyFirstTitleWords: Bool, cost: Int)] = []
            for word in read {
                let range = prefixRange(word)
                if range.isEmpty { return nil }
                let cost = Int(postingStarts[4 * range.upperBound] - postingStarts[4 * range.lowerBound])
                let isFirst = word == query.words[0]
                passes.append((range, isFirst, isFirst && !firstIsRead, cost))
            }
            passes.sort { $0.cost < $1.cost }
            let width = (items.count + 63) / 64
            var planes = [UInt64](repeating: 0, count: 4 * width)
            var scratch = [UInt64](repeating: 0, count: 4 * width)
            var anyRead = false
            for pass in passes {
                if pass.onlyFirstTitleWords {
                    scan(pass.range, list: .firstTitleWord, into: &planes, plane: 0, width: width)
                    continue
                }
                for index in scratch.indices { scratch[index] = 0 }
                scan(pass.range, list: .firstTitleWord, into: &scratch, plane: pass.isFirst ? 0 : 1, width: width)
                scan(pass.range, list: .titleWord, into: &scratch, plane: 1, width: width)
                scan(pass.range, list: .keyword, into: &scratch, plane: 2, width: width)
                scan(pass.range, list: .text, into: &scratch, plane: 3, width: width)
                // Each plane with those above it, then kept where every word read so far has it.
                var left: UInt64 = 0
                for index in 0..<width {
                    let title = scratch[index] | scratch[width + index]
                    let keyword = title | scratch[2 * width + index]
                    let any = keyword | scratch[3 * width + index]
                    if pass.isFirst { planes[index] = scratch[index] }
                    planes[width + index] = anyRead ? planes[width + index] & title : title
                    planes[2 * width + index] = anyRead ? planes[2 * width + index] & keyword : keyword
                    planes[3 * width + index] = anyRead ? planes[3 * width + index] & any : any
                    left |= planes[3 * width + index]
                }
                anyRead = true
                if left == 0 { return nil }
            }
            if !removed.isEmpty {
                var left: UInt64 = 0
                for plane in 0..<4 {
                    for index in 0..<width {
                        planes[plane * width + index] &= ~removed[index]
                        left |= planes[plane * width + index]
                    }
                }
                if left == 0 { return nil }
            }
            return Matched(planes: planes, planeWords: width)
        }

        /// Sets into `plane` of `planes` the bits of the items in the `list` postings of the words in
        /// `range`.
        func scan(_ range: Range<Int>, list: Field, into planes: inout [UInt64], plane: Int, width: Int) {
            guard !range.isEmpty else { return }
            postings.withUnsafeBufferPointer { postings in
                planes.withUnsafeMutableBufferPointer { planes in
                    let bits = planes.baseAddress! + plane * width
                    for word in range {
                        var index = Int(postingStarts[4 * word + Int(list.rawValue)])
                        let end = Int(postingStarts[4 * word + Int(list.rawValue) + 1])
                        // Each list is its own delta run, from item 0.
                        var item = 0
                        while index < end {
                            var byte = postings[index]
                            index += 1
                            var gap = Int(byte & 0x7F)
                            var shift = 7
                            while byte & 0x80 != 0 {
                                byte = postings[index]
                                index += 1
                                gap |= Int(byte & 0x7F) << shift
                                shift += 7
                            }
                            item += gap
                            bits[item >> 6] |= UInt64(1) << UInt64(item & 63)
                        }
                    }
                }
            }
        }

        /// The indexed words starting with `prefix`: a range of word numbers, found by binary search.
        func prefixRange(_ prefix: [UInt8]) -> Range<Int> {
            let wordCount = wordStarts.count - 1
            guard wordCount > 0, !prefix.isEmpty else { return 0..<0 }
            return wordBytes.withUnsafeBufferPointer { bytes in
                prefix.withUnsafeBufferPointer { key in
                    // -1 for a word before those starting with the prefix, 0 for one of them, 1 after.
                    func order(_ word: Int) -> Int {
                        let start = Int(wordStarts[word])
                        let length = Int(wordStarts[word + 1]) - start
                        let shared = min(length, key.count)
                        let compared = memcmp(bytes.baseAddress! + start, key.baseAddress!, shared)
                        if compared != 0 { return compared < 0 ? -1 : 1 }
                        return length >= key.count ? 0 : -1
                    }
                    func firstWord(from low: Int, where isPast: (Int) -> Bool) -> Int {
                        var low = low
                        var high = wordCount
                        while low < high {
                            let middle = (low + high) / 2
                            if isPast(order(middle)) { high = middle } else { low = middle + 1 }
                        }
                        return low
                    }
                    let lower = firstWord(from: 0) { $0 >= 0 }
                    let upper = firstWord(from: lower) { $0 > 0 }
                    return lower..<upper
                }
            }
        }
    }
}
