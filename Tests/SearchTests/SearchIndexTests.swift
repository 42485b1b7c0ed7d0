import Testing
import UI

@testable import Search

/// The search index behind Spotlight and the App Library (issue 46): folding, matching by word
/// prefixes, ranking, sources refreshed apart, the alphabetical list, and bounds.
@Suite struct SearchIndexTests {
    static let firefox = SearchItem(
        id: "app:firefox", kind: .program, title: "Firefox",
        subtitle: LocalizedString(en: "Web Browser", ru: "Веб-браузер"),
        keywords: ["Web Browser", "Веб-браузер", "firefox-bin"])

    static func item(
        _ id: String, _ kind: SearchItem.Kind = .note, title: LocalizedString, keywords: [String] = [],
        text: String? = nil, lastUsed: Double? = nil
    ) -> SearchItem {
        SearchItem(id: id, kind: kind, title: title, keywords: keywords, text: text, lastUsed: lastUsed)
    }

    static func index(_ items: [SearchItem], source: String = "") -> SearchIndex {
        var index = SearchIndex()
        index.replace(source: source, with: items)
        return index
    }

    static func ids(_ hits: [SearchHit]) -> [String] { hits.map(\.item.id) }

    @Test func foldingLowersCaseYoDiacriticsAndBreaksAtPunctuation() {
        #expect(SearchIndex.fold("Ёжик") == "ежик")
        #expect(SearchIndex.fold("ЁЛКА ёлка Елка") == "елка елка елка")
        #expect(SearchIndex.fold("Café ÉCOLE naïve Ñandú") == "cafe ecole naive nandu")
        #expect(SearchIndex.fold("Веб-браузер!") == "веб браузер")
        #expect(SearchIndex.fold("  Hello,,  World…  ") == "hello world")
        #expect(SearchIndex.fold("Йогурт мой") == "йогурт мой", "й is a letter of its own, not и")
        #expect(SearchIndex.fold("и\u{306}од e\u{301}te") == "йод ete", "decomposed й and é")
        #expect(SearchIndex.fold("ＦＩＲＥ ２０２６") == "fire 2026", "full-width forms")
        #expect(SearchIndex.fold("v1.2_beta") == "v1 2 beta")
        #expect(SearchIndex.fold("!!! — ...") == "")
        #expect(SearchIndex.fold("") == "")
    }

    @Test func yoAndYeFindEachOtherBothWays() {
        let index = Self.index([
            Self.item("note:hedgehog", title: "Ёжик в тумане"), Self.item("note:tree", title: "Елка"),
        ])
        #expect(Self.ids(index.search("ежик")) == ["note:hedgehog"])
        #expect(Self.ids(index.search("ЁЖ")) == ["note:hedgehog"])
        #expect(Self.ids(index.search("ёлка")) == ["note:tree"])
        #expect(Self.ids(index.search("ТУМАН")) == ["note:hedgehog"])
    }

    @Test func caseDiacriticsAndGenericNamesInBothLanguages() {
        let index = Self.index([Self.firefox, Self.item("note:cafe", title: "Café menu")])
        #expect(Self.ids(index.search("FIRE")) == ["app:firefox"])
        #expect(index.search("fire").first?.score == SearchIndex.titleStartScore)
        let browser = index.search("brow")
        #expect(Self.ids(browser) == ["app:firefox"])
        #expect(browser.first?.score == SearchIndex.keywordScore)
        #expect(Self.ids(index.search("веб")) == ["app:firefox"])
        #expect(Self.ids(index.search("Браузер")) == ["app:firefox"])
        #expect(Self.ids(index.search("firefox-b")) == ["app:firefox"], "a keyword's words: firefox, bin")
        #expect(Self.ids(index.search("cafe")) == ["note:cafe"])
        #expect(Self.ids(index.search("CAFÉ M")) == ["note:cafe"])
        #expect(index.search("brow").first?.item.subtitle?.ru == "Веб-браузер", "the hit shows its subtitle")
    }

