/// Which keys the on-screen keyboard offers for a field (as UIKit's `UIKeyboardType`, and the
/// content purposes of Wayland's text-input-v3).
public enum KeyboardType: String, Sendable, Hashable, CaseIterable {
    /// Letters of the keyboard's language, with the 123 and #+= pages.
    case `default`
    /// Letters, with `@` and `.` at hand (an address).
    case emailAddress
    /// Letters, with `/` and `.` at hand (a web address).
    case url
    /// Digits only: the number pad.
    case numberPad
    /// Digits and a decimal separator.
    case decimalPad
    /// Digits with `+`, `*` and `#`: the phone pad.
    case phonePad
    /// The 123 page of the keyboard first (numbers and punctuation).
    case numbersAndPunctuation

    /// Whether the keyboard is a pad of digits rather than the letters.
    public var isPad: Bool { self == .numberPad || self == .decimalPad || self == .phonePad }
}

/// What the keyboard's return key says and does (as UIKit's `UIReturnKeyType`).
public enum ReturnKeyType: String, Sendable, Hashable, CaseIterable {
    case `default`, go, search, send, done, next, join

    /// The key's title, as iPadOS names it.
    public var title: LocalizedString {
        switch self {
        case .default: LocalizedString(en: "return", ru: "ввод")
        case .go: LocalizedString(en: "Go", ru: "Перейти")
        case .search: LocalizedString(en: "Search", ru: "Найти")
        case .send: LocalizedString(en: "Send", ru: "Отправить")
        case .done: LocalizedString(en: "Done", ru: "Готово")
        case .next: LocalizedString(en: "Next", ru: "Далее")
        case .join: LocalizedString(en: "Join", ru: "Подкл.")
        }
    }

    /// Whether the key is drawn in the accent colour (an action, not a new line), as iPadOS does.
    public var isProminent: Bool { self != .default }
}

/// When the keyboard starts with capitals (as UIKit's `UITextAutocapitalizationType`).
public enum TextAutocapitalizationType: String, Sendable, Hashable, CaseIterable {
    case none, words, sentences, allCharacters
}

/// What a text field tells the keyboard about itself (as UIKit's `UITextInputTraits`): which
/// keyboard, what its return key says, when it capitalises, whether it suggests words, and whether
/// what is typed is secret.
public struct TextInputTraits: Sendable, Hashable {
    /// The keys offered.
    public var keyboardType: KeyboardType
    /// The return key's title and colour.
    public var returnKeyType: ReturnKeyType
    /// When Shift comes on by itself.
    public var autocapitalization: TextAutocapitalizationType
    /// Whether the keyboard offers corrections and completions above the keys.
    public var showsSuggestions: Bool
    /// Whether what is typed is a secret (a password): no suggestions, no key popups, nothing kept.
    public var isSecureTextEntry: Bool
    /// Whether return starts a new line (a text view) rather than acting on the field.
    public var isMultiline: Bool

    /// Traits of a plain field: the default keyboard, return, capitals at the start of sentences,
    /// suggestions on.
    public init(
        keyboardType: KeyboardType = .default, returnKeyType: ReturnKeyType = .default,
        autocapitalization: TextAutocapitalizationType = .sentences, showsSuggestions: Bool = true,
        isSecureTextEntry: Bool = false, isMultiline: Bool = false
    ) {
        self.keyboardType = keyboardType
        self.returnKeyType = returnKeyType
        self.autocapitalization = autocapitalization
        self.showsSuggestions = showsSuggestions
        self.isSecureTextEntry = isSecureTextEntry
        self.isMultiline = isMultiline
    }

    /// A password field: no suggestions, no capitals, no popups.
    public static let password = TextInputTraits(
        autocapitalization: .none, showsSuggestions: false, isSecureTextEntry: true)
}
