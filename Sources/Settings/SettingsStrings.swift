import Foundation
import UI

/// Settings' words, in English and Russian (iPadOS's own where it has them).
public enum SettingsStrings {
    public static let appName = LocalizedString(en: "Settings", ru: "Настройки")

    // The sections.
    public static let general = LocalizedString(en: "General", ru: "Основные")
    public static let accessibility = LocalizedString(en: "Accessibility", ru: "Универсальный доступ")
    public static let display = LocalizedString(en: "Display & Brightness", ru: "Экран и яркость")
    public static let homeScreen = LocalizedString(en: "Home Screen & Dock", ru: "Экран «Домой» и Dock")
    public static let multitasking = LocalizedString(en: "Multitasking & Gestures", ru: "Многозадачность и жесты")
    public static let keyboard = LocalizedString(en: "Keyboard", ru: "Клавиатура")
    public static let wallpaper = LocalizedString(en: "Wallpaper", ru: "Обои")
    public static let notifications = LocalizedString(en: "Notifications", ru: "Уведомления")
    public static let lockScreen = LocalizedString(en: "Lock Screen", ru: "Экран блокировки")
    public static let privacy = LocalizedString(en: "Privacy & Security", ru: "Конфиденциальность и безопасность")
    public static let about = LocalizedString(en: "About", ru: "Об этом устройстве")

    // General.
    public static let language = LocalizedString(en: "Language", ru: "Язык")
    public static let systemLanguage = LocalizedString(en: "As the System Says", ru: "Как в системе")
    public static let english = LocalizedString(verbatim: "English")
    public static let russian = LocalizedString(verbatim: "Русский")
    public static let languageFooter = LocalizedString(
        en: "Every window shows the new language at once. “As the System Says” follows LANG.",
        ru: "Все окна сразу показывают новый язык. «Как в системе» следует LANG.")
    public static let dateTime = LocalizedString(en: "Date & Time", ru: "Дата и время")
    public static let timeAutomatic = LocalizedString(en: "As the Region Says", ru: "Как в регионе")
    public static let time12 = LocalizedString(en: "12-Hour Time", ru: "12-часовой формат")
    public static let time24 = LocalizedString(en: "24-Hour Time", ru: "24-часовой формат")

    // Display & Brightness.
    public static let appearance = LocalizedString(en: "Appearance", ru: "Оформление")
    public static let light = LocalizedString(en: "Light", ru: "Светлое")
    public static let dark = LocalizedString(en: "Dark", ru: "Темное")
    public static let automatic = LocalizedString(en: "Automatic", ru: "Автоматически")
    public static let automaticFooter = LocalizedString(
        en: "Automatic turns dark at 19:00 and light at 7:00.",
        ru: "Автоматически: темное с 19:00, светлое с 7:00.")
    public static let text = LocalizedString(en: "Text", ru: "Текст")
    public static let textSize = LocalizedString(en: "Text Size", ru: "Размер текста")
    public static let textSizeFooter = LocalizedString(
        en: "Kept for apps that follow it; Slate's apps show their standard size for now.",
        ru: "Хранится для программ, которые его учитывают; приложения Slate пока показывают обычный размер.")
    public static let displayScale = LocalizedString(en: "Display Scale", ru: "Масштаб экрана")
    public static let scaleAutomatic = LocalizedString(en: "As the Display Says", ru: "Как у дисплея")
    public static let scale1 = LocalizedString(en: "Standard (1×)", ru: "Стандартный (1×)")
    public static let scale2 = LocalizedString(en: "Larger (2×)", ru: "Крупнее (2×)")
    public static let scaleFooter = LocalizedString(
        en: "Takes effect the next time Slate starts; --scale overrides it.",
        ru: "Применяется при следующем запуске Slate; --scale его переопределяет.")
    public static let autoLock = LocalizedString(en: "Auto-Lock", ru: "Автоблокировка")
    public static let never = LocalizedString(en: "Never", ru: "Никогда")
    /// "2 Minutes", "5 минут".
    public static func minutes(_ n: Int) -> LocalizedString {
        let ru: String
        switch (n % 10, n % 100) {
        case (1, let h) where h != 11: ru = "\(n) минута"
        case (2...4, let h) where !(12...14).contains(h): ru = "\(n) минуты"
        default: ru = "\(n) минут"
        }
        return LocalizedString(en: n == 1 ? "1 Minute" : "\(n) Minutes", ru: ru)
    }
    /// Text sizes, smallest first (iOS's content-size categories).
    public static let textSizes: [(points: Double, name: LocalizedString)] = [
        (15, LocalizedString(en: "Small", ru: "Мелкий")), (16, LocalizedString(en: "Medium", ru: "Средний")),
        (17, LocalizedString(en: "Default", ru: "По умолчанию")), (19, LocalizedString(en: "Large", ru: "Крупный")),
        (21, LocalizedString(en: "Extra Large", ru: "Очень крупный")),
        (23, LocalizedString(en: "Largest", ru: "Самый крупный")),
    ]

