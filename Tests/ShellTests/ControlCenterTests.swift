import Foundation
import Graphics
import Host
import Scenes
import ShellPorts
import SlateTesting
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import SlateScripts
@testable import SystemUI

/// Control Center: pulled down from the top-right corner as a person does, its modules showing the
/// services and settings and changing them, missing services missing, in both languages and
/// appearances.
@MainActor @Suite(.serialized) struct ControlCenterTests {
    /// Pulls from the top-right corner down by `distance` points and lets go.
    func pull(_ w: ShellWorld, distance: Double = 320, duration: Double = 0.15) {
        let start = Point(w.shell.bounds.width - 120, 6)
        let id = w.host.touchDown(at: start)
        w.host.drag(id, from: start, to: Point(start.x, start.y + distance), duration: duration)
        w.host.touchUp(id, at: Point(start.x, start.y + distance))
        w.host.run(for: ControlCenterMetrics.duration + 0.05)
    }

    /// Brings Control Center down at once (the tests of its modules, not of the pull).
    func open(_ w: ShellWorld) {
        w.shell.showControlCenter(animated: false)
        w.host.frame()
    }

    @Test func aPullFromTheTopRightCornerOpensItAndATapOutsideClosesIt() throws {
        let w = try systemWorld(window: true, scale: 1)
        // A pull that starts elsewhere on the top edge is not Control Center's: it is the menu bar's.
        let left = Point(200, 6)
        let id = w.host.touchDown(at: left)
        w.host.drag(id, from: left, to: Point(200, 300), duration: 0.3)
        w.host.touchUp(id, at: Point(200, 300))
        #expect(!w.shell.isControlCenterShown)
        #expect(w.shell.menuBarOverlay != nil)
        // A short, slow pull from the corner goes back up (and the menu bar with it).
        pull(w, distance: 60, duration: 0.5)
        #expect(!w.shell.isControlCenterShown)
        #expect(w.shell.menuBarOverlay == nil)
        pull(w)
        #expect(w.shell.controlCenterProgress == 1)
        try run(w, "expect visible \"Wi-Fi\"\nexpect visible \"Brightness\"\nexpect visible \"Do Not Disturb\"")
        w.host.tap(at: Point(100, 600))
        w.host.run(for: 0.6)
        #expect(!w.shell.isControlCenterShown)
        pull(w)
        w.host.key(KeyPress(.escape))
        w.host.run(for: 0.6)
        #expect(!w.shell.isControlCenterShown)
    }

    @Test func itLooksAsOnAnIPadInBothLanguagesAndAppearances() throws {
        for language in [Language.en, .ru] {
            for appearance in [Appearance.light, .dark] {
                let w = try systemWorld(language: language, window: true, scale: 1)
                w.shell.appearance = appearance
                open(w)
                expectReference(w.host.frame(), "control-center-\(language.rawValue)-\(appearance.rawValue)")
            }
        }
    }

