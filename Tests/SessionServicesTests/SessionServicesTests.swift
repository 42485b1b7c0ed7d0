import Foundation
import Graphics
import Host
import SessionBus
import ShellPorts
import Testing
@_spi(Testing) import UI

@testable import SessionServices
@_spi(Testing) @testable import Shell
@testable import SlateScripts
@testable import SystemUI

/// The session services against the real protocols — python-dbusmock's UPower, NetworkManager,
/// logind, BlueZ and iio-sensor-proxy on a bus of the test's own, a sysfs backlight folder, PulseAudio
/// with a null sink — checked in the shell as a person sees it: the battery falls to 10 % and the
/// charger is plugged in, Wi-Fi drops, the tablet turns, Control Center sets the brightness, Wi-Fi,
/// Bluetooth and the volume.
@MainActor @Suite(.serialized) struct SessionServicesTests {
    static let upower = (name: "upower", busName: "org.freedesktop.UPower", parameters: String?.none)
    static let network = (name: "networkmanager", busName: "org.freedesktop.NetworkManager", parameters: String?.none)
    static let logind = (name: "logind", busName: "org.freedesktop.login1", parameters: String?.none)
    static let bluez = (name: "bluez5", busName: "org.bluez", parameters: String?.none)
    static let sensors = (
        name: "iio-sensors-proxy", busName: "net.hadess.SensorProxy",
        parameters: String?.some(#"{"has_accelerometer": true, "accelerometer_orientation": "normal"}"#)
    )

    /// The mocks, the shell on a headless host with the live services, and the services.
    @MainActor final class Rig {
        let mocks: MockSystem
        let world: ShellWorld
        let live: LiveServices
        let reported = ReportLog()
        var shell: Shell { world.shell }

        init(soundServer: Bool = false) throws {
            mocks = try MockSystem(templates: [upower, network, logind, bluez, sensors])
            // A laptop's backlight: 300 of 1000.
            let backlight = mocks.folder.appendingPathComponent("backlight/intel_backlight")
            try FileManager.default.createDirectory(at: backlight, withIntermediateDirectories: true)
            for (file, text) in [("brightness", "300\n"), ("max_brightness", "1000\n"), ("type", "raw\n")] {
                try Data(text.utf8).write(to: backlight.appendingPathComponent(file))
            }
            let sound = soundServer ? try mocks.startSoundServer() : "unix:/nonexistent/slate-no-sound"
            world = ShellWorld(
                catalog: [:], stateHome: mocks.folder.appendingPathComponent("state"), scale: 1)
            let log = reported
            live = LiveServices(
                places: LiveServices.Places(
                    systemBus: .address(mocks.address), sessionBus: .address(mocks.address),
                    backlights: mocks.folder.appendingPathComponent("backlight"),
                    soundServer: sound, environment: ["LANG": "en_US.UTF-8"]),
                report: { error, what in log.lines.append("\(what.en): \(error)") })
            world.shell.services = live.services
        }

        /// Serves the services' news and draws frames until `condition` holds (at most 5 s).
        @discardableResult
        func wait(_ what: String, until condition: () -> Bool) -> Bool {
            let end = Date().addingTimeInterval(5)
            while Date() < end {
                live.mailbox.wait(timeout: 0.02)
                world.host.frame()
                if condition() { return true }
            }
            Issue.record("waited 5 s for \(what)")
            return false
        }

        /// The status bar's elements, as a screen reader reads them.
        var statusBar: [String] { shell.statusBar.accessibilityElements().map(\.label) }
    }

    static let displayDevice = "/org/freedesktop/UPower/devices/DisplayDevice"

    @Test func theStatusBarFollowsTheBatteryTheNetworkAndTheTablet() throws {
        let rig = try Rig()
        let m = rig.mocks
        // No battery yet (UPower's display device is not present): nothing is shown for it.
        rig.wait("the network to be read") { rig.shell.services.network?.status != nil }
        #expect(!rig.statusBar.contains { $0.hasPrefix("Battery") })
        // A battery at 80 %, discharging.
        try m.call(
            "org.freedesktop.UPower", "/org/freedesktop/UPower", "org.freedesktop.DBus.Mock", "SetupDisplayDevice"
        ) {
            w in
            w.uint32(2)  // battery
            w.uint32(2)  // discharging
            w.double(80)
            w.double(40)
            w.double(50)
            w.double(10)
            w.int64(3600)
            w.int64(0)
            w.bool(true)
            w.string("battery-good-symbolic")
            w.uint32(1)
        }
        rig.wait("80 %") { rig.statusBar.contains("Battery 80 percent") }
        // It falls to 10 %, low.
        try m.call(
            "org.freedesktop.UPower", "/org/freedesktop/UPower", "org.freedesktop.DBus.Mock", "SetDeviceProperties"
        ) {
            w in
            w.objectPath(Self.displayDevice)
            w.properties([("Percentage", .double(10)), ("WarningLevel", .uint32(3))])
        }
        rig.wait("10 %") { rig.statusBar.contains("Battery 10 percent") }
        #expect(rig.shell.services.power?.battery?.isLow == true)
        // The charger is plugged in.
        try m.call(
            "org.freedesktop.UPower", "/org/freedesktop/UPower", "org.freedesktop.DBus.Mock", "SetDeviceProperties"
        ) {
            w in
            w.objectPath(Self.displayDevice)
            w.properties([("State", .uint32(1))])
        }
        rig.wait("charging") { rig.statusBar.contains("Battery 10 percent, charging") }

        // Wi-Fi joined to "Slate" at 82 %: three bars.
        let nm = "org.freedesktop.NetworkManager"
        let nmPath = "/org/freedesktop"
        let mock = "org.freedesktop.DBus.Mock"
        let device = try m.call(nm, nmPath, mock, "AddWiFiDevice") { w in
            w.string("wlan0")
            w.string("wlan0")
            w.int32(100)
        }.reader().string()
        let ap = try m.call(nm, nmPath, mock, "AddAccessPoint") { w in
            w.string(device)
            w.string("ap1")
            w.string("Slate")
            w.string("00:11:22:33:44:55")
            w.uint32(2)
            w.uint32(2437)
            w.uint32(54000)
            w.byte(82)
            w.uint32(0x100)
        }.reader().string()
        let connection = try m.call(nm, nmPath, mock, "AddWiFiConnection") { w in
            w.string(device)
            w.string("slate")
            w.string("Slate")
            w.string("wpa-psk")
        }.reader().string()
        let active = try m.call(nm, nmPath, mock, "AddActiveConnection") { w in
            w.array("s") { w.string(device) }
            w.string(connection)
            w.string(ap)
            w.string("1")
            w.uint32(2)
        }.reader().string()
        rig.wait("Wi-Fi") { rig.statusBar.contains("Wi-Fi, 3 of 3 bars") }
        #expect(rig.shell.services.network?.wifi?.joined?.name == "Slate")
        // Wi-Fi drops.
        try m.call(nm, nmPath, mock, "RemoveActiveConnection") { w in
            w.string(device)
            w.string(active)
        }
        rig.wait("Wi-Fi to drop") { !rig.statusBar.contains { $0.hasPrefix("Wi-Fi") } }
        #expect(rig.shell.services.network?.status == .disconnected)

        // The tablet turns: the shell is laid out in portrait.
        #expect(rig.shell.bounds.size == Size(1366, 1024))
        try m.call("net.hadess.SensorProxy", "/net/hadess/SensorProxy", mock, "SetInternalProperty") { w in
            w.string("net.hadess.SensorProxy")
            w.string("AccelerometerOrientation")
            w.variant("s") { w.string("left-up") }
        }
        rig.wait("the turn") { rig.shell.bounds.size == Size(1024, 1366) }
        #expect(rig.shell.screenQuarterTurns == 1)

        // UPower goes away: its battery goes from the status bar; nothing else does.
        m.kill(serviceAt: 0)
        rig.wait("the battery to go") { !rig.statusBar.contains { $0.hasPrefix("Battery") } }
        #expect(rig.statusBar.first == "9:41 AM" || rig.statusBar.first?.contains(":") == true)
    }

    @Test func controlCenterSetsTheBrightnessWiFiBluetoothAndVolume() throws {
        let rig = try Rig(soundServer: true)
        let m = rig.mocks
        let mock = "org.freedesktop.DBus.Mock"
        // logind's session of the caller, with SetBrightness recorded.
        try m.call("org.freedesktop.login1", "/org/freedesktop/login1", mock, "AddSession") { w in
            w.string("auto")
            w.string("seat0")
            w.uint32(1000)
            w.string("slate")
            w.bool(true)
        }
        try m.call("org.freedesktop.login1", "/org/freedesktop/login1/session/auto", mock, "AddMethod") { w in
            w.string("org.freedesktop.login1.Session")
            w.string("SetBrightness")
            w.string("ssu")
            w.string("")
            w.string("")
        }
        try m.call("org.bluez", "/", "org.bluez.Mock", "AddAdapter") { w in
            w.string("hci0")
            w.string("slate")
        }
        let nm = "org.freedesktop.NetworkManager"
        let device = try m.call(nm, "/org/freedesktop", mock, "AddWiFiDevice") { w in
            w.string("wlan0")
            w.string("wlan0")
            w.int32(30)
        }.reader().string()
        try m.call(nm, "/org/freedesktop", mock, "AddAccessPoint") { w in
            w.string(device)
            w.string("cafe")
            w.string("Кафе «Север»")
            w.string("00:11:22:33:44:66")
            w.uint32(2)
            w.uint32(2462)
            w.uint32(54000)
            w.byte(45)
            w.uint32(0)
        }
        rig.wait("every service") {
            rig.shell.services.bluetooth?.isPowered != nil && rig.shell.services.audio?.output != nil
                && rig.shell.services.network?.wifi?.networks.isEmpty == false
        }
        #expect(rig.shell.services.brightness?.brightness == 0.3)
        #expect(rig.shell.services.audio?.output == AudioOutput(volume: 1, isMuted: false))

        // Control Center, pulled down from the corner.
        let w = rig.world
        let start = Point(w.shell.bounds.width - 120, 6)
        let id = w.host.touchDown(at: start)
        w.host.drag(id, from: start, to: Point(start.x, 330), duration: 0.2)
        w.host.touchUp(id, at: Point(start.x, 330))
        w.host.run(for: 0.5)
        let cc = try #require(w.shell.controlCenterController.controlCenter)

        // Brightness: dragged up a quarter of the slider, logind is asked for 550 of 1000.
        let slider = try #require(cc.module(BrightnessModule.self)).slider.frameInRoot
        let b = w.host.touchDown(at: slider.center)
        w.host.drag(b, from: slider.center, to: Point(slider.midX, slider.midY - slider.height / 4), duration: 0.1)
        w.host.touchUp(b, at: Point(slider.midX, slider.midY - slider.height / 4))
        var calls: [BusValue] = []
        rig.wait("SetBrightness") {
            calls =
                (try? m.call("org.freedesktop.login1", "/org/freedesktop/login1/session/auto", mock, "GetMethodCalls") {
                    $0.string("SetBrightness")
                }.reader().value().elements) ?? []
            // (timestamp, [arguments as variants]) for each call.
            return calls.last?.elements?.last?.elements?.map(\.unwrapped) == [
                .string("backlight"), .string("intel_backlight"), .uint32(550),
            ]
        }

        // Bluetooth off.
        try run(w, "tap \"Bluetooth\"")
        rig.wait("Bluetooth off") {
            (try? m.control.property(
                "Powered", of: "org.bluez.Adapter1", at: "/org/bluez/hci0", on: "org.bluez", timeout: 1))
                == .bool(false)
        }
        // Wi-Fi off, then on, then joining the open café network from the list.
        try run(w, "tap \"Wi-Fi\"")
        rig.wait("Wi-Fi off") {
            (try? m.control.property(
                "WirelessEnabled", of: nm, at: "/org/freedesktop/NetworkManager", on: nm, timeout: 1)) == .bool(false)
        }
        rig.wait("Wi-Fi off in the shell") { rig.shell.services.network?.wifi?.isEnabled == false }
        try run(w, "tap \"Wi-Fi\"")
        rig.wait("Wi-Fi on") { rig.shell.services.network?.wifi?.isEnabled == true }
        try run(w, "hold \"Wi-Fi\"\ntap \"Кафе «Север»\"")
        rig.wait("the café joined") { rig.shell.services.network?.status == .wifi(bars: 2) }

        // The volume: dragged to the bottom, the server's sink follows; muted elsewhere, shown here.
        try run(w, "key escape")
        w.host.run(for: 0.5)
        let server = try #require(rig.live.services.audio as? PulseAudioClient)
        server.setVolume(0.4)
        rig.wait("40 % on the sink") {
            ((try? m.pactl(soundServer(rig), ["get-sink-volume", "@DEFAULT_SINK@"])) ?? "").contains("40%")
        }
        _ = try m.pactl(soundServer(rig), ["set-sink-mute", "@DEFAULT_SINK@", "1"])
        rig.wait("muted") { rig.shell.services.audio?.output?.isMuted == true }
        w.host.key(KeyPress(.volumeUp))
        rig.wait("a step up") {
            ((try? m.pactl(soundServer(rig), ["get-sink-volume", "@DEFAULT_SINK@"])) ?? "").contains("46%")
        }
    }

    /// Runs script steps on the rig's shell, as a person would act.
    func run(_ w: ShellWorld, _ text: String) throws {
        let r = ScriptRunner(
            world: w,
            outputDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("slate-services-out"))
        try r.run(try ScriptParser.parse(text, source: "services-test"))
    }

    /// The sound server's address the rig started.
    func soundServer(_ rig: Rig) -> String { "unix:" + rig.mocks.folder.appendingPathComponent("pulse/native").path }

    @Test func noBusAndNoServicesMeanNoIndicatorsAndNoHang() throws {
        let started = Date()
        let live = LiveServices(
            places: LiveServices.Places(
                systemBus: .address("unix:path=/nonexistent/slate-system-bus"),
                backlights: URL(fileURLWithPath: "/nonexistent"), soundServer: "unix:/nonexistent/pulse",
                environment: [:]),
            report: { _, _ in })
        #expect(Date().timeIntervalSince(started) < 0.5, "starting never waits on a service")
        for _ in 0..<20 { live.mailbox.wait(timeout: 0.02) }
        #expect(live.services.power?.battery == nil)
        #expect(live.services.network?.status == nil)
        #expect(live.services.brightness == nil)
        #expect(live.services.audio?.output == nil)
        #expect(live.services.bluetooth?.isPowered == nil)
        #expect(live.services.orientation?.orientation == nil)
    }

    @Test func theClockFollowsTheLocale() {
        #expect(!WallTime.uses24Hours(locale: "en_US.UTF-8"))
        #expect(WallTime.uses24Hours(locale: "ru_RU.UTF-8"))
        #expect(WallTime.uses24Hours(locale: "en_GB.UTF-8"))
        #expect(WallTime.uses24Hours(locale: "C"))
        #expect(WallTime.timeLocale(["LANG": "ru_RU.UTF-8", "LC_TIME": "en_US.UTF-8"]) == "en_US.UTF-8")
        #expect(
            UserDirectories.entry("XDG_PICTURES_DIR", in: "# x\nXDG_PICTURES_DIR=\"$HOME/Фото\"\n", home: "/home/a")
                == "/home/a/Фото")
    }
}

/// What the services reported (failures of changes asked for).
@MainActor final class ReportLog {
    var lines: [String] = []
}
