import UI

/// The Home screen's words, in English and Russian (iPadOS's own where it has them).
public enum HomeStrings {
    /// The page dots, read by a screen reader: "Page 2 of 3".
    public static let pageOf = LocalizedString(en: "Page %@ of %@", ru: "Страница %@ из %@")
    /// What was being done (in "cannot save the Home screen: …").
    public static let saveTheHomeScreen = LocalizedString(
        en: "save the Home screen", ru: "сохранить экран «Домой»")
}
