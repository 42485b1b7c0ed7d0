import Foundation
import Graphics
import Host
import Mail
import MailStore
import Shell
import UI

/// `slate bench mail…`: Mail over a Maildir of 10,000 messages — opening it, scrolling its Inbox and
/// what memory it takes.
extension Bench {
    static var mailCases: [Case] {
        [
            Case(name: "mail.open-10000") { mailOpen() },
            Case(name: "mail.scroll-10000@2x") { mailScroll() },
            Case(name: "mail.memory-10000") { mailMemory() },
        ]
    }

    static let mailCount = 10_000

    /// A Maildir of 10,000 generated messages in the temporary folder, made once and kept across runs
    /// (it is made under another name and renamed, so a half-made one is never taken for it).
    static func benchMaildir() -> URL {
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

    /// From making the shell with Mail over 10,000 messages to the end of the first frame that shows
    /// the Inbox (the window's opening animation has begun, so its rows are drawn), at 2×.
    static func mailOpen() -> Result {
        let maildir = benchMaildir()
        var frames: [Double] = []
        var firstFrame: [Double] = []
        let xs = withScratch { dir in
            var n = 0
            return sample(5, warmup: 1) {
                n += 1
                let clock = VirtualClock()
                let places = mailPlaces(maildir, stateHome: dir.appendingPathComponent("state-\(n)"))
                guard
                    let shell = try? SystemBuilder.makeShell(
                        device: Device(), clock: clock, places: places, apps: [.mail])
                else {
                    fail("bench: cannot open Mail over \(maildir.path)", code: 1)
                }
                let host = HeadlessHost(root: shell, clock: clock, scale: 2)
                let t1 = now()
                var count = 1
                host.frame()
                // The window fades in: the first frame draws it fully transparent, the next shows it.
                while !showsInbox(shell) {
                    precondition(count < 10, "the Inbox did not show")
                    clock.advance(by: HeadlessHost.frameInterval)
                    host.frame()
                    count += 1
                }
                frames.append(Double(count))
                firstFrame.append((now() - t1) * 1000)
            }
        }
        var r = result("mail.open-10000", xs)
        r.extra["frames"] = median(frames)
        r.extra["frames-ms"] = median(firstFrame)
        return r
    }

    /// Whether the focused window is seen and its Inbox lists messages.
    static func showsInbox(_ shell: Shell) -> Bool {
        guard let id = shell.focusedWindow, let w = shell.windows[id], w.alpha > 0.001,
            let v = w.scene.rootView as? MailboxWindowView
        else { return false }
        return v.mailbox.role == .inbox && !v.messageList.visibleRows.isEmpty
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

    /// Resident memory after opening Mail over the 10,000 and scrolling its Inbox (as the cases above).
    static func mailMemory() -> Result {
        let maildir = benchMaildir()
        return withScratch { dir in
            let s = ShellScreen(scale: 2, places: mailPlaces(maildir, stateHome: dir))
            guard let list = s.inbox?.messageList else { fail("bench: no Inbox", code: 1) }
            _ = scroll(s, list, frames: 1200, by: 40)
            let status = procStatus()
            let rss = (status["VmRSS"] ?? .nan) / 1024
            var r = result("mail.memory-10000", [rss], unit: "MB")
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
