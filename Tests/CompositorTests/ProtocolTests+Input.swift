import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

extension ProtocolTests {
    /// "motions relative locked keys inhibited" of the pointer-and-keys client.
    static func wishesReport(_ path: String) -> [Int] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        let fields = text.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
        return fields.count == 5 ? fields : [0, 0, 0, 0, 0]
    }

    /// A program that locks the pointer (a game) hears the mouse's motion only as relative motion
    /// while the pointer is over it, the pointer held in place; one that asks for the shortcut keys
    /// gets Ctrl+H instead of the shell going home, until Super+Escape gives them back.
    @Test func aGameLocksThePointerAndARemoteDesktopTakesTheShortcutKeys() throws {
        let client = try #require(
            ProgramsDrawTests.fixture(
                "pointer-keys-client",
                protocols: [
                    "/usr/share/wayland-protocols/unstable/pointer-constraints/pointer-constraints-unstable-v1.xml",
                    "/usr/share/wayland-protocols/unstable/relative-pointer/relative-pointer-unstable-v1.xml",
                    "/usr/share/wayland-protocols/unstable/keyboard-shortcuts-inhibit/keyboard-shortcuts-inhibit-unstable-v1.xml",
                ]),
            "the pointer and keys test client did not compile")
        let dir = try ProgramsDrawTests.folder("pointer-keys")
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("report").path
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client, report])
        guard rig.wait(20, "the window", { rig.window(titled: "Game") != nil }), let window = rig.window(titled: "Game")
        else { return }
        rig.settle()
        let host = rig.host.host
        // The pointer over the window: the lock takes hold; then it moves.
        host.pointer(.hover(Point(600, 400)))
        rig.wait(5, "the pointer locked") { Self.wishesReport(report)[2] == 1 }
        let before = Self.wishesReport(report)
        for i in 1...10 {
            host.pointer(.hover(Point(600 + Double(i) * 7, 400 + Double(i) * 3)))
            rig.host.step()
        }
        rig.wait(5, "the motion heard") { Self.wishesReport(report)[1] >= before[1] + 9 }
        let after = Self.wishesReport(report)
        #expect(after[1] - before[1] >= 9, "relative motions: \(before) → \(after)")
        #expect(after[0] == before[0], "absolute motions while locked: \(before) → \(after)")

        // The shortcut keys are the program's while it has the keyboard.
        rig.wait(5, "the shortcuts its") { Self.wishesReport(report)[4] == 1 }
        let keysBefore = Self.wishesReport(report)[3]
        host.key(KeyPress(.character("h"), modifiers: .control))
        rig.settle()
        #expect(rig.shell.isOnScreen(window.id), "Ctrl+H went home though the program has the shortcut keys")
        rig.wait(5, "the key at the program") { Self.wishesReport(report)[3] > keysBefore }
        host.key(KeyPress(.escape, modifiers: .command))
        rig.wait(5, "the shortcuts given back") { Self.wishesReport(report)[4] == 0 }
        host.key(KeyPress(.character("h"), modifiers: .control))
        rig.settle()
        #expect(!rig.shell.isOnScreen(window.id), "Ctrl+H did not go home once Super+Escape gave the keys back")
    }
}

extension ProtocolTests {
    /// A client breaking a rule of one of the protocols is disconnected with that protocol's error,
    /// alone: the shell serves the next client as before.
    @Test(arguments: [
        ("viewport-negative", "error wp_viewport 0"),
        ("layer-no-size", "error zwlr_layer_surface_v1 1"),
        ("layer-bad-anchor", "error zwlr_layer_surface_v1 2"),
        ("lock-twice", "error zwp_pointer_constraints_v1 1"),
        ("inhibit-twice", "error zwp_keyboard_shortcuts_inhibit_manager_v1 0"),
        ("token-committed-twice", "error xdg_activation_token_v1 0"),
    ])
    func aBrokenRuleOfAProtocolDisconnectsTheClientAlone(mode: String, expected: String) throws {
        let client = try #require(
            ProgramsDrawTests.fixture(
                "bad-requests-client",
                protocols: [
                    "/usr/share/wayland-protocols/stable/viewporter/viewporter.xml",
                    "Protocols/wlr/wlr-layer-shell-unstable-v1.xml",
                    "/usr/share/wayland-protocols/unstable/pointer-constraints/pointer-constraints-unstable-v1.xml",
                    "/usr/share/wayland-protocols/unstable/keyboard-shortcuts-inhibit/keyboard-shortcuts-inhibit-unstable-v1.xml",
                    "/usr/share/wayland-protocols/staging/xdg-activation/xdg-activation-v1.xml",
                ]),
            "the bad requests test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        let said = rig.shellOutput([client, mode])
        #expect(said?.trimmingCharacters(in: .whitespacesAndNewlines) == expected, "\(mode): \(said ?? "no answer")")
        // The shell still serves others.
        #expect(rig.shellOutput(["wayland-info"])?.contains("wl_compositor") == true, "the shell stopped serving")
    }
}

