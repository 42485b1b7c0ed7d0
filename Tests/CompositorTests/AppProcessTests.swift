import Compositor
import Foundation
import Graphics
import Host
import Scenes
import Shell
import Testing
import UI

/// Slate's own Mail as a process of its own (`slate app Mail`), in the headless compositor: its
/// windows are scenes with the app's session identifiers, and a crash takes nothing but the process.
@MainActor @Suite(.serialized, .timeLimit(.minutes(minutesAllowed(2)))) struct AppProcessTests {
    /// The `slate` program of this build, built beside the test binary by `swift build --build-tests`
    /// (so a sanitizer's build runs its own), or else the debug build's.
    nonisolated static let slate: String = {
        let beside = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
            .deletingLastPathComponent().appendingPathComponent("slate").path
        if FileManager.default.isExecutableFile(atPath: beside) { return beside }
        return URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent(".build/debug/slate").path
    }()

    /// A folder for one test's data and state.
    static func folder() throws -> URL {
        try #require(
            FileManager.default.isExecutableFile(atPath: slate), "no slate program at \(slate): build it first")
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-apps-\(UUID().uuidString)")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        return dir
    }

    /// Mail as the shell knows it before it runs, started from this build with its data in `dir`.
    static func mail(in dir: URL) -> ProcessApp {
        ProcessApp(
            identifier: "org.slate.mail", displayName: LocalizedString(en: "Mail", ru: "Почта"),
            icon: AppIcon(symbol: "envelope", topColor: .systemBlue, bottomColor: .systemBlue),
            activityTypes: ["org.slate.mail.message", "org.slate.mail.compose", "org.slate.mail.mailbox"],
            auxiliaryActivityTypes: ["org.slate.mail.message", "org.slate.mail.compose"],
            command: [
                "env", "XDG_DATA_HOME=\(dir.path)/data", slate, "app", "Mail", "--state-dir", "\(dir.path)/state",
            ])
    }

    /// The shell's windows of `app` with the toplevel each shows now (nil: none).
    static func toplevels(_ rig: Rig, _ app: ProcessApp) -> [String: String] {
        var out: [String: String] = [:]
        for (id, t) in app.toplevels { out[id] = t.sessionIdentifier }
        return out
    }

    @Test
    func mailRunsAsAProcessAndSurvivesAKill() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        // A tap on the icon starts the process; its first window opens full screen.
        guard let (mail, app, first) = rig.openMail(in: dir) else { return }
        #expect(rig.shell.arrangement == .fullScreen(first))
        #expect(mail.toplevels[first]?.sessionIdentifier == first, "the shell's session is the app's")
        #expect(mail.toplevels[first]?.role == .primary)
        rig.settle()
        let frame = rig.shell.windows[first]!
        let surface = try #require(frame.scene.rootView as? ForeignSurfaceView)
        // Mail's sidebar and list: a light window with dark text on it, not a blank or black one.
        let area = surface.convert(surface.surfaceRect, to: nil)
        // The list is read off the main thread: its rows come a moment after the window.
        rig.wait(10, "Mail's rows (text in its window)") { rig.darkPixels(in: area) > 200 }
        let mean = rig.meanColor(area)
        #expect(mean.red > 0.7 && mean.green > 0.7 && mean.blue > 0.7, "Mail's window is not light: \(mean)")

        // A second window from the Dock onto the right side: the shell makes the session, the app
        // connects it and draws it beside the first.
        rig.shell.newWindow(of: app, placement: .right)
        guard rig.wait(20, "the second window", { mail.toplevels.count == 2 }) else { return }
        rig.settle()
        let second = try #require(rig.shell.visibleWindows.first { $0 != first })
        #expect(mail.toplevels[second]?.sessionIdentifier == second)
        #expect(Set(rig.shell.visibleWindows) == [first, second])

        // SIGKILL: the shell runs on; both windows stay with their last picture, dimmed.
        let pid = try #require(rig.host.launcher.processIDs[mail.identifier])
        kill(pid, SIGKILL)
        guard rig.wait(10, "the process to be gone", { !mail.isRunning && mail.toplevels.isEmpty }) else { return }
        rig.settle()
        #expect(Set(rig.shell.visibleWindows) == [first, second], "the windows stay after the crash")
        let arrangement = rig.shell.arrangement
        for id in [first, second] {
            #expect(rig.shell.windows[id]?.scene.rootView.identifier == "process-placeholder")
        }
        rig.snapshot("mail-process-killed")

        // A tap on a dimmed window starts Mail again; it connects the same sessions, in place.
        let placeholder = rig.shell.windows[first]!.scene.rootView
        rig.host.host.tap(at: placeholder.convert(Point(placeholder.bounds.midX, placeholder.bounds.midY), to: nil))
        guard
            rig.wait(
                20, "both windows back",
                {
                    mail.isRunning && Set(mail.toplevels.keys) == [first, second]
                        && mail.toplevels.values.allSatisfy { $0.picture != nil }
                })
        else { return }
        rig.settle()
        #expect(rig.shell.arrangement == arrangement, "the windows keep their places")
        #expect(rig.shell.windows[first]?.scene.rootView is ForeignSurfaceView)
        #expect(rig.shell.windows[second]?.scene.rootView is ForeignSurfaceView)
        rig.snapshot("mail-process-back")
    }

    /// An app process copies only the rows that changed into whichever of its two buffers is free;
    /// each buffer must also take what changed while the other was shown. After a menu opened and
    /// closed (damage in several places, frame after frame), the buffer the app shows last, read
    /// whole, is the window as it was before, row for row.
    @Test func aWindowsPictureIsWholeAfterAMenuComesAndGoes() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        guard let (mail, _, first) = rig.openMail(in: dir) else { return }
        let frame = try #require(rig.shell.windows[first])
        let surface = try #require(frame.scene.rootView as? ForeignSurfaceView)
        let area = surface.convert(surface.surfaceRect, to: nil)
        rig.wait(10, "Mail's rows") { rig.darkPixels(in: area) > 200 }
        for _ in 0..<3 { rig.settle() }
        let top = try #require(mail.toplevels[first] as? ClientToplevel)
        let before = try #require(top.picture)
        // A finger held on a row of the list (the right part of the window) opens its menu.
        let row = Point(area.minX + area.width * 0.7, area.minY + 160)
        let id = rig.host.host.touchDown(at: row)
        guard rig.wait(10, "the menu to open", { top.picture.map { $0.pixels != before.pixels } ?? false }) else {
            return
        }
        for _ in 0..<2 { rig.settle() }
        rig.host.host.touchUp(id, at: row)
        for _ in 0..<2 { rig.settle() }
        // The pointer down the menu's rows: each frame damages the row left and the row reached, in
        // turn in one buffer and the other.
        for y in stride(from: 420.0, through: 620, by: 40) {
            rig.host.host.pointer(.hover(Point(968, y)))
            let count = top.pictureCount
            _ = rig.host.run(until: { top.pictureCount > count }, timeout: 2)
            for _ in 0..<2 { rig.settle() }
        }
        let shown = try #require(top.picture)
        top.releasePicture()
        let whole = try #require(top.picture)
        #expect(Self.rowsDiffering(shown, whole) == 0, "the buffer read whole is not the picture shown")
        rig.host.host.key(KeyPress(.escape))
        rig.host.host.pointer(.exit)
        // The app closes its menu on its own clock (the wall's): served until its picture is as it
        // was, for a few seconds at most.
        _ = rig.host.run(until: { top.picture?.pixels == before.pixels }, timeout: 5)
        // Read whole from the buffer the app showed last, as a compositor may at any time.
        top.releasePicture()
        let after = try #require(top.picture)
        #expect(Self.rowsDiffering(before, after) == 0, "the window is not as it was before the menu")
    }

    /// How many rows of two pictures of one size differ (all of them when the sizes differ).
    static func rowsDiffering(_ a: PixelImage, _ b: PixelImage) -> Int {
        guard a.width == b.width, a.height == b.height else { return max(a.height, b.height) }
        let w = a.width * 4
        return (0..<a.height).filter { y in a.pixels[(y * w)..<(y * w + w)] != b.pixels[(y * w)..<(y * w + w)] }.count
    }

    /// The shell keeps where an app process's windows were: started again (a new shell, as after a
    /// reboot), it starts Mail, which brings back its two windows, and they go to the same sides of
    /// Split View at the same width.
    @Test func splitViewOfAnAppProcessComesBackAfterTheShellRestarts() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let shellState = dir.appendingPathComponent("shell-state")
        var first: (left: String, right: String)?
        var fraction: Double?
        do {
            let rig = try Rig(stateHome: shellState)
            defer { rig.shutdown() }
            let (mail, app) = rig.installMail(in: dir)
            rig.shell.openApp(app)
            guard rig.wait(20, "Mail's window", { mail.toplevels.count == 1 }) else { return }
            rig.shell.newWindow(of: app, placement: .left)
            guard rig.wait(20, "the second window", { mail.toplevels.count == 2 }) else { return }
            rig.settle()
            guard case .split(let l, let r, _) = rig.shell.arrangement else {
                Issue.record("not in Split View: \(rig.shell.arrangement)")
                return
            }
            // The divider let go at two thirds of the width: the left window takes the wider side.
            rig.shell.setDivider(released: rig.shell.bounds.width * 2 / 3)
            rig.shell.focus(l)
            rig.settle()
            first = (l, r)
            fraction = rig.shell.currentArrangement.fraction
            // The shell ends: it keeps each window's picture.
            rig.wait(10, "both windows drawn") { mail.toplevels.values.allSatisfy { $0.picture != nil } }
            rig.shell.keepWindowPictures()
        }
        let (l, r) = try #require(first)
        let rig = try Rig(stateHome: shellState)
        defer { rig.shutdown() }
        rig.shell.loadArrangement()
        let (mail, _) = rig.installMail(in: dir)
        rig.shell.restoreArrangement()
        #expect(mail.isLaunching, "the shell starts the app whose windows were on screen")
        // Before Mail connects (the shell draws without serving its clients yet), each window shows
        // the picture it had — Mail's rows — not a blank one.
        rig.host.host.run(for: 0.6)
        #expect(mail.toplevels.isEmpty)
        for id in [l, r] {
            let frame = try #require(rig.shell.windows[id])
            #expect(rig.darkPixels(in: frame.convert(frame.bounds, to: nil)) > 200, "no picture while Mail starts")
        }
        guard rig.wait(20, "both windows back", { mail.toplevels.count == 2 }) else { return }
        rig.settle()
        let f = try #require(fraction)
        #expect(f > 0.6, "the divider moved")
        #expect(rig.shell.arrangement == .split(left: l, right: r, fraction: f))
        #expect(rig.shell.focusedWindow == l)
    }

    /// Mail stops answering while it has input (SIGSTOP): after 5 s its window says so and offers
    /// Force Quit; when it answers again (SIGCONT) the note goes; stopped again, Force Quit ends it and
    /// its window stays as a not-running window.
    @Test func aHungAppIsMarkedAndCanBeForcedToQuit() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        let (mail, app) = rig.installMail(in: dir)
        rig.shell.openApp(app)
        guard rig.wait(20, "Mail's window", { mail.isRunning && mail.toplevels.values.first?.picture != nil }),
            let id = rig.shell.visibleWindows.first
        else { return }
        rig.settle()
        let pid = try #require(rig.host.launcher.processIDs[mail.identifier])
        let surface = try #require(rig.shell.windows[id]?.scene.rootView as? ForeignSurfaceView)
        #expect(surface.notResponding == nil)

        kill(pid, SIGSTOP)
        guard rig.wait(12, "the not-responding note", { surface.notResponding != nil }) else {
            kill(pid, SIGCONT)
            return
        }
        #expect(mail.toplevels[id]?.isResponding == false)
        rig.snapshot("mail-not-responding")
        kill(pid, SIGCONT)
        rig.wait(5, "the note to go when Mail answers") { surface.notResponding == nil }

        kill(pid, SIGSTOP)
        guard rig.wait(12, "the note again", { surface.notResponding != nil }), let note = surface.notResponding
        else {
            kill(pid, SIGCONT)
            return
        }
        rig.settle()
        let button = note.forceQuit
        rig.host.host.tap(at: button.convert(Point(button.bounds.midX, button.bounds.midY), to: nil))
        rig.wait(10, "Mail to be gone") { !mail.isRunning }
        #expect(rig.shell.windows[id]?.scene.rootView.identifier == "process-placeholder", "the window stays")
    }

    /// A window closed in the shell while its app does not run is destroyed by the app when it is
    /// back: it does not come back, and the app's saved state keeps only the other window.
    @Test func aWindowClosedWhileItsAppIsAwayStaysClosed() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        let (mail, app) = rig.installMail(in: dir)
        rig.shell.openApp(app)
        guard rig.wait(20, "Mail's window", { mail.toplevels.count == 1 }) else { return }
        rig.shell.newWindow(of: app, placement: .right)
        guard rig.wait(20, "the second window", { mail.toplevels.count == 2 }) else { return }
        rig.settle()
        let ids = Array(mail.toplevels.keys)
        let pid = try #require(rig.host.launcher.processIDs[mail.identifier])
        kill(pid, SIGKILL)
        guard rig.wait(10, "Mail to be gone", { !mail.isRunning && mail.toplevels.isEmpty }) else { return }
        let closed = ids[0]
        let kept = ids[1]
        let session = try #require(app.runtime.session(withIdentifier: closed))
        try app.destroy(session, animation: .standard)
        rig.settle()
        rig.shell.openApp(app)
        guard rig.wait(20, "Mail back with the kept window", { mail.isRunning && mail.toplevels[kept] != nil })
        else { return }
        // Mail's saved state: the kept window open, the closed one among the recently closed.
        struct Manifest: Decodable {
            struct Closed: Decodable { var id: String }
            var order: [String]
            var recentlyClosed: [Closed]
        }
        let manifest = dir.appendingPathComponent("state/slate/org.slate.mail/manifest.json")
        rig.wait(5, "the closed session among Mail's recently closed") {
            guard let data = FileManager.default.contents(atPath: manifest.path),
                let m = try? JSONDecoder().decode(Manifest.self, from: data)
            else { return false }
            return m.order == [kept] && m.recentlyClosed.contains { $0.id == closed }
        }
        rig.settle()
        #expect(mail.toplevels[closed] == nil, "the closed window did not come back")
        #expect(rig.shell.windows[closed] == nil)
        #expect(mail.discardedWhileAway.isEmpty)
    }

    /// A process that announces an app the shell does not know is refused: it says so on one line
    /// and ends with exit code 2, and the shell runs on.
    @Test
    func anUnknownAppIsRefused() throws {
        let dir = try Self.folder()
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = try Rig()
        defer { rig.shutdown() }
        let err = Pipe()
        let p = Process()
        p.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        p.arguments = ["XDG_DATA_HOME=\(dir.path)/data", Self.slate, "app", "Mail", "--state-dir", "\(dir.path)/state"]
        p.environment = rig.host.compositor.clientEnvironment()
        p.standardError = err
        p.standardOutput = FileHandle.nullDevice
        try p.run()
        rig.wait(20, "the app to end") { !p.isRunning }
        finish(p)
        let text = String(decoding: err.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        #expect(p.terminationStatus == 2)
        #expect(text.contains("refused"), "\(text)")
        #expect(rig.shell.windows.isEmpty)
    }
}

