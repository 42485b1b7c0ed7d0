import UI

extension KeyboardLayout {
    /// English (US): QWERTY as iPadOS lays it out on an iPad without a number row — the digits and
    /// symbols drawn small above the letters (a flick down types them), `!,` and `?.` before the
    /// right Shift, the 123 page with `$`.
    public static let englishUS = KeyboardLayout(
        id: "en", language: .en, name: LocalizedString(en: "English (US)", ru: "Английская (США)"), dictionary: "en_US",
        letters: KeyboardPage([
            KeyboardKey.letters("qwertyuiop", secondaries: "1234567890") + [.delete()],
            [.gap(0.5)] + KeyboardKey.letters("asdfghjkl", secondaries: "@#$&*()'\"") + [.returnKey()],
            [.shift(.units(1.3))] + KeyboardKey.letters("zxcvbnm", secondaries: "%-+=/;:")
                + [.key(",", shifted: "!"), .key(".", shifted: "?"), .shift()],
            [.page(.numbers), .globe(), .space, .page(.numbers), .hide()],
        ]),
        numbers: .numbers(currency: "$"),
        symbols: .symbols(currencies: "€£¥"),
        alternates: KeyboardLayout.punctuationAlternates.merging(
            [
                "a": ["a", "à", "á", "â", "ä", "æ", "ã", "å", "ā"],
                "c": ["c", "ç", "ć", "č"],
                "e": ["e", "è", "é", "ê", "ë", "ē", "ė", "ę"],
                "i": ["i", "î", "ï", "í", "ī", "į", "ì"],
                "l": ["l", "ł"],
                "n": ["n", "ñ", "ń"],
                "o": ["o", "ô", "ö", "ò", "ó", "œ", "ø", "ō", "õ"],
                "s": ["s", "ß", "ś", "š"],
                "u": ["u", "û", "ü", "ù", "ú", "ū"],
                "y": ["y", "ÿ"],
                "z": ["z", "ž", "ź", "ż"],
            ], uniquingKeysWith: { a, _ in a }))
}