    @Test func everyWordMustMatchInAnyOrder() {
        let index = Self.index([
            Self.firefox, Self.item("note:web", title: "Web design notes", text: "colours and grids"),
        ])
        #expect(Self.ids(index.search("web fire")) == ["app:firefox"])
        #expect(Self.ids(index.search("fire web")) == ["app:firefox"])
        #expect(Self.ids(index.search("web   grid")) == ["note:web"], "title and text together")
        #expect(index.search("web zebra").isEmpty)
        #expect(Set(Self.ids(index.search("web"))) == ["app:firefox", "note:web"])
        #expect(Self.ids(index.search("w w w web")) == Self.ids(index.search("web")), "repeated and implied words")
    }

    /// iPadOS finds words by their start: "fox" is inside "Firefox", not at a word's start.
    @Test func aWordIsFoundByItsStartNotItsMiddle() {
        let index = Self.index([Self.firefox, Self.item("note:fox", title: "Quick notes", text: "the brown fox")])
        #expect(Self.ids(index.search("fox")) == ["note:fox"])
        #expect(index.search("refox").isEmpty)
        #expect(index.search("irefox").isEmpty)
        #expect(Self.ids(index.search("firefox")) == ["app:firefox"])
        #expect(index.search("firefoxes").isEmpty, "a query word longer than every word finds nothing")
    }

