import UI

extension KeyboardLayout {
    /// Russian: ЙЦУКЕН as iPadOS lays it out — eleven letters in each of the top rows, nine and the
    /// full stop (a comma with Shift) in the third; ё under touch and hold on е, ъ on ь; the 123 page
    /// with `₽`.
    public static let russian = KeyboardLayout(
        id: "ru", language: .ru, name: LocalizedString(en: "Russian", ru: "Русская"), dictionary: "ru_RU",
        letters: KeyboardPage([
            KeyboardKey.letters("йцукенгшщзх", secondaries: "1234567890") + [.delete()],
            KeyboardKey.letters("фывапролджэ", secondaries: "@#₽&*()'\"") + [.returnKey()],
            [.shift(.units(1.3))] + KeyboardKey.letters("ячсмитьбю", secondaries: "%-+=/;:")
                + [.key(".", shifted: ","), .shift()],
            [.page(.numbers), .globe(), .space, .page(.numbers), .hide()],
        ]),
        numbers: .numbers(currency: "₽"),
        symbols: .symbols(currencies: "$€£"),
        alternates: KeyboardLayout.punctuationAlternates.merging(
            ["е": ["е", "ё"], "ь": ["ь", "ъ"]], uniquingKeysWith: { a, _ in a }))
}
