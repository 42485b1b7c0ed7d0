import Compositor
import Foundation
import Graphics
import Host
@_spi(Testing) import Shell
import Testing
import UI

extension ProtocolTests {
    /// The windows each as a task switcher sees them: "TITLE activated minimized".
    static func taskSwitcherReport(_ path: String) -> [String: (activated: Bool, minimized: Bool)] {
        let text = (try? String(contentsOfFile: path, encoding: .utf8)) ?? ""
        var out: [String: (Bool, Bool)] = [:]
        for line in text.split(separator: "\n") {
            let words = line.split(separator: " ")
            guard words.count >= 3 else { continue }
            out[words.dropLast(2).joined(separator: " ")] = (words[words.count - 2] == "1", words.last == "1")
        }
        return out
    }

    /// A task switcher (wlr-foreign-toplevel-management) sees every window with its true state — the
    /// one with the keys activated, one behind it minimized — and what it asks is done: activate
    /// brings a window forward, minimize takes it to the Home screen, close asks its program to
    /// close it.
    @Test func aTaskSwitcherSeesTheWindowsAsTheyAreAndActsOnThem() throws {
        let client = try #require(
            ProgramsDrawTests.fixture(
                "activation-client",
                protocols: ["/usr/share/wayland-protocols/staging/xdg-activation/xdg-activation-v1.xml"]),
            "the activation test client did not compile")
        let switcher = try #require(
            ProgramsDrawTests.fixture(
                "toplevel-list-client", protocols: ["Protocols/wlr/wlr-foreign-toplevel-management-unstable-v1.xml"]),
            "the task switcher test client did not compile")
        let dir = try ProgramsDrawTests.folder("task-switcher")
        defer { try? FileManager.default.removeItem(at: dir) }
        let report = dir.appendingPathComponent("windows").path
        let rig = try Rig()
        defer { rig.shutdown() }
        rig.host.compositor.privacy.allow([switcher], .windows)
        try rig.launch([client, "First", "stray"])
        guard rig.wait(20, "the first window", { rig.window(titled: "First") != nil }) else { return }
        try rig.launch([client, "Second", "stray"])
        guard rig.wait(20, "the second window", { rig.window(titled: "Second") != nil }),
            let first = rig.window(titled: "First")
        else { return }
        let list = Process()
        list.executableURL = URL(fileURLWithPath: switcher)
        list.arguments = [report]
        list.environment = rig.host.compositor.clientEnvironment()
        let input = Pipe()
        list.standardInput = input
        try list.run()
        defer { list.terminate() }
        func seen() -> [String: (activated: Bool, minimized: Bool)] { Self.taskSwitcherReport(report) }
        rig.wait(10, "both windows listed, the second activated") {
            seen()["Second"]?.activated == true && seen()["First"]?.minimized == true
        }
        #expect(seen()["First"]?.activated == false)
        #expect(seen()["Second"]?.minimized == false)

        input.fileHandleForWriting.write(Data("activate First\n".utf8))
        rig.wait(10, "the first window brought forward") { rig.shell.focusedWindow == first.id }
        #expect(rig.shell.arrangement == .fullScreen(first.id))
        rig.wait(10, "the switcher told so") {
            seen()["First"]?.activated == true && seen()["Second"]?.minimized == true
        }

        input.fileHandleForWriting.write(Data("minimize First\n".utf8))
        rig.wait(10, "the Home screen") { rig.shell.visibleWindows.isEmpty }
        rig.wait(10, "the switcher told so") { seen()["First"]?.minimized == true }

        input.fileHandleForWriting.write(Data("close Second\n".utf8))
        rig.wait(10, "the second window closed") { rig.window(titled: "Second") == nil }
        rig.wait(10, "the switcher told so") { seen()["Second"] == nil }
    }
}