    // Multitasking.
    public static let fullScreenApps = LocalizedString(en: "Full-Screen Apps", ru: "Приложения на весь экран")
    public static let windowedApps = LocalizedString(en: "Windowed Apps", ru: "Приложения в окнах")
    public static let lastUsed = LocalizedString(en: "As Last Used", ru: "Как в прошлый раз")
    public static let multitaskingFooter = LocalizedString(
        en:
            "Full-Screen Apps: an app full screen, two in Split View, one in Slide Over. Windowed Apps: windows resized, moved and overlapping.",
        ru:
            "На весь экран: одно приложение на весь экран, два в Split View, одно в Slide Over. В окнах: окна меняют размер, двигаются и перекрываются."
    )

    // Keyboard.
    public static let keyboards = LocalizedString(en: "Keyboards", ru: "Клавиатуры")
    public static let keyboardsFooter = LocalizedString(
        en: "The globe key switches between the keyboards turned on; one stays on.",
        ru: "Клавиша с глобусом переключает включенные клавиатуры; одна остается включенной.")
    public static let onScreenKeyboard = LocalizedString(en: "On-Screen Keyboard", ru: "Экранная клавиатура")
    public static let keyboardAutomatic = LocalizedString(
        en: "Until a Key Is Pressed", ru: "Пока не нажата клавиша")
    public static let keyboardAlways = LocalizedString(en: "Always", ru: "Всегда")
    public static let keyboardNever = LocalizedString(en: "Never", ru: "Никогда")
    public static let keyboardExternal = LocalizedString(en: "Another Program’s", ru: "Другой программы")
    public static let predictive = LocalizedString(en: "Predictive", ru: "Предиктивный набор")
    public static let shortcuts = LocalizedString(en: "Shortcuts", ru: "Сокращения")
    public static let shortcutsFooter = LocalizedString(
        en: "Hold Ctrl in an app to see its keyboard shortcuts.",
        ru: "Удерживайте Ctrl в приложении, чтобы увидеть его сочетания клавиш.")

    // Home Screen & Dock.
    public static let inTheDock = LocalizedString(en: "Apps in the Dock", ru: "Приложения в Dock")
    public static let showRecents = LocalizedString(
        en: "Show Recent Apps in Dock", ru: "Недавние приложения в Dock")

    // Notifications.
    public static let doNotDisturb = LocalizedString(en: "Do Not Disturb", ru: "Не беспокоить")
    public static let notificationStyle = LocalizedString(en: "Notification Style", ru: "Стиль уведомлений")
    public static let allowNotifications = LocalizedString(en: "Allow Notifications", ru: "Допуск уведомлений")
    public static let banners = LocalizedString(en: "Banners", ru: "Баннеры")
    public static let off = LocalizedString(en: "Off", ru: "Выкл.")
    public static let centerOnly = LocalizedString(en: "Notification Center", ru: "Центр уведомлений")
    public static let bannersFooter = LocalizedString(
        en: "Without banners, notifications go to Notification Center only.",
        ru: "Без баннеров уведомления попадают только в Центр уведомлений.")

