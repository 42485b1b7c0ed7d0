import Foundation
import Graphics
import Host
import Mail
import Menus
import Rendering
@_spi(Testing) import Shell
import SlateLog
import SlateSystem
@_spi(Testing) import UI

/// `slate bench screen…` and `slate bench shell…`: the real screen — the shell with Mail — redrawn
/// whole or in part, the Split View divider dragged by a finger, and App Exposé over twelve windows.
extension Bench {
    static var screenCases: [Case] {
        var out: [Case] = []
        for scale in [1.0, 2.0] {
            let name = "screen.full-redraw@\(Int(scale))x"
            out.append(
                Case(name: name) {
                    let s = ShellScreen(scale: scale)
                    defer { s.close() }
                    let xs = sample(60) {
                        s.shell.damageAll()
                        s.host.frame()
                    }
                    let fb = s.host.framebuffer
                    return result(name, xs, floor: copyFloor(bytes: fb.width * fb.height * 4))
                })
        }
        out.append(
            Case(name: "screen.small-change@2x") {
                let s = ShellScreen(scale: 2)
                defer { s.close() }
                // One row of the Inbox gains and loses its flag, as when the message is flagged.
                guard let row = s.inbox?.messageList.visibleRow(2) as? MessageRowView, let summary = row.summary
                else { fail("bench: the Inbox shows no message row", code: 1) }
                let now = SystemBuilder.headlessDate
                var flagged = summary
                flagged.ref.flags.formSymmetricDifference(.flagged)
                var flip = false
                var damaged: [Double] = []
                let xs = sample(200) {
                    flip.toggle()
                    row.configure(flip ? flagged : summary, now: now)
                    s.host.frame()
                    damaged.append(s.host.lastDamage.reduce(0) { $0 + $1.width * $1.height })
                }
                var r = result("screen.small-change@2x", xs)
                r.extra["damaged-pt2"] = median(damaged)
                return r
            })
        return out
    }

    static var shellCases: [Case] {
        [
            Case(name: "shell.divider-drag@2x") { shellDragDivider() },
            Case(name: "shell.drag-window-over-split@2x") { shellDragOverSplit() },
            Case(name: "shell.expose-12-windows@2x") { shellExpose() },
            Case(name: "shell.snapshot-bytes") { shellSnapshotBytes() },
            Case(name: "shell.memory-at-rest") { shellMemoryAtRest() },
        ]
    }

    /// Two Mail windows side by side in Split View (at half the screen), settled.
    static func splitScreen() -> ShellScreen {
        let s = ShellScreen(scale: 2)
        let first = s.shell.focusedWindow!
        guard let second = s.shell.newWindow(of: s.mail)?.persistentIdentifier else {
            fail("bench: Mail opened no second window", code: 1)
        }
        s.host.run(for: 1)
        s.shell.show(fullScreen: first)
        s.shell.show(split: second, on: .right)
        s.host.run(for: 1)
        guard case .split = s.shell.arrangement else { fail("bench: no Split View", code: 1) }
        return s
    }

    /// Two Mail windows in Split View; a finger drags the divider from a third of the screen to two
    /// thirds and back, many times, one move a frame at 120 Hz. Each sample is the frame after a move;
    /// `settle-max` is the slowest frame after a release (the windows laid out at their new sizes).
    static func shellDragDivider() -> Result {
        let s = splitScreen()
        defer { s.close() }
        let w = s.shell.bounds.width
        let y = s.shell.bounds.height / 2
        let stops = [w / 2, w / 3, w * 2 / 3, w / 2]
        var xs: [Double] = []
        var settle: [Double] = []
        let steps = 60
        for round in 0..<4 {
            var x = w / 2
            let id = s.host.touchDown(at: Point(x, y))
            s.host.frame()
            for leg in 1..<stops.count {
                let (a, b) = (stops[leg - 1], stops[leg])
                for i in 1...steps {
                    x = a + (b - a) * Double(i) / Double(steps)
                    s.clock.advance(by: HeadlessHost.frameInterval)
                    s.host.touchMove(id, to: Point(x, y))
                    let t0 = now()
                    s.host.frame()
                    if round > 0 { xs.append((now() - t0) * 1000) }
                }
            }
            s.host.touchUp(id, at: Point(x, y))
            for _ in 0..<120 {
                s.clock.advance(by: HeadlessHost.frameInterval)
                let t0 = now()
                s.host.frame()
                if round > 0 { settle.append((now() - t0) * 1000) }
            }
        }
        guard case .split(_, _, let f) = s.shell.arrangement, abs(f - 0.5) < 0.01 else {
            fail("bench: the divider did not follow the finger", code: 1)
        }
        var r = result("shell.divider-drag@2x", xs)
        r.extra["frames"] = Double(xs.count)
        r.extra["settle-max"] = settle.max() ?? .nan
        return r
    }

