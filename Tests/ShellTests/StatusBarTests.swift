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

/// The part of the picture `rect` (points) covers.
func crop(_ image: PixelImage, _ rect: Rect) -> PixelImage {
    let s = image.scale
    let x0 = Int((rect.minX * s).rounded())
    let y0 = Int((rect.minY * s).rounded())
    let w = Int((rect.width * s).rounded())
    let h = Int((rect.height * s).rounded())
    var out = PixelImage(width: w, height: h, scale: s)
    for y in 0..<h {
        let from = ((y0 + y) * image.width + x0) * 4
        out.pixels.replaceSubrange((y * w * 4)..<((y + 1) * w * 4), with: image.pixels[from..<(from + w * 4)])
    }
    return out
}

/// A shell at 2× on the fixed services, with Notes installed and a window open or not.
@MainActor func systemWorld(language: Language = .en, window: Bool = false, scale: Double = 2) throws -> ShellWorld {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-system-\(UUID())")
    let w = ShellWorld(catalog: ["Notes": { NotesApp() }], stateHome: home, scale: scale, language: language)
    if window { try run(w, "launch Notes\nexpect windows Notes 1") }
    w.host.run(for: 0.5)
    return w
}

/// The status bar in every state a machine gives it, the clock's tick, and what a screen reader hears.
@MainActor @Suite(.serialized) struct StatusBarTests {
    func statusBar(_ w: ShellWorld) -> PixelImage {
        crop(w.host.frame(), Rect(0, 0, w.shell.bounds.width, ShellMetrics.statusBarHeight))
    }

    @Test func theStatusBarShowsTheBatteryAndNetworkAsTheyAre() throws {
        let w = try systemWorld()
        let power = try #require(w.shell.services.power as? FixedPower)
        let network = try #require(w.shell.services.network as? FixedNetwork)
        expectReference(statusBar(w), "status-bar-full")
        power.battery = BatteryStatus(level: 0.1, state: .discharging)
        network.status = .wifi(bars: 1)
        expectReference(statusBar(w), "status-bar-low-battery-weak-wifi")
        power.battery = BatteryStatus(level: 0.6, state: .charging)
        network.status = .wired
        expectReference(statusBar(w), "status-bar-charging-wired")
        power.battery = nil
        network.status = .disconnected
        expectReference(statusBar(w), "status-bar-desktop-offline")
        power.battery = BatteryStatus(level: 0.45, state: .discharging)
        network.status = .airplane
        expectReference(statusBar(w), "status-bar-airplane")
        // Over a light window, in the dark appearance.
        let d = try systemWorld(window: true)
        d.shell.appearance = .dark
        (d.shell.services.power as? FixedPower)?.battery = BatteryStatus(level: 1, state: .charged)
        expectReference(statusBar(d), "status-bar-dark-window-charged")
        d.shell.appearance = .light
        expectReference(statusBar(d), "status-bar-light-window-charged")
    }

