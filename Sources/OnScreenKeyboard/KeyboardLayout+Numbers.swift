import UI

extension KeyboardPage {
    /// The 123 page, as iPadOS lays it out: the digits, then `@ # (currency) & * ( ) ' "` and
    /// `% - + = / ; : , .` — the characters the letters show small above them.
    public static func numbers(currency: String) -> KeyboardPage {
        KeyboardPage([
            KeyboardKey.symbols("1234567890") + [.delete()],
            [.gap(0.5)] + KeyboardKey.symbols("@#\(currency)&*()'\"") + [.returnKey()],
            [.page(.symbols, 1.3)] + KeyboardKey.symbols("%-+=/;:,.") + [.page(.symbols, 1.3)],
            [.page(.letters), .globe(), .space, .page(.letters), .hide()],
        ])
    }

    /// The #+= page: brackets and mathematics, the other currencies, bullets and the rest.
    public static func symbols(currencies: String) -> KeyboardPage {
        KeyboardPage([
            KeyboardKey.symbols("[]{}#%^*+=") + [.delete()],
            [.gap(0.5)] + KeyboardKey.symbols("_\\|~<>\(currencies)•") + [.returnKey()],
            [.page(.numbers, 1.3)] + KeyboardKey.symbols("§…,?!'\"°") + [.page(.numbers, 1.3)],
            [.page(.letters), .globe(), .space, .page(.letters), .hide()],
        ])
    }
}

extension KeyboardLayout {
    /// What touch and hold offers on the punctuation and digits of every layout: the dashes, the
    /// quotes of English and Russian, the ellipsis, the currencies.
    public static let punctuationAlternates: [String: [String]] = [
        "-": ["-", "–", "—", "•"],
        "\"": ["\"", "«", "»", "„", "“", "”"],
        "'": ["'", "‘", "’", "`"],
        ".": [".", "…"],
        "?": ["?", "¿"],
        "!": ["!", "¡"],
        "$": ["$", "₽", "€", "£", "¥", "₩"],
        "₽": ["₽", "$", "€", "£", "¥"],
        "&": ["&", "§"],
        "/": ["/", "\\"],
        "0": ["0", "°"],
        "%": ["%", "‰"],
    ]
}
