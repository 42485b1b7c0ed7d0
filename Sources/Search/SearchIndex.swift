import Foundation
import UI

/// One thing search finds: an app, a program, a page of Settings, a command, a note or a message.
public struct SearchItem: Hashable, Sendable {
    /// What an item is. Its order is the ranking order for ties: apps before programs, before pages
    /// of Settings, commands, notes and messages.
    public enum Kind: Int, Hashable, Sendable, Comparable, CaseIterable {
        /// A Slate app.
        case app
        /// A program installed on the system (a desktop entry).
        case program
        /// A page of Settings.
        case settingsPage
        /// A command (a menu item, an action).
        case command
        /// A note of Notes.
        case note
        /// A message of Mail.
        case message

        /// Ranking order: the kind listed first ranks first.
        public static func < (lhs: Kind, rhs: Kind) -> Bool { lhs.rawValue < rhs.rawValue }
    }

    /// Unique within the index; starts with its source ("app:org.slate.mail", "note:<path>"), which
    /// `SearchIndex.replace(source:with:)` goes by.
    public var id: String
    /// What it is; breaks ties in ranking.
    public var kind: Kind
    /// The name shown, in English and Russian; both are searched.
    public var title: LocalizedString
    /// Shown under the title (a program's GenericName, a message's sender); not searched by itself.
    public var subtitle: LocalizedString?
    /// Other words it is found by: GenericName in both languages, desktop Keywords, the executable's
    /// base name, actions' names.
    public var keywords: [String]
    /// Long body text (a note's text, a message's subject and sender), searched with the least weight.
    /// The index keeps it only as its words (of its first `SearchIndex.indexedTextBytes` bytes): the
    /// items `SearchIndex` gives back have none, and no keywords either.
    public var text: String?
    /// When it was last used, in seconds since some epoch (higher is more recent); breaks ties. NaN
    /// is taken for none.
    public var lastUsed: Double?

    /// An item; everything past its title is optional.
    public init(
        id: String, kind: Kind, title: LocalizedString, subtitle: LocalizedString? = nil, keywords: [String] = [],
        text: String? = nil, lastUsed: Double? = nil
    ) {
        self.id = id
        self.kind = kind
        self.title = title
        self.subtitle = subtitle
        self.keywords = keywords
        self.text = text
        self.lastUsed = lastUsed
    }
}

/// One result of `SearchIndex.search(_:limit:)`: the item, and how well it matched.
public struct SearchHit: Hashable, Sendable {
    /// The item found.
    public var item: SearchItem
    /// How well it matched: `SearchIndex.titleStartScore`, `titleWordScore`, `keywordScore` or
    /// `textScore`; higher is better.
    public var score: Int

    /// A hit.
    public init(item: SearchItem, score: Int) {
        self.item = item
        self.score = score
    }
}

/// The search behind Spotlight and the App Library's search field: an inverted index over items'
/// titles (English and Russian), keywords and text, as iPadOS 26's Spotlight finds things.
///
/// Matching: the query is folded (`fold(_:)`) and split into words; an item matches when EVERY query
/// word is a prefix of some word of its title (in either language), its keywords or its text. Words
/// match from their start only — "fox" does not find "Firefox", as on iPadOS — and the order of the
/// query's words does not matter. Words are indexed by their first `maxWordBytes` bytes, and a
/// longer query word is cut the same way.
///
/// Ranking, best first: the title (in either language, folded) starts with the whole folded query
/// (`titleStartScore`); every query word starts a word of the title (`titleWordScore`); every query
/// word starts a word of the title or of the keywords (`keywordScore`); some word is found only in the
/// text (`textScore`). Equal scores are ordered by kind (`SearchItem.Kind`'s order), then the most
/// recently used (`lastUsed`; none last), then the folded English title, then the id: results are
/// deterministic.
///
/// The work of a query is bounded by the postings of the words it names — never a scan of every
/// item's text: the distinct folded words are kept sorted, so a query word's prefix is a
/// binary-searched range of them, and each word's postings (the items having it, in ranking order)
/// are set into bitmaps of the items and intersected, query word by query word, the rarest first. A
/// query word that another starts with is not read, so the words read name disjoint ranges: however
/// long or short the query, each posting is read at most once (those of titles' first words
/// twice) — with 110,000 items, under 4 ms for all of them in a release build. Each
/// `replace(source:with:)` indexes its items as a part of their own (apps, notes and mail are
/// refreshed separately, each without the others' work); the parts' best hits are merged.
public struct SearchIndex: Sendable {
    /// The score of an item whose title starts with the whole query.
    public static let titleStartScore = 400
    /// The score of an item whose title has every query word.
    public static let titleWordScore = 300
    /// The score of an item whose title or keywords have every query word.
    public static let keywordScore = 200
    /// The score of an item some query word finds only in its text.
    public static let textScore = 100
    /// How much of an item's text is indexed: its first 64 KiB (UTF-8), so that a huge note costs
    /// no more than a long one.
    public static let indexedTextBytes = 65_536
    /// How much of a word is indexed: its first 64 bytes (UTF-8).
    public static let maxWordBytes = 64