    @Test func itsModulesChangeTheServicesAndSettings() throws {
        let w = try systemWorld(window: true, scale: 1)
        let network = try #require(w.shell.services.network as? FixedNetwork)
        let brightness = try #require(w.shell.services.brightness as? FixedBrightness)
        let audio = try #require(w.shell.services.audio as? FixedAudio)
        let bluetooth = try #require(w.shell.services.bluetooth as? FixedBluetooth)
        open(w)
        try run(w, "tap \"Wi-Fi\"")
        #expect(network.wifi?.isEnabled == false)
        #expect(w.shell.statusBar.network.isHidden, "not connected: no Wi-Fi in the status bar")
        try run(w, "tap \"Wi-Fi\"")
        #expect(network.wifi?.isEnabled == true)
        try run(w, "tap \"Bluetooth\"")
        #expect(bluetooth.isPowered == false)
        try run(w, "tap \"Airplane Mode\"")
        #expect(network.airplaneMode == true && w.shell.settings[.airplaneMode])
        #expect(bluetooth.isPowered == false && network.wifi?.isEnabled == false)
        #expect(w.shell.statusBar.network.status == .airplane)
        try run(w, "tap \"Airplane Mode\"")
        #expect(!w.shell.settings[.airplaneMode] && network.wifi?.isEnabled == true)
        // The brightness slider, dragged up by half its height.
        let slider = w.shell.controlCenterController.controlCenter!.module(BrightnessModule.self)!.slider.frameInRoot
        let id = w.host.touchDown(at: slider.center)
        w.host.drag(id, from: slider.center, to: Point(slider.midX, slider.midY - slider.height / 4), duration: 0.2)
        w.host.touchUp(id, at: Point(slider.midX, slider.midY - slider.height / 4))
        #expect(abs((brightness.brightness ?? 0) - 0.75) < 0.02)
        // Volume: a drag down, and the speaker mutes.
        let volume = w.shell.controlCenterController.controlCenter!.module(VolumeModule.self)!.slider.frameInRoot
        let v = w.host.touchDown(at: volume.center)
        w.host.drag(v, from: volume.center, to: Point(volume.midX, volume.maxY), duration: 0.2)
        w.host.touchUp(v, at: Point(volume.midX, volume.maxY))
        #expect(abs((audio.output?.volume ?? 1) - 0.0) < 0.02)
        w.host.tap(at: Point(volume.midX, volume.maxY - 20))
        #expect(audio.output?.isMuted == true)
        // Settings.
        try run(w, "tap \"Rotation Lock\"\ntap \"Do Not Disturb\"\ntap \"Dark Mode\"")
        #expect(w.shell.settings[.rotationLock])
        #expect(w.shell.settings[.doNotDisturb])
        #expect(w.shell.settings[.darkMode])
        #expect(w.shell.appearance == .dark)
        // What another program changes shows at once.
        brightness.brightness = 0.2
        w.host.frame()
        #expect(w.shell.controlCenterController.controlCenter?.module(BrightnessModule.self)?.slider.level == 0.2)
    }

    @Test func theWiFiListShowsTheNetworksAndJoinsOne() throws {
        let w = try systemWorld(window: true, scale: 1)
        let network = try #require(w.shell.services.network as? FixedNetwork)
        open(w)
        try run(w, "hold \"Wi-Fi\"\nexpect visible \"Library\"\nexpect visible \"Кафе «Север»\"")
        expectReference(w.host.frame(), "control-center-wifi-list")
        try run(w, "tap \"Library\"")
        #expect(network.wifi?.joined?.name == "Library")
        #expect(network.status == .wifi(bars: 2))
    }

    @Test func settingsAreKeptInTheFileAndAnotherProgramsChangesShow() throws {
        let w = try systemWorld(window: true, scale: 1)
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-cc-settings-\(UUID())")
        defer { try? FileManager.default.removeItem(at: home) }
        w.shell.settings = SettingsStore(configHome: home)
        open(w)
        try run(w, "tap \"Rotation Lock\"\ntap \"Dark Mode\"")
        let saved = SettingsStore(configHome: home)
        #expect(saved[.rotationLock] && saved[.darkMode])
        #expect(w.shell.appearance == .dark)
        // A Settings app (another store on the file) turns Dark Mode off; Control Center, opened
        // again, reads it.
        saved[.darkMode] = false
        w.host.key(KeyPress(.escape))
        w.host.run(for: 0.6)
        #expect(!w.shell.isControlCenterShown)
        open(w)
        #expect(w.shell.appearance == .light)
        #expect(w.shell.controlCenterController.controlCenter?.module(DarkModeModule.self)?.toggle.isOn == false)
    }

    @Test func whatTheMachineLacksIsNotShown() throws {
        let w = try systemWorld(window: true, scale: 1)
        w.shell.services = SystemServices(
            time: FixedTime(), power: nil, network: FixedNetwork(), brightness: nil, audio: nil)
        open(w)
        let labels = Set(w.shell.accessibilityElements().map(\.label))
        #expect(labels.contains("Wi-Fi"))
        #expect(!labels.contains("Brightness") && !labels.contains("Volume") && !labels.contains("Bluetooth"))
        #expect(labels.contains("Rotation Lock"))
    }
}
