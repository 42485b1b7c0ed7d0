import UI

/// The shell's words, in English and Russian.
public enum ShellStrings {
    public static let showAllWindows = LocalizedString(en: "Show All Windows", ru: "Показать все окна")
    public static let newWindow = LocalizedString(en: "New Window", ru: "Новое окно")
    public static let openInNewWindow = LocalizedString(en: "Open in New Window", ru: "Открыть в новом окне")
    public static let addWindow = LocalizedString(en: "Add", ru: "Добавить")
    public static let recentlyClosed = LocalizedString(en: "Recently Closed", ru: "Недавно закрытые")
    /// What was being done (in "cannot show the wallpaper: …").
    public static let showTheWallpaper = LocalizedString(en: "show the wallpaper", ru: "показать обои")
    public static let fullScreen = LocalizedString(en: "Full Screen", ru: "Во весь экран")
    public static let splitView = LocalizedString(en: "Split View", ru: "Split View")
    public static let slideOver = LocalizedString(en: "Slide Over", ru: "Slide Over")
    public static let closeWindow = LocalizedString(en: "Close Window", ru: "Закрыть окно")
    public static let multitasking = LocalizedString(en: "Multitasking", ru: "Многозадачность")
    public static let dock = LocalizedString(en: "Dock", ru: "Dock")
    public static let homeScreen = LocalizedString(en: "Home Screen", ru: "Экран «Домой»")
    public static let switcher = LocalizedString(en: "App Switcher", ru: "Переключатель приложений")
    public static let divider = LocalizedString(en: "Split View divider", ru: "Разделитель Split View")
    public static let dropLeft = LocalizedString(en: "Open on the left", ru: "Открыть слева")
    public static let dropRight = LocalizedString(en: "Open on the right", ru: "Открыть справа")
    public static let chooseWindow = LocalizedString(en: "Choose a window", ru: "Выберите окно")
    public static let openANewWindow = LocalizedString(en: "open a new window", ru: "открыть новое окно")
    public static let openTheApp = LocalizedString(en: "open the app", ru: "открыть приложение")
    public static let openTheDroppedItem = LocalizedString(
        en: "open the dropped item", ru: "открыть перетащенный объект")
    public static let closeTheWindow = LocalizedString(en: "close the window", ru: "закрыть окно")
    public static let reopenTheWindow = LocalizedString(en: "reopen the window", ru: "открыть окно снова")
    public static let windowNumber = LocalizedString(en: "Window %@", ru: "Окно %@")
    public static let windowsOf = LocalizedString(en: "%@ — Windows", ru: "%@ — окна")
    /// The About card: what the app is.
    public static let slateApp = LocalizedString(en: "An app for Slate", ru: "Приложение для Slate")
    public static let linuxProgram = LocalizedString(en: "A Linux program", ru: "Программа для Linux")

    // The status bar, as VoiceOver reads it.
    public static let wifiBars = LocalizedString(en: "Wi-Fi, %@ of 3 bars", ru: "Wi-Fi, %@ из 3 делений")
    public static let ethernet = LocalizedString(en: "Ethernet", ru: "Ethernet")
    public static let airplaneMode = LocalizedString(en: "Airplane Mode", ru: "Авиарежим")
    /// The status bar's time while a program records the screen ("9:41 AM, screen recording").
    public static let timeWhileRecording = LocalizedString(en: "%@, screen recording", ru: "%@, идёт запись экрана")
    public static let batteryPercent = LocalizedString(en: "Battery %@ percent", ru: "Заряд аккумулятора: %@ %")
    public static let batteryCharging = LocalizedString(en: ", charging", ru: ", заряжается")

    // Control Center.
    public static let controlCenter = LocalizedString(en: "Control Center", ru: "Пункт управления")
    public static let wifi = LocalizedString(en: "Wi-Fi", ru: "Wi-Fi")
    public static let wifiNetworks = LocalizedString(en: "Wi-Fi Networks", ru: "Сети Wi-Fi")
    public static let bluetooth = LocalizedString(en: "Bluetooth", ru: "Bluetooth")
    public static let brightness = LocalizedString(en: "Brightness", ru: "Яркость")
    public static let volume = LocalizedString(en: "Volume", ru: "Громкость")
    public static let rotationLock = LocalizedString(en: "Rotation Lock", ru: "Блокировка ориентации")
    public static let darkMode = LocalizedString(en: "Dark Mode", ru: "Темный режим")
    public static let doNotDisturb = LocalizedString(en: "Do Not Disturb", ru: "Не беспокоить")
    public static let on = LocalizedString(en: "On", ru: "Вкл.")
    public static let off = LocalizedString(en: "Off", ru: "Выкл.")

    // Screenshots.
    public static let screenshot = LocalizedString(en: "Screenshot", ru: "Снимок экрана")
    public static let screenshotFile = LocalizedString(en: "Screenshot from %@", ru: "Снимок экрана от %@")
    public static let saveTheScreenshot = LocalizedString(en: "save the screenshot", ru: "сохранить снимок экрана")
}

extension ShellStrings {
    // Windowed Apps.
    public static let closeControl = LocalizedString(en: "Close", ru: "Закрыть")
    public static let minimize = LocalizedString(en: "Minimize", ru: "Свернуть")
    public static let exitFullScreen = LocalizedString(en: "Exit Full Screen", ru: "Выйти из полноэкранного режима")
    public static let resizeHandle = LocalizedString(en: "Resize", ru: "Изменить размер")
    public static let fill = LocalizedString(en: "Fill", ru: "Заполнить")
    public static let moveAndResize = LocalizedString(en: "Move & Resize", ru: "Переместить и изменить размер")
    public static let leftHalf = LocalizedString(en: "Left Half", ru: "Левая половина")
    public static let rightHalf = LocalizedString(en: "Right Half", ru: "Правая половина")
    public static let topHalf = LocalizedString(en: "Top Half", ru: "Верхняя половина")
    public static let bottomHalf = LocalizedString(en: "Bottom Half", ru: "Нижняя половина")
    public static let leftThird = LocalizedString(en: "Left Third", ru: "Левая треть")
    public static let middleThird = LocalizedString(en: "Middle Third", ru: "Средняя треть")
    public static let rightThird = LocalizedString(en: "Right Third", ru: "Правая треть")
    public static let leftTwoThirds = LocalizedString(en: "Left Two Thirds", ru: "Левые две трети")
    public static let rightTwoThirds = LocalizedString(en: "Right Two Thirds", ru: "Правые две трети")
    public static let topLeftQuarter = LocalizedString(en: "Top Left Quarter", ru: "Верхняя левая четверть")
    public static let topRightQuarter = LocalizedString(en: "Top Right Quarter", ru: "Верхняя правая четверть")
    public static let bottomLeftQuarter = LocalizedString(en: "Bottom Left Quarter", ru: "Нижняя левая четверть")
    public static let bottomRightQuarter = LocalizedString(en: "Bottom Right Quarter", ru: "Нижняя правая четверть")
    public static let halves = LocalizedString(en: "Halves", ru: "Половины")
    public static let thirds = LocalizedString(en: "Thirds", ru: "Трети")
    public static let quarters = LocalizedString(en: "Quarters", ru: "Четверти")
    public static let exposeTitle = LocalizedString(en: "Exposé", ru: "Exposé")
}