    /// The parts, one for each `replace(source:with:)` whose items are still here, oldest first.
    var segments: [Segment] = []
    /// How many parts the last replace read the ids of (for tests).
    var partsReadByLastReplace = 0

    /// An empty index.
    public init() {}

    /// How many items are indexed.
    public var count: Int { segments.reduce(0) { $0 + $1.liveCount } }

    /// The bytes of the index's own tables — the items kept, words, postings — beside the strings of
    /// the items, shared with whoever made them.
    public var indexBytes: Int { segments.reduce(0) { $0 + $1.tableBytes } }

    /// How many words are indexed, summed over the parts (a word in two parts counts twice).
    public var wordCount: Int { segments.reduce(0) { $0 + $1.wordStarts.count - 1 } }

    /// Replaces every item whose id starts with `source` ("app:", "note:") by `newItems`: apps,
    /// notes and mail are refreshed separately. An item whose id is already in the index replaces
    /// the one there, and of items given twice the later is kept, so ids stay unique. The new items
    /// are indexed as a part of their own: the cost is theirs, not the whole index's (100,000 messages
    /// take a fraction of a second in a release build; call it off the main thread for large sources).
    public mutating func replace(source: String, with newItems: [SearchItem]) {
        var lastIndex: [String: Int] = [:]
        for (position, item) in newItems.enumerated() { lastIndex[item.id] = position }
        // A part of other sources holds none of these (their ids start with the source): passed by.
        let ownIDs = newItems.allSatisfy { $0.id.hasPrefix(source) }
        partsReadByLastReplace = 0
        for index in segments.indices where !ownIDs || segments[index].mayHold(source) {
            partsReadByLastReplace += 1
            segments[index].remove { $0.hasPrefix(source) || lastIndex[$0] != nil }
        }
        segments.removeAll { $0.liveCount == 0 }
        let kept = newItems.enumerated().filter { lastIndex[$0.element.id] == $0.offset }.map(\.element)
        if !kept.isEmpty { segments.append(Segment(building: kept)) }
    }

    /// Items indexed ahead, off the main thread (100,000 messages take a fraction of a second), to be
    /// put in with `replace(source:with:)` where the index lives.
    public struct Part: Sendable {
        let segment: Segment?
        /// The ids of its items.
        let ids: Set<String>
        /// Their sources (`SearchIndex.sourceKey`).
        let sources: Set<String>

        /// `items` indexed (of items given twice, the later is kept).
        public init(_ items: [SearchItem]) {
            var lastIndex: [String: Int] = [:]
            for (position, item) in items.enumerated() { lastIndex[item.id] = position }
            let kept = items.enumerated().filter { lastIndex[$0.element.id] == $0.offset }.map(\.element)
            segment = kept.isEmpty ? nil : Segment(building: kept)
            ids = Set(lastIndex.keys)
            sources = Set(ids.map(SearchIndex.sourceKey(of:)))
        }
    }

    /// Replaces every item whose id starts with `source` by a part indexed ahead (`Part`), as
    /// `replace(source:with:)` with its items, without indexing them here.
    public mutating func replace(source: String, with part: Part) {
        let ownIDs = part.ids.allSatisfy { $0.hasPrefix(source) }
        partsReadByLastReplace = 0
        for index in segments.indices where !ownIDs || segments[index].mayHold(source) {
            partsReadByLastReplace += 1
            segments[index].remove { $0.hasPrefix(source) || part.ids.contains($0) }
        }
        segments.removeAll { $0.liveCount == 0 }
        if let segment = part.segment { segments.append(segment) }
    }

    /// What an id's source is known by: the id up to its first U+001F (`item:org.slate.mail` and the
    /// separator: one app's items), else up to its first ":" (`app:`, `command:`), else all of it.
    static func sourceKey(of id: String) -> String {
        if let unit = id.firstIndex(of: "\u{1F}") { return String(id[...unit]) }
        if let colon = id.firstIndex(of: ":") { return String(id[...colon]) }
        return id
    }

