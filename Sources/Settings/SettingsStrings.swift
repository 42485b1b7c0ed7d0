import Foundation
import UI

/// Settings' words, in English and Russian (iPadOS's own where it has them).
public enum SettingsStrings {
    /// "Settings", "Настройки".
    public static let appName = LocalizedString(en: "Settings", ru: "Настройки")

    // The sections.
    static let general = LocalizedString(en: "General", ru: "Основные")
    static let accessibility = LocalizedString(en: "Accessibility", ru: "Универсальный доступ")
    static let display = LocalizedString(en: "Display & Brightness", ru: "Экран и яркость")
    static let homeScreen = LocalizedString(en: "Home Screen & Dock", ru: "Экран «Домой» и Dock")
    static let multitasking = LocalizedString(en: "Multitasking & Gestures", ru: "Многозадачность и жесты")
    static let keyboard = LocalizedString(en: "Keyboard", ru: "Клавиатура")
    static let wallpaper = LocalizedString(en: "Wallpaper", ru: "Обои")
    static let notifications = LocalizedString(en: "Notifications", ru: "Уведомления")
    static let lockScreen = LocalizedString(en: "Lock Screen", ru: "Экран блокировки")
    static let privacy = LocalizedString(en: "Privacy & Security", ru: "Конфиденциальность и безопасность")
    static let about = LocalizedString(en: "About", ru: "Об этом устройстве")

    // General.
    static let language = LocalizedString(en: "Language", ru: "Язык")
    static let systemLanguage = LocalizedString(en: "As the System Says", ru: "Как в системе")
    static let english = LocalizedString(verbatim: "English")
    static let russian = LocalizedString(verbatim: "Русский")
    static let languageFooter = LocalizedString(
        en: "Every window shows the new language at once. “As the System Says” follows LANG.",
        ru: "Все окна сразу показывают новый язык. «Как в системе» следует LANG.")
    static let dateTime = LocalizedString(en: "Date & Time", ru: "Дата и время")
    static let timeAutomatic = LocalizedString(en: "As the Region Says", ru: "Как в регионе")
    static let time12 = LocalizedString(en: "12-Hour Time", ru: "12-часовой формат")
    static let time24 = LocalizedString(en: "24-Hour Time", ru: "24-часовой формат")

    // Display & Brightness.
    static let appearance = LocalizedString(en: "Appearance", ru: "Оформление")
    static let light = LocalizedString(en: "Light", ru: "Светлое")
    static let dark = LocalizedString(en: "Dark", ru: "Темное")
    static let automatic = LocalizedString(en: "Automatic", ru: "Автоматически")
    static let automaticFooter = LocalizedString(
        en: "Automatic turns dark at 19:00 and light at 7:00.",
        ru: "Автоматически: темное с 19:00, светлое с 7:00.")
    static let text = LocalizedString(en: "Text", ru: "Текст")
    static let textSize = LocalizedString(en: "Text Size", ru: "Размер текста")
    static let textSizeFooter = LocalizedString(
        en: "Apps that support Dynamic Type will adjust to your preferred reading size below.",
        ru: "Приложения, поддерживающие Динамический шрифт, будут использовать выбранный ниже размер для чтения.")
    static let displayScale = LocalizedString(en: "Display Scale", ru: "Масштаб экрана")
    static let scaleAutomatic = LocalizedString(en: "As the Display Says", ru: "Как у дисплея")
    static let scale1 = LocalizedString(en: "Standard (1×)", ru: "Стандартный (1×)")
    static let scale2 = LocalizedString(en: "Larger (2×)", ru: "Крупнее (2×)")
    static let scaleFooter = LocalizedString(
        en: "Takes effect the next time Slate starts; --scale overrides it.",
        ru: "Применяется при следующем запуске Slate; --scale его переопределяет.")
    static let autoLock = LocalizedString(en: "Auto-Lock", ru: "Автоблокировка")
    static let never = LocalizedString(en: "Never", ru: "Никогда")
    /// "2 Minutes", "5 минут".
    static func minutes(_ n: Int) -> LocalizedString {
        let ru: String
        switch (n % 10, n % 100) {
        case (1, let h) where h != 11: ru = "\(n) минута"
        case (2...4, let h) where !(12...14).contains(h): ru = "\(n) минуты"
        default: ru = "\(n) минут"
        }
        return LocalizedString(en: n == 1 ? "1 Minute" : "\(n) Minutes", ru: ru)
    }
    /// Text sizes, smallest first: the body size of each of iOS's content-size categories.
    static let textSizes: [(points: Double, name: LocalizedString)] = [
        (14, LocalizedString(en: "Extra Small", ru: "Очень мелкий")), (15, LocalizedString(en: "Small", ru: "Мелкий")),
        (16, LocalizedString(en: "Medium", ru: "Средний")),
        (17, LocalizedString(en: "Default", ru: "По умолчанию")), (19, LocalizedString(en: "Large", ru: "Крупный")),
        (21, LocalizedString(en: "Extra Large", ru: "Очень крупный")),
        (23, LocalizedString(en: "Largest", ru: "Самый крупный")),
    ]