    /// Two Mail windows in Split View; a finger lifts a message out of the left window and drags it
    /// across the right one to the right edge (its drop target lights up) and back to the divider,
    /// where it lets go. Each sample is the frame after a move.
    static func shellDragOverSplit() -> Result {
        let s = splitScreen()
        defer { s.close() }
        guard case .split(let l, _, _) = s.shell.arrangement,
            let list = (s.shell.windows[l]?.scene.rootView as? MailboxWindowView)?.messageList,
            let row = list.visibleRow(2)
        else { fail("bench: the left window shows no message row", code: 1) }
        let start = row.frameInRoot.center
        let w = s.shell.bounds.width
        let edge = Point(w - 12, s.shell.bounds.midY)
        let divider = Point(w / 2, s.shell.bounds.midY)
        var xs: [Double] = []
        let steps = 60
        // SLATE_BENCH_TRACE=1 prints every frame: its time and the area drawn.
        let trace = ProcessInfo.processInfo.environment["SLATE_BENCH_TRACE"] != nil
        for round in 0..<4 {
            let id = s.host.touchDown(at: start)
            s.host.run(for: 0.65)
            for (leg, (a, b)) in [(start, edge), (edge, divider)].enumerated() {
                for i in 1...steps {
                    s.clock.advance(by: HeadlessHost.frameInterval)
                    s.host.touchMove(id, to: lerp(a, b, Double(i) / Double(steps)))
                    let c0 = MonotonicClock.threadCPUTime()
                    let t0 = now()
                    s.host.frame()
                    let ms = (now() - t0) * 1000
                    let cpu = (MonotonicClock.threadCPUTime() - c0) * 1000
                    if round > 0 { xs.append(ms) }
                    if trace {
                        let area = s.host.lastDamage.reduce(0) { $0 + $1.width * $1.height }
                        print(
                            String(
                                format: "  round %d leg %d frame %2d  %6.2f ms  cpu %6.2f  damaged-pt2 %.0f  from %.6f",
                                round, leg, i, ms, cpu, area, t0))
                    }
                }
            }
            s.host.touchUp(id, at: divider)
            s.host.run(for: 1)
        }
        guard s.mail.openSessions.count == 2 else { fail("bench: the drag opened a window", code: 1) }
        var r = result("shell.drag-window-over-split@2x", xs)
        r.extra["frames"] = Double(xs.count)
        return r
    }

    /// Twelve Mail windows and App Exposé over them; every frame redraws the whole screen (as when it
    /// appears), then a snapshot is swiped up and back (as when a window is about to be closed).
    static func shellExpose() -> Result {
        let s = ShellScreen(scale: 2)
        defer { s.close() }
        s.openWindows(12)
        s.shell.showExpose(for: s.mail)
        s.host.run(for: 0.5)
        guard let expose = s.shell.expose, expose.cells.count == 12 else {
            fail("bench: Exposé shows \(s.shell.expose?.cells.count ?? 0) windows, not 12", code: 1)
        }
        let full = sample(60) {
            s.shell.damageAll()
            s.host.frame()
        }
        // Swipe the middle snapshot up 60 pt (not far enough to close it) and let it go, 4 times.
        let cell = expose.cells[4]
        var swipe: [Double] = []
        for _ in 0..<4 {
            let start = cell.frameInRoot.center
            let id = s.host.touchDown(at: start)
            s.host.frame()
            for i in 1...30 {
                s.clock.advance(by: HeadlessHost.frameInterval)
                let dy = -60 * sin(Double(i) / 30 * .pi)
                s.host.touchMove(id, to: Point(start.x, start.y + dy))
                let t0 = now()
                s.host.frame()
                swipe.append((now() - t0) * 1000)
            }
            s.host.touchUp(id, at: start)
            s.host.run(for: 0.2)
        }
        precondition(s.shell.expose?.cells.count == 12, "a swipe closed a window")
        var r = result("shell.expose-12-windows@2x", full + swipe)
        r.extra["full-redraw-median"] = median(full)
        r.extra["swipe-median"] = median(swipe)
        r.extra["swipe-p99"] = p99(swipe)
        return r
    }

    /// The size of one Exposé snapshot (width × height × 4 bytes), median over twelve windows.
    static func shellSnapshotBytes() -> Result {
        let s = ShellScreen(scale: 2)
        defer { s.close() }
        s.openWindows(12)
        s.shell.showExpose(for: s.mail)
        s.host.run(for: 0.5)
        // Only windows still connected have a snapshot: the others (beyond the runtime's background
        // budget) show as their title on a placeholder.
        let sizes = s.shell.snapshotImages.map { Double($0.width * $0.height * 4) }
        let cells = s.shell.expose?.cells.count ?? 0
        precondition(cells == 12 && !sizes.isEmpty, "\(cells) cells, \(sizes.count) snapshots")
        var r = result("shell.snapshot-bytes", sizes, unit: "bytes")
        r.extra["snapshots"] = Double(sizes.count)
        r.extra["total-MB"] = sizes.reduce(0, +) / 1_048_576
        return r
    }
}

