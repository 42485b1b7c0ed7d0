import UI

/// The words of the menu bar and its standard menus, in English and Russian (as iPadOS names them).
public enum MenuBarStrings {
    public static let file = LocalizedString(en: "File", ru: "Файл")
    public static let edit = LocalizedString(en: "Edit", ru: "Правка")
    public static let format = LocalizedString(en: "Format", ru: "Формат")
    public static let view = LocalizedString(en: "View", ru: "Вид")
    public static let window = LocalizedString(en: "Window", ru: "Окно")
    public static let help = LocalizedString(en: "Help", ru: "Справка")

    /// The app menu's commands (the app's name fills in).
    public static let about = LocalizedString(en: "About %@", ru: "О программе «%@»")
    public static let settings = LocalizedString(en: "Settings…", ru: "Настройки…")
    public static let quit = LocalizedString(en: "Quit %@", ru: "Завершить «%@»")

    /// The search field's placeholder and label, and what it says when nothing matches.
    public static let search = LocalizedString(en: "Search Menus", ru: "Поиск в меню")
    public static let noResults = LocalizedString(en: "No Results", ru: "Ничего не найдено")
    /// The menu bar as a screen reader names it.
    public static let menuBar = LocalizedString(en: "Menu Bar", ru: "Строка меню")
    /// A search result's place: its menus, outermost first ("Message ▸ Move to").
    public static let pathSeparator = " ▸ "

    /// The keyboard shortcuts panel's name for a screen reader.
    public static let keyboardShortcuts = LocalizedString(en: "Keyboard Shortcuts", ru: "Сочетания клавиш")
}
