import UI

/// AT-SPI2's numbers and names, as the specification (at-spi2-core's `atspi-constants.h`) gives them.
enum ATSPI {
    static let rootPath = "/org/a11y/atspi/accessible/root"
    static let pathPrefix = "/org/a11y/atspi/accessible/"

    static let accessible = "org.a11y.atspi.Accessible"
    static let application = "org.a11y.atspi.Application"
    static let component = "org.a11y.atspi.Component"
    static let action = "org.a11y.atspi.Action"
    static let text = "org.a11y.atspi.Text"
    static let selection = "org.a11y.atspi.Selection"
    static let properties = "org.freedesktop.DBus.Properties"
    static let introspectable = "org.freedesktop.DBus.Introspectable"
    static let objectEvents = "org.a11y.atspi.Event.Object"
    static let focusEvents = "org.a11y.atspi.Event.Focus"

    /// `AtspiRole`.
    enum Role: UInt32 {
        case frame = 23
        case image = 27
        case label = 29
        case list = 31
        case listItem = 32
        case menu = 33
        case menuBar = 34
        case menuItem = 35
        case checkMenuItem = 8
        case panel = 39
        case pushButton = 43
        case separator = 50
        case text = 61
        case application = 75
        case heading = 83
        case inputMethodWindow = 89

        /// The role's name, as AT-SPI spells it.
        var name: String {
            switch self {
            case .frame: "frame"
            case .image: "image"
            case .label: "label"
            case .list: "list"
            case .listItem: "list item"
            case .menu: "menu"
            case .menuBar: "menu bar"
            case .menuItem: "menu item"
            case .checkMenuItem: "check menu item"
            case .panel: "panel"
            case .pushButton: "push button"
            case .separator: "separator"
            case .text: "text"
            case .application: "application"
            case .heading: "heading"
            case .inputMethodWindow: "input method window"
            }
        }

        /// The role's name in the app's language.
        var localizedName: LocalizedString {
            switch self {
            case .frame: LocalizedString(en: "frame", ru: "окно")
            case .image: LocalizedString(en: "image", ru: "изображение")
            case .label: LocalizedString(en: "label", ru: "надпись")
            case .list: LocalizedString(en: "list", ru: "список")
            case .listItem: LocalizedString(en: "list item", ru: "элемент списка")
            case .menu: LocalizedString(en: "menu", ru: "меню")
            case .menuBar: LocalizedString(en: "menu bar", ru: "строка меню")
            case .menuItem: LocalizedString(en: "menu item", ru: "пункт меню")
            case .checkMenuItem: LocalizedString(en: "check menu item", ru: "пункт меню с флажком")
            case .panel: LocalizedString(en: "panel", ru: "панель")
            case .pushButton: LocalizedString(en: "push button", ru: "кнопка")
            case .separator: LocalizedString(en: "separator", ru: "разделитель")
            case .text: LocalizedString(en: "text", ru: "текст")
            case .application: LocalizedString(en: "application", ru: "приложение")
            case .heading: LocalizedString(en: "heading", ru: "заголовок")
            case .inputMethodWindow: LocalizedString(en: "input method window", ru: "окно метода ввода")
            }
        }

        init(_ role: AccessibilityRole) {
            switch role {
            case .frame: self = .frame
            case .panel: self = .panel
            case .list: self = .list
            case .listItem: self = .listItem
            case .menu: self = .menu
            case .menuBar: self = .menuBar
            case .menuItem: self = .menuItem
            case .checkMenuItem: self = .checkMenuItem
            case .separator: self = .separator
            case .button: self = .pushButton
            case .label: self = .label
            case .heading: self = .heading
            case .text: self = .text
            case .image: self = .image
            case .keyboard: self = .inputMethodWindow
            }
        }
    }

    /// `AtspiStateType`: bit numbers of the state set.
    enum State: Int, CaseIterable {
        case active = 1
        case checked = 4
        case editable = 7
        case enabled = 8
        case focusable = 11
        case focused = 12
        case modal = 16
        case multiLine = 17
        case selectable = 22
        case selected = 23
        case sensitive = 24
        case showing = 25
        case singleLine = 26
        case visible = 30
        case checkable = 41

        /// The name in `object:state-changed:NAME`.
        var name: String {
            switch self {
            case .active: "active"
            case .checked: "checked"
            case .editable: "editable"
            case .enabled: "enabled"
            case .focusable: "focusable"
            case .focused: "focused"
            case .modal: "modal"
            case .multiLine: "multi-line"
            case .selectable: "selectable"
            case .selected: "selected"
            case .sensitive: "sensitive"
            case .showing: "showing"
            case .singleLine: "single-line"
            case .visible: "visible"
            case .checkable: "checkable"
            }
        }
    }

    /// `AtspiCoordType`.
    enum Coordinates: UInt32 {
        case screen = 0
        case window = 1
        case parent = 2
    }

    /// `AtspiComponentLayer`.
    enum Layer: UInt32 {
        case widget = 3
        case popup = 5
        case window = 7
    }
}

/// A set of AT-SPI states: a bit each, sent as two 32-bit words.
struct StateSet: Hashable {
    var bits: UInt64 = 0

    mutating func insert(_ s: ATSPI.State) { bits |= 1 << UInt64(s.rawValue) }
    func contains(_ s: ATSPI.State) -> Bool { bits & (1 << UInt64(s.rawValue)) != 0 }
    var words: [UInt32] { [UInt32(truncatingIfNeeded: bits), UInt32(truncatingIfNeeded: bits >> 32)] }
}