    // Multitasking.
    static let fullScreenApps = LocalizedString(en: "Full-Screen Apps", ru: "Приложения на весь экран")
    static let windowedApps = LocalizedString(en: "Windowed Apps", ru: "Приложения в окнах")
    static let lastUsed = LocalizedString(en: "As Last Used", ru: "Как в прошлый раз")
    static let multitaskingFooter = LocalizedString(
        en:
            "Full-Screen Apps: an app full screen, two in Split View, one in Slide Over. Windowed Apps: windows resized, moved and overlapping.",
        ru:
            "На весь экран: одно приложение на весь экран, два в Split View, одно в Slide Over. В окнах: окна меняют размер, двигаются и перекрываются."
    )
    static let gestures = LocalizedString(en: "Gestures", ru: "Жесты")
    static let gesturesFooter = LocalizedString(
        en:
            "Use four or five fingers to: pinch to the Home Screen; swipe up to the App Switcher; swipe left or right between apps.",
        ru:
            "Четыре или пять пальцев: сведите их, чтобы перейти на экран «Домой»; смахните вверх, чтобы открыть переключатель приложений; смахните влево или вправо, чтобы перейти между приложениями."
    )

    // Keyboard.
    static let keyboards = LocalizedString(en: "Keyboards", ru: "Клавиатуры")
    static let keyboardsFooter = LocalizedString(
        en: "The globe key switches between the keyboards turned on; one stays on.",
        ru: "Клавиша с глобусом переключает включенные клавиатуры; одна остается включенной.")
    static let onScreenKeyboard = LocalizedString(en: "On-Screen Keyboard", ru: "Экранная клавиатура")
    static let keyboardAutomatic = LocalizedString(
        en: "Until a Key Is Pressed", ru: "Пока не нажата клавиша")
    static let keyboardAlways = LocalizedString(en: "Always", ru: "Всегда")
    static let keyboardNever = LocalizedString(en: "Never", ru: "Никогда")
    static let keyboardExternal = LocalizedString(en: "Another Program’s", ru: "Другой программы")
    static let predictive = LocalizedString(en: "Predictive", ru: "Предиктивный набор")
    static let shortcuts = LocalizedString(en: "Shortcuts", ru: "Сокращения")
    static let shortcutsFooter = LocalizedString(
        en: "Hold Ctrl in an app to see its keyboard shortcuts.",
        ru: "Удерживайте Ctrl в приложении, чтобы увидеть его сочетания клавиш.")

    // Home Screen & Dock.
    static let inTheDock = LocalizedString(en: "Apps in the Dock", ru: "Приложения в Dock")
    static let showRecents = LocalizedString(
        en: "Show Recent Apps in Dock", ru: "Недавние приложения в Dock")

    // Notifications.
    static let doNotDisturb = LocalizedString(en: "Do Not Disturb", ru: "Не беспокоить")
    static let notificationStyle = LocalizedString(en: "Notification Style", ru: "Стиль уведомлений")
    static let allowNotifications = LocalizedString(en: "Allow Notifications", ru: "Допуск уведомлений")
    static let banners = LocalizedString(en: "Banners", ru: "Баннеры")
    static let off = LocalizedString(en: "Off", ru: "Выкл.")
    static let centerOnly = LocalizedString(en: "Notification Center", ru: "Центр уведомлений")
    static let bannersFooter = LocalizedString(
        en: "Without banners, notifications go to Notification Center only.",
        ru: "Без баннеров уведомления попадают только в Центр уведомлений.")

