import Foundation
import UI

/// A program as its freedesktop `.desktop` file describes it (Desktop Entry Specification 1.5):
/// the `[Desktop Entry]` group's keys, with the English and Russian values of localized keys, and
/// the `[Desktop Action …]` groups its `Actions` key lists.
public struct DesktopEntry: Hashable, Sendable {
    /// The desktop-file id: the path under `applications/` with `/` as `-`, without `.desktop`.
    public var id: String
    /// `Type`: `Application`, `Link` or `Directory` (only applications are shown).
    public var type: String
    /// `Name`, in English and Russian (`Name[ru]`).
    public var name: LocalizedString
    /// `GenericName` ("Web Browser"), when given.
    public var genericName: LocalizedString?
    /// `Comment`, the tooltip text, when given.
    public var comment: LocalizedString?
    /// `Icon`: a theme icon name or an absolute path.
    public var icon: String?
    /// `Exec`, as written (field codes in it); see `command(files:urls:)`.
    public var exec: String?
    /// `TryExec`: a program that must be installed for the entry to be shown.
    public var tryExec: String?
    /// `Path`: the working directory the program starts in.
    public var path: String?
    /// `NoDisplay`: installed, but not to be shown in menus (a helper).
    public var noDisplay = false
    /// `Hidden`: deleted by the user (a user file hiding a system one).
    public var hidden = false
    /// `Terminal`: the program runs in a terminal.
    public var terminal = false
    /// `OnlyShowIn`: the desktops it belongs on (empty: all).
    public var onlyShowIn: [String] = []
    /// `NotShowIn`: the desktops it is kept from.
    public var notShowIn: [String] = []
    /// `StartupWMClass`: the app id (or X11 class) its windows carry, when it differs from its id.
    public var startupWMClass: String?
    /// `Categories`.
    public var categories: [String] = []
    /// `Keywords`, for search: the plain list and the lists the English and Russian locales pick
    /// (`Keywords[ru]`, `Keywords[en_GB]`… as `Name`'s are picked), together, in that order, each keyword
    /// once — so a program is found by its keywords in either language.
    public var keywords: [String] = []
    /// The `[Desktop Action …]` groups listed in `Actions`, in that order.
    public var actions: [Action] = []
    /// The Slate app it starts, when it is one (its `X-Slate-*` keys).
    public var slate: SlateAppInfo?
    /// The file it was read from.
    public var file: String?

    /// One `[Desktop Action ID]` group.
    public struct Action: Hashable, Sendable {
        /// The id in `Actions` and in the group's name.
        public var id: String
        /// The action's `Name`, in English and Russian.
        public var name: LocalizedString
        /// The action's `Icon`.
        public var icon: String?
        /// The action's `Exec`, as written.
        public var exec: String?
    }

    /// Why a file is not a desktop entry.
    public struct ParseError: Error, CustomStringConvertible, Hashable, Sendable {
        /// The line (from 1) where the file goes wrong; 0 for the file as a whole.
        public var line: Int
        /// What is wrong, in a few words.
        public var reason: String
        public var description: String { "line \(line): \(reason)" }
    }

    /// The desktop Slate is, for `OnlyShowIn` and `NotShowIn` (as `XDG_CURRENT_DESKTOP` names it).
    public static let desktopName = "Slate"

    /// Whether the entry belongs on the Home screen of `desktops` (`XDG_CURRENT_DESKTOP`'s names):
    /// an application, not hidden, not NoDisplay, shown in one of these desktops, and, with `TryExec`,
    /// its program installed (`programExists`).
    public func isShown(in desktops: [String], programExists: (String) -> Bool) -> Bool {
        guard type == "Application", !hidden, !noDisplay, exec != nil else { return false }
        if !onlyShowIn.isEmpty, !onlyShowIn.contains(where: desktops.contains) { return false }
        if notShowIn.contains(where: desktops.contains) { return false }
        if let t = tryExec, !programExists(t) { return false }
        return true
    }