extension Bench {
    /// The resident memory of the world `slate run` shows — the shell with Mail and Notes, Mail's
    /// Inbox full screen at 2× — once it is at rest, read from /proc/self/statm in a process of its
    /// own (the cases before would leave their memory behind). Beside it, where it goes: the cached
    /// pictures of rasterized views, the frame buffer, Exposé's snapshots.
    static func shellMemoryAtRest() -> Result {
        let name = "shell.memory-at-rest"
        if let r = inOwnProcess(name) { return r }
        let s = ShellScreen(scale: 2, apps: [.mail, .notes])
        defer { s.close() }
        s.host.run(for: 2)
        let mb = 1_048_576.0
        let rss = residentBytes() / mb
        var r = Result(name: name, unit: "MB", median: rss, p99: rss, floor: nil)
        r.extra["pictures-MB"] = Double(s.shell.pictureBytes()) / mb
        r.extra["framebuffer-MB"] = Double(s.host.framebuffer.pixels.count) / mb
        r.extra["snapshots-MB"] = Double(s.shell.snapshotImages.reduce(0) { $0 + $1.pixels.count }) / mb
        let maps = residentByMapping()
        r.extra["anonymous-MB"] = maps.filter { $0.key.isEmpty || $0.key.hasPrefix("[") }.values.reduce(0, +) / mb
        r.extra["files-MB"] = maps.filter { !$0.key.isEmpty && !$0.key.hasPrefix("[") }.values.reduce(0, +) / mb
        if ProcessInfo.processInfo.environment["SLATE_BENCH_TRACE"] != nil {
            for (k, v) in maps.sorted(by: { $0.value > $1.value }).prefix(300) {
                Logger("bench", label: nil).info(
                    String(format: "  %8.2f MB  %@", v / mb, k.isEmpty ? "(anonymous)" : k))
            }
        }
        return r
    }

    /// The resident bytes of this process by mapping (a file's path, `[heap]`, `[stack]`; anonymous
    /// mappings under ""), from /proc/self/smaps.
    static func residentByMapping() -> [String: Double] {
        // Read to the end (a file in /proc has no size to read up to).
        guard let h = FileHandle(forReadingAtPath: "/proc/self/smaps"), let data = try? h.readToEnd() else {
            return [:]
        }
        let text = String(decoding: data, as: UTF8.self)
        var out: [String: Double] = [:]
        var current = ""
        for line in text.split(separator: "\n") {
            if line.hasPrefix("Rss:") {
                let kb = Double(line.split(whereSeparator: \.isWhitespace).dropFirst().first ?? "") ?? 0
                out[current, default: 0] += kb * 1024
            } else if let head = line.split(separator: " ").first, head.contains("-"), !head.contains(":") {
                // A mapping's header: address range, permissions, offset, device, inode, then the name.
                let fields = line.split(separator: " ", maxSplits: 5, omittingEmptySubsequences: true)
                current = fields.count > 5 ? String(fields[5]).trimmingCharacters(in: .whitespaces) : ""
            }
        }
        return out
    }

    /// The resident set of this process, in bytes.
    static func residentBytes() -> Double {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .utf8) else { return .nan }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Double(fields[1]) else { return .nan }
        return pages * Double(sysconf(Int32(_SC_PAGESIZE)))
    }
}

/// The shell with Mail as `slate render` makes it — its Inbox full screen over a fresh sample
/// Maildir — on a virtual clock, in a headless host; settled (its opening animation done).
@MainActor final class ShellScreen {
    let clock = VirtualClock()
    let places: AppPlaces
    let shell: Shell
    let host: HeadlessHost
    /// Made by the bench (and removed by `close`), unless the caller gave its own places.
    private let scratch: URL?

    init(scale: Double, apps: [AppEntry] = [.mail], places given: AppPlaces? = nil) {
        places = given ?? SystemBuilder.scratchPlaces()
        scratch = given == nil ? places.dataHome.deletingLastPathComponent() : nil
        do {
            shell = try SystemBuilder.makeShell(
                device: Device(), clock: clock, places: places, apps: apps, language: .en)
        } catch {
            fail("bench: cannot make the shell: \(error)", code: 1)
        }
        host = HeadlessHost(root: shell, clock: clock, scale: scale)
        host.run(for: 1)
    }

    var mail: ShellApp { shell.apps[0] }

    /// The focused window's mailbox view.
    var inbox: MailboxWindowView? {
        shell.focusedWindow.flatMap { shell.windows[$0]?.scene.rootView as? MailboxWindowView }
    }

    /// Opens Mail windows (each full screen in turn) until `n` are open, and lets them settle. Those
    /// beyond the runtime's background budget are disconnected, as on iPad: their sessions stay open.
    func openWindows(_ n: Int) {
        while mail.openSessions.count < n {
            guard shell.newWindow(of: mail) != nil else { fail("bench: Mail opened no new window", code: 1) }
            host.run(for: 0.5)
        }
    }

    func close() {
        if let scratch { try? FileManager.default.removeItem(at: scratch) }
    }
}
