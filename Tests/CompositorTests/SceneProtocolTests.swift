import Compositor
import Foundation
import Graphics
import Host
import Scenes
import Shell
import Testing
import UI

/// A client that breaks the scene protocol's rules is disconnected alone, with the error that names
/// the rule; the shell and its other clients run on.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(1)))) struct SceneProtocolTests {
    /// The fixture, compiled once a run against the repository's generated protocol code.
    static let client: String? = {
        let here = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = here.deletingLastPathComponent().deletingLastPathComponent()
        let out = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-scene-client-\(ProcessInfo.processInfo.processIdentifier)"
        ).path
        let sources = [
            here.appendingPathComponent("Fixtures/scene-client.c").path,
            root.appendingPathComponent("Sources/SlateProtocols/slate-scene-v1-protocol.c").path,
            root.appendingPathComponent("Sources/SlateProtocols/xdg-shell-protocol.c").path,
        ]
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments =
            ["cc", "-o", out, "-I", root.appendingPathComponent("Sources/SlateClientShim/protocol").path] + sources + [
                "-lwayland-client"
            ]
        guard (try? p.run()) != nil else { return nil }
        p.waitUntilExit()
        return p.terminationStatus == 0 ? out : nil
    }()

    /// Runs the fixture in `mode` against a shell that knows the app `org.slate.test`; returns its
    /// exit status and what it printed.
    func run(_ mode: String) throws -> (Int32, String) {
        let client = try #require(Self.client, "the scene-protocol test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        let app = Self.testApp
        rig.shell.install(app, restoring: false)
        let out = Pipe()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: client)
        p.arguments = [mode, "org.slate.test"]
        p.environment = rig.host.compositor.clientEnvironment()
        p.standardOutput = out
        try p.run()
        rig.host.launcher.vouch(for: "org.slate.test", processID: p.processIdentifier)
        rig.wait(10, "the client to end") { !p.isRunning }
        finish(p)
        // The shell still takes a well-behaved client.
        if tool("weston-simple-shm") {
            try rig.launch(["weston-simple-shm"])
            rig.wait(10, "a window after the bad client") { rig.shell.visibleWindows.count == 1 }
        }
        #expect(!app.isRunning, "a refused client is not the app's running process")
        return (p.terminationStatus, String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self))
    }

    /// An app process asks, over the protocol, for a window of an activity another app declares
    /// (Notes' "Send with Mail"): the shell starts Mail, which connects a compose window with the
    /// activity's subject, on top of the screen.
    @Test func openActivityStartsTheAppThatDeclaresIt() throws {
        let client = try #require(Self.client, "the scene-protocol test client did not compile")
        let dir = try AppProcessTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        rig.shell.install(Self.testApp, restoring: false)
        let (mail, _) = rig.installMail(in: dir)
        struct Compose: Codable {
            var to: String
            var subject: String
            var body: String
        }
        let activity = try UserActivity(
            type: "org.slate.mail.compose", title: "Shopping",
            payload: Compose(to: "", subject: "Shopping", body: "Milk, bread"))
        let json = String(decoding: try JSONEncoder().encode(activity), as: UTF8.self)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: client)
        p.arguments = ["open-activity", "org.slate.test", "org.slate.mail.compose", json]
        p.environment = rig.host.compositor.clientEnvironment()
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        rig.host.launcher.vouch(for: "org.slate.test", processID: p.processIdentifier)
        defer { finish(p) }
        guard
            rig.wait(
                20, "Mail's compose window",
                {
                    mail.toplevels.values.contains { $0.title == "Shopping" && $0.picture != nil }
                })
        else {
            Issue.record("Mail's windows: \(mail.toplevels.values.map { "\($0.title) \($0.role)" })")
            return
        }
        rig.settle()
        let compose = try #require(mail.toplevels.values.first { $0.title == "Shopping" })
        #expect(compose.role == .auxiliary, "a compose window is auxiliary")
        #expect(rig.shell.centerWindow == compose.sessionIdentifier, "it opens on top of the screen (prominent)")
        #expect(mail.toplevels.count == 1, "only the window asked for")
        let frame = try #require(rig.shell.windows[compose.sessionIdentifier])
        #expect(frame.scene.rootView is ForeignSurfaceView, "the app's own bars, and no second one from the shell")
        rig.snapshot("mail-process-compose")
    }

    /// Copy and paste between an app process and any program go through the Wayland clipboard:
    /// text typed in Mail's compose window and copied is what wl-paste reads; text wl-copy put there
    /// pastes into the field (copied back, it is what wl-paste reads).
    @Test(.enabled(if: tool("wl-paste") && tool("wl-copy")))
    func copyAndPasteGoThroughTheSystemClipboard() throws {
        let client = try #require(Self.client, "the scene-protocol test client did not compile")
        let dir = try AppProcessTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        rig.shell.install(Self.testApp, restoring: false)
        let (mail, _) = rig.installMail(in: dir)
        let json = String(
            decoding: try JSONEncoder().encode(UserActivity(type: "org.slate.mail.compose", title: "Clip")),
            as: UTF8.self)
        let p = Process()
        p.executableURL = URL(fileURLWithPath: client)
        p.arguments = ["open-activity", "org.slate.test", "org.slate.mail.compose", json]
        p.environment = rig.host.compositor.clientEnvironment()
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        rig.host.launcher.vouch(for: "org.slate.test", processID: p.processIdentifier)
        defer { finish(p) }
        guard rig.wait(20, "the compose window", { mail.toplevels.values.contains { $0.picture != nil } }) else {
            return
        }
        rig.settle()
        let keys = rig.host.host
        func copyField() {
            keys.key(KeyPress(.character("a"), modifiers: .control))
            keys.key(KeyPress(.character("c"), modifiers: .control))
            rig.settle()
        }
        // A tap in the To field (the row below the compose window's bar) gives it the keys.
        let window = try #require(mail.toplevels.values.first.flatMap { rig.shell.window(showing: $0) })
        let area = window.convert(window.bounds, to: nil)
        keys.tap(at: Point(area.midX, area.minY + ComposeLayout.toRowCentre))
        rig.settle()
        keys.type("bob@example.com")
        rig.settle()
        copyField()
        #expect(rig.shellOutput(["wl-paste", "--no-newline"]) == "bob@example.com", "copied in Mail, read by wl-paste")

        _ = rig.shellOutput(["wl-copy", "alice@example.org"])
        rig.settle()
        keys.key(KeyPress(.character("a"), modifiers: .control))
        keys.key(KeyPress(.character("v"), modifiers: .control))
        rig.settle()
        // The clipboard emptied, so what wl-paste reads next can only be what Mail copies.
        _ = rig.shellOutput(["wl-copy", "--clear"])
        #expect(rig.shellOutput(["wl-paste", "--no-newline"]) != "alice@example.org")
        copyField()
        #expect(
            rig.shellOutput(["wl-paste", "--no-newline"]) == "alice@example.org",
            "wl-copy's text pasted into Mail's field, copied back")
    }

    /// An app sees and changes only its own sessions: a window claiming a session of another app's
    /// window is closed and never joins that window.
    @Test func aWindowClaimingAnotherAppsSessionIsRefused() throws {
        let client = try #require(Self.client, "the scene-protocol test client did not compile")
        let dir = try AppProcessTests.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        rig.shell.install(Self.testApp, restoring: false)
        let (mail, app) = rig.installMail(in: dir)
        rig.shell.openApp(app)
        guard rig.wait(20, "Mail's window", { mail.toplevels.count == 1 }), let victim = mail.toplevels.keys.first
        else { return }
        let out = Pipe()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: client)
        p.arguments = ["claim", "org.slate.test", victim]
        p.environment = rig.host.compositor.clientEnvironment()
        p.standardOutput = out
        try p.run()
        rig.host.launcher.vouch(for: "org.slate.test", processID: p.processIdentifier)
        rig.wait(15, "the claiming client to end") { !p.isRunning }
        finish(p)
        let said = String(decoding: out.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(said == "closed\n", "the shell closes the claiming window: \(said)")
        #expect(rig.shell.windows[victim]?.app === app, "Mail's window is still Mail's")
        #expect(mail.toplevels[victim] != nil)
    }

    /// An app the shell knows and never starts (the fixture plays it).
    static var testApp: ProcessApp {
        ProcessApp(
            identifier: "org.slate.test", displayName: LocalizedString(verbatim: "Test"),
            icon: AppIcon(symbol: "envelope", topColor: .systemGray, bottomColor: .systemGray), activityTypes: [],
            command: ["false"])
    }

    @Test(arguments: [
        ("unknown-app", "error slate_scene_manager_v1 2"),
        ("before-announce", "error slate_scene_manager_v1 0"),
        ("bad-session", "error slate_scene_manager_v1 3"),
        ("dot-session", "error slate_scene_manager_v1 3"),
        ("surface-first", "error xdg_surface 6"),
        ("same-session", "error slate_scene_manager_v1 4"),
        ("twice", "error slate_scene_manager_v1 1"),
        ("huge-menu-bar", "error slate_scene_v1 0"),
        ("bad-text-input", "error slate_scene_v1 1"),
        ("long-text-input", "error slate_scene_v1 1"),
    ])
    func aBrokenRuleDisconnectsTheClient(mode: String, expected: String) throws {
        let (status, text) = try run(mode)
        #expect(status == 0, "the shell let '\(mode)' through")
        #expect(text.trimmingCharacters(in: .whitespacesAndNewlines) == expected)
    }
}
