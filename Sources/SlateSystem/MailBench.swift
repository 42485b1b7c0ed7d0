import Foundation
import Graphics
import Host
import Mail
import MailStore
import Shell
import UI

/// `slate bench mail…`: Mail over a Maildir of 10,000 and of 100,000 messages — opening it, scrolling
/// its Inbox and what memory it takes.
extension Bench {
    static var mailCases: [Case] {
        [
            Case(name: "mail.open-10000") { mailOpen(count: 10_000) },
            Case(name: "mail.scroll-10000@2x") { mailScroll() },
            Case(name: "mail.memory-10000") { mailMemory(count: 10_000) },
            Case(name: "mail.open-100000") { mailOpen(count: 100_000) },
            Case(name: "mail.memory-100000") { mailMemory(count: 100_000) },
        ]
    }

    static let mailCount = 10_000

    /// A Maildir of `mailCount` (or `count`) generated messages in the temporary folder, made once and
    /// kept across runs (it is made under another name and renamed, so a half-made one is never taken
    /// for it).
    static func benchMaildir(count: Int = mailCount) -> URL {
        let mailCount = count
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("slate-bench-maildir-\(mailCount)")
        func files(_ sub: String) -> Int {
            (try? fm.contentsOfDirectory(atPath: root.appendingPathComponent(sub).path))?.count ?? 0
        }
        if files("cur") + files("new") == mailCount { return root }
        try? fm.removeItem(at: root)
        let making = fm.temporaryDirectory.appendingPathComponent("slate-bench-maildir-\(getpid())-\(UUID())")
        do {
            _ = try Maildir.generateBenchmark(at: making, count: mailCount)
            try fm.moveItem(at: making, to: root)
        } catch {
            try? fm.removeItem(at: making)
            fail("bench: cannot make the Maildir of \(mailCount) messages: \(error)", code: 1)
        }
        return root
    }

    /// Places over the bench Maildir with a fresh state home (so Mail opens its first window anew).
    static func mailPlaces(_ maildir: URL, stateHome: URL) -> AppPlaces {
        AppPlaces(
            isScratch: false, dataHome: stateHome.appendingPathComponent("data"), stateHome: stateHome,
            options: ["maildir": maildir.path], now: { SystemBuilder.headlessDate })
    }

