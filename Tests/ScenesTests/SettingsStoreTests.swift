import Foundation
import SlateLog
import Testing

@testable import Scenes

/// `settings.json`: values kept across stores, unknown keys preserved, a corrupt file set aside and
/// reported, another process's change noticed, nothing left behind by a save.
@MainActor @Suite struct SettingsStoreTests {
    let home: URL
    /// What the stores of a test said, without the `slate: ` label.
    let said = CollectedLog()
    /// The stores' log, read back as `said`.
    var log: Logger { Logger("settings", label: nil, sink: sink) }
    private let sink: LogSink

    init() throws {
        sink = .collecting(into: said)
        home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-settings-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    }

    var file: URL { home.appendingPathComponent("slate/settings.json") }

    @Test func valuesAreKeptAndReadBackByTheNextStore() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let first = SettingsStore(configHome: home, log: log)
        #expect(first[.rotationLock] == false, "the default before anything is set")
        first[.rotationLock] = true
        first[.timeFormat] = .twentyFourHour
        let second = SettingsStore(configHome: home, log: log)
        #expect(second[.rotationLock] == true)
        #expect(second[.timeFormat] == .twentyFourHour)
        #expect(second[.doNotDisturb] == false)
        #expect(said.lines.isEmpty)
        let names = try FileManager.default.contentsOfDirectory(atPath: file.deletingLastPathComponent().path)
        #expect(names == ["settings.json"], "no temporary file is left")
    }

    /// Every key Settings writes, set to a value that is not its default, reads back the same from
    /// the file in a new store.
    @Test func everyValueSettingsWritesRoundTrips() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let first = SettingsStore(
            configHome: home, log: Logger("settings", sink: LogSink { Issue.record("reported: \($0.line)") }))
        first[.language] = .russian
        first[.multitasking] = .windowed
        first[.wallpaper] = "dusk"
        first[.timeFormat] = .twelveHour
        first[.keyboard] = .onScreen
        first[.notificationPreviews] = .never
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
        let second = SettingsStore(
            configHome: home, log: Logger("settings", sink: LogSink { Issue.record("reported: \($0.line)") }))
        #expect(second.values == first.values)
        #expect(second[.language] == .russian)
        #expect(second[.keyboardLayouts] == ["ru"])
        #expect(second[.dockApps] == ["org.slate.notes": false, "foot": true])
        #expect(second[.textSize] == 21)
        #expect(second[.appearanceAutomatic] && !second[.dockShowsRecents])
        second.reset(.language)
        #expect(SettingsStore(configHome: home)[.language] == .locale, "a reset key reads as its default again")
    }

    @Test func keysThisSlateDoesNotKnowAreWrittenBack() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"keyboard": {"layouts": ["us", "ru"]}, "rotationLock": "yes", "volumeLimit": 0.8}"#.utf8)
            .write(to: file)
        let store = SettingsStore(configHome: home, log: log)
        #expect(store[.rotationLock] == false, "a value of the wrong type reads as the default")
        // Each is named once, in one line, with the file.
        #expect(
            said.lines == [
                "\(file.path): “keyboard” should be one of “”, “on-screen”, “hardware”, “external” or “automatic”, "
                    + "not an object; its default is used",
                "\(file.path): “rotationLock” should be true or false, not a string; its default is used",
                "\(file.path): “volumeLimit” is not a setting Slate knows; it is kept as it is",
            ])
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

    /// The README's settings, spelled as a person writes JSON: a group nested (`privacy` ›
    /// `clipboard`) is its dotted keys.
    @Test func aNestedGroupIsReadAsItsDottedKeys() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(
            #"{"privacy": {"clipboard": {"/usr/bin/wl-paste": true}, "camera": {"x": true}}, "notifications": {"allow": {"org.slate.mail": false}}}"#
                .utf8
        ).write(to: file)
        let store = SettingsStore(configHome: home, log: log)
        #expect(store[.privacyClipboard] == ["/usr/bin/wl-paste": true])
        #expect(store[.notificationsAllowed] == ["org.slate.mail": false])
        #expect(said.lines == ["\(file.path): “privacy.camera” is not a setting Slate knows; it is kept as it is"])
        // Saved, the file spells them as Slate does.
        store[.rotationLock] = true
        let again = SettingsStore(configHome: home, log: log)
        #expect(again[.privacyClipboard] == ["/usr/bin/wl-paste": true])
        #expect(again.values["privacy.clipboard"] != nil && again.values["privacy"] == nil)
    }

    @Test func aChoiceNotAmongItsNamesIsSaidAndItsDefaultUsed() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(
            #"{"multitasking": "tiled", "keyboard": "Automatic", "notificationPreviews": "never", "timeFormat": 24}"#
                .utf8
        )
        .write(to: file)
        let store = SettingsStore(configHome: home, log: log)
        #expect(store[.multitasking] == .lastUsed)
        #expect(store[.keyboard] == .automatic, "an older Slate's spelling, in any case")
        #expect(store[.notificationPreviews] == .never)
        #expect(store[.timeFormat] == .locale)
        #expect(
            said.lines == [
                "\(file.path): “multitasking” should be one of “”, “full-screen” or “windowed”, not “tiled”; its default is used",
                "\(file.path): “timeFormat” should be one of “”, “12” or “24”, not a number; its default is used",
            ])
        #expect(KeyboardSetting(name: "ON-SCREEN") == .onScreen && KeyboardSetting(name: "glass") == nil)
    }

    @Test func aSettingSpelledBothWaysIsSaidAndTheDottedOneUsed() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"privacy": {"screen": {"grim": true}}, "privacy.screen": {"grim": false}}"#.utf8).write(to: file)
        let store = SettingsStore(configHome: home, log: log)
        #expect(store[.privacyScreen] == ["grim": false])
        #expect(
            said.lines == [
                "\(file.path): “privacy” › “screen” is set as “privacy.screen” too; “privacy.screen” is used"
            ])
    }

    @Test func aStrayAnswerIsNamedAndLeftOutTheRestRead() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"privacy.clipboard": {"/usr/bin/wl-paste": "yes", "foot": true}}"#.utf8).write(to: file)
        let store = SettingsStore(configHome: home, log: log)
        #expect(store[.privacyClipboard] == ["foot": true])
        #expect(
            said.lines == [
                "\(file.path): “privacy.clipboard” › “/usr/bin/wl-paste” should be true or false, not a string; it is left out"
            ])
    }

    @Test func aSecondStoreOrAnAppsStoreNamesNothingAgain() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"volume": 3}"#.utf8).write(to: file)
        _ = SettingsStore(configHome: home, log: log)
        _ = SettingsStore(configHome: home, log: log)
        #expect(said.lines.count == 1, "the shell's second store said it again: \(said.lines)")
        try Data(#"{"brightness": 3}"#.utf8).write(to: file)
        let appSaid = CollectedLog()
        _ = SettingsStore(
            configHome: home, log: Logger("settings", sink: .collecting(into: appSaid)), namesUnusableKeys: false)
        #expect(appSaid.lines.isEmpty, "an app process's store names what the shell names: \(appSaid.lines)")
    }

    @Test func aProblemIsNamedOnceAProcessNotAtEveryReload() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(#"{"textSize": "large"}"#.utf8).write(to: file)
        let store = SettingsStore(configHome: home, log: log)
        // Another process writes the file again, the mistake still in it.
        try Data(#"{"textSize": "large", "darkMode": true}"#.utf8).write(to: file)
        #expect(store.reloadIfChanged())
        #expect(store[.darkMode] && store[.textSize] == 17)
        #expect(said.lines == ["\(file.path): “textSize” should be a number, not a string; its default is used"])
    }

    @Test func aCorruptFileIsSetAsideAndSaidInOneLine() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{\"rotationLock\": tru".utf8).write(to: file)
        let store = SettingsStore(configHome: home, log: log)
        #expect(store[.rotationLock] == false)
        #expect(said.lines.count == 1)
        #expect(said.lines.first?.contains("settings.json is corrupt") == true)
        #expect(said.lines.first?.contains("settings.json.corrupt-1") == true)
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt-1"))
        store[.rotationLock] = true
        #expect(SettingsStore(configHome: home)[.rotationLock] == true, "a new file is written in its place")
        try Data("[1, 2]".utf8).write(to: file)
        _ = SettingsStore(configHome: home, log: log)
        #expect(FileManager.default.fileExists(atPath: file.path + ".corrupt-2"), "an array is no settings object")
    }

    @Test func observersHearChangesMadeHereAndByAnotherProcess() throws {
        defer { try? FileManager.default.removeItem(at: home) }
        let shell = SettingsStore(configHome: home)
        var heard: [String] = []
        shell.observe { heard.append($0.name ?? "") }
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
        let store = SettingsStore(configHome: blocked, log: log)
        store[.rotationLock] = true
        #expect(store[.rotationLock] == true)
        store[.darkMode] = true
        #expect(said.lines.count == 1, "said once: \(said.lines)")
        #expect(
            said.lines.first
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
