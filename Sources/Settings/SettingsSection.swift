import Graphics
import UI

/// A section of Settings, as the sidebar lists them (iPadOS 26's order where it has them).
public enum SettingsSection: String, CaseIterable, Codable, Sendable {
    /// The sections, in the sidebar's order; each raw value names it in a window's saved state.
    case general, accessibility, display, homeScreen, multitasking, keyboard, wallpaper
    case notifications, lockScreen, privacy, about

    /// Its name in the sidebar and on its page.
    public var title: LocalizedString {
        switch self {
        case .general: SettingsStrings.general
        case .accessibility: SettingsStrings.accessibility
        case .display: SettingsStrings.display
        case .homeScreen: SettingsStrings.homeScreen
        case .multitasking: SettingsStrings.multitasking
        case .keyboard: SettingsStrings.keyboard
        case .wallpaper: SettingsStrings.wallpaper
        case .notifications: SettingsStrings.notifications
        case .lockScreen: SettingsStrings.lockScreen
        case .privacy: SettingsStrings.privacy
        case .about: SettingsStrings.about
        }
    }

    /// The symbol on its tile.
    var symbol: String {
        switch self {
        case .general: "gear"
        case .accessibility: "accessibility"
        case .display: "sun.max"
        case .homeScreen: "square.grid.2x2"
        case .multitasking: "square.split.2x1"
        case .keyboard: "keyboard"
        case .wallpaper: "photo"
        case .notifications: "bell.badge"
        case .lockScreen: "lock"
        case .privacy: "hand.raised"
        case .about: "info.circle"
        }
    }

    /// The tile's colour (iOS Settings' own for each).
    var tint: Color {
        switch self {
        case .general, .keyboard, .about: .systemGray
        case .accessibility, .display, .privacy: .systemBlue
        case .homeScreen, .multitasking: .systemIndigo
        case .wallpaper: .systemTeal
        case .notifications: .systemRed
        case .lockScreen: .systemGreen
        }
    }
}