extension ProtocolTests {
    /// The layer-shell test client and a window that follows the size it is asked, drawn again at
    /// each frame (frame-pace), compiled, and a scratch folder `name` for them.
    static func layerClients(_ name: String) throws -> (layer: String, window: String, folder: URL) {
        let layer = try #require(
            ProgramsDrawTests.fixture("layer-client", protocols: ["Protocols/wlr/wlr-layer-shell-unstable-v1.xml"]),
            "the layer-shell test client did not compile")
        let window = try #require(
            ProgramsDrawTests.fixture("frame-pace-client"), "the frame pace test client did not compile")
        return (layer, window, try ProgramsDrawTests.folder(name))
    }

    /// A panel on the top layer with an exclusive zone (wlr-layer-shell) shows under the status bar,
    /// the width of the screen, and the windows are laid out in what it leaves; when it goes, they
    /// take the screen again.
    @Test func aPanelsExclusiveZoneShrinksTheWindows() throws {
        let (panel, client, dir) = try Self.layerClients("layers")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        // (A window that follows the size it is asked, drawn again at each frame.)
        try rig.launch([client, dir.appendingPathComponent("frames").path])
        guard rig.wait(20, "the window", { rig.toplevel(titled: "Frame pace")?.pictureSize == Size(1366, 980) }),
            let window = rig.window(titled: "Frame pace"), let top = rig.toplevel(titled: "Frame pace")
        else { return }
        let panelProcess = try rig.launch([panel])
        guard rig.wait(20, "the panel", { !rig.shell.layers.views.isEmpty }) else { return }
        // Below the status bar, across the screen, 40 points high; the window below it, no longer
        // kept from a status bar it does not reach, down to the home indicator.
        rig.wait(10, "the window at its new size") { top.pictureSize == Size(1366, 1024 - 24 - 40 - 20) }
        rig.settle()
        rig.snapshot("layer-panel")
        let panelView = try #require(rig.shell.layers.views.first)
        #expect(panelView.frameInRoot == Rect(0, 24, 1366, 40), "the panel at \(panelView.frameInRoot)")
        #expect(window.frameInRoot.minY == 64, "the window at \(window.frameInRoot)")
        #expect(close(rig.meanColor(Rect(100, 30, 1000, 30)), RGBA(0, 0.75, 0, 1), 0.02), "the panel is not green")
        #expect(
            close(rig.meanColor(Rect(100, 200, 1000, 600)), RGBA(0x30 / 255.0, 0x60 / 255.0, 0xc0 / 255.0, 1), 0.02))

        kill(panelProcess.processIdentifier, SIGKILL)
        rig.wait(10, "the panel gone") { rig.shell.layers.views.isEmpty }
        rig.wait(10, "the window at the screen's size again") { top.pictureSize == Size(1366, 980) }
        #expect(window.frameInRoot.minY == 0)
    }

    /// A panel's menu (a popup of its layer surface, as waybar's tray opens one) shows below the
    /// panel and over the window there, where its positioner puts it; a finger on it reaches the
    /// menu, at the point of the menu it touched.
    @Test func aPanelsMenuShowsOverTheWindowAndTakesTheFinger() throws {
        let (panel, client, dir) = try Self.layerClients("layer-popup")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client, dir.appendingPathComponent("frames").path])
        guard rig.wait(20, "the window", { rig.window(titled: "Frame pace") != nil }) else { return }
        try rig.launch([panel, "popup", dir.path])
        let menuShown = { rig.shell.layers.views.first.map { !$0.popupsView.isHidden } ?? false }
        guard rig.wait(20, "the panel's menu", menuShown) else { return }
        rig.settle()
        rig.snapshot("layer-popup")
        let menu = try #require(rig.shell.layers.views.first?.popupsView)
        // Below the panel (which is below the status bar), from the left end of its button.
        #expect(menu.frameInRoot == Rect(20, 64, 200, 100), "the menu at \(menu.frameInRoot)")
        #expect(close(rig.meanColor(Rect(30, 74, 180, 80)), RGBA(0.75, 0, 0, 1), 0.02), "the menu is not shown")
        #expect(close(rig.meanColor(Rect(300, 74, 180, 80)), RGBA(0x30 / 255.0, 0x60 / 255.0, 0xc0 / 255.0, 1), 0.02))

        let h = rig.host.host
        let finger = h.touchDown(at: Point(120, 114))
        rig.host.run(for: 0.05)
        h.touchUp(finger, at: Point(120, 114))
        let pressed = dir.appendingPathComponent("popup-pressed")
        guard rig.wait(10, "the menu touched", { FileManager.default.fileExists(atPath: pressed.path) }) else { return }
        #expect(try String(contentsOf: pressed, encoding: .utf8) == "100 50\n", "the menu was touched elsewhere")
    }

    /// A launcher that asks for the keyboard exclusively (a top-layer surface) has it while shown:
    /// a window given the input does not take it; the lock takes it, and gives it back; when the
    /// launcher goes, the window that had the keyboard has it again.
    @Test func aLaunchersExclusiveKeyboardIsHeldAgainstWindowsButNotTheLock() throws {
        let (launcher, client, dir) = try Self.layerClients("layer-keyboard")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        try rig.launch([client, dir.appendingPathComponent("frames").path])
        guard rig.wait(20, "the window", { rig.toplevel(titled: "Frame pace")?.hasKeyboardFocus == true }),
            let window = rig.window(titled: "Frame pace"), let top = rig.toplevel(titled: "Frame pace")
        else { return }
        let locker = PasswordlessUnlock()
        rig.shell.sessionLocker(locker, did: .lock)
        rig.settle()
        #expect(!top.hasKeyboardFocus, "the window keeps the keys under the lock")
        rig.shell.sessionLocker(locker, did: .unlock)
        rig.wait(10, "the window given the keyboard again after the lock") { top.hasKeyboardFocus }

        let process = try rig.launch([launcher, "exclusive"])
        guard rig.wait(20, "the launcher", { !rig.shell.layers.views.isEmpty }),
            let layer = rig.shell.layers.views.first?.surface as? ClientLayer
        else { return }
        rig.wait(10, "the launcher given the keyboard") { layer.hasKeyboardFocus }
        #expect(!top.hasKeyboardFocus, "the window kept the keys beside the launcher")

        rig.shell.focus(window.id)
        rig.settle()
        #expect(layer.hasKeyboardFocus && !top.hasKeyboardFocus, "the window took the keys from the launcher")

        rig.shell.sessionLocker(locker, did: .lock)
        rig.settle()
        #expect(rig.shell.isLocked)
        #expect(!layer.hasKeyboardFocus && !top.hasKeyboardFocus, "a program keeps the keys under the lock")
        rig.shell.focus(window.id)
        rig.settle()
        #expect(!layer.hasKeyboardFocus && !top.hasKeyboardFocus, "a program took the keys under the lock")
        rig.shell.sessionLocker(locker, did: .unlock)
        rig.wait(10, "the launcher given the keyboard again") { !rig.shell.isLocked && layer.hasKeyboardFocus }

        kill(process.processIdentifier, SIGKILL)
        rig.wait(10, "the launcher gone") { rig.shell.layers.views.isEmpty }
        rig.wait(10, "the window given the keyboard back") { top.hasKeyboardFocus }
    }
}
