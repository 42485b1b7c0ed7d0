import UI

/// The pads of digits for numeric fields (`KeyboardType.numberPad`, `.decimalPad`, `.phonePad`):
/// three columns of digits in the order of a phone's keys, Delete, return and the hide key beside
/// them, laid out in the middle of the keyboard.
public enum KeyboardPad {
    /// The pad for a keyboard type, or nil for the letters.
    public static func page(for type: KeyboardType, language: Language) -> KeyboardPage? {
        let last: [KeyboardKey]
        switch type {
        case .numberPad: last = [.gap(1), .key("0"), .gap(1)]
        case .decimalPad: last = [.gap(1), .key("0"), .key(language == .ru ? "," : ".")]
        case .phonePad: last = KeyboardKey.symbols("*0#+")
        default: return nil
        }
        return KeyboardPage([
            KeyboardKey.symbols("123") + [.delete(.units(1))],
            KeyboardKey.symbols("456") + [.returnKey(.units(1))],
            KeyboardKey.symbols("789") + [.hide(1)],
            last.count == 4 ? last : last + [.gap(1)],
        ])
    }
}
