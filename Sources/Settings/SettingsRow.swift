import UI

/// A row of a settings page: a title, maybe a value at its right, and what is at its end — a
/// switch, a checkmark, a chevron to a page of its own, or nothing (a value to read).
@MainActor struct SettingsRow {
    /// What the row ends with.
    enum Accessory {
        /// A switch, on or off; turning it calls the function.
        case toggle(Bool, (Bool) -> Void)
        /// One choice of several: checked when chosen.
        case check(Bool)
        /// Opens a page of its own.
        case chevron
        /// A value to read.
        case none
    }

    var title: LocalizedString
    var detail: LocalizedString?
    var accessory: Accessory
    /// What a tap on the row does (a choice chosen, a page opened); nil: nothing.
    var action: (() -> Void)?

    /// A switch row.
    static func toggle(_ title: LocalizedString, _ isOn: Bool, _ change: @escaping (Bool) -> Void) -> SettingsRow {
        SettingsRow(title: title, detail: nil, accessory: .toggle(isOn, change), action: nil)
    }

    /// A choice: checked when `chosen`, a tap chooses it.
    static func choice(_ title: LocalizedString, _ chosen: Bool, _ choose: @escaping () -> Void) -> SettingsRow {
        SettingsRow(title: title, detail: nil, accessory: .check(chosen), action: choose)
    }

    /// A row that opens `page`, showing what is chosen there.
    static func link(_ title: LocalizedString, detail: LocalizedString?, _ open: @escaping () -> Void) -> SettingsRow {
        SettingsRow(title: title, detail: detail, accessory: .chevron, action: open)
    }

    /// A value to read (About).
    static func value(_ title: LocalizedString, _ value: LocalizedString) -> SettingsRow {
        SettingsRow(title: title, detail: value, accessory: .none, action: nil)
    }
}

/// Rows under one header, in one rounded group, with a note under it.
@MainActor struct SettingsGroup {
    var header: LocalizedString?
    var rows: [SettingsRow]
    var footer: LocalizedString?

    /// A group under `header`, with `footer` under it.
    init(_ header: LocalizedString, footer: LocalizedString? = nil, _ rows: [SettingsRow]) {
        self.header = header
        self.rows = rows
        self.footer = footer
    }

    /// A group with no header.
    init(footer: LocalizedString? = nil, _ rows: [SettingsRow]) {
        self.header = nil
        self.rows = rows
        self.footer = footer
    }
}

/// A page of Settings: a section, or a page a row of one opens.
public enum SettingsPage: Hashable, Sendable {
    /// A section, as the sidebar shows it.
    case section(SettingsSection)
    /// Auto-Lock's choices (Display & Brightness, Lock Screen).
    case autoLock
    /// Text Size's choices (Display & Brightness, Accessibility).
    case textSize
    /// One app's notifications, by its identifier.
    case appNotifications(String)
    /// The programs answered for one privilege (`privacy.clipboard`, …), by its settings key.
    case privilege(String)
}
