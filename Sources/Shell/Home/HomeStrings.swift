import UI

/// The Home screen's words, in English and Russian (iPadOS's own where it has them).
public enum HomeStrings {
    /// The page dots, read by a screen reader: "Page 2 of 3".
    public static let pageOf = LocalizedString(en: "Page %@ of %@", ru: "Страница %@ из %@")
    /// The App Library, and its search field's placeholder.
    public static let appLibrary = LocalizedString(en: "App Library", ru: "Библиотека приложений")
    /// A platter's fourth place, when it holds more apps: "More in Internet".
    public static let moreIn = LocalizedString(en: "More in %@", ru: "Ещё в группе «%@»")
    /// What was being done (in "cannot save the Home screen: …").
    public static let saveTheHomeScreen = LocalizedString(
        en: "save the Home screen", ru: "сохранить экран «Домой»")
    /// The icon's context menu item, and the button that ends editing (iPadOS's words).
    public static let editHomeScreen = LocalizedString(en: "Edit Home Screen", ru: "Изменить экран «Домой»")
    public static let done = LocalizedString(en: "Done", ru: "Готово")
    /// The badge at an icon's corner while the Home screen is edited, as a screen reader reads it:
    /// "Remove Mail".
    public static let removeNamed = LocalizedString(en: "Remove %@", ru: "Удалить «%@»")
    /// What the badge asks, and its choices (iPadOS's words; a program is not uninstalled from here —
    /// its package manager does that — so the choice is to take it off the Home screen).
    public static let removeQuestion = LocalizedString(en: "Remove “%@”?", ru: "Удалить «%@»?")
    public static let removeMessage = LocalizedString(
        en: "Removing from Home Screen will keep the app in your App Library.",
        ru: "При удалении с экрана «Домой» приложение останется в библиотеке приложений.")
    public static let removeFromHomeScreen = LocalizedString(
        en: "Remove from Home Screen", ru: "Удалить с экрана «Домой»")
    public static let removeFromDock = LocalizedString(en: "Remove from Dock", ru: "Удалить из Dock")
    public static let cancel = LocalizedString(en: "Cancel", ru: "Отменить")
    /// A folder's name when its apps share no group, and a folder as a screen reader reads it:
    /// "Internet, folder, 3 apps".
    public static let folder = LocalizedString(en: "Folder", ru: "Папка")
    public static let folderDescription = LocalizedString(en: "%@, folder, %@ apps", ru: "%@, папка, приложений: %@")
    /// The field that renames an open folder.
    public static let folderName = LocalizedString(en: "Folder name", ru: "Имя папки")
}