    static func withScratch<T>(_ body: (URL) -> T) -> T {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent(
            "slate-bench-mail-\(getpid())-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: dir) }
        return body(dir)
    }

    /// Opens Mail over `count` messages as `slate run` does — the mailbox listed and its rows read on
    /// threads (`BackgroundWork.Mode.threads`) — and draws frames at 2×, paced at 120 Hz, until the
    /// Inbox's rows on screen are all filled in. The figures are the times of those frames (the aim:
    /// none over 16.6 ms while Mail loads); the window's opening animation, the shell's, is over by
    /// the first frame (the clock is a second on), so the frames after it are Mail's own.
    /// `first-frame-ms` is from making the shell to the end of the first frame (the window with
    /// "Loading…" or rows), `list-ms` to the first with rows, `filled-ms` to the one with every row
    /// on screen read; `after-first-p99-ms` and `after-first-max-ms` leave out the first frame (the
    /// whole screen drawn once).
    static func mailOpen(count: Int) -> Result {
        let maildir = benchMaildir(count: count)
        // SLATE_BENCH_TRACE=1 prints every frame: its time and what the Inbox shows.
        let trace = ProcessInfo.processInfo.environment["SLATE_BENCH_TRACE"] != nil
        var frameTimes: [Double] = []
        var laterFrames: [Double] = []
        var firstFrame: [Double] = []
        var listed: [Double] = []
        var filled: [Double] = []
        var longest: [Double] = []
        withScratch { dir in
            var n = 0
            _ = sample(count > 10_000 ? 3 : 5, warmup: 1) {
                n += 1
                let clock = VirtualClock()
                let places = mailPlaces(maildir, stateHome: dir.appendingPathComponent("state-\(n)"))
                let t0 = now()
                guard
                    let shell = try? SystemBuilder.makeShell(
                        device: Device(), clock: clock, places: places, apps: [.mail])
                else {
                    fail("bench: cannot open Mail over \(maildir.path)", code: 1)
                }
                shell.environment.backgroundWork.mode = .threads
                let host = HeadlessHost(root: shell, clock: clock, scale: 2)
                clock.advance(by: 1)
                var times: [Double] = []
                var first: Double?
                var list: Double?
                while true {
                    let f0 = now()
                    host.frame()
                    let f1 = now()
                    times.append((f1 - f0) * 1000)
                    let state = inboxState(shell)
                    if trace {
                        print(
                            String(
                                format: "  frame %3d  %7.2f ms  at %7.1f ms  %@", times.count, times.last!,
                                (f1 - t0) * 1000, "\(state)"))
                    }
                    if first == nil, state != .hidden { first = (f1 - t0) * 1000 }
                    if list == nil, state == .listed || state == .filled { list = (f1 - t0) * 1000 }
                    if state == .filled { break }
                    if f1 - t0 > 60 { fail("bench: the Inbox of \(count) did not fill in a minute", code: 1) }
                    clock.advance(by: HeadlessHost.frameInterval)
                    // Frames come no faster than the display's (as `slate run` paces them).
                    let left = HeadlessHost.frameInterval - (now() - f0)
                    if left > 0 { usleep(useconds_t(left * 1_000_000)) }
                }
                frameTimes += times
                laterFrames += times.dropFirst()
                firstFrame.append(first ?? .nan)
                listed.append(list ?? .nan)
                filled.append((now() - t0) * 1000)
                longest.append(times.max() ?? .nan)
            }
        }
        var r = result("mail.open-\(count)", frameTimes)
        r.extra["first-frame-ms"] = median(firstFrame)
        r.extra["list-ms"] = median(listed)
        r.extra["filled-ms"] = median(filled)
        r.extra["max-frame-ms"] = longest.max() ?? .nan
        r.extra["after-first-p99-ms"] = p99(laterFrames)
        r.extra["after-first-max-ms"] = laterFrames.max() ?? .nan
        return r
    }

    enum InboxState { case hidden, loading, listed, filled }

    /// How far the focused window's Inbox is: not seen yet, seen and loading, listing rows (some still
    /// being read), or every row on screen filled in.
    static func inboxState(_ shell: Shell) -> InboxState {
        guard let id = shell.focusedWindow, let w = shell.windows[id], w.alpha > 0.001,
            let v = w.scene.rootView as? MailboxWindowView, v.mailbox.role == .inbox
        else { return .hidden }
        let rows = v.messageList.visibleRows
        if rows.isEmpty { return .loading }
        let pending = rows.contains { ($0.1 as? MessageRowView)?.accessibilityLabel == MailStrings.loading.text }
        return pending ? .listed : .filled
    }

    /// Opens Mail over the 10,000 and scrolls its Inbox with the pointer's wheel (as a trackpad's
    /// two-finger scroll), 40 pt a frame — about 3 rows a frame, 4,800 pt a second at 120 Hz — down
    /// 1,200 frames and back. Each sample is one event and the frame after it.
    static func mailScroll() -> Result {
        let maildir = benchMaildir()
        return withScratch { dir in
            let s = ShellScreen(scale: 2, places: mailPlaces(maildir, stateHome: dir))
            guard let list = s.inbox?.messageList else { fail("bench: no Inbox", code: 1) }
            let (xs, rows) = scroll(s, list, frames: 1200, by: 40)
            var r = result("mail.scroll-10000@2x", xs)
            r.extra["rows-passed"] = rows
            return r
        }
    }

    /// Scrolls `list` down `frames` frames by `dy` and back up; returns each frame's milliseconds and
    /// how many rows went by on the way down.
    static func scroll(_ s: ShellScreen, _ list: ListView, frames: Int, by dy: Double) -> ([Double], Double) {
        let p = list.frameInRoot.center
        var xs: [Double] = []
        xs.reserveCapacity(2 * frames)
        for direction in [1.0, -1.0] {
            for _ in 0..<frames {
                s.clock.advance(by: HeadlessHost.frameInterval)
                let t0 = now()
                s.shell.dispatcher.handle(PointerEvent.scroll(p, dx: 0, dy: direction * dy))
                s.host.frame()
                xs.append((now() - t0) * 1000)
            }
        }
        return (xs, Double(frames) * dy / MessageRowView.height)
    }

    /// Resident memory after opening Mail over `count` messages and scrolling its Inbox (as the cases
    /// above).
    static func mailMemory(count: Int) -> Result {
        let maildir = benchMaildir(count: count)
        return withScratch { dir in
            let s = ShellScreen(scale: 2, places: mailPlaces(maildir, stateHome: dir))
            guard let list = s.inbox?.messageList else { fail("bench: no Inbox", code: 1) }
            _ = scroll(s, list, frames: 1200, by: 40)
            let status = procStatus()
            let rss = (status["VmRSS"] ?? .nan) / 1024
            var r = result("mail.memory-\(count)", [rss], unit: "MB")
            r.extra["peak-MB"] = (status["VmHWM"] ?? .nan) / 1024
            return r
        }
    }

    /// The kB figures of /proc/self/status.
    static func procStatus() -> [String: Double] {
        guard let text = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8) else { return [:] }
        var out: [String: Double] = [:]
        for line in text.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            guard parts.count == 2 else { continue }
            let fields = parts[1].split(whereSeparator: \.isWhitespace)
            if fields.count == 2, fields[1] == "kB", let v = Double(fields[0]) { out[String(parts[0])] = v }
        }
        return out
    }
}
