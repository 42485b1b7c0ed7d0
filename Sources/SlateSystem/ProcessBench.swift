import Compositor
import Foundation
import Graphics
import Host
import Shell
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
    static func withMailProcess<R>(scale: Double, _ body: (CompositorHost, ProcessApp, ShellApp) -> R) -> R {
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
    static func openMail(_ rig: CompositorHost, _ mail: ProcessApp, _ app: ShellApp) -> WindowFrameView {
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
}
