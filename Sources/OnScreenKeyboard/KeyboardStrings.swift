import UI

/// The on-screen keyboard's words, English and Russian. The keys' spoken names follow the layout's
/// language (a screen reader reads a Russian keyboard in Russian), the rest the screen's.
public enum KeyboardStrings {
    public static let keyboard = LocalizedString(en: "Keyboard", ru: "Клавиатура")
    public static let shift = LocalizedString(en: "Shift", ru: "Шифт")
    public static let capsLock = LocalizedString(en: "Caps Lock", ru: "Caps Lock")
    public static let delete = LocalizedString(en: "Delete", ru: "Удалить")
    public static let globe = LocalizedString(en: "Next keyboard", ru: "Следующая клавиатура")
    public static let space = LocalizedString(en: "Space", ru: "Пробел")
    public static let hide = LocalizedString(en: "Hide keyboard", ru: "Скрыть клавиатуру")
    public static let numbers = LocalizedString(en: "Numbers", ru: "Цифры")
    public static let letters = LocalizedString(en: "Letters", ru: "Буквы")
    public static let symbols = LocalizedString(en: "More symbols", ru: "Другие символы")
    public static let undo = LocalizedString(en: "Undo", ru: "Отменить")
    public static let redo = LocalizedString(en: "Redo", ru: "Повторить")
    public static let paste = LocalizedString(en: "Paste", ru: "Вставить")
    public static let showKeyboard = LocalizedString(en: "Show Keyboard", ru: "Показать клавиатуру")
    public static let suggestions = LocalizedString(en: "Suggestions", ru: "Варианты")
    public static let layouts = LocalizedString(en: "Keyboards", ru: "Клавиатуры")
    /// What the page keys show: ".?123" on the letters, "ABC" back to them, "#+=" and "123".
    public static let numbersKeyTitle = LocalizedString(en: ".?123", ru: ".?123")
    public static let lettersKeyTitle = LocalizedString(en: "ABC", ru: "АБВ")
    public static let symbolsKeyTitle = LocalizedString(en: "#+=", ru: "#+=")
    public static let numbersPageKeyTitle = LocalizedString(en: "123", ru: "123")
    /// The typed word kept as typed, in the suggestions' first cell.
    public static let quoted = LocalizedString(en: "“%@”", ru: "«%@»")
}
