import Foundation
import Graphics
import Host
import Mail
import MailStore
import Shell
import SlateSystem
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
            Case(name: "mail.open-10000-parts@2x") { mailOpenHuge(.parts) },
            Case(name: "mail.open-50mb-attachment@2x") { mailOpenHuge(.attachment) },
            Case(name: "mail.open-1mb-subject@2x") { mailOpenHuge(.subject) },
        ]
    }

    /// The hostile messages of issue 15.
    enum HugeMessage {
        case parts, attachment, subject

        var subject: String {
            switch self {
            case .parts: "Ten thousand parts"
            case .attachment: "A 50 MB attachment"
            case .subject: "Long subject " + String(repeating: "s", count: 1 << 20)
            }
        }

        var data: Data {
            var head = "From: Big <big@example.com>\r\nSubject: \(subject)\r\n"
            head += "Date: Mon, 30 Nov 2026 09:00:00 +0000\r\nMIME-Version: 1.0\r\n"
            head += "Content-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
            head += "--b\r\nContent-Type: text/plain\r\n\r\nThe text.\r\n"
            var d = Data(head.utf8)
            switch self {
            case .parts:
                var parts = ""
                for i in 0..<10_000 {
                    parts += "--b\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: base64\r\n"
                    parts += "Content-Disposition: attachment; filename=\"part\(i).bin\"\r\n\r\nAAECAwQFBgc=\r\n"
                }
                d.append(Data(parts.utf8))
            case .attachment:
                d.append(
                    Data(
                        ("--b\r\nContent-Type: application/zip\r\nContent-Transfer-Encoding: base64\r\n"
                            + "Content-Disposition: attachment; filename=\"big.zip\"\r\n\r\n").utf8))
                let line = Data((String(repeating: "QUJDRA==", count: 9) + "\r\n").utf8)  // 54 bytes a line
                var body = Data(capacity: 50 << 20 / 54 * line.count + line.count)
                for _ in 0..<(50 << 20) / 54 { body.append(line) }
                d.append(body)
            case .subject:
                break
            }
            d.append(Data("--b--\r\n".utf8))
            return d
        }
    }

    /// Opens a hostile message from the Inbox of a Maildir holding it alone, as `slate run` does (on
    /// threads), drawing frames at 2× paced at 120 Hz until its window shows the message. The
    /// figures are the times of those frames (issue 15: the window froze 23 s, 9.3 s and 4.6 s),
    /// the shell's opening animation left out; `window-ms` is from the tap to the end of the first
    /// frame with the message's window, `shown-ms` to the frame that shows the parsed message.
    static func mailOpenHuge(_ kind: HugeMessage) -> Result {
        let name: String
        switch kind {
        case .parts: name = "mail.open-10000-parts@2x"
        case .attachment: name = "mail.open-50mb-attachment@2x"
        case .subject: name = "mail.open-1mb-subject@2x"
        }
        let trace = ProcessInfo.processInfo.environment["SLATE_BENCH_TRACE"] != nil
        return withScratch { dir in
            let maildir = dir.appendingPathComponent("huge-mail")
            do {
                let fm = FileManager.default
                for sub in ["cur", "new", "tmp"] {
                    try fm.createDirectory(at: maildir.appendingPathComponent(sub), withIntermediateDirectories: true)
                }
                let md = Maildir(
                    root: maildir, nameGenerator: MaildirNameGenerator(clock: { SystemBuilder.headlessDate }))
                _ = try md.deliver(kind.data, to: md.inbox)
            } catch {
                fail("bench: cannot write the message: \(error)", code: 1)
            }
            var frameTimes: [Double] = []
            var windowMS: [Double] = []
            var shownMS: [Double] = []
            var n = 0
            _ = sample(3, warmup: 1) {
                n += 1
                let clock = VirtualClock()
                let places = mailPlaces(maildir, stateHome: dir.appendingPathComponent("state-\(n)"))
                guard
                    let shell = try? SystemBuilder.makeShell(
                        device: Device(), clock: clock, places: places, apps: [.mail], language: .en)
                else { fail("bench: cannot open Mail over \(maildir.path)", code: 1) }
                shell.environment.backgroundWork.mode = .threads
                let host = HeadlessHost(root: shell, clock: clock, scale: 2)
                clock.advance(by: 1)
                let begun = now()
                while inboxState(shell) != .filled {
                    host.frame()
                    clock.advance(by: HeadlessHost.frameInterval)
                    if now() - begun > 60 { fail("bench: the Inbox did not fill", code: 1) }
                    usleep(2_000)
                }
                guard
                    let list = shell.focusedWindow.flatMap({ shell.windows[$0]?.scene.rootView as? MailboxWindowView })?
                        .messageList
                else { fail("bench: no Inbox", code: 1) }
                let t0 = now()
                list.onSelect?(0)
                // The window's opening animation (the shell's) is over by the first frame, as in
                // mail.open-N: the frames measured are Mail's.
                clock.advance(by: 1)
                var window: Double?
                while true {
                    let f0 = now()
                    clock.advance(by: HeadlessHost.frameInterval)
                    host.frame()
                    let f1 = now()
                    frameTimes.append((f1 - f0) * 1000)
                    if trace {
                        print("  frame \(frameTimes.count): \(fmt((f1 - f0) * 1000)) ms at \(fmt((f1 - t0) * 1000)) ms")
                    }
                    let body = shell.windows.values.lazy.compactMap { w in
                        w.scene.rootView.allViews().lazy.compactMap { $0 as? MessageBodyView }.first
                    }.first
                    if window == nil, body != nil { window = (f1 - t0) * 1000 }
                    if let body, !body.isLoading {
                        shownMS.append((f1 - t0) * 1000)
                        break
                    }
                    if f1 - t0 > 120 { fail("bench: the message did not open in two minutes", code: 1) }
                    let left = HeadlessHost.frameInterval - (now() - f0)
                    if left > 0 { usleep(useconds_t(left * 1_000_000)) }
                }
                windowMS.append(window ?? .nan)
            }
            var r = result(name, frameTimes)
            r.extra["window-ms"] = median(windowMS)
            r.extra["shown-ms"] = median(shownMS)
            r.extra["max-frame-ms"] = frameTimes.max() ?? .nan
            return r
        }
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
                        device: Device(), clock: clock, places: places, apps: [.mail], language: .en)
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
                                format: "  frame %3d  %7.2f ms  at %7.1f ms  %@  from %.6f", times.count, times.last!,
                                (f1 - t0) * 1000, "\(state)", f0))
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
        let pending = rows.contains { ($0.1 as? MessageRowView)?.isPlaceholder == true }
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
