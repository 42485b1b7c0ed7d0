import UI

/// The strings the Menus module shows or speaks.
public enum MenuStrings {
    /// The row that stands for deferred content until it arrives.
    public static let loading = LocalizedString(en: "Loading…", ru: "Загрузка…")
    /// The title of a menu that has none, for accessibility.
    public static let menu = LocalizedString(en: "Menu", ru: "Меню")
    /// Announced when a menu opens: its title.
    public static let opened = LocalizedString(en: "%@, menu", ru: "%@, меню")
    /// A row's position, spoken after its label.
    public static let position = LocalizedString(en: "%@ of %@", ru: "%@ из %@")
}
