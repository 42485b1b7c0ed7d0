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
}
