import Foundation

/// `slate help`'s text taken apart — its title, usage line, each verb's paragraph and the paragraphs
/// after them — so that the manual page (`slate help --man`) and the shell completions
/// (`slate help --completion bash|zsh`) are made from the very text `slate help` prints: one text,
/// never two. The options each verb takes are read from its paragraph (`--scale 1|2`, `--out FILE`,
/// `--portrait`), whether an option takes a value from the parser's own list (`Arguments.valued`).
struct HelpDocument {
    /// One verb: its name and its paragraph, line by line as `slate help` prints it.
    struct Verb {
        /// The verb (`run`).
        var name: String
        /// The paragraph's lines, without their indentation.
        var lines: [String]
        /// The paragraph as one line.
        var text: String { lines.joined(separator: " ") }
        /// The options its paragraph names, in order, each once.
        var options: [String] = []
        /// What its other arguments are (`FILE...`: files; `NAME`, `APP...`: the apps), if any.
        var operands: Operand?
        /// What its paragraph shows of its options' values (`--out FILE.png` in one verb, `--out DIR`
        /// in another).
        var values: [String: Operand] = [:]
    }

    /// What an option's value, or a verb's other arguments, can be.
    enum Operand: Equatable {
        /// One of these words (`--scale 1|2`, `--backend headless`).
        case choice([String])
        /// A file (`FILE.png`, `PATH`).
        case file
        /// A folder (`DIR`).
        case folder
        /// The name of an app.
        case app
        /// Anything (`ISO-DATE`, `S`): nothing to offer.
        case text
    }

    /// The first line: `slate — what it is`.
    var title: String
    /// `slate VERB [options]`.
    var usage: String
    var verbs: [Verb]
    /// The paragraphs after the verbs (`Exit codes: …`, `apps: …`), each as one line.
    var closing: [String]
    /// The apps, and the options each reads (which go with the verbs that start apps).
    var apps: [(name: String, options: [String])]
    /// The option names that take a value; every other is a flag.
    var valued: Set<String>
    /// What the value of each valued option can be, from every place the text shows one (for a verb
    /// that names the option without showing its value: `[--appearance]`).
    var values: [String: Operand]

    /// The verbs that start the apps and so take the apps' options (`--maildir`).
    static let appVerbs: Set<String> = ["run", "session", "app"]

    /// The help text `helpText(apps:)` prints for `apps`, taken apart.
    init(apps: [AppEntry]) {
        self.init(
            text: helpText(apps: apps), apps: apps.map { ($0.name, $0.options.sorted()) },
            valued: Arguments.valued.union(apps.flatMap(\.options)))
    }

    /// `text` in `helpBody`'s layout: a title line; a line `usage: …`; a line `verbs:` and under it each
    /// verb at two spaces with its paragraph beside it, continued by lines indented further; then
    /// paragraphs separated by blank lines.
    init(text: String, apps: [(name: String, options: [String])], valued: Set<String>) {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        title = lines.first ?? "slate"
        usage = ""
        verbs = []
        closing = []
        self.apps = apps
        self.valued = valued
        values = [:]
        var inVerbs = false
        var paragraph: [String] = []
        func endParagraph() {
            if !paragraph.isEmpty { closing.append(paragraph.joined(separator: " ")) }
            paragraph = []
        }
        for line in lines.dropFirst() {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("usage: ") {
                usage = String(trimmed.dropFirst("usage: ".count))
            } else if trimmed == "verbs:" {
                inVerbs = true
            } else if inVerbs, line.hasPrefix("  "), !line.hasPrefix("   ") {
                let name = String(trimmed.prefix { !$0.isWhitespace })
                let rest = trimmed.dropFirst(name.count).trimmingCharacters(in: .whitespaces)
                verbs.append(Verb(name: name, lines: rest.isEmpty ? [] : [rest]))
            } else if inVerbs, !trimmed.isEmpty, !verbs.isEmpty {
                verbs[verbs.count - 1].lines.append(trimmed)
            } else if trimmed.isEmpty {
                inVerbs = false
                endParagraph()
            } else if !verbs.isEmpty {
                paragraph.append(trimmed)
            }
        }
        endParagraph()
        var scanned = verbs
        for i in scanned.indices { scan(&scanned[i]) }
        verbs = scanned
    }