    @Test func aTitleStartingWithTheQueryBeatsATitleWordAKeywordAndText() {
        // The worse the field, the more recent, so that the field is what orders them.
        let index = Self.index([
            Self.item("note:text", title: "Groceries", text: "buy milk, then mark the calendar", lastUsed: 40),
            Self.item("note:keyword", title: "Errands", keywords: ["Marker"], lastUsed: 30),
            Self.item("note:word", title: "Notes to Mark", lastUsed: 20),
            Self.item("note:start", title: "Mark as read", lastUsed: 10),
        ])
        let hits = index.search("mark")
        #expect(Self.ids(hits) == ["note:start", "note:word", "note:keyword", "note:text"])
        #expect(
            hits.map(\.score) == [
                SearchIndex.titleStartScore, SearchIndex.titleWordScore, SearchIndex.keywordScore,
                SearchIndex.textScore,
            ])
        // The whole query, not its words one by one: "mark as" starts one title, both have the words.
        let whole = Self.index([
            Self.item("note:as-mark", title: "As Mark said", lastUsed: 2),
            Self.item("note:mark-as", title: "Mark as read", lastUsed: 1),
        ])
        #expect(Self.ids(whole.search("mark as")) == ["note:mark-as", "note:as-mark"])
        #expect(whole.search("mark as").map(\.score) == [SearchIndex.titleStartScore, SearchIndex.titleWordScore])
        #expect(whole.search("mark, as!").first?.item.id == "note:mark-as", "punctuation is a break")
        #expect(whole.search("as m").map(\.score) == [SearchIndex.titleStartScore, SearchIndex.titleWordScore])
    }

    @Test func tiesGoByKindThenLastUsedThenTitleThenID() {
        let index = Self.index([
            Self.item("mail:1", .message, title: "Budget", lastUsed: 900),
            Self.item("note:old", title: "Budget", lastUsed: 5),
            Self.item("note:never", title: "Budget"),
            Self.item("note:new", title: "Budget", lastUsed: 50),
            Self.item("note:b", title: "Budget 2026", lastUsed: 1),
            Self.item("note:a", title: "Budget 2026", lastUsed: 1),
            Self.item("note:nan", title: "Budget", lastUsed: .nan),
            Self.item("app:budget", .app, title: "Budget"),
            Self.item("cmd:budget", .command, title: "Budget", lastUsed: 1000),
        ])
        #expect(
            Self.ids(index.search("budget")) == [
                "app:budget", "cmd:budget", "note:new", "note:old", "note:a", "note:b", "note:nan", "note:never",
                "mail:1",
            ])
        #expect(index.search("budget").first { $0.item.id == "note:nan" }?.item.lastUsed == nil, "NaN is none")
        #expect(SearchItem.Kind.app < .program && .program < .settingsPage && .note < .message)
    }

    @Test func resultsAreTheSameWhateverOrderTheItemsCameIn() {
        var items = (0..<200).map { number in
            Self.item(
                "note:\(number)", title: LocalizedString(verbatim: "Plan \(number % 7)"),
                text: "step \(number % 3)", lastUsed: Double(number % 5))
        }
        let first = Self.index(items).search("plan step", limit: 50)
        items.reverse()
        #expect(Self.index(items).search("plan step", limit: 50) == first)
        #expect(first.count == 50)
        #expect(Self.index(items).search("plan", limit: 3).count == 3)
        #expect(Self.index(items).search("plan", limit: 0).isEmpty)
    }

    @Test func replacingASourceLeavesTheOthers() {
        var index = SearchIndex()
        index.replace(source: "app:", with: [Self.firefox, Self.item("app:notes", .app, title: "Notes")])
        index.replace(
            source: "note:",
            with: [Self.item("note:1", title: "Firefox tips"), Self.item("note:2", title: "Shopping")])
        #expect(index.count == 4)
        #expect(Self.ids(index.search("fire")) == ["app:firefox", "note:1"])

        index.replace(source: "note:", with: [Self.item("note:3", title: "Fireworks")])
        #expect(index.count == 3)
        #expect(Self.ids(index.search("fire")) == ["app:firefox", "note:3"])
        #expect(index.search("shopping").isEmpty, "the old notes are gone")
        #expect(Self.ids(index.search("notes")) == ["app:notes"], "the apps stay")

        // Of an id given twice the later is kept; an id already in another source is replaced there.
        index.replace(
            source: "mail:",
            with: [
                Self.item("mail:1", .message, title: "First draft"), Self.item("mail:1", .message, title: "Final"),
                Self.item("app:notes", .app, title: "Notebook"),
            ])
        #expect(index.count == 4)
        #expect(index.search("first").isEmpty)
        #expect(Self.ids(index.search("final")) == ["mail:1"])
        #expect(Self.ids(index.search("notebook")) == ["app:notes"])
        #expect(index.search("notes").isEmpty, "the old app:notes is gone")

        index.replace(source: "note:", with: [])
        #expect(index.count == 3)
        #expect(Self.ids(index.search("fire")) == ["app:firefox"])
        index.replace(source: "", with: [])
        #expect(index.count == 0)
        #expect(index.search("fire").isEmpty)
    }

    @Test func hitsFromDifferentSourcesMergeByTheSameRules() {
        var index = SearchIndex()
        index.replace(
            source: "note:",
            with: [
                Self.item("note:fire", title: "Fire drill", lastUsed: 99),
                Self.item("note:browsers", title: "Browsers"),
            ])
        index.replace(source: "app:", with: [Self.firefox])
        index.replace(
            source: "mail:", with: [Self.item("mail:fire", .message, title: "Re: fire alarm", lastUsed: 100)])
        // Both titles start with "fire": the app's kind first. The message has it as a title word.
        #expect(Self.ids(index.search("fire")) == ["app:firefox", "note:fire", "mail:fire"])
        #expect(Self.ids(index.search("fire", limit: 2)) == ["app:firefox", "note:fire"])
        // The score before the kind: the note's title before the app's keyword.
        #expect(Self.ids(index.search("browser")) == ["note:browsers", "app:firefox"])
    }

    @Test func theAlphabeticalListFollowsTheLanguage() {
        let index = Self.index([
            Self.item("app:calc", .app, title: LocalizedString(en: "Calculator", ru: "Калькулятор")),
            Self.item("app:hedgehog", .app, title: LocalizedString(en: "Hedgehog", ru: "Ёжик")),
            Self.item("app:beetle", .app, title: LocalizedString(en: "Beetle", ru: "Жук")),
            Self.item("app:berry", .app, title: LocalizedString(en: "blackberry", ru: "Ежевика")),
            Self.item("app:zoom", .app, title: "Zoom"),
            Self.item("app:7zip", .program, title: "7-Zip"),
            Self.item("note:aardvark", title: "Aardvark"),
        ])
        let kinds: Set<SearchItem.Kind> = [.app, .program]
        #expect(
            index.alphabetical(kinds: kinds, language: .en).map { $0.title.en } == [
                "Beetle", "blackberry", "Calculator", "Hedgehog", "Zoom", "7-Zip",
            ])
        #expect(
            index.alphabetical(kinds: kinds, language: .ru).map { $0.title.ru } == [
                "Ежевика", "Ёжик", "Жук", "Калькулятор", "Zoom", "7-Zip",
            ])
        #expect(index.alphabetical(kinds: kinds, language: .ru, matching: "ж").map(\.id) == ["app:beetle"])
        #expect(
            index.alphabetical(kinds: kinds, language: .ru, matching: "Е").map(\.id) == ["app:berry", "app:hedgehog"])
        #expect(
            index.alphabetical(kinds: kinds, language: .en, matching: "b").map(\.id) == ["app:beetle", "app:berry"])
        #expect(index.alphabetical(kinds: [.note], language: .en).map(\.id) == ["note:aardvark"])
        #expect(index.alphabetical(kinds: kinds, language: .en, matching: "?!").count == 6, "no word: no filter")
        #expect(index.alphabetical(kinds: kinds, language: .en, matching: "zzz").isEmpty)
    }

    @Test func anEmptyQueryOrOnlyPunctuationFindsNothing() {
        let index = Self.index([Self.firefox])
        #expect(index.search("").isEmpty)
        #expect(index.search("   ").isEmpty)
        #expect(index.search("!?.,;:—()").isEmpty)
        #expect(SearchIndex().search("fire").isEmpty)
        #expect(SearchIndex().alphabetical(kinds: [.app], language: .en).isEmpty)
    }

    /// A 1 MB note among 10,000: only its first 64 KiB are indexed, the index keeps no text, and a
    /// word of 100 KB is indexed by its first 64 bytes.
    @Test func tenThousandItemsAndAMegabyteOfTextStayBounded() {
        let filler = String(repeating: "lorem ipsum dolor sit amet ", count: 40_000)  // 1.08 MB
        let longWord = String(repeating: "x", count: 100_000)
        var items = (0..<10_000).map { number in
            Self.item("note:\(number)", title: LocalizedString(verbatim: "Note \(number)"), text: "entry \(number)")
        }
        items.append(Self.item("note:huge", title: "Huge", text: "opening " + filler + " buried"))
        items.append(Self.item("note:long", title: "Long", text: longWord))
        let index = Self.index(items)
        #expect(index.count == 10_002)
        #expect(Self.ids(index.search("opening")) == ["note:huge"])
        #expect(Self.ids(index.search("lorem ipsum")) == ["note:huge"])
        #expect(index.search("buried").isEmpty, "past the first 64 KiB")
        #expect(index.search("huge").first?.item.text == nil, "the index keeps words, not text")
        #expect(Self.ids(index.search("xxxxxxxxxx")) == ["note:long"])
        #expect(Self.ids(index.search(longWord)) == ["note:long"], "a long query word is cut the same way")
        #expect(index.search("note", limit: 20).count == 20)
        #expect(index.search("e").count == 20)
        #expect(Self.ids(index.search("note 9999")) == ["note:9999"])
        #expect(index.indexBytes < 8_000_000, "about 10,000 items' worth: \(index.indexBytes) bytes")
    }
}