    /// The program and its arguments for `exec` (the entry's, or an action's): quoting undone, `%f`
    /// `%u` given the first file or URL (or dropped), `%F` `%U` all of them, `%i` the icon as
    /// `--icon NAME`, `%c` the name in `language`, `%k` the file, `%%` a percent sign; deprecated
    /// codes dropped.
    public func command(
        _ exec: String? = nil, files: [String] = [], urls: [String] = [], language: Language = .en
    ) throws(ParseError) -> [String] {
        guard let line = exec ?? self.exec else { throw ParseError(line: 0, reason: "no Exec key") }
        let words = try Self.splitExec(line)
        var out: [String] = []
        for w in words {
            switch w {
            case "%f": if let f = files.first { out.append(f) }
            case "%F": out += files
            case "%u": if let u = urls.first ?? files.first { out.append(u) }
            case "%U": out += urls.isEmpty ? files : urls
            case "%i": if let i = icon { out += ["--icon", i] }
            default: out.append(Self.expandInline(w, entry: self, language: language))
            }
        }
        out.removeAll { $0.isEmpty }
        guard !out.isEmpty else { throw ParseError(line: 0, reason: "Exec names no program") }
        return out
    }

    /// Field codes inside a word: `%c`, `%k`, `%%`; the rest (deprecated `%d %D %n %N %v %m`, and
    /// file codes not standing alone, which the spec forbids) are dropped.
    static func expandInline(_ word: String, entry: DesktopEntry, language: Language) -> String {
        var out = ""
        var it = word.makeIterator()
        while let c = it.next() {
            guard c == "%" else {
                out.append(c)
                continue
            }
            switch it.next() {
            case "%": out.append("%")
            case "c": out += entry.name.resolved(language)
            case "k": out += entry.file ?? ""
            default: break
            }
        }
        return out
    }

    /// Splits an Exec value into words: spaces separate, double quotes group, and inside quotes a
    /// backslash escapes `"`, `` ` ``, `$` and `\`.
    static func splitExec(_ line: String) throws(ParseError) -> [String] {
        var words: [String] = []
        var cur = ""
        var inWord = false
        var quoted = false
        var chars = Array(line)[...]
        while let c = chars.popFirst() {
            if quoted {
                if c == "\\", let n = chars.first, "\"`$\\".contains(n) {
                    cur.append(n)
                    chars.removeFirst()
                } else if c == "\"" {
                    quoted = false
                } else {
                    cur.append(c)
                }
            } else if c == " " || c == "\t" {
                if inWord { words.append(cur) }
                cur = ""
                inWord = false
            } else if c == "\"" {
                quoted = true
                inWord = true
            } else {
                cur.append(c)
                inWord = true
            }
        }
        if quoted { throw ParseError(line: 0, reason: "unterminated quote in Exec") }
        if inWord { words.append(cur) }
        return words
    }
}