    /// Reads the options a verb's paragraph names, the values it shows them with, and its operands.
    private mutating func scan(_ verb: inout Verb) {
        let words = verb.text.split(whereSeparator: \.isWhitespace).map(String.init)
        var i = 0
        var inCode = false
        while i < words.count {
            let word = words[i]
            let ticks = word.filter { $0 == "`" }.count
            defer {
                if ticks % 2 == 1 { inCode.toggle() }
                i += 1
            }
            // What is in backticks is an example (`slate app NAME`), not this verb's syntax.
            if inCode || ticks > 0 { continue }
            let bare = word.drop { "[(\"'".contains($0) }
            guard bare.hasPrefix("--") else {
                let placeholder = Self.placeholder(String(bare))
                if verb.operands == nil, placeholder == .file || placeholder == .app { verb.operands = placeholder }
                continue
            }
            let name = String(bare.dropFirst(2).prefix { $0.isLetter || $0.isNumber || $0 == "-" })
            guard !name.isEmpty else { continue }
            if !verb.options.contains(name) { verb.options.append(name) }
            guard valued.contains(name) else { continue }
            let after = bare.dropFirst(2 + name.count)
            var value: String?
            if after.hasPrefix("=") {
                value = String(after.dropFirst())
            } else if after.isEmpty, i + 1 < words.count {
                let next = words[i + 1].drop { "[(\"'".contains($0) }
                if !next.hasPrefix("--") { value = String(next) }
            }
            guard let value else { continue }
            if let operand = Self.operand(shownBy: value) {
                Self.add(operand, for: name, to: &verb.values)
                Self.add(operand, for: name, to: &values)
            }
            // The next word is the option's value, not one of the verb's operands.
            if !after.hasPrefix("=") { i += 1 }
        }
    }

    /// What an option's value as the text shows it says: words between `|` are choices, an upper-case
    /// placeholder says the kind (`FILE`, `DIR`), a lower-case word is one choice.
    static func operand(shownBy value: String) -> Operand? {
        let word = String(value.reversed().drop { "])\"',;:.".contains($0) }.reversed())
        guard !word.isEmpty else { return nil }
        if word.contains("|") { return .choice(word.split(separator: "|").map(String.init)) }
        if let kind = placeholder(word) { return kind == .app ? .text : kind }
        if word.allSatisfy({ $0.isLowercase || $0.isNumber || $0 == "-" || $0 == "." }) { return .choice([word]) }
        return nil
    }

    /// Adds `operand` to what is known of `option`'s values: choices gather; a kind replaces free text.
    static func add(_ operand: Operand, for option: String, to values: inout [String: Operand]) {
        switch (values[option], operand) {
        case (.choice(let old)?, .choice(let new)):
            values[option] = .choice(old + new.filter { !old.contains($0) })
        case (nil, _), (.text?, _):
            values[option] = operand
        default:
            break
        }
    }

    /// What an upper-case placeholder stands for: `FILE…`, `PATH` a file; `DIR` a folder; `NAME`,
    /// `APP…` an app; any other (`ISO-DATE`, `S`) free text; nil for a word that is none.
    static func placeholder(_ raw: String) -> Operand? {
        var word = Substring(raw)
        while let last = word.last, "])\"',;:….".contains(last) { word = word.dropLast() }
        // `FILE.png`: the extension says what kind of file.
        if let dot = word.firstIndex(of: "."), word[word.index(after: dot)...].allSatisfy(\.isLowercase) {
            word = word[..<dot]
        }
        guard let first = word.first, first.isUppercase,
            word.allSatisfy({ $0.isUppercase || $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" })
        else { return nil }
        if word.hasPrefix("FILE") || word == "PATH" { return .file }
        if word == "DIR" { return .folder }
        if word == "NAME" || word.hasPrefix("APP") { return .app }
        return word.count == 1 || word.contains("-") ? .text : nil
    }

    /// The options `verb` takes: those its paragraph names, and the apps' where it starts them.
    func options(of verb: Verb) -> [String] {
        guard Self.appVerbs.contains(verb.name) else { return verb.options }
        return verb.options + apps.flatMap(\.options).filter { !verb.options.contains($0) }
    }

    /// What the value of `option` can be in `verb` (a folder for the apps' options); nil for a flag.
    func value(of option: String, in verb: Verb) -> Operand? {
        guard valued.contains(option) else { return nil }
        if apps.contains(where: { $0.options.contains(option) }) { return .folder }
        return verb.values[option] ?? values[option] ?? .text
    }

    /// The verb's paragraph up to its first stop (`,`, `;` or `:`), for a completion's one-line description.
    static func summary(of verb: Verb) -> String {
        var text = Substring(verb.text)
        // A paragraph that starts with its operand (`NAME: one app…`) is described by what follows.
        if let colon = text.firstIndex(of: ":"), placeholder(String(text[..<colon])) != nil {
            text = text[text.index(after: colon)...].drop { $0 == " " }
        }
        var depth = 0
        var stop = text.endIndex
        for i in text.indices {
            let c = text[i]
            if c == "(" { depth += 1 } else if c == ")" { depth = max(0, depth - 1) }
            if depth == 0, ",;:".contains(c) {
                stop = i
                break
            }
        }
        return text[..<stop].trimmingCharacters(in: .whitespaces)
    }
}