    // Privacy.
    static let clipboard = LocalizedString(en: "Clipboard", ru: "Буфер обмена")
    static let screenRecording = LocalizedString(en: "Screen Recording", ru: "Запись экрана")
    static let input = LocalizedString(en: "Typing and Clicking", ru: "Ввод и нажатия")
    static let windows = LocalizedString(en: "Other Windows", ru: "Другие окна")
    static let noPrograms = LocalizedString(
        en: "No program has asked for this yet. A program that asks is listed here with your answer.",
        ru: "Ни одна программа еще не спрашивала. Спросившая программа появится здесь с вашим ответом.")
    static let privacyFooter = LocalizedString(
        en: "Programs that asked, and what you answered.", ru: "Программы, которые спрашивали, и ваши ответы.")
    /// "2 programs", "2 программы".
    static func programs(_ n: Int) -> LocalizedString {
        let ru: String
        switch (n % 10, n % 100) {
        case (1, let h) where h != 11: ru = "\(n) программа"
        case (2...4, let h) where !(12...14).contains(h): ru = "\(n) программы"
        default: ru = "\(n) программ"
        }
        return LocalizedString(en: n == 1 ? "1 program" : "\(n) programs", ru: ru)
    }

    // Accessibility.
    static let screenReader = LocalizedString(en: "Screen Reader Support", ru: "Поддержка экранного диктора")
    static let screenReaderFooter = LocalizedString(
        en: "Orca and other screen readers find Slate over AT-SPI. Takes effect the next time Slate starts.",
        ru: "Orca и другие экранные дикторы находят Slate через AT-SPI. Применяется при следующем запуске Slate."
    )

    // Wallpaper.
    static let wallpaperSlate = LocalizedString(en: "Slate", ru: "Slate")
    static let wallpaperDusk = LocalizedString(en: "Dusk", ru: "Сумерки")
    static let wallpaperGraphite = LocalizedString(en: "Graphite", ru: "Графит")
    static let pictures = LocalizedString(en: "Pictures", ru: "Изображения")
    static let noPictures = LocalizedString(
        en: "PNG pictures in your Pictures folder show here.",
        ru: "Здесь появятся изображения PNG из папки «Изображения».")

    // Lock Screen.
    static let lockAtStart = LocalizedString(en: "Lock at Start", ru: "Блокировать при запуске")
    static let showPreviews = LocalizedString(en: "Show Previews", ru: "Показ миниатюр")
    static let previewsAlways = LocalizedString(en: "Always", ru: "Всегда")
    static let previewsWhenUnlocked = LocalizedString(en: "When Unlocked", ru: "Без блокировки")
    static let previewsNever = LocalizedString(en: "Never", ru: "Никогда")

    // About.
    static let name = LocalizedString(en: "Name", ru: "Имя")
    static let version = LocalizedString(en: "Slate Version", ru: "Версия Slate")
    static let wlroots = LocalizedString(en: "wlroots", ru: "wlroots")
    static let system = LocalizedString(en: "System", ru: "Система")
    static let processors = LocalizedString(en: "Processors", ru: "Процессоры")
    static let memory = LocalizedString(en: "Memory", ru: "Память")
    static let unknown = LocalizedString(en: "Unknown", ru: "Неизвестно")
    /// "7.8 GB", "7,8 ГБ".
    static func gigabytes(_ g: Double) -> LocalizedString {
        let en = String(format: "%.1f GB", g)
        return LocalizedString(
            en: en, ru: en.replacingOccurrences(of: ".", with: ",").replacingOccurrences(of: "GB", with: "ГБ"))
    }

    /// The one-column window's button that shows the sections (UIKit's sidebar button).
    static let showSidebar = LocalizedString(en: "Show Sidebar", ru: "Показать боковое меню")
}