extension ProtocolTests {
    static var tabletClient: String? {
        ProgramsDrawTests.fixture(
            "tablet-client", protocols: ["/usr/share/wayland-protocols/unstable/tablet/tablet-unstable-v2.xml"])
    }

    /// The title of the pen test's window ("Pen …"), as its program last set it.
    static func penTitle(_ rig: Rig) -> String? {
        rig.host.compositor.toplevels.first { $0.title.hasPrefix("Pen") }?.title
    }

    /// A pen on a program that reads tablets reaches it as a pen (zwp_tablet_v2): proximity, down,
    /// its pressure and tilt, its place in the surface as it moves, then up and out — not as a finger.
    @Test func aPenWritesInAProgramThatReadsTabletsWithItsPressureAndTilt() throws {
        let client = try #require(Self.tabletClient, "the tablet test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client])
        guard rig.wait(20, "the window", { Self.penTitle(rig) != nil && rig.shell.visibleWindows.count == 1 }),
            let window = rig.shell.windows.values.first
        else { return }
        rig.settle()
        // The shell's own pen (headless: no tablet of the machine's), told to the program.
        rig.host.compositor.setPen(pressure: 0.5, tiltX: 30, tiltY: -20)
        rig.wait(10, "the tablet and its tool announced") { Self.penTitle(rig) == "Pen ready" }
        let host = rig.host.host
        let at = window.convert(Point(window.bounds.midX, window.bounds.midY), to: nil)
        let pen = host.touchDown(at: at, type: .pencil)
        rig.wait(10, "the pen down") { Self.penTitle(rig)?.hasPrefix("Pen down 0.50 30,-20 at ") == true }
        let first = Self.penTitle(rig) ?? ""
        let place = first.split(separator: " ").last?.split(separator: ",").compactMap { Double($0) } ?? []
        #expect(place.count == 2, "no place in \(first)")
        // Harder and moved: the program hears both, in its surface's coordinates.
        rig.host.compositor.setPen(pressure: 0.8, tiltX: 10, tiltY: 5)
        host.touchMove(pen, to: Point(at.x + 40, at.y + 30))
        if place.count == 2 {
            let moved = "Pen down 0.80 10,5 at \(Int(place[0] + 40)),\(Int(place[1] + 30))"
            #expect(
                rig.wait(10, "the pen moved") { Self.penTitle(rig) == moved },
                "wanted \(moved), the program says \(Self.penTitle(rig) ?? "nothing")")
        }
        host.touchUp(pen, at: Point(at.x + 40, at.y + 30))
        #expect(rig.wait(10, "the pen up and out") { Self.penTitle(rig)?.hasPrefix("Pen out after ") == true })
        let frames = Int(Self.penTitle(rig)?.split(separator: " ").last ?? "") ?? 0
        #expect(frames >= 2, "the program heard \(frames) frames with the tip down")
    }

    /// A program that reads no tablets gets the pen as a finger (as an iPad app without Pencil
    /// support does).
    @Test func aProgramThatReadsNoTabletsGetsThePenAsAFinger() throws {
        let client = try #require(Self.tabletClient, "the tablet test client did not compile")
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client, "--no-tablet"])
        guard rig.wait(20, "the window", { Self.penTitle(rig) != nil && rig.shell.visibleWindows.count == 1 }),
            let window = rig.shell.windows.values.first
        else { return }
        rig.settle()
        rig.host.compositor.setPen(pressure: 0.5)
        let host = rig.host.host
        let at = window.convert(Point(window.bounds.midX, window.bounds.midY), to: nil)
        let pen = host.touchDown(at: at, type: .pencil)
        #expect(rig.wait(10, "the pen as a touch") { Self.penTitle(rig)?.hasPrefix("Pen touch at ") == true })
        host.touchUp(pen, at: at)
        rig.settle()
    }
}
