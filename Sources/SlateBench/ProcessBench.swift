import Compositor
import Foundation
import Graphics
import Host
import Shell
import SlateSystem
import UI

/// `slate bench process…`: Slate's Mail as a process of its own in the headless compositor — its
/// cold start to the first frame on screen, Split View beside a program that redraws without end,
/// and a message dragged out of it across another program's window.
extension Bench {
    static var processCases: [Case] {
        [
            Case(name: "process.mail-cold-start-to-first-frame") { processColdStart() },
            Case(name: "process.split-mail-and-busy-client@2x") { processSplit() },
            Case(name: "process.drag-across-processes@2x") { processDrag() },
            Case(name: "process.firefox-scroll-beside-mail@2x") { processFirefoxScroll() },
        ]
    }

    /// Mail as the shell knows it before it runs, from this build, with its data under `dir`.
    static func mailProcess(in dir: URL) -> ProcessApp {
        let entry: ProcessApp
        do {
            entry = try AppCommand.processApp(
                .mail, options: ["state-dir": dir.appendingPathComponent("state").path],
                environment: ["XDG_DATA_HOME=\(dir.appendingPathComponent("data").path)"])
        } catch {
            fail("bench: cannot describe Mail: \(error)", code: 1)
        }
        return entry
    }

    /// A headless compositor at `scale` with Mail installed as a process (data in a fresh folder),
    /// the launcher ready; `body` runs with them and the folder goes after.
    static func withMailProcess<R>(scale: Double, _ body: (CompositorHost<Shell>, ProcessApp, ShellApp) -> R) -> R {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-bench-mail-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: dir) }
        let rig = compositorRig(scale: scale)
        defer { rig.shutdown() }
        let mail = mailProcess(in: dir)
        let app = rig.shell.install(mail, restoring: false)
        rig.launcher.install()
        return body(rig, mail, app)
    }

    /// Opens Mail's first window and waits for its picture; returns its window.
    static func openMail(_ rig: CompositorHost<Shell>, _ mail: ProcessApp, _ app: ShellApp) -> WindowFrameView {
        rig.shell.openApp(app)
        guard rig.run(until: { mail.toplevels.values.contains { $0.picture != nil } }, timeout: 20),
            let id = rig.shell.visibleWindows.first, let w = rig.shell.windows[id]
        else { fail("bench: Mail showed no window", code: 1) }
        return w
    }

    /// From the tap on Mail's icon to the first frame that shows Mail's window (the process started,
    /// connected, read its Maildir and drew), 5 cold starts, each in a fresh folder.
    static func processColdStart() -> Result {
        var xs: [Double] = []
        for _ in 0..<5 {
            withMailProcess(scale: 1) { rig, mail, app in
                let t0 = now()
                rig.shell.openApp(app)
                while now() - t0 < 20 {
                    rig.step(wait: 0.001)
                    if mail.toplevels.values.contains(where: { $0.picture != nil }) {
                        // The frame just drawn shows the picture.
                        xs.append((now() - t0) * 1000)
                        return
                    }
                }
                fail("bench: Mail showed no window in 20 s", code: 1)
            }
        }
        var r = result("process.mail-cold-start-to-first-frame", xs)
        r.extra["aim-ms"] = 250
        return r
    }

    /// Mail (a process) beside foot rewriting a line without end, at 2×: each sample is a frame
    /// composed after a client committed.
    static func processSplit() -> Result {
        withMailProcess(scale: 2) { rig, mail, app in
            let w = openMail(rig, mail, app)
            let busy = ["sh", "-c", "while :; do printf '\\r%s' $(date +%s%N); sleep 0.004; done"]
            let foot = open(["foot", "-o", "scrollback.lines=0", "--"] + busy, in: rig)
            guard let fw = rig.shell.window(showing: foot) else { fail("bench: foot has no window", code: 1) }
            rig.shell.show(fullScreen: w.id)
            rig.shell.show(split: fw.id, on: .right)
            for _ in 0..<120 { rig.step(wait: 0.002) }
            var xs: [Double] = []
            let clients = {
                mail.toplevels.values.reduce(foot.pictureCount) { $0 + (($1 as? ClientToplevel)?.pictureCount ?? 0) }
            }
            while xs.count < 200 {
                let count = clients()
                rig.compositor.dispatch(timeout: 0.05)
                guard clients() > count else {
                    rig.compositor.framesShown()
                    continue
                }
                rig.host.clock.advance(by: HeadlessHost.frameInterval)
                let t0 = now()
                rig.host.frame()
                xs.append((now() - t0) * 1000)
                rig.compositor.framesShown()
            }
            var r = result("process.split-mail-and-busy-client@2x", xs)
            r.extra["aim-median-ms"] = 4
            return r
        }
    }

    /// A message held until it lifts in Mail's process, then dragged across foot's window beside it
    /// and back, at 2×: each sample is one frame of the shell while the drag is the system's (the
    /// picture under the finger, the windows under it told).
    static func processDrag() -> Result {
        withMailProcess(scale: 2) { rig, mail, app in
            let w = openMail(rig, mail, app)
            let foot = open(["foot"], in: rig)
            guard let fw = rig.shell.window(showing: foot) else { fail("bench: foot has no window", code: 1) }
            rig.shell.show(fullScreen: w.id)
            rig.shell.show(split: fw.id, on: .right)
            // Mail reads its list off the main thread and lays it out at half the screen.
            rig.run(for: 1.5)
            let host = rig.host
            let from = w.convert(Point(w.bounds.midX, 140), to: nil)
            let to = fw.convert(Point(fw.bounds.midX, fw.bounds.midY), to: nil)
            let id = host.touchDown(at: from)
            rig.run(for: 0.9)
            var xs: [Double] = []
            for i in 0..<240 {
                // Across and back, 2 s at 120 Hz.
                let t = Double(i < 120 ? i : 240 - i) / 120
                host.touchMove(id, to: Point(from.x + (to.x - from.x) * t, from.y + (to.y - from.y) * t))
                rig.compositor.dispatch(timeout: 0.002)
                host.clock.advance(by: HeadlessHost.frameInterval)
                let t0 = now()
                host.frame()
                if rig.compositor.isDragging { xs.append((now() - t0) * 1000) }
                rig.compositor.framesShown()
            }
            host.touchUp(id, at: from)
            for _ in 0..<30 { rig.step(wait: 0.002) }
            guard xs.count > 100 else { fail("bench: the drag did not leave Mail (\(xs.count) frames)", code: 1) }
            var r = result("process.drag-across-processes@2x", xs)
            r.extra["aim-ms"] = 1000 / 120
            return r
        }
    }

    /// Firefox ESR scrolling a long page in Split View beside Mail (a process) at 2×, the wheel
    /// turning every frame: each sample is the shell's part of a frame that shows a new picture of
    /// Firefox's — its commit read (the damaged rows copied) and the frame composed —, not the wait
    /// for Firefox to draw.
    static func processFirefoxScroll() -> Result {
        let name = "process.firefox-scroll-beside-mail@2x"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/firefox-esr") else {
            fail("bench: \(name) needs firefox-esr (scripts/setup.sh installs it)", code: 1)
        }
        return withMailProcess(scale: 2) { rig, mail, app in
            let w = openMail(rig, mail, app)
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
                "slate-bench-ff-\(UUID().uuidString)")
            defer { try? FileManager.default.removeItem(at: dir) }
            let profile = dir.appendingPathComponent("profile")
            let page = dir.appendingPathComponent("long.html")
            do {
                try FileManager.default.createDirectory(at: profile, withIntermediateDirectories: true)
                // Nothing but the page: no first-run tabs, no smooth scrolling (each turn of the wheel
                // moves the page at once), nothing fetched.
                try """
                user_pref("browser.aboutwelcome.enabled", false);
                user_pref("browser.shell.checkDefaultBrowser", false);
                user_pref("browser.startup.homepage_override.mstone", "ignore");
                user_pref("datareporting.policy.dataSubmissionEnabled", false);
                user_pref("general.smoothScroll", false);
                """.write(to: profile.appendingPathComponent("user.js"), atomically: true, encoding: .utf8)
                // Rows of text in bands of colour, far longer than the scroll.
                let rows = (0..<4000).map { "<p style=\"background: hsl(\($0 * 7 % 360), 70%, 80%)\">Row \($0)</p>" }
                try
                    ("<!doctype html><meta charset=\"utf-8\"><body style=\"margin: 0; font: 18px sans-serif\">"
                    + rows.joined()).write(to: page, atomically: true, encoding: .utf8)
            } catch {
                fail("bench: cannot write Firefox's page: \(error)", code: 1)
            }
            let firefox = open(
                [
                    "env", "HOME=\(dir.path)", "firefox-esr", "--new-instance", "--profile", profile.path,
                    page.absoluteString,
                ], in: rig)
            guard let fw = rig.shell.window(showing: firefox) else { fail("bench: Firefox has no window", code: 1) }
            rig.shell.show(fullScreen: w.id)
            rig.shell.show(split: fw.id, on: .right)
            // Firefox lays the page out at half the screen and draws it.
            rig.run(for: 3)
            let over = fw.convert(Point(fw.bounds.midX, fw.bounds.midY), to: nil)
            rig.host.root.dispatcher.handle(PointerEvent.hover(over))
            var xs: [Double] = []
            var read: [Double] = []
            var pollFD = pollfd(fd: rig.compositor.eventFD, events: Int16(POLLIN), revents: 0)
            let end = now() + 60
            while xs.count < 300, now() < end {
                rig.host.root.dispatcher.handle(PointerEvent.scroll(over, dx: 0, dy: 30))
                rig.compositor.framesShown()
                let count = firefox.pictureCount
                // Firefox's answer is waited for outside the measure.
                _ = poll(&pollFD, 1, 50)
                let t0 = now()
                rig.compositor.dispatch()
                guard firefox.pictureCount > count else { continue }
                let t1 = now()
                rig.host.clock.advance(by: HeadlessHost.frameInterval)
                rig.host.frame()
                xs.append((now() - t0) * 1000)
                read.append((t1 - t0) * 1000)
            }
            guard xs.count >= 100 else { fail("bench: Firefox drew \(xs.count) frames while scrolling", code: 1) }
            // The least such a frame can cost: one copy of Firefox's half of the screen.
            let half = fw.bounds.size
            var r = result(name, xs, floor: copyFloor(bytes: Int(half.width * 2) * Int(half.height * 2) * 4))
            r.extra["aim-median-ms"] = 2
            r.extra["aim-p99-ms"] = 8.3
            r.extra["frames"] = Double(xs.count)
            r.extra["read-median-ms"] = median(read)
            return r
        }
    }
}
