import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import SystemUI
import Testing
import UI

/// The clipboard, the screen and the apps' identities are the person's: a program they have not
/// allowed gets nothing and asks them; one they allowed gets what it asked for.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct PrivacyTests {
    /// A copy of a tool at a path of its own: a program the person never answered for.
    static func intruder(_ tool: String, in dir: URL) throws -> String {
        let path = dir.appendingPathComponent("intruder-\(tool)").path
        try FileManager.default.copyItem(atPath: "/usr/bin/\(tool)", toPath: path)
        return path
    }

    /// A program not allowed the clipboard neither replaces it (wl-copy) nor reads it (wl-paste gets
    /// nothing); it is asked about, and once the person allows it, it reads what was copied.
    @Test(.enabled(if: tool("wl-copy") && tool("wl-paste")))
    func theClipboardIsReadOnlyByProgramsThePersonAllowed() throws {
        let dir = try ProgramsDrawTests.folder("privacy-clipboard")
        defer { try? FileManager.default.removeItem(at: dir) }
        let copy = try Self.intruder("wl-copy", in: dir)
        let paste = try Self.intruder("wl-paste", in: dir)
        let rig = try Rig(privacyDefaults: false)
        defer { rig.shutdown() }
        rig.host.compositor.privacy.allow(["/usr/bin/wl-copy", "/usr/bin/wl-paste"], .clipboard)
        _ = rig.shellOutput(["wl-copy", "the person's secret"])
        #expect(rig.shellOutput(["wl-paste", "--no-newline"]) == "the person's secret")

        // Replacing it: refused, the selection stays.
        _ = rig.shellOutput([copy, "evil"])
        #expect(
            rig.shellOutput(["wl-paste", "--no-newline"]) == "the person's secret", "an intruder set the clipboard")
        // Reading it: nothing.
        let read = rig.shellOutput([paste, "--no-newline"]) ?? ""
        #expect(!read.contains("secret"), "an intruder read the clipboard: \(read)")
        // The person was asked, naming it; Allow.
        let alert = try #require(rig.shell.permissionAlert, "no question was asked")
        #expect(alert.accessibilityLabel?.contains("intruder-wl-") == true, "\(alert.accessibilityLabel ?? "")")
        rig.snapshot("privacy-clipboard-question")
        rig.host.host.tap(at: alert.allow.convert(alert.allow.bounds.center, to: nil))
        rig.settle()
        // The next question (the other intruder) too.
        if let next = rig.shell.permissionAlert {
            rig.host.host.tap(at: next.allow.convert(next.allow.bounds.center, to: nil))
            rig.settle()
        }
        #expect(rig.shellOutput([paste, "--no-newline"]) == "the person's secret", "allowed, it still reads nothing")
    }

    /// grim, not allowed, cannot copy the screen (and asks); allowed, it does.
    @Test(.enabled(if: tool("grim"))) func theScreenIsCopiedOnlyByProgramsThePersonAllowed() throws {
        let dir = try ProgramsDrawTests.folder("privacy-screen")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try LiveRig(stateHome: dir)
        defer { rig.shutdown() }
        rig.run(for: 1)
        let png = dir.appendingPathComponent("screen.png").path
        func grim() -> Int32? {
            guard let pid = try? Spawn.start(["grim", png], environment: rig.compositor.clientEnvironment()) else {
                return nil
            }
            var status: Int32?
            rig.run(for: 10) {
                status = Spawn.reap(pid)
                return status != nil
            }
            return status
        }
        let refused = grim()
        #expect(refused != nil && refused != 0, "grim copied the screen unasked")
        #expect(!FileManager.default.fileExists(atPath: png))
        #expect(!rig.shell.showsRecording, "a refused copy showed the recording indicator")
        let alert = try #require(rig.shell.permissionAlert, "no question was asked")
        #expect(alert.accessibilityLabel?.contains("grim") == true)
        alert.allow.sendAction()
        #expect(grim() == 0, "allowed, grim still cannot copy the screen")
        #expect(FileManager.default.fileExists(atPath: png))
        // The status bar said the screen was read, and stops saying it once copies stop.
        #expect(rig.shell.showsRecording, "no recording indicator after grim copied the screen")
        rig.run(for: ShellMetrics.recordingIndicatorHold + 1) { !rig.shell.showsRecording }
        #expect(!rig.shell.showsRecording, "the recording indicator stayed after the copies stopped")
    }

    /// A program Slate did not start as Mail, announcing itself as Mail, is disconnected; Mail's
    /// process keeps its windows.
    @Test func noOtherProgramSpeaksAsAnApp() throws {
        let client = try #require(SceneProtocolTests.client, "the scene-protocol test client did not compile")
        let dir = try AppProcessTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let (mail, _, window) = rig.openMail(in: dir) else { return }
        let said = rig.shellOutput([client, "announce", "org.slate.mail"])
        #expect(said?.trimmingCharacters(in: .whitespacesAndNewlines) == "error slate_scene_manager_v1 2")
        rig.settle()
        #expect(mail.isRunning && mail.toplevels[window] != nil, "Mail lost its window to an impostor")
        #expect(rig.shell.visibleWindows == [window])
    }
}