    /// The best `limit` hits for what the person typed, best first (see the type's rules). Nothing
    /// for a query with no word (empty, or only punctuation). A hit's item has no text (the index
    /// keeps only its words).
    public func search(_ query: String, limit: Int = 20) -> [SearchHit] {
        guard limit > 0, let query = Query(query) else { return [] }
        var found: [(score: Int, item: StoredItem)] = []
        for segment in segments {
            found += segment.hits(query, limit: limit).map { ($0.score, segment.items[$0.item]) }
        }
        if segments.count > 1 {
            // Each part's hits are in order; across parts, by the same rules.
            let keys = found.map { RankKey($0.item) }
            found = found.indices.sorted { lhs, rhs in
                found[lhs].score != found[rhs].score
                    ? found[lhs].score > found[rhs].score : keys[lhs].ranksBefore(keys[rhs])
            }.prefix(limit).map { found[$0] }
        }
        return found.map { SearchHit(item: $0.item.item, score: $0.score) }
    }

    /// Every item of `kinds`, sorted by its title in `language` (the App Library's alphabetical
    /// list), keeping only those `query` matches (by the rules of `search`) when it has a word.
    ///
    /// The order is the language's: titles in its script first (Cyrillic for Russian, Latin for
    /// English), then the other script's, then the rest (digits, other scripts, symbols), as the App
    /// Library puts "#" last; within them by folded title, so "Ёжик" sorts with "Ежевика" — before
    /// "Жук" — and case does not matter; then by the title as written, then by id.
    public func alphabetical(
        kinds: Set<SearchItem.Kind>, language: Language, matching query: String = ""
    ) -> [SearchItem] {
        let query = Query(query)
        var chosen: [StoredItem] = []
        for segment in segments {
            chosen += segment.matching(query).lazy.map { segment.items[$0] }.filter { kinds.contains($0.kind) }
        }
        var folded: [UInt8] = []
        let keys = chosen.map { item in
            folded.removeAll(keepingCapacity: true)
            Self.foldUTF8(item.title.resolved(language), into: &folded)
            return (script: Self.scriptOrder(of: folded.first, language: language), title: folded)
        }
        let sorted = chosen.indices.sorted { lhs, rhs in
            if keys[lhs].script != keys[rhs].script { return keys[lhs].script < keys[rhs].script }
            if keys[lhs].title != keys[rhs].title { return keys[lhs].title.lexicographicallyPrecedes(keys[rhs].title) }
            let lhsTitle = chosen[lhs].title.resolved(language)
            let rhsTitle = chosen[rhs].title.resolved(language)
            if lhsTitle != rhsTitle { return lhsTitle < rhsTitle }
            return chosen[lhs].id < chosen[rhs].id
        }
        return sorted.map { chosen[$0].item }
    }

    /// Where a folded title goes in `language`'s alphabetical list: 0 for its own script, 1 for the
    /// other's, 2 for the rest.
    static func scriptOrder(of firstByte: UInt8?, language: Language) -> Int {
        guard let firstByte else { return 2 }
        let latin = firstByte >= 0x61 && firstByte <= 0x7A
        // U+0400–U+04FF, Cyrillic, starts with 0xD0–0xD3 in UTF-8.
        let cyrillic = firstByte >= 0xD0 && firstByte <= 0xD3
        switch language {
        case .en: return latin ? 0 : cyrillic ? 1 : 2
        case .ru: return cyrillic ? 0 : latin ? 1 : 2
        }
    }

    /// An item as the index keeps it: what a result shows, without the text, in 104 bytes rather
    /// than `SearchItem`'s 128.
    struct StoredItem: Sendable {
        var id: String
        var title: LocalizedString
        var subtitle: LocalizedString?
        /// `lastUsed`, NaN for none.
        var lastUsed: Double
        var kind: SearchItem.Kind

        init(_ item: SearchItem) {
            id = item.id
            title = item.title
            subtitle = item.subtitle
            lastUsed = item.lastUsed ?? .nan
            kind = item.kind
        }

        /// The item, without its keywords and text (kept only as words of the index).
        var item: SearchItem {
            SearchItem(
                id: id, kind: kind, title: title, subtitle: subtitle, lastUsed: lastUsed.isNaN ? nil : lastUsed)
        }
    }

    /// The ranking order for ties: kind, then the most recently used (none last), then the folded
    /// English title, then the id.
    struct RankKey {
        var kind: Int
        var recency: Double
        var title: [UInt8]
        var id: String

        init(_ item: StoredItem) {
            kind = item.kind.rawValue
            recency = item.lastUsed.isNaN ? -.infinity : item.lastUsed
            title = []
            SearchIndex.foldUTF8(item.title.en, into: &title)
            id = item.id
        }

        func ranksBefore(_ other: RankKey) -> Bool {
            if kind != other.kind { return kind < other.kind }
            if recency != other.recency { return recency > other.recency }
            if title != other.title { return title.lexicographicallyPrecedes(other.title) }
            return id < other.id
        }
    }
}
