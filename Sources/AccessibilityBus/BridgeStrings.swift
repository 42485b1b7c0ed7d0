import UI

/// The bridge's own words, in English and Russian.
enum BridgeStrings {
    static let click = LocalizedString(en: "Click", ru: "Нажать")
    static let clickDescription = LocalizedString(en: "Activates the item", ru: "Активирует элемент")
    static let showMenu = LocalizedString(en: "Show menu", ru: "Показать меню")
    static let showMenuDescription = LocalizedString(
        en: "Opens the item's context menu", ru: "Открывает контекстное меню элемента")
}