/// No program can make the shell slow or big: past a limit, that client alone is disconnected with
/// an error naming it; the shell serves the next as before.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct HostileClientTests {
    static var client: String? { ProgramsDrawTests.fixture("hostile-client") }

    /// Frame callbacks asked for without end on a surface the shell never shows: disconnected at the
    /// limit, with the shell's memory bounded.
    @Test func aFloodOfFrameCallbacksIsCutOff() throws {
        let client = try #require(Self.client, "the hostile test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        let said = rig.shellOutput([client, "flood-callbacks"]) ?? ""
        #expect(said.hasPrefix("error wl_display 3"), "the flood was let through: \(said)")
        #expect(rig.shellOutput(["wayland-info"])?.contains("wl_compositor") == true, "the shell stopped serving")
    }

    /// A client making more windows than any program needs is disconnected at the limit (1,000),
    /// and the shell goes on serving the next client.
    @Test func aClientMakingThousandsOfWindowsIsCutOff() throws {
        let client = try #require(Self.client, "the hostile test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        let said = rig.shellOutput([client, "windows", "1001"]) ?? ""
        #expect(said.hasPrefix("error wl_display 3"), "1,001 windows let through: \(said)")
        #expect(rig.wait(10, "its windows gone") { rig.shell.windows.isEmpty })
        let next = rig.shellOutput([client, "first-configure"]) ?? ""
        #expect(next.hasPrefix("configured"), "the next client was not served: \(next)")
    }

    /// A client making protocol objects without end (regions, the cheapest there are) is cut off
    /// at the limit (65,536 alive at once); one that keeps under it is let be, and the shell goes on
    /// serving the next client.
    @Test func aClientMakingObjectsWithoutEndIsCutOff() throws {
        let client = try #require(Self.client, "the hostile test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        let under = rig.shellOutput([client, "objects", "60000"]) ?? ""
        #expect(under.hasPrefix("made 60000"), "a client under the limit was cut off: \(under)")
        let over = rig.shellOutput([client, "objects", "70000"]) ?? ""
        #expect(over.hasPrefix("error wl_display 3"), "70,000 objects let through: \(over)")
        let next = rig.shellOutput([client, "first-configure"]) ?? ""
        #expect(next.hasPrefix("configured"), "the next client was not served: \(next)")
    }

    /// Five thousand idle windows (five clients at the limit) cost the loop nothing at rest, and a
    /// new client gets its first configure within 100 ms beside them.
    @Test func aNewClientIsServedAtOnceBesideFiveThousandWindows() throws {
        let client = try #require(Self.client, "the hostile test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        for _ in 0..<5 { try rig.launch([client, "windows", "1000"]) }
        let made = rig.wait(120, "5,000 windows") { rig.host.compositor.toplevels.count == 5000 }
        #expect(made, "\(rig.shell.windows.count) windows, \(rig.host.compositor.toplevels.count) toplevels")
        rig.settle()
        // At rest: a turn of the loop with nothing to do costs what it costs with no windows.
        let turns = 200
        let started = MonotonicClock.read()
        for _ in 0..<turns { rig.host.step(wait: 0) }
        let perTurn = (MonotonicClock.read() - started) / Double(turns)
        #expect(perTurn < 0.001 * testSlowdown, "a turn at rest takes \(perTurn * 1000) ms beside 5,000 windows")
        let said = rig.shellOutput([client, "first-configure"]) ?? ""
        let waited = Double(
            said.split(separator: " ").last.map { $0.trimmingCharacters(in: .whitespacesAndNewlines) } ?? "")
        #expect(waited.map { $0 < 100 * testSlowdown } == true, "first configure: \(said)")
        print(
            "first configure beside 5,000 windows: \(said.trimmingCharacters(in: .whitespacesAndNewlines)) ms; a turn at rest \(perTurn * 1000) ms"
        )
    }

    /// A popup whose positioner says sizes and offsets near 2³¹ is configured with a positive size,
    /// inside its window.
    @Test func aPopupIsAlwaysConfiguredInsideItsWindow() throws {
        let client = try #require(Self.client, "the hostile test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        let said = rig.shellOutput([client, "positioner"]) ?? ""
        let words = said.split(separator: " ").compactMap { Int($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
        guard said.hasPrefix("popup"), words.count == 6 else {
            Issue.record("the popup was not configured: \(said)")
            return
        }
        let (x, y, w, h, ww, wh) = (words[0], words[1], words[2], words[3], words[4], words[5])
        #expect(w > 0 && h > 0, "popup size \(w) × \(h)")
        #expect(x >= 0 && y >= 0 && x + w <= ww && y + h <= wh, "popup at \(x), \(y) \(w) × \(h) in \(ww) × \(wh)")
    }
}