    // Privacy.
    public static let clipboard = LocalizedString(en: "Clipboard", ru: "Буфер обмена")
    public static let screenRecording = LocalizedString(en: "Screen Recording", ru: "Запись экрана")
    public static let input = LocalizedString(en: "Typing and Clicking", ru: "Ввод и нажатия")
    public static let windows = LocalizedString(en: "Other Windows", ru: "Другие окна")
    public static let noPrograms = LocalizedString(
        en: "No program has asked for this yet. A program that asks is listed here with your answer.",
        ru: "Ни одна программа еще не спрашивала. Спросившая программа появится здесь с вашим ответом.")
    public static let privacyFooter = LocalizedString(
        en: "Programs that asked, and what you answered.", ru: "Программы, которые спрашивали, и ваши ответы.")
    /// "2 programs", "2 программы".
    public static func programs(_ n: Int) -> LocalizedString {
        let ru: String
        switch (n % 10, n % 100) {
        case (1, let h) where h != 11: ru = "\(n) программа"
        case (2...4, let h) where !(12...14).contains(h): ru = "\(n) программы"
        default: ru = "\(n) программ"
        }
        return LocalizedString(en: n == 1 ? "1 program" : "\(n) programs", ru: ru)
    }

    // Accessibility.
    public static let screenReader = LocalizedString(en: "Screen Reader Support", ru: "Поддержка экранного диктора")
    public static let screenReaderFooter = LocalizedString(
        en: "Orca and other screen readers find Slate over AT-SPI. Takes effect the next time Slate starts.",
        ru: "Orca и другие экранные дикторы находят Slate через AT-SPI. Применяется при следующем запуске Slate."
    )

    // Wallpaper.
    public static let wallpaperSlate = LocalizedString(en: "Slate", ru: "Slate")
    public static let wallpaperDusk = LocalizedString(en: "Dusk", ru: "Сумерки")
    public static let wallpaperGraphite = LocalizedString(en: "Graphite", ru: "Графит")
    public static let pictures = LocalizedString(en: "Pictures", ru: "Изображения")
    public static let noPictures = LocalizedString(
        en: "PNG pictures in your Pictures folder show here.",
        ru: "Здесь появятся изображения PNG из папки «Изображения».")

    // Lock Screen.
    public static let lockAtStart = LocalizedString(en: "Lock at Start", ru: "Блокировать при запуске")
    public static let showPreviews = LocalizedString(en: "Show Previews", ru: "Показ миниатюр")
    public static let previewsAlways = LocalizedString(en: "Always", ru: "Всегда")
    public static let previewsWhenUnlocked = LocalizedString(en: "When Unlocked", ru: "Без блокировки")
    public static let previewsNever = LocalizedString(en: "Never", ru: "Никогда")

    // About.
    public static let name = LocalizedString(en: "Name", ru: "Имя")
    public static let version = LocalizedString(en: "Slate Version", ru: "Версия Slate")
    public static let wlroots = LocalizedString(en: "wlroots", ru: "wlroots")
    public static let system = LocalizedString(en: "System", ru: "Система")
    public static let processors = LocalizedString(en: "Processors", ru: "Процессоры")
    public static let memory = LocalizedString(en: "Memory", ru: "Память")
    public static let unknown = LocalizedString(en: "Unknown", ru: "Неизвестно")
    /// "7.8 GB", "7,8 ГБ".
    public static func gigabytes(_ g: Double) -> LocalizedString {
        let en = String(format: "%.1f GB", g)
        return LocalizedString(
            en: en, ru: en.replacingOccurrences(of: ".", with: ",").replacingOccurrences(of: "GB", with: "ГБ"))
    }

    /// What was being done (in "cannot open the section: …").
    public static let openTheSection = LocalizedString(en: "open the section", ru: "открыть раздел")
}
