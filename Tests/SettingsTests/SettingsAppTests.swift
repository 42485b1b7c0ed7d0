import Foundation
import Graphics
import Scenes
import SlateLog
import Testing
import UI

@testable import Settings

/// Settings writes every choice to the settings file, shows what the file says, and says itself
/// again in another language when its screen's language changes.
@MainActor @Suite struct SettingsAppTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-settings-app-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    /// Every row of every page is chosen or turned: each choice is then checked on its page, and the
    /// file read by a new store holds exactly what the store holds.
    @Test func everyChoiceIsWrittenToTheFileAndShown() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let store = SettingsStore(
            configHome: home, log: Logger("settings", sink: LogSink { Issue.record("reported: \($0.line)") }))
        var opened: [SettingsPage] = []
        let content = SettingsContent(store: store) { opened.append($0) }
        var pages = SettingsSection.allCases.map { SettingsPage.section($0) } + [.autoLock, .textSize]
        pages.append(.appNotifications("org.slate.mail"))
        var choices = 0
        for page in pages {
            var index = 0
            // A row may take others away (Allow Notifications off hides Banners): rows are read anew.
            while index < content.groups(of: page).flatMap(\.rows).count {
                let row = content.groups(of: page).flatMap(\.rows)[index]
                defer { index += 1 }
                switch row.accessory {
                case .check:
                    row.action?()
                    choices += 1
                    let after = content.groups(of: page).flatMap(\.rows)[index]
                    if case .check(let chosen) = after.accessory {
                        #expect(chosen, "\(row.title.en) on \(page) is checked once chosen")
                    }
                case .toggle(let isOn, let change):
                    change(!isOn)
                    let after = content.groups(of: page).flatMap(\.rows)[index]
                    if case .toggle(let now, _) = after.accessory, after.title == row.title {
                        // The last keyboard left on stays on (one always does).
                        let lastKeyboard = page == .section(.keyboard) && store[.keyboardLayouts].count == 1
                        #expect(now == !isOn || (lastKeyboard && now), "\(row.title.en) on \(page) turned")
                    }
                case .chevron: row.action?()
                case .none: break
                }
            }
        }
        #expect(choices > 25)
        #expect(opened.contains(.autoLock) && opened.contains(.textSize))
        let reread = SettingsStore(configHome: home)
        #expect(reread.values == store.values)
        #expect(reread[.autoLockSeconds] == 0, "the last Auto-Lock choice, Never")
        #expect(reread[.textSize] == 23, "the last text size, Largest")
        #expect(reread[.notificationsAllowed]["org.slate.mail"] == false)
    }

    /// Wallpaper offers the PNG files of the pictures folder, by name; choosing one writes its path.
    @Test func wallpaperOffersThePicturesFolder() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        for name in ["b.png", "a.PNG", "notes.txt", ".hidden.png"] {
            try Data().write(to: home.appendingPathComponent(name))
        }
        let app = SettingsApp(store: SettingsStore(configHome: nil), picturesFolder: home)
        #expect(app.pictures().map(\.lastPathComponent) == ["a.PNG", "b.png"])
        let content = SettingsContent(store: app.store, open: { _ in }, pictures: app.pictures)
        let rows = content.groups(of: .section(.wallpaper)).flatMap(\.rows)
        #expect(rows.map(\.title.en) == ["Slate", "Dusk", "Graphite", "a.PNG", "b.png"])
        rows[4].action?()
        #expect(app.store[.wallpaper] == home.appendingPathComponent("b.png").path)
    }

    /// The window in English, then its screen speaks Russian: every window of the app is made again
    /// in Russian, showing the same section.
    @Test func aLanguageChangeShowsTheWindowInTheNewLanguage() throws {
        let app = SettingsApp(store: SettingsStore(configHome: nil))
        let system = LocalSceneSystem(application: app)
        system.restore()
        let scene = try #require(system.connectedScenes.first)
        let root = RootView(size: Size(1194, 834), clock: VirtualClock(), environment: ScreenEnvironment(language: .en))
        root.addSubview(scene.windowView)
        scene.windowView.frame = root.bounds
        root.layoutIfNeeded()
        func labels() -> [String] {
            root.layoutIfNeeded()
            for v in root.allViews() { v.layoutIfNeeded() }
            return root.allViews().compactMap { ($0 as? Label)?.text }
        }
        #expect(labels().contains("Display & Brightness"))
        #expect(scene.title == "Settings")
        root.environment.language = .ru
        system.runtime.languageDidChange()
        let shown = labels()
        #expect(shown.contains("Экран и яркость"))
        #expect(shown.contains("Основные"))
        #expect(!shown.contains("General"))
        #expect(scene.title == "Настройки")
    }

    /// Spotlight's pages of Settings are titled in the system's language: offered again, in Russian,
    /// when the person chooses it (Settings is running then, as it is where the choice is made).
    @Test func aLanguageChangeOffersThePagesAgainInTheNewLanguage() throws {
        let app = SettingsApp(store: SettingsStore(configHome: nil))
        let system = LocalSceneSystem(application: app)
        system.restore()
        func titles() -> [String] {
            guard case .index(let items)? = system.searchableChanges.last else { return [] }
            return items.map(\.title)
        }
        #expect(titles().contains("Display & Brightness"))
        system.environment.language = .ru
        system.runtime.languageDidChange()
        #expect(titles().contains("Экран и яркость"))
        #expect(!titles().contains("Display & Brightness"))
        #expect(system.searchableChanges.dropLast().last == .deleteDomains(["sections"]), "the old titles go first")
    }
}