/// A replace of one source passes the parts of others by (opening Spotlight replaces its commands
/// beside 110,000 notes and messages), and finds what it must wherever it is.
@Suite struct SearchIndexSourceTests {
    func item(_ id: String, _ title: String) -> SearchItem {
        SearchItem(id: id, kind: .note, title: LocalizedString(verbatim: title))
    }

    @Test func aReplaceReadsOnlyThePartsItsSourceMayBeIn() {
        var index = SearchIndex()
        index.replace(source: "item:mail\u{1F}", with: (0..<100).map { item("item:mail\u{1F}\($0)", "message \($0)") })
        index.replace(source: "item:notes\u{1F}", with: [item("item:notes\u{1F}a", "note alpha")])
        index.replace(source: "command:", with: [item("command:0", "reply")])
        index.replace(source: "command:", with: [item("command:1", "forward")])
        #expect(index.partsReadByLastReplace == 1, "only the commands' own part was read")
        index.replace(source: "item:notes\u{1F}", with: SearchIndex.Part([item("item:notes\u{1F}b", "note beta")]))
        #expect(index.partsReadByLastReplace == 1, "only the notes' own part was read")
        #expect(index.search("reply").isEmpty && index.search("forward").count == 1)
        // A broader source reaches every part it names; an id given under another source is found.
        index.replace(source: "item:", with: [])
        #expect(index.search("message").isEmpty && index.search("alpha").isEmpty)
        index.replace(source: "app:", with: [item("app:x", "xylophone"), item("command:1", "forward again")])
        #expect(index.search("forward").map(\.item.title.en) == ["forward again"], "ids stay unique")
    }
}
