import UI

/// Finds the menu bar's commands by the words of their titles, in the app's language, as a person
/// types (the menu bar's search field): every word typed must begin a word of the title, in any
/// order — "read" finds Mark as Read and Mark All as Read, "mo ar" finds Move to ▸ Archive.
///
/// The words are split and lowered once, when the search is made; each keystroke then only compares
/// prefixes (well under a millisecond over every command of Mail).
public struct MenuBarSearch: Sendable {
    /// One command that can be found.
    public struct Entry: Sendable {
        /// Its index in `MenuBar.commands`.
        public var command: Int
        /// Where it is, as a result shows it ("Message ▸ Move to").
        public var place: String
        /// The title's words, lowered.
        var words: [Substring]
        /// The title, lowered (its words are slices of it).
        var title: String
    }

    public let entries: [Entry]
    /// The commands searched, in the menu bar's order.
    public let commands: [MenuBar.Command]

    /// A search over every command of `menuBar`, read in `language`. Commands inside a submenu are
    /// found by their own title and the submenu's ("archive" finds Move to ▸ Archive).
    @MainActor public init(_ menuBar: MenuBar, language: Language) {
        let commands = menuBar.commands
        self.commands = commands
        entries = commands.enumerated().map { i, c in
            let inner = c.menuTitles.dropFirst().map { $0.resolved(language) }
            let title = (inner + [c.action.title.resolved(language)]).joined(separator: " ").lowercased()
            let words = title.split { !($0.isLetter || $0.isNumber) }
            let place = c.menuTitles.map { $0.resolved(language) }.joined(separator: MenuBarStrings.pathSeparator)
            return Entry(command: i, place: place, words: words, title: title)
        }
    }

    /// The commands every word of `query` begins a word of, in the menu bar's order (indices into
    /// `commands`); none for a query of no words.
    public func matches(_ query: String, limit: Int = .max) -> [Int] {
        let typed = query.lowercased().split { !($0.isLetter || $0.isNumber) }
        guard !typed.isEmpty else { return [] }
        var out: [Int] = []
        for e in entries {
            let found = typed.allSatisfy { q in e.words.contains { $0.hasPrefix(q) } }
            if found {
                out.append(e.command)
                if out.count == limit { break }
            }
        }
        return out
    }
}
