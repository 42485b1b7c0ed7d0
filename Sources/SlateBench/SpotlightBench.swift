import Foundation
import Host
import Scenes
import Search
import Shell
import ShellPorts
import UI

/// `slate bench spotlight…`: the search index behind Spotlight and the App Library at issue 46's size
/// — 300 programs, 10,000 notes of about 100 words, 100,000 messages — each keystroke of a few
/// queries typed into it, its build, and its memory.
extension Bench {
    static var spotlightCases: [Case] {
        [
            Case(name: "spotlight.keystroke") { SpotlightBench.keystroke() },
            Case(name: "spotlight.keystroke-to-frame@2x") { SpotlightBench.keystrokeToFrame() },
        ]
    }
}

/// Deterministic English and Russian data for the index, and its timings.
enum SpotlightBench {
    /// SplitMix64: the same numbers from the same seed on every machine.
    struct Generator {
        var state: UInt64

        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var mixed = state
            mixed = (mixed ^ (mixed >> 30)) &* 0xBF58_476D_1CE4_E5B9
            mixed = (mixed ^ (mixed >> 27)) &* 0x94D0_49BB_1331_11EB
            return mixed ^ (mixed >> 31)
        }

        /// A number in 0..<bound.
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }

        /// A number in 0..<bound, the small ones far likelier (about Zipf's law, as words in text).
        mutating func skewed(below bound: Int) -> Int {
            let unit = Double(next() >> 11) / Double(1 << 53)
            return min(bound - 1, Int(Double(bound) * unit * unit * unit))
        }

        mutating func pick<Element>(_ choices: [Element]) -> Element { choices[below(choices.count)] }
    }

    static let englishWords = """
        the of and to in is for on with as at by from this that be are was it or an not have has \
        meeting notes project budget report quarter plan review team design update draft schedule \
        invoice order delivery travel flight hotel dinner lunch birthday party family school homework \
        garden recipe shopping list weekend holiday summer winter spring autumn music photo video \
        release build test bug fix feature server client network account password security backup \
        contract payment salary office room call agenda minutes question answer idea summary goal \
        market sales customer product price offer discount support ticket issue request status \
        morning evening tomorrow today yesterday week month year new old important urgent final
        """.split(separator: " ").map(String.init)
    static let russianWords = """
        и в не на что с по как это для от из за к о же так но то все он она они мы вы \
        встреча заметки проект бюджет отчёт квартал план обзор команда дизайн обновление черновик \
        расписание счёт заказ доставка поездка рейс гостиница ужин обед день рождения семья школа \
        сад рецепт покупки список выходные отпуск лето зима весна осень музыка фото видео ёлка \
        выпуск сборка тест ошибка исправление сервер клиент сеть пароль безопасность копия договор \
        оплата зарплата офис звонок повестка вопрос ответ идея итог цель рынок продажи покупатель \
        товар цена скидка поддержка заявка статус утро вечер завтра сегодня вчера неделя месяц год \
        новый старый важный срочный ёжик
        """.split(separator: " ").map(String.init)
    static let englishSyllables = "ka lo mi ter son dar vel pro ment ing ex al ra to bi ne su for ca li".split(
        separator: " ")
    static let russianSyllables = "ка ло ми тер сон дар вел про мен ость ра то би не су пер ва ли жи щё".split(
        separator: " ")
    static let englishNames = "James Mary John Linda Robert Susan Michael Karen David Lisa".split(separator: " ")
    static let englishSurnames = "Smith Johnson Brown Taylor Miller Wilson Moore Clark Lewis Walker".split(
        separator: " ")
    static let russianNames = "Иван Мария Пётр Анна Сергей Ольга Алексей Елена Дмитрий Наталья".split(separator: " ")
    static let russianSurnames = "Петров Иванова Смирнов Кузнецова Попов Соколова Лебедев Ёлкина Козлов Новикова"
        .split(separator: " ")
    static let genericNames: [LocalizedString] = [
        LocalizedString(en: "Web Browser", ru: "Веб-браузер"),
        LocalizedString(en: "Text Editor", ru: "Текстовый редактор"),
        LocalizedString(en: "Terminal", ru: "Терминал"),
        LocalizedString(en: "Image Viewer", ru: "Просмотр изображений"),
        LocalizedString(en: "Music Player", ru: "Музыкальный проигрыватель"),
        LocalizedString(en: "File Manager", ru: "Файловый менеджер"),
    ]

    /// The queries typed, each keystroke of them timed.
    static let queries = [
        "firefox", "веб браузер", "meeting notes", "отчёт за квартал", "re: budget", "james smith",
        "иван петров", "проект", "a", "zzzz q", "the new project plan",
    ]

    /// 10,000 made-up words in each language, from syllables.
    static func madeUpWords(_ syllables: [Substring], generator: inout Generator) -> [String] {
        (0..<10_000).map { _ in (0..<(2 + generator.below(3))).map { _ in String(generator.pick(syllables)) }.joined() }
    }

    /// `count` words of one language: mostly common ones, a third made up, both skewed to the first.
    static func words(
        _ count: Int, common: [String], madeUp: [String], generator: inout Generator
    ) -> String {
        (0..<count).map { _ in
            generator.below(3) == 0
                ? madeUp[generator.skewed(below: madeUp.count)] : common[generator.skewed(below: common.count)]
        }.joined(separator: " ")
    }

    /// The programs, notes and messages, the same on every run.
    static func makeItems() -> (programs: [SearchItem], notes: [SearchItem], messages: [SearchItem]) {
        var generator = Generator(state: 46)
        let madeUpEnglish = madeUpWords(englishSyllables, generator: &generator)
        let madeUpRussian = madeUpWords(russianSyllables, generator: &generator)
        var programs: [SearchItem] = [
            SearchItem(
                id: "app:firefox", kind: .program, title: "Firefox",
                subtitle: LocalizedString(en: "Web Browser", ru: "Веб-браузер"),
                keywords: ["Web Browser", "Веб-браузер", "Internet", "WWW", "firefox"], lastUsed: 1_000)
        ]
        for number in 1..<300 {
            let generic = generator.pick(genericNames)
            let name = madeUpEnglish[generator.below(madeUpEnglish.count)].capitalized
            programs.append(
                SearchItem(
                    id: "app:program\(number)", kind: number < 30 ? .app : .program,
                    title: LocalizedString(en: name, ru: name), subtitle: generic,
                    keywords: [generic.en, generic.ru, name.lowercased()], lastUsed: Double(generator.below(1_000))))
        }
        let notes = (0..<10_000).map { number -> SearchItem in
            let russian = number % 2 == 1
            let common = russian ? russianWords : englishWords
            let madeUp = russian ? madeUpRussian : madeUpEnglish
            let title = words(2 + generator.below(4), common: common, madeUp: madeUp, generator: &generator)
            return SearchItem(
                id: "note:\(number)", kind: .note, title: LocalizedString(verbatim: title.capitalized),
                text: words(90 + generator.below(21), common: common, madeUp: madeUp, generator: &generator),
                lastUsed: Double(generator.below(1_000_000)))
        }
        let messages = (0..<100_000).map { number -> SearchItem in
            let russian = generator.below(2) == 1
            let common = russian ? russianWords : englishWords
            let madeUp = russian ? madeUpRussian : madeUpEnglish
            var subject = words(3 + generator.below(6), common: common, madeUp: madeUp, generator: &generator)
            if generator.below(3) == 0 { subject = "Re: " + subject }
            let sender =
                russian
                ? "\(generator.pick(russianNames)) \(generator.pick(russianSurnames))"
                : "\(generator.pick(englishNames)) \(generator.pick(englishSurnames))"
            // The sender is searched as text, the same string as the subtitle shown.
            return SearchItem(
                id: "mail:\(number)", kind: .message, title: LocalizedString(verbatim: subject),
                subtitle: LocalizedString(verbatim: sender), text: sender, lastUsed: Double(generator.below(1_000_000)))
        }
        return (programs, notes, messages)
    }

    /// Each keystroke of `queries` typed into the full index (20 rounds, the first 2 not counted):
    /// `search` alone, the 20 best hits. Beside it: the build of the 100,000 messages' part, a refresh
    /// of the programs with everything else in the index, the slowest of the costliest queries, and
    /// the memory — the index's own tables, and the process's anonymous memory the index holds (the
    /// items' strings included), read once the made-up data is let go.
    @MainActor static func keystroke() -> Bench.Result {
        ProcessMemory.releaseFreed()
        let before = Bench.processStatus()["RssAnon"] ?? .nan
        var index = SearchIndex()
        var buildMS: [Double] = []
        var refreshMS: [Double] = []
        do {
            let made = makeItems()
            index.replace(source: "app:", with: made.programs)
            index.replace(source: "note:", with: made.notes)
            for _ in 0..<3 {
                let start = Bench.now()
                index.replace(source: "mail:", with: made.messages)
                buildMS.append((Bench.now() - start) * 1000)
            }
            for _ in 0..<3 {
                let start = Bench.now()
                index.replace(source: "app:", with: made.programs)
                refreshMS.append((Bench.now() - start) * 1000)
            }
        }
        ProcessMemory.releaseFreed()
        let after = Bench.processStatus()["RssAnon"] ?? .nan
        precondition(index.search("firefox").first?.item.id == "app:firefox", "firefox did not find Firefox first")
        precondition(index.search("веб").contains { $0.item.id == "app:firefox" }, "веб did not find Firefox")
        var times: [Double] = []
        var found = 0
        for round in 0..<20 {
            for query in queries {
                for length in 1...query.count {
                    let typed = String(query.prefix(length))
                    let start = Bench.now()
                    let hits = index.search(typed)
                    let elapsed = (Bench.now() - start) * 1000
                    found += hits.count
                    if round >= 2 { times.append(elapsed) }
                }
            }
        }
        precondition(found > 0, "the queries found nothing")
        // The costliest queries there are, once each: every letter alone, pairs and fives of
        // one-letter words, titles starting with a common word (checked for the whole query), and the
        // whole alphabet a word a letter (every word indexed read).
        let letters = Array("abcdefghijklmnopqrstuvwxyzабвгдеёжзийклмнопрстуфхцчшщэюя").map(String.init)
        var costly = [
            "re the", "re a", "the t", letters.joined(separator: " "), letters.reversed().joined(separator: " "),
        ]
        for (position, letter) in letters.enumerated() {
            let next = letters[(position + 7) % letters.count]
            costly += [letter, "\(letter) \(next)", "\(letter) \(next) t e s"]
        }
        let worst =
            costly.map { typed in
                let start = Bench.now()
                _ = index.search(typed)
                return (Bench.now() - start) * 1000
            }.max() ?? .nan
        var result = Bench.result("spotlight.keystroke", times)
        result.extra["items"] = Double(index.count)
        result.extra["words"] = Double(index.wordCount)
        result.extra["build-ms"] = Bench.median(buildMS)
        result.extra["refresh-apps-ms"] = Bench.median(refreshMS)
        result.extra["index-tables-MB"] = Double(index.indexBytes) / 1_048_576
        result.extra["index-rss-MB"] = after - before
        result.extra["worst-costly-query-ms"] = worst
        result.extra["aim-p99-ms"] = 8.3
        result.extra["aim-MB"] = 40
        return result
    }

    /// Spotlight on the screen at 2×, over Mail's Inbox with 300 programs installed: each keystroke
    /// typed into its field, to the end of the frame that shows the results (the search, the rows
    /// and their icons made, laid out and drawn), with 10,000 notes and 100,000 messages offered
    /// through the apps' API (`indexSearchableItems`) beside the programs, apps and Mail's commands;
    /// typed once they are indexed and written to disk. Beside it, the time from the offer to the
    /// items found, the memory they hold (and the bytes of the shell's store of them), and the 99th
    /// percentile in processor time of the whole process (`p99-cpu`: what the frames cost where no
    /// other machine takes the core away).
    @MainActor static func keystrokeToFrame() -> Bench.Result {
        let screen = ShellScreen(scale: 2)
        defer { screen.close() }
        var generator = Generator(state: 46)
        let entries = (0..<300).compactMap { number -> DesktopEntry? in
            let name = "\(generator.pick(englishWords).capitalized) \(generator.pick(englishWords).capitalized)"
            let text = """
                [Desktop Entry]
                Type=Application
                Name=\(name)
                GenericName=\(generator.pick(englishWords).capitalized) Tool
                Keywords=\(generator.pick(englishWords));\(generator.pick(englishWords));
                Exec=program-\(number) %u
                """
            return try? DesktopEntry(parsing: text, id: "program-\(number)")
        }
        screen.shell.install(catalog: DesktopCatalog(entries: entries))
        screen.host.run(for: 0.5)
        // 10,000 notes and 100,000 messages, offered as apps offer them (`indexSearchableItems`),
        // indexed away from the frames; the memory they hold in the shell beside.
        ProcessMemory.releaseFreed()
        let before = Bench.processStatus()["RssAnon"] ?? .nan
        let offerStart = Bench.now()
        do {
            let made = makeItems()
            let offered = (made.notes + made.messages).map { item in
                SearchableItem(
                    identifier: item.id, domain: item.kind == .note ? "notes" : "mail",
                    kind: item.kind == .note ? .document : .message, title: item.title.en,
                    subtitle: item.subtitle?.en, text: item.text,
                    date: item.lastUsed.map { Date(timeIntervalSince1970: $0) },
                    userActivity: UserActivity(type: "org.slate.mail.message", targetContentIdentifier: item.id))
            }
            guard let mail = screen.shell.apps.first(where: { $0.identifier == "org.slate.mail" }) else {
                preconditionFailure("Mail is installed")
            }
            try? mail.indexSearchableItems(offered)
        }
        while screen.shell.isIndexingSpotlightItems { screen.host.run(for: 1.0 / 60) }
        let offerMS = (Bench.now() - offerStart) * 1000
        ProcessMemory.releaseFreed()
        let after = Bench.processStatus()["RssAnon"] ?? .nan
        precondition(screen.shell.spotlightAppItemCount >= 110_000, "the notes and messages were all kept")
        // Typed once the items are written to disk too (a second core's work meanwhile is not the
        // keystrokes').
        while screen.shell.isSavingSpotlightItems { screen.host.run(for: 0.1) }
        var times: [Double] = []
        var processor: [Double] = []
        var make: [Double] = []
        let queries = [
            "mail", "new message", "reply", "program", "tool", "meeting notes", "отчёт", "re: budget", "zzz",
        ]
        var shows: [Double] = []
        for round in 0..<8 {
            let showStart = Bench.now()
            screen.shell.showSpotlight()
            screen.host.frame()
            if round >= 2 { shows.append((Bench.now() - showStart) * 1000) }
            for query in queries {
                for character in query {
                    let start = Bench.now()
                    let cpuStart = MonotonicClock.processCPUTime()
                    screen.host.root.dispatcher.handleText(String(character))
                    let made = Bench.now()
                    screen.host.frame()
                    if round >= 2 {
                        times.append((Bench.now() - start) * 1000)
                        processor.append((MonotonicClock.processCPUTime() - cpuStart) * 1000)
                        make.append((made - start) * 1000)
                    }
                }
                for _ in query { screen.host.root.dispatcher.handle(KeyPress(.backspace)) }
            }
            precondition(screen.shell.isSpotlightShown, "Spotlight went away while typing")
            screen.shell.hideSpotlight()
            screen.host.run(for: 0.1)
        }
        var result = Bench.result("spotlight.keystroke-to-frame@2x", times)
        result.extra["programs"] = Double(entries.count)
        result.extra["app-items"] = Double(screen.shell.spotlightAppItemCount)
        result.extra["offer-to-indexed-ms"] = offerMS
        result.extra["app-items-rss-MB"] = after - before
        result.extra["app-items-kept-MB"] = Double(screen.shell.spotlightAppItemBytes) / 1_048_576
        result.extra["show-ms"] = Bench.median(shows)
        result.extra["make"] = Bench.median(make)
        result.extra["make-p99"] = Bench.p99(make)
        result.extra["p99-cpu"] = Bench.p99(processor)
        result.extra["aim-p99-ms"] = 8.3
        return result
    }
}