extension Rig {
    /// Installs Mail as an app process (its data and state in `dir`), with the launcher ready to
    /// start it; returns the app and the shell's entry for it.
    @discardableResult
    func installMail(in dir: URL) -> (mail: ProcessApp, app: ShellApp) {
        let mail = AppProcessTests.mail(in: dir)
        let app = shell.install(mail, restoring: false)
        host.launcher.install()
        return (mail, app)
    }

    /// Mail (installed from this build with its data in `dir`) opened from its icon: its first
    /// window full screen with its picture. Mail, its app and that window's id; nil, with an issue
    /// recorded, when they do not come.
    func openMail(in dir: URL) -> (mail: ProcessApp, app: ShellApp, window: String)? {
        let (mail, app) = installMail(in: dir)
        shell.openApp(app)
        guard wait(20, "Mail's first window", { shell.visibleWindows.count == 1 && mail.isRunning }),
            let first = shell.visibleWindows.first,
            wait(10, "its picture", { mail.toplevels[first]?.picture != nil })
        else { return nil }
        return (mail, app, first)
    }

    /// How many sampled pixels of a rectangle (points) are dark (text).
    func darkPixels(in r: Rect) -> Int {
        let fb = framebuffer
        let s = fb.scale
        var n = 0
        for y in stride(from: Int(r.minY * s), to: Int(r.maxY * s), by: 2) {
            for x in stride(from: Int(r.minX * s), to: Int(r.maxX * s), by: 2) {
                let p = fb.pixel(x: x, y: y)
                if p.red + p.green + p.blue < 1.2 { n += 1 }
            }
        }
        return n
    }
}

/// Where Mail's compose window has its To field, from the window's top, in points: below the 50 pt
/// navigation bar, the middle of the 44 pt row (as `ComposeView` lays it out).
enum ComposeLayout {
    static let toRowCentre = 77.0
}