    @Test func aScreenReaderHearsTheTimeTheBatteryAndTheNetwork() throws {
        for (language, expected) in [
            (Language.en, ["9:41 AM", "Wi-Fi, 3 of 3 bars", "Battery 100 percent"]),
            (.ru, ["9:41", "Wi-Fi, 3 из 3 делений", "Заряд аккумулятора: 100 %"]),
        ] {
            let w = try systemWorld(language: language)
            let labels = w.shell.statusBar.accessibilityElements().map(\.label)
            #expect(labels == expected, "\(language)")
            (w.shell.services.power as? FixedPower)?.battery = BatteryStatus(level: 0.87, state: .charging)
            (w.shell.services.network as? FixedNetwork)?.status = .disconnected
            w.host.frame()
            let after = w.shell.statusBar.accessibilityElements().map(\.label)
            #expect(
                after == [
                    expected[0],
                    language == .en ? "Battery 87 percent, charging" : "Заряд аккумулятора: 87 %, заряжается",
                ])
        }
    }

    /// While a program copies the screen the time sits on a red capsule, and a screen reader hears it;
    /// it goes once no copy came for the hold, with no frames drawn meanwhile.
    @Test func aRecordingShowsOnTheClockUntilTheCopiesStop() throws {
        for (language, spoken) in [(Language.en, "9:41 AM, screen recording"), (.ru, "9:41, идёт запись экрана")] {
            let w = try systemWorld(language: language)
            w.shell.screenWasCopied()
            #expect(w.shell.showsRecording)
            #expect(w.shell.statusBar.accessibilityElements().first?.label == spoken)
            if language == .en { expectReference(statusBar(w), "status-bar-recording") }
            // A recorder copying every frame for 3 s keeps it lit.
            for _ in 0..<(3 * 60) {
                w.host.clock.advance(by: 1.0 / 60)
                w.shell.screenWasCopied()
                w.host.frame()
                #expect(w.shell.showsRecording)
            }
            var drawnWhileWaiting = 0
            var off: Double?
            for k in 1...(4 * 60) {
                w.host.clock.advance(by: 1.0 / 60)
                w.host.frame()
                if !w.host.lastDamage.isEmpty, off == nil, w.shell.showsRecording { drawnWhileWaiting += 1 }
                if off == nil, !w.shell.showsRecording { off = Double(k) / 60 }
            }
            let after = try #require(off, "the indicator stayed after the copies stopped")
            #expect(abs(after - ShellMetrics.recordingIndicatorHold) <= 2.0 / 60, "off after \(after) s")
            #expect(drawnWhileWaiting == 0, "frames drawn while waiting to turn it off")
            #expect(w.shell.statusBar.accessibilityElements().first?.label == spoken.components(separatedBy: ",")[0])
        }
        // Over a light window, in the dark appearance, the capsule and its white time are the same.
        let d = try systemWorld(window: true)
        d.shell.appearance = .dark
        d.shell.screenWasCopied()
        expectReference(statusBar(d), "status-bar-recording-dark-window")
    }

    @Test func theClockShowsTwelveOrTwentyFourHours() {
        let t = TimeOfDay(hour: 13, minute: 5, secondsToNextMinute: 30)
        #expect(StatusBarClockView.text(t, uses24HourTime: false) == "1:05")
        #expect(StatusBarClockView.text(t, uses24HourTime: true) == "13:05")
        #expect(
            StatusBarClockView.text(TimeOfDay(hour: 0, minute: 0, secondsToNextMinute: 1), uses24HourTime: false)
                == "12:00")
        #expect(
            StatusBarClockView.text(TimeOfDay(hour: 9, minute: 41, secondsToNextMinute: 1), uses24HourTime: true)
                == "09:41")
        #expect(StatusBarClockView.spoken(t, uses24HourTime: false, language: .en) == "1:05 PM")
        #expect(StatusBarClockView.spoken(t, uses24HourTime: false, language: .ru) == "1:05")
    }

    @Test func theClockTicksAtTheMinuteAndRedrawsItselfAlone() throws {
        let w = try systemWorld()
        let time = TickingTime(clock: w.host.clock, startHour: 9, startMinute: 41, secondsIn: 50)
        w.shell.services.time = time
        w.shell.services = w.shell.services
        w.host.frame()
        #expect(w.shell.statusBarTime == "9:41")
        // Nothing is drawn while the minute lasts…
        var drawn: [[Rect]] = []
        for _ in 0..<(9 * 120) {
            w.host.clock.advance(by: HeadlessHost.frameInterval)
            w.host.frame()
            if !w.host.lastDamage.isEmpty { drawn.append(w.host.lastDamage) }
        }
        #expect(drawn.isEmpty, "frames drawn before the minute: \(drawn.prefix(3))")
        #expect(w.shell.statusBarTime == "9:41")
        // …and at its turn, only the clock.
        for _ in 0..<(2 * 120) {
            w.host.clock.advance(by: HeadlessHost.frameInterval)
            w.host.frame()
            if !w.host.lastDamage.isEmpty { drawn.append(w.host.lastDamage) }
        }
        #expect(w.shell.statusBarTime == "9:42")
        #expect(drawn.count == 1)
        #expect(drawn.first?.allSatisfy { w.shell.statusBarClockFrame.contains($0) } == true, "\(drawn)")
        // The person's 24-hour setting.
        w.shell.settings[.timeFormat] = .twentyFourHour
        #expect(w.shell.statusBarTime == "09:42")
    }
}

/// A clock that reads the time of day off the shell's clock: `startHour`:`startMinute` and
/// `secondsIn` seconds when the clock reads 0.
@MainActor final class TickingTime: TimeService {
    let clock: any Clock
    let start: Double
    init(clock: any Clock, startHour: Int, startMinute: Int, secondsIn: Double) {
        self.clock = clock
        start = Double(startHour * 3600 + startMinute * 60) + secondsIn - clock.now
    }
    func now() -> Date { Date(timeIntervalSince1970: start + clock.now) }
    func timeOfDay() -> TimeOfDay {
        let t = start + clock.now
        let minutes = Int(t / 60)
        return TimeOfDay(
            hour: minutes / 60 % 24, minute: minutes % 60,
            secondsToNextMinute: 60 - t.truncatingRemainder(dividingBy: 60))
    }
    var uses24HourTime: Bool { false }
    var timeZone: TimeZone { TimeZone(identifier: "UTC")! }
}
