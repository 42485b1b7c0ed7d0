import UI

/// A keyboard layout as data: its language, the dictionary its suggestions come from, and its pages
/// of keys. Each layout is a file of its own (`KeyboardLayout+English.swift`…): adding a language is
/// adding a file and listing it in `KeyboardLayout.all`.
public struct KeyboardLayout: Sendable, Hashable, Identifiable {
    /// A short identifier (`en`, `ru`), the one the layout list and settings name.
    public let id: String
    /// The language its letters write (suggestions and the keys' spoken names follow it).
    public let language: Language
    /// Its name in the layout list and on the space bar ("English (US)", "Русская").
    public let name: LocalizedString
    /// The hunspell dictionary its suggestions come from (`en_US`, `ru_RU`).
    public let dictionary: String
    /// The letters.
    public let letters: KeyboardPage
    /// The 123 page: digits and the common punctuation (with this language's currency).
    public let numbers: KeyboardPage
    /// The #+= page: the other symbols.
    public let symbols: KeyboardPage
    /// What touch and hold offers on a key, by the key's character (lower case; shifted keys offer
    /// the upper case), the key's own first.
    public let alternates: [String: [String]]

    /// A layout of these pages.
    public init(
        id: String, language: Language, name: LocalizedString, dictionary: String, letters: KeyboardPage,
        numbers: KeyboardPage, symbols: KeyboardPage, alternates: [String: [String]]
    ) {
        self.id = id
        self.language = language
        self.name = name
        self.dictionary = dictionary
        self.letters = letters
        self.numbers = numbers
        self.symbols = symbols
        self.alternates = alternates
    }

    /// The page of a kind (the pads are layouts of their own: `KeyboardLayout.pad(for:)`).
    public func page(_ kind: KeyboardPage.Kind) -> KeyboardPage {
        switch kind {
        case .letters: letters
        case .numbers: numbers
        case .symbols: symbols
        }
    }

    /// The alternates a character key offers under touch and hold (empty: none), in the case shown.
    public func alternates(for text: String) -> [String] {
        let lower = text.lowercased()
        guard let list = alternates[lower], !list.isEmpty else { return [] }
        return text == lower ? list : list.map { $0.uppercased() }
    }

    /// Every layout Slate has, in the order the globe key goes through them.
    public static let all: [KeyboardLayout] = [.englishUS, .russian]

    /// The layouts a person writing in `language` has: theirs first, then the others.
    public static func ordered(for language: Language) -> [KeyboardLayout] {
        all.filter { $0.language == language } + all.filter { $0.language != language }
    }
}

/// One page of keys: rows from the top.
public struct KeyboardPage: Sendable, Hashable {
    /// Which page it is.
    public enum Kind: String, Sendable, Hashable {
        case letters, numbers, symbols
    }

    /// The rows, top first.
    public let rows: [[KeyboardKey]]

    /// A page of these rows.
    public init(_ rows: [[KeyboardKey]]) { self.rows = rows }

    /// Every key, row by row.
    public var keys: [KeyboardKey] { rows.flatMap { $0 } }
}

/// One key of a layout, as data: what it is, what it types with and without Shift, the small
/// character iPadOS draws above it (typed by a flick down), and its width.
public struct KeyboardKey: Sendable, Hashable {
    /// What a key does.
    public enum Kind: Sendable, Hashable {
        /// Types its text (with Shift, its shifted text).
        case character(String)
        case shift, delete, globe, returnKey, space
        /// Hides the keyboard (and the field stops editing).
        case hide
        /// Goes to a page of the layout.
        case page(KeyboardPage.Kind)
        /// Empty room, as the indent of the second row of letters.
        case gap
    }

    /// How wide a key is: in key units (a letter is 1), or sharing what the row leaves.
    public enum Width: Sendable, Hashable {
        case units(Double)
        case flexible
    }

    public let kind: Kind
    /// The text typed with Shift (nil: the upper case of the text).
    public let shifted: String?
    /// The small grey character above the key's own (iPadOS's key flicks), nil for none.
    public let secondary: String?
    public let width: Width

    /// A key of `kind`.
    public init(_ kind: Kind, shifted: String? = nil, secondary: String? = nil, width: Width = .units(1)) {
        self.kind = kind
        self.shifted = shifted
        self.secondary = secondary
        self.width = width
    }

    /// The character a character key types, with Shift or not; nil for other keys.
    public func text(shifted isShifted: Bool) -> String? {
        guard case .character(let t) = kind else { return nil }
        return isShifted ? (shifted ?? t.uppercased()) : t
    }

    /// The name scripts use for a key that shows no character (`shift`, `delete`, `globe`, `return`,
    /// `123`, `#+=`, `abc`, `space`, `hide`); nil for character keys.
    public var scriptName: String? {
        switch kind {
        case .character, .gap: nil
        case .shift: "shift"
        case .delete: "delete"
        case .globe: "globe"
        case .returnKey: "return"
        case .space: "space"
        case .hide: "hide"
        case .page(.letters): "abc"
        case .page(.numbers): "123"
        case .page(.symbols): "#+="
        }
    }
}

// A small vocabulary the layout files are written in.
extension KeyboardKey {
    /// A row of character keys, one a character of `characters`, each with the secondary character
    /// at the same place in `secondaries` (if any).
    public static func letters(_ characters: String, secondaries: String = "") -> [KeyboardKey] {
        let second = Array(secondaries)
        return Array(characters).enumerated().map { i, c in
            KeyboardKey(.character(String(c)), secondary: i < second.count ? String(second[i]) : nil)
        }
    }

    /// One character key; `shifted` is what Shift makes of it when it is not the upper case.
    public static func key(_ text: String, shifted: String? = nil, width: Double = 1) -> KeyboardKey {
        KeyboardKey(.character(text), shifted: shifted, secondary: shifted, width: .units(width))
    }

    /// Character keys that type the same with Shift (digits, symbols): one a character.
    public static func symbols(_ characters: String) -> [KeyboardKey] {
        Array(characters).map { KeyboardKey(.character(String($0)), shifted: String($0)) }
    }

    public static func shift(_ width: Width = .flexible) -> KeyboardKey { KeyboardKey(.shift, width: width) }
    public static func delete(_ width: Width = .flexible) -> KeyboardKey { KeyboardKey(.delete, width: width) }
    public static func returnKey(_ width: Width = .flexible) -> KeyboardKey { KeyboardKey(.returnKey, width: width) }
    public static func globe(_ width: Double = 1.1) -> KeyboardKey { KeyboardKey(.globe, width: .units(width)) }
    public static func hide(_ width: Double = 1.1) -> KeyboardKey { KeyboardKey(.hide, width: .units(width)) }
    public static let space = KeyboardKey(.space, width: .flexible)
    public static func page(_ kind: KeyboardPage.Kind, _ width: Double = 1.65) -> KeyboardKey {
        KeyboardKey(.page(kind), width: .units(width))
    }
    public static func gap(_ width: Double) -> KeyboardKey { KeyboardKey(.gap, width: .units(width)) }
}
