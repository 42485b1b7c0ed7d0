import Graphics
import Search
import UI

/// Spotlight's words, in English and Russian (iPadOS's own).
public enum SpotlightStrings {
    /// Spotlight itself, as a screen reader names it.
    public static let spotlight = LocalizedString(en: "Spotlight", ru: "Spotlight")
    /// The field's placeholder.
    public static let search = LocalizedString(en: "Search", ru: "Поиск")
    /// The first result's header.
    public static let topHit = LocalizedString(en: "Top Hit", ru: "Лучшее совпадение")
    /// The sections' headers.
    public static let apps = LocalizedString(en: "Apps", ru: "Приложения")
    public static let settings = LocalizedString(en: "Settings", ru: "Настройки")
    public static let commands = LocalizedString(en: "Menu Commands", ru: "Команды меню")
    public static let notes = LocalizedString(en: "Notes", ru: "Заметки")
    public static let mail = LocalizedString(en: "Mail", ru: "Почта")
    /// A result's context menu's first command.
    public static let open = LocalizedString(en: "Open", ru: "Открыть")
    /// What was being done (in "cannot open the result: …").
    public static let openTheResult = LocalizedString(en: "open the result", ru: "открыть результат")

    /// The header of a kind's section.
    public static func section(of kind: SearchItem.Kind) -> LocalizedString {
        switch kind {
        case .app, .program: apps
        case .settingsPage: settings
        case .command: commands
        case .note: notes
        case .message: mail
        }
    }
}

/// Spotlight's figures (Slate's, set by eye against iPadOS 26's on a 12.9-inch iPad, not measured):
/// a field 640 pt wide and 52 pt tall, 110 pt from the top, over a platter of 56 pt rows.
public enum SpotlightMetrics {
    public static let width: Double = 640
    public static let top: Double = 110
    public static let fieldHeight: Double = 52
    /// Between the field and the results; inside the results' platter; its corners.
    public static let gap: Double = 10
    public static let inset: Double = 8
    public static let cornerRadius: Double = 26
    /// A result's row and its icon.
    public static let rowHeight: Double = 56
    public static let iconSide: Double = 40
    /// Kept clear at the screen's sides and bottom.
    public static let sideMargin: Double = 40
    public static let bottomMargin: Double = 40
    /// The field's and the results' frosted platter; the selected row's highlight; the dim over the
    /// screen where no blurred picture of it can be made.
    public static let platterColor = Color(light: RGBA(1, 1, 1, 0.8), dark: RGBA(0.17, 0.17, 0.18, 0.84))
    public static let selection = Color(light: RGBA(0, 0, 0, 0.08), dark: RGBA(1, 1, 1, 0.14))
    public static let dim = Color(light: RGBA(0, 0, 0, 0.3), dark: RGBA(0, 0, 0, 0.45))
}
