import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
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
        let alert = try #require(rig.shell.permissionAlert, "no question was asked")
        #expect(alert.accessibilityLabel?.contains("grim") == true)
        alert.allow.sendAction()
        #expect(grim() == 0, "allowed, grim still cannot copy the screen")
        #expect(FileManager.default.fileExists(atPath: png))
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
