/// The languages Slate speaks. Every user-visible string has an English and a Russian form.
public enum Language: String, Sendable, Codable, CaseIterable {
    case en, ru

    /// The language a POSIX locale name (`ru_RU.UTF-8`, `en_GB`, `C`) stands for, if Slate speaks it.
    public init?(localeName: String) {
        let code = localeName.lowercased().prefix(2)
        guard let l = Language(rawValue: String(code)) else { return nil }
        self = l
    }

    /// The language from the environment variables as POSIX orders them (LC_ALL, LC_MESSAGES, LANG).
    public static func fromEnvironment(_ env: [String: String]) -> Language {
        for key in ["LC_ALL", "LC_MESSAGES", "LANG"] {
            if let v = env[key], !v.isEmpty { return Language(localeName: v) ?? .en }
        }
        return .en
    }
}

/// A string in every language Slate speaks. There is no process-wide language: a string is said in
/// the language of the screen it is shown on — views keep it whole and resolve it as they measure
/// and draw (`Label(_:)` with a `LocalizedString`, `text(for:)`), and code with no view at hand
/// passes the language it was given (`resolved(_:)`).
public struct LocalizedString: Hashable, Sendable, ExpressibleByStringLiteral {
    public var en: String
    public var ru: String

    public init(en: String, ru: String) {
        self.en = en
        self.ru = ru
    }

    /// A string that reads the same in every language (a name, a number).
    public init(verbatim: String) {
        self.en = verbatim
        self.ru = verbatim
    }

    public init(stringLiteral value: String) { self.init(verbatim: value) }

    /// A string made for each language by `make` (a date, said as each language says it).
    public init(each make: (Language) -> String) {
        self.en = make(.en)
        self.ru = make(.ru)
    }

    /// The string in `language`.
    public func resolved(_ language: Language) -> String {
        switch language {
        case .en: en
        case .ru: ru
        }
    }

    /// Fills `%@` placeholders in order with `arguments`, each in the same language.
    public func formatted(_ arguments: LocalizedString...) -> LocalizedString {
        LocalizedString(
            en: Self.fill(en, arguments.map(\.en)), ru: Self.fill(ru, arguments.map(\.ru)))
    }

    /// Fills `%@` placeholders in order with `arguments`.
    public func formatted(_ arguments: String...) -> LocalizedString {
        LocalizedString(en: Self.fill(en, arguments), ru: Self.fill(ru, arguments))
    }

    private static func fill(_ format: String, _ arguments: [String]) -> String {
        var out = ""
        var args = arguments.makeIterator()
        var rest = Substring(format)
        while let r = rest.range(of: "%@") {
            out += rest[..<r.lowerBound]
            out += args.next() ?? ""
            rest = rest[r.upperBound...]
        }
        return out + rest
    }
}

/// The strings of the UI module.
public enum UIStrings {
    public static let done = LocalizedString(en: "Done", ru: "Готово")
    public static let close = LocalizedString(en: "Close", ru: "Закрыть")
    public static let back = LocalizedString(en: "Back", ru: "Назад")
    public static let cancel = LocalizedString(en: "Cancel", ru: "Отменить")
    public static let loading = LocalizedString(en: "Loading…", ru: "Загрузка…")
    public static let copy = LocalizedString(en: "Copy", ru: "Скопировать")
    public static let selectAll = LocalizedString(en: "Select All", ru: "Выбрать все")
}
