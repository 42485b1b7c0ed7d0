import Foundation
import Testing

@testable import Scenes

/// `settings.json`: values kept across stores, unknown keys preserved, a corrupt file set aside and
/// reported, another process's change noticed, nothing left behind by a save.
@MainActor @Suite struct SettingsStoreTests {
    let home: URL

    init() throws {
        home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var file: URL { home.appendingPathComponent("slate/settings.json") }

    @Test func valuesAreKeptAndReadBackByTheNextStore() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        var lines: [String] = []
        let first = SettingsStore(configHome: home) { lines.append($0) }
        #expect(first[.rotationLock] == false, "the default before anything is set")
        first[.rotationLock] = true
        first[.timeFormat] = "24"
        let second = SettingsStore(configHome: home) { lines.append($0) }
        #expect(second[.rotationLock] == true)
        #expect(second[.timeFormat] == "24")
        #expect(second[.doNotDisturb] == false)
        #expect(lines.isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == ["settings.json"], "no temporary file is left")
    }

    /// Every key Settings writes, set to a value that is not its default, reads back the same from
    /// the file in a new store.
    @Test func everyValueSettingsWritesRoundTrips() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let first = SettingsStore(configHome: home) { Issue.record("reported: \($0)") }
        first[.language] = "ru"
        first[.multitasking] = "windowed"
        first[.wallpaper] = "dusk"
        first[.timeFormat] = "12"
        first[.keyboard] = "on-screen"
        first[.notificationPreviews] = "never"
        first[.darkMode] = true
        first[.appearanceAutomatic] = true
        first[.keyboardSuggestions] = false
        first[.dockShowsRecents] = false
        first[.accessibilityBus] = false
        first[.lockAtStart] = true
        first[.textSize] = 21
        first[.displayScale] = 2
        first[.autoLockSeconds] = 600
        first[.keyboardLayouts] = ["ru"]
        first[.dockApps] = ["org.slate.notes": false, "foot": true]
        first[.notificationsAllowed] = ["org.slate.mail": false]
        first[.notificationBanners] = ["org.slate.notes": false]
        first[.privacyClipboard] = ["/usr/bin/wl-paste": true]
        let second = SettingsStore(configHome: home) { Issue.record("reported: \($0)") }
        #expect(second.values == first.values)
        #expect(second[.language] == "ru")
        #expect(second[.keyboardLayouts] == ["ru"])
        #expect(second[.dockApps] == ["org.slate.notes": false, "foot": true])
        #expect(second[.textSize] == 21)
        #expect(second[.appearanceAutomatic] && !second[.dockShowsRecents])
        second.reset(.language)
        #expect(SettingsStore(configHome: home)[.language] == "", "a reset key reads as its default again")
    }

    @Test func keysThisSlateDoesNotKnowAreWrittenBack() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"keyboard": {"layouts": ["us", "ru"]}, "rotationLock": "yes", "volumeLimit": 0.8}"#.utf8)
            .write(to: file)
        let store = SettingsStore(configHome: home) { Issue.record("reported: \($0)") }
        #expect(store[.rotationLock] == false, "a value of the wrong type reads as the default")
        store[.doNotDisturb] = true
        let written = try JSONDecoder().decode(SettingValue.self, from: Data(contentsOf: file))
        guard case .object(let object) = written else {
            Issue.record("not an object: \(written)")
            return
        }
        #expect(object["keyboard"] == .object(["layouts": .array([.string("us"), .string("ru")])]))
        #expect(object["volumeLimit"] == .number(0.8))
        #expect(object["rotationLock"] == .string("yes"))
        #expect(object["doNotDisturb"] == .bool(true))
    }

    @Test func aCorruptFileIsSetAsideAndSaidInOneLine() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"rotationLock\": tru".utf8).write(to: file)
        var lines: [String] = []
        let store = SettingsStore(configHome: home) { lines.append($0) }
        #expect(store[.rotationLock] == false)
        #expect(lines.count == 1)
        #expect(lines.first?.contains("settings.json is corrupt") == true)
        #expect(lines.first?.contains("settings.json.corrupt-1") == true)
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt-1"))
        store[.rotationLock] = true
        #expect(SettingsStore(configHome: home)[.rotationLock] == true, "a new file is written in its place")
        try Data("[1, 2]".utf8).write(to: file)
        _ = SettingsStore(configHome: home) { lines.append($0) }
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt-2"), "an array is no settings object")
    }

    @Test func observersHearChangesMadeHereAndByAnotherProcess() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let shell = SettingsStore(configHome: home)
        var heard: [String] = []
        shell.observe { heard.append($0) }
        shell[.darkMode] = true
        shell[.darkMode] = true
        #expect(heard == ["darkMode"], "setting the same value again is no change")
        // A Settings app (another store on the same file) turns Do Not Disturb on.
        let settingsApp = SettingsStore(configHome: home)
        settingsApp[.doNotDisturb] = true
        #expect(shell.reloadIfChanged())
        #expect(shell[.doNotDisturb] == true)
        #expect(heard == ["darkMode", "doNotDisturb"])
        #expect(!shell.reloadIfChanged(), "nothing changed since")
    }

    @Test func anUnwritableFolderKeepsTheValueInMemoryAndSaysWhy() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        // The config "folder" is a file: nothing can be made under it.
        let blocked = home.appendingPathComponent("blocked")
        try Data().write(to: blocked)
        var lines: [String] = []
        let store = SettingsStore(configHome: blocked) { lines.append($0) }
        store[.rotationLock] = true
        #expect(store[.rotationLock] == true)
        store[.darkMode] = true
        #expect(lines.count == 1, "said once: \(lines)")
        #expect(
            lines.first
                == "cannot save settings: \(blocked.path): a file stands where a folder should be; the change lasts until Slate ends"
        )
    }

    @Test func theConfigHomeFollowsTheXDGSpecification() {
        #expect(SettingsStore.defaultConfigHome(environment: ["XDG_CONFIG_HOME": "/x/config"]).path == "/x/config")
        #expect(
            SettingsStore.defaultConfigHome(environment: ["XDG_CONFIG_HOME": "relative", "HOME": "/home/a"]).path
                == "/home/a/.config")
    }
}
