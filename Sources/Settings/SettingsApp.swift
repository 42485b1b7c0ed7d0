import Foundation
import Graphics
import Scenes
import UI

/// Settings: every choice a person makes in Slate in one place (iPadOS's Settings). The sections
/// beside the section shown in a primary window; a section opened in a new window (its context
/// menu's Open in New Window, W2d) in an auxiliary one. Every choice is written to the settings file
/// at once, and the shell and every app process follow it. Written against Slate's public products
/// only, as Notes is.
@MainActor public final class SettingsApp: Application {
    /// The primary window: the sections, one shown.
    public static let windowActivity = "org.slate.settings.window"
    /// A section in an auxiliary window of its own.
    public static let sectionActivity = "org.slate.settings.section"

    /// Its windows are kept in `$XDG_STATE_HOME/slate/org.slate.settings/`.
    public let identifier = "org.slate.settings"
    /// "Settings", "Настройки".
    public let displayName = SettingsStrings.appName
    /// A gear on iOS Settings' grey.
    public let icon = AppIcon(symbol: "gear", topColor: Color(hex: 0xA2A2A8), bottomColor: Color(hex: 0x6D6D72))
    /// The window and a section.
    public var activityTypes: Set<String> { [Self.windowActivity, Self.sectionActivity] }

    /// The settings shown: the system's (the shell's, or the app process's on the file), else the
    /// ones this app was made with.
    public private(set) var store: SettingsStore

    /// Where Settings › Wallpaper finds pictures (PNG files) to offer; nil: none.
    public let picturesFolder: URL?

    /// Settings over `store` until a system gives its own (`didConnect(to:)`), offering the pictures
    /// of `picturesFolder` as wallpapers.
    public init(store: SettingsStore, picturesFolder: URL? = nil) {
        self.store = store
        self.picturesFolder = picturesFolder
    }

    /// The PNG files of the pictures folder, by name, at most `SettingsContent.pictureLimit`.
    func pictures() -> [URL] {
        guard let folder = picturesFolder,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder.path)
        else { return [] }
        return names.filter { $0.lowercased().hasSuffix(".png") && !$0.hasPrefix(".") }.sorted()
            .prefix(SettingsContent.pictureLimit).map { folder.appendingPathComponent($0) }
    }

    /// The system's settings, when it keeps them, are the ones shown and changed.
    public func didConnect(to system: any SceneSystem) {
        if let settings = system.systemSettings { store = settings }
        offerSectionsToSpotlight(on: system)
    }

    /// The pages are offered again, titled in the language the person just chose.
    public func systemLanguageDidChange(on system: any SceneSystem) {
        offerSectionsToSpotlight(on: system)
    }

    /// The sections in a primary window; one section in an auxiliary one with Done.
    public var configurations: [SceneConfiguration] {
        [
            SceneConfiguration(name: "Settings", role: .primary) { [unowned self] in
                SettingsSceneDelegate(app: self)
            },
            SceneConfiguration(name: "Section", role: .auxiliary, closingButtonStyle: .done) { [unowned self] in
                SectionSceneDelegate(app: self)
            },
        ]
    }

    /// A section opens in an auxiliary window; the sections in a primary one.
    public func role(for activity: UserActivity) -> SceneSession.Role {
        activity.activityType == Self.sectionActivity ? .auxiliary : .primary
    }

    // MARK: Activities

    struct SectionState: Codable, Equatable {
        var section: String
    }

    /// The primary window showing `section`.
    static func windowActivity(_ section: SettingsSection, language: Language) -> UserActivity {
        // A struct of a string always encodes; the fallback is never taken.
        (try? UserActivity(
            type: windowActivity, title: SettingsStrings.appName.resolved(language),
            payload: SectionState(section: section.rawValue))) ?? UserActivity(type: windowActivity)
    }

    /// `section` in a window of its own (W2d).
    public static func sectionActivity(_ section: SettingsSection, language: Language) -> UserActivity {
        // A struct of a string always encodes; the fallback is never taken.
        (try? UserActivity(
            type: sectionActivity, title: section.title.resolved(language),
            targetContentIdentifier: "section/\(section.rawValue)", payload: SectionState(section: section.rawValue)))
            ?? UserActivity(type: sectionActivity)
    }

    /// The section an activity names; General when it names none (or one of another Slate's).
    static func section(of activity: UserActivity?) -> SettingsSection {
        let state = try? activity?.payload(as: SectionState.self)
        return state.flatMap { SettingsSection(rawValue: $0.section) } ?? .general
    }
}
