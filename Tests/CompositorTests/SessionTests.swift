import Compositor
import Foundation
import Graphics
import Shell
import Testing

/// `slate session`: Slate full screen on the machine's own screen. Where there is no screen or seat
/// to take (this machine, a CI container), it says so in one line and exits with 2.
@MainActor @Suite(.timeLimit(.minutes(minutesAllowed(1)))) struct SessionTests {
    /// Runs `slate session ARGS` with `env` added, and returns its exit status, whether a signal
    /// ended it, and what it wrote to standard error.
    static func session(_ args: [String], env: [String: String]) throws -> (status: Int32, signalled: Bool, err: String)
    {
        let slate = AppProcessTests.slate
        try #require(FileManager.default.isExecutableFile(atPath: slate), "no slate program at \(slate)")
        let p = Process()
        p.executableURL = URL(fileURLWithPath: slate)
        p.arguments = ["session"] + args
        var environment = ProcessInfo.processInfo.environment
        for (k, v) in env { environment[k] = v }
        p.environment = environment
        let err = Pipe()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        let data = err.fileHandleForReading.readDataToEndOfFile()
        p.waitUntilExit()
        return (p.terminationStatus, p.terminationReason == .uncaughtSignal, String(decoding: data, as: UTF8.self))
    }

    /// A seat that cannot be had on any machine: libseat told to use seatd at a socket that is not
    /// there (on a machine with no DRM device, that is found missing first). A desktop's DISPLAY is
    /// not taken for a screen.
    static let noSeat = ["LIBSEAT_BACKEND": "seatd", "SEATD_SOCK": "/nonexistent/seatd.sock", "DISPLAY": ":99"]

    @Test func withNoScreenOrSeatItSaysWhatIsMissingInOneLineAndExitsWith2() throws {
        let (status, signalled, err) = try Self.session(["--locale", "en"], env: Self.noSeat)
        #expect(!signalled, "slate session crashed: \(err)")
        #expect(status == 2, "exit status \(status): \(err)")
        let lines = err.split(separator: "\n", omittingEmptySubsequences: true)
        #expect(lines.count == 1, "not one line: \(err)")
        let line = String(lines.first ?? "")
        #expect(line.hasPrefix("slate: "), "\(line)")
        // What was missing, and what to do.
        #expect(line.contains("DRM device") || line.contains("seat"), "\(line)")
        #expect(line.contains("text console") || line.contains("slate run"), "\(line)")
    }

    @Test func itSaysSoInRussianToo() throws {
        let (status, _, err) = try Self.session(["--locale", "ru"], env: Self.noSeat)
        #expect(status == 2)
        #expect(err.contains("экран"), "not in Russian: \(err)")
        #expect(err.split(separator: "\n").count == 1, "not one line: \(err)")
    }

    @Test func aPanelKeepingAnIPadsPointsAt2xIsShownAt2x() {
        #expect(WaylandCompositor.sessionScale(pixels: Size(2732, 2048)) == 2)  // iPad Pro 12.9"
        #expect(WaylandCompositor.sessionScale(pixels: Size(2560, 1600)) == 2)  // 800 pt tall at 2×
        #expect(WaylandCompositor.sessionScale(pixels: Size(1920, 1080)) == 1)  // 540 pt: too small at 2×
        #expect(WaylandCompositor.sessionScale(pixels: Size(1280, 800)) == 1)
    }

    @Test func aRealScreenGivesTheDeviceItsSizeAndOrientation() {
        let wide = Device(.iPadPro129, screenSize: Size(1280, 800))
        #expect(wide.size == Size(1280, 800) && wide.landscape)
        let tall = Device(.iPadPro11, screenSize: Size(800, 1280))
        #expect(tall.size == Size(800, 1280) && !tall.landscape)
    }
}
