import Compositor
import Foundation
import Host
@_spi(Testing) import Shell
import ShellPorts
import Testing

/// A program started from its icon that ends before it showed a window is named on the screen as
/// it ends, not after a wait for a window that will never come.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(1)))) struct LauncherTests {
    /// A program installed from a desktop entry whose Exec line is `exec`.
    static func install(_ rig: Rig, name: String, exec: String) throws -> ShellApp {
        let text = "[Desktop Entry]\nType=Application\nName=\(name)\nExec=\(exec)\n"
        let entry = try DesktopEntry(parsing: text, id: "slate-test-\(UUID().uuidString).desktop")
        let app = rig.shell.install(foreign: ForeignApp(entry: entry))
        rig.host.launcher.install()
        return app
    }

    /// One that fails (exit status 3) after a moment: the banner names it within moments of its end
    /// (3 s at most here, with other suites running beside it: it was the launch timeout, 20 s),
    /// and the log says how it ended.
    @Test func aProgramThatFailsBeforeItsWindowIsNamedAsItEnds() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        let app = try Self.install(rig, name: "Quits At Once", exec: "sh -c \"sleep 0.3; exit 3\"")
        let started = MonotonicClock.read()
        rig.shell.openApp(app)
        guard rig.wait(5, "the banner", { rig.shell.bannerMessage != nil }) else { return }
        #expect(MonotonicClock.read() - started < 3, "the banner came \(MonotonicClock.read() - started) s after")
        #expect(rig.shell.bannerMessage == "Could not open Quits At Once")
        #expect(rig.host.launcher.failures[app.identifier] == "Quits At Once ended (status 3) before showing a window")
    }

    /// Qt reads no GNOME setting: a program started at the largest text size gets it as Qt's font DPI
    /// (96 × 23 / 17), and one started at the standard size gets none.
    @Test func aProgramStartedGetsTheTextSizeAsQtsFontDPI() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-qt-dpi-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let script = folder.appendingPathComponent("dpi.sh")
        try "#!/bin/sh\nprintf '%s' \"${QT_FONT_DPI:-none}\" > \"$1\"\n".write(
            to: script, atomically: true, encoding: .utf8)
        chmod(script.path, 0o755)
        func started(_ name: String) throws -> String? {
            let out = folder.appendingPathComponent(name)
            let app = try Self.install(rig, name: name, exec: "\(script.path) \(out.path)")
            rig.shell.openApp(app)
            guard rig.wait(5, "\(name) to start", { FileManager.default.fileExists(atPath: out.path) }) else {
                return nil
            }
            rig.host.run(for: 0.2)
            return try String(contentsOf: out, encoding: .utf8)
        }
        #expect(try started("Standard") == "none")
        rig.shell.setContentSizeCategory(.extraExtraExtraLarge)
        #expect(try started("Largest") == "130")
    }

    /// One that ends with success and no window may have handed its window to a process of it
    /// already running (as Firefox does): nothing is said for `handOffGrace`, and then the banner.
    @Test func aProgramThatEndsWithSuccessAndNoWindowIsNamedAfterItsGrace() throws {
        let rig = try Rig()
        defer { rig.shutdown() }
        let app = try Self.install(rig, name: "Hands Off", exec: "true")
        rig.shell.openApp(app)
        rig.host.run(for: Launcher.handOffGrace - 1.5)
        #expect(rig.shell.bannerMessage == nil, "a banner before the grace was over")
        guard rig.wait(4, "the banner after the grace", { rig.shell.bannerMessage != nil }) else { return }
        #expect(rig.shell.bannerMessage == "Could not open Hands Off")
        #expect(rig.host.launcher.failures[app.identifier] == "Hands Off ended without showing a window")
    }
}