extension DesktopEntry {
    /// Reads a desktop entry from the text of a `.desktop` file with desktop-file id `id`. Throws
    /// when the text is not one: no `[Desktop Entry]` group first, a line that is neither a group,
    /// a key, a comment nor blank, a key twice in a group, no `Type` or `Name`, an Exec with an
    /// unterminated quote.
    /// Localized keys are read for `locales` (the person's `LC_MESSAGES` for its language).
    public init(
        parsing text: String, id: String, file: String? = nil, locales: MessageLocales = .standard
    ) throws(ParseError) {
        var groups: [(name: String, keys: [String: String])] = []
        // Where each group is, by name, to find one in one step (a file of 50,000 groups, or of as
        // many actions, takes no longer than one of 50,000 keys).
        var groupIndex: [String: Int] = [:]
        var lineNo = 0
        for raw in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNo += 1
            let line = raw.hasSuffix("\r") ? String(raw.dropLast()) : String(raw)
            let t = line.trimmingCharacters(in: .whitespaces)
            if t.isEmpty || t.hasPrefix("#") { continue }
            if t.hasPrefix("[") {
                guard t.hasSuffix("]"), t.count > 2 else {
                    throw ParseError(line: lineNo, reason: "a bad group header")
                }
                let name = String(t.dropFirst().dropLast())
                guard !name.contains("["), !name.contains("]") else {
                    throw ParseError(line: lineNo, reason: "a bad group header")
                }
                guard groupIndex.updateValue(groups.count, forKey: name) == nil else {
                    throw ParseError(line: lineNo, reason: "the group [\(Self.excerpt(name))] twice")
                }
                groups.append((name, [:]))
                continue
            }
            guard let eq = line.firstIndex(of: "=") else {
                throw ParseError(line: lineNo, reason: "neither a group, a key nor a comment")
            }
            guard !groups.isEmpty else { throw ParseError(line: lineNo, reason: "a key before any group") }
            let key = line[..<eq].trimmingCharacters(in: .whitespaces)
            let value = line[line.index(after: eq)...].trimmingCharacters(in: .whitespaces)
            guard !key.isEmpty, key.allSatisfy({ $0.isLetter || $0.isNumber || "-[]@_.".contains($0) }) else {
                throw ParseError(line: lineNo, reason: "a bad key name '\(Self.excerpt(key))'")
            }
            if groups[groups.count - 1].keys[key] != nil {
                throw ParseError(line: lineNo, reason: "the key \(Self.excerpt(key)) twice")
            }
            groups[groups.count - 1].keys[key] = value
        }
        guard let first = groups.first, first.name == "Desktop Entry" else {
            throw ParseError(line: 1, reason: "the first group is not [Desktop Entry]")
        }
        let k = first.keys
        guard let type = k["Type"] else { throw ParseError(line: 1, reason: "no Type key") }
        guard let name = Self.localized("Name", in: k, locales: locales) else {
            throw ParseError(line: 1, reason: "no Name key")
        }
        self.id = id
        self.type = type
        self.name = name
        self.file = file
        genericName = Self.localized("GenericName", in: k, locales: locales)
        comment = Self.localized("Comment", in: k, locales: locales)
        icon = k["Icon"].map(Self.unescape)
        exec = k["Exec"].map(Self.unescape)
        tryExec = k["TryExec"].map(Self.unescape)
        path = k["Path"].map(Self.unescape)
        noDisplay = try Self.bool("NoDisplay", in: k)
        hidden = try Self.bool("Hidden", in: k)
        terminal = try Self.bool("Terminal", in: k)
        onlyShowIn = Self.list(k["OnlyShowIn"])
        notShowIn = Self.list(k["NotShowIn"])
        categories = Self.list(k["Categories"])
        keywords = Self.localizedList("Keywords", in: k, locales: locales)
        startupWMClass = k["StartupWMClass"]
        slate = SlateAppInfo.parse(k)
        if let e = exec { _ = try Self.splitExec(e) }
        var listedActions: Set<String> = []
        for actionID in Self.list(k["Actions"]) where listedActions.insert(actionID).inserted {
            // An action listed without its group is ignored, as the spec allows; one listed twice
            // is one action.
            guard let index = groupIndex["Desktop Action \(actionID)"],
                case let g = groups[index],
                let n = Self.localized("Name", in: g.keys, locales: locales)
            else { continue }
            actions.append(Action(id: actionID, name: n, icon: g.keys["Icon"], exec: g.keys["Exec"].map(Self.unescape)))
        }
    }

    /// A key's value for each language Slate speaks, by the specification's matching: for a locale
    /// `lang_COUNTRY@MODIFIER`, `Key[lang_COUNTRY@MODIFIER]`, `Key[lang_COUNTRY]`, `Key[lang@MODIFIER]`,
    /// `Key[lang]`, then `Key` — and no other: `Name[en@shaw]` (Shavian script) or `Name[ru_UA]` is
    /// never taken for a locale that is not theirs. Empty values are passed over.
    static func localized(
        _ key: String, in keys: [String: String], locales: MessageLocales = .standard
    ) -> LocalizedString? {
        guard let plain = keys[key].map(unescape) else { return nil }
        func pick(_ locale: MessageLocales.Locale) -> String {
            for suffix in locale.matchOrder {
                if let v = keys["\(key)[\(suffix)]"], !v.isEmpty { return unescape(v) }
            }
            return plain
        }
        return LocalizedString(en: pick(locales.en), ru: pick(locales.ru))
    }

    /// A localized list's items: the plain key's, then those of the key each language's locale picks
    /// (by `localized`'s matching), each item once.
    static func localizedList(
        _ key: String, in keys: [String: String], locales: MessageLocales = .standard
    ) -> [String] {
        var values = [keys[key]]
        for locale in [locales.en, locales.ru] {
            values.append(locale.matchOrder.lazy.compactMap { keys["\(key)[\($0)]"] }.first { !$0.isEmpty })
        }
        var seen: Set<String> = []
        return values.flatMap { list($0) }.filter { seen.insert($0).inserted }
    }

    static func bool(_ key: String, in keys: [String: String]) throws(ParseError) -> Bool {
        switch keys[key] {
        case nil, "false": return false
        case "true": return true
        case let v?: throw ParseError(line: 0, reason: "\(key) is true or false, not '\(excerpt(v))'")
        }
    }

    /// The longest piece of a file quoted in a `ParseError`'s reason, in characters: a warning is one
    /// line of the log, whatever the file holds.
    static let longestQuote = 60

    /// `text` as a reason quotes it: its first `longestQuote` characters, an ellipsis for the rest,
    /// control characters (a line's end) as `?`.
    static func excerpt(_ text: String) -> String {
        let shown = text.prefix(longestQuote).map { $0.isNewline || $0.asciiValue.map { $0 < 32 } == true ? "?" : $0 }
        return String(shown) + (text.count > longestQuote ? "…" : "")
    }

    /// A `;`-separated list (the last `;` optional; `\;` is a semicolon inside an item).
    static func list(_ value: String?) -> [String] {
        guard let value else { return [] }
        var out: [String] = []
        var cur = ""
        var escaped = false
        for c in value {
            if escaped {
                cur.append(c == ";" ? ";" : c)
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else if c == ";" {
                out.append(cur)
                cur = ""
            } else {
                cur.append(c)
            }
        }
        if !cur.isEmpty { out.append(cur) }
        return out.filter { !$0.isEmpty }.map(unescape)
    }

    /// The string escapes `\s \n \t \r \\`.
    static func unescape(_ s: String) -> String {
        guard s.contains("\\") else { return s }
        var out = ""
        var it = s.makeIterator()
        while let c = it.next() {
            guard c == "\\", let n = it.next() else {
                out.append(c)
                continue
            }
            switch n {
            case "s": out.append(" ")
            case "n": out.append("\n")
            case "t": out.append("\t")
            case "r": out.append("\r")
            case "\\": out.append("\\")
            default:
                out.append("\\")
                out.append(n)
            }
        }
        return out
    }
}

/// The locales a desktop entry's localized keys are read for, one for each language Slate speaks:
/// the person's `LC_MESSAGES` (`LC_ALL`, `LC_MESSAGES`, `LANG`, as POSIX orders them) gives its
/// language's country and modifier; the other language is read as `ll_CC` of its main country
/// (`en_US`, `ru_RU`).
public struct MessageLocales: Hashable, Sendable {
    /// One locale: `lang_COUNTRY@MODIFIER`, its country and modifier optional.
    public struct Locale: Hashable, Sendable {
        public var language: String
        public var country: String?
        public var modifier: String?

        /// The suffixes tried, in the specification's order (the plain key comes after them).
        public var matchOrder: [String] {
            var out: [String] = []
            if let country, let modifier { out.append("\(language)_\(country)@\(modifier)") }
            if let country { out.append("\(language)_\(country)") }
            if let modifier { out.append("\(language)@\(modifier)") }
            out.append(language)
            return out
        }
    }

    public var en: Locale
    public var ru: Locale

    /// `en_US` and `ru_RU`.
    public static let standard = MessageLocales(
        en: Locale(language: "en", country: "US"), ru: Locale(language: "ru", country: "RU"))

    /// The locales for `environment`: its `LC_MESSAGES` for the language it names, the standard
    /// ones otherwise.
    public static func from(environment env: [String: String]) -> MessageLocales {
        var out = standard
        guard let name = ["LC_ALL", "LC_MESSAGES", "LANG"].lazy.compactMap({ env[$0] }).first(where: { !$0.isEmpty })
        else { return out }
        // lang_COUNTRY.ENCODING@MODIFIER
        var rest = Substring(name)
        var modifier: String?
        if let at = rest.firstIndex(of: "@") {
            modifier = String(rest[rest.index(after: at)...])
            rest = rest[..<at]
        }
        if let dot = rest.firstIndex(of: ".") { rest = rest[..<dot] }
        let parts = rest.split(separator: "_", maxSplits: 1)
        guard let language = parts.first.map(String.init) else { return out }
        let locale = Locale(language: language, country: parts.count > 1 ? String(parts[1]) : nil, modifier: modifier)
        if language == "en" { out.en = locale }
        if language == "ru" { out.ru = locale }
        return out
    }
}
