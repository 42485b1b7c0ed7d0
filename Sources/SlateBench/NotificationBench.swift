import Foundation
import Graphics
import Host
import SessionBus
import SessionServices
@_spi(Testing) import Shell
import ShellPorts
import SlateLog
import SlateSystem
import UI

/// `slate bench notifications…`: a program's notification from `notify-send` to the banner's first
/// frame on the screen, and the banner's slide in and out at 2× over Mail.
extension Bench {
    static var notificationCases: [Case] {
        [
            Case(name: "notifications.first-frame@2x") { notifySendToBanner() },
            Case(name: "notifications.banner-animation@2x") { bannerAnimation() },
        ]
    }

    /// `notify-send` (libnotify) on a bus daemon of the bench's own, Slate's server on it, the shell
    /// at 2× over Mail: each sample is from the program's start to the end of the first frame that
    /// shows its banner (the program's start-up, the bus, the server's thread, the main loop's frame).
    /// `frame` is that frame's own time.
    static func notifySendToBanner() -> Result {
        let name = "notifications.first-frame@2x"
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/notify-send"),
            let bus = BenchBus()
        else {
            Logger("bench").warning("bench \(name) needs notify-send and dbus-daemon")
            return Result(name: name, unit: "ms", median: .nan, p99: .nan)
        }
        defer { bus.stop() }
        let s = ShellScreen(scale: 2)
        defer { s.close() }
        let mailbox = MainMailbox()
        let server = NotificationServer(bus: .address(bus.address), mailbox: mailbox, report: { _, _ in })
        s.shell.services.notifications = server
        let trace = ProcessInfo.processInfo.environment["SLATE_BENCH_TRACE"] != nil
        if trace { print("bus \(bus.address)") }
        let connecting = now()
        while server.uniqueName == nil {
            if now() - connecting > 5 { fail("bench: the notification server did not connect in 5 s", code: 1) }
            mailbox.wait(timeout: 0.05)
        }
        if trace { print("server \(server.uniqueName ?? "")") }
        var xs: [Double] = []
        var frames: [Double] = []
        for i in 0..<23 {
            let t0 = now()
            let p = Process()
            p.executableURL = URL(fileURLWithPath: "/usr/bin/notify-send")
            p.arguments = ["--app-name=Bench", "Build \(i) finished", "All tests passed"]
            p.environment = ["DBUS_SESSION_BUS_ADDRESS": bus.address, "PATH": "/usr/bin:/bin"]
            do { try p.run() } catch { fail("bench: cannot start notify-send: \(error)", code: 1) }
            var shown = false
            while !shown {
                if now() - t0 > 5 { fail("bench: no banner 5 s after notify-send", code: 1) }
                mailbox.wait(timeout: 0.002)
                s.clock.advance(by: HeadlessHost.frameInterval)
                let f0 = now()
                s.host.frame()
                if s.shell.notificationBanners.first?.notification.title == "Build \(i) finished" {
                    shown = true
                    frames.append((now() - f0) * 1000)
                }
            }
            if i >= 3 { xs.append((now() - t0) * 1000) }
            if trace { print("banner \(i): \((now() - t0) * 1000) ms") }
            p.waitUntilExit()
            s.shell.closeNotification(s.shell.notificationBanners.first!.notification.id, reason: .dismissed)
            s.host.run(for: 0.5)
        }
        var r = result(name, xs)
        r.extra["frame"] = median(frames)
        return r
    }

    /// A banner slides in over Mail's Inbox at 2×, rests, and is swiped up, 10 times; each sample is one
    /// frame that drew (120 Hz); `max` is the slowest.
    static func bannerAnimation() -> Result {
        let s = ShellScreen(scale: 2)
        defer { s.close() }
        var xs: [Double] = []
        func frames(_ n: Int) {
            for _ in 0..<n {
                s.clock.advance(by: HeadlessHost.frameInterval)
                let t0 = now()
                s.host.frame()
                if !s.host.lastDamage.isEmpty { xs.append((now() - t0) * 1000) }
            }
        }
        for round in 0..<11 {
            let id = UInt32(round + 1)
            s.shell.post(
                ShellNotification(
                    id: id, appName: "Mail", title: "Anna Petrova",
                    body: "Lunch at one? I found a new place by the river, quiet and good — shall we try it today?",
                    date: Date(), expireTimeout: 0, origin: .bus(sender: ":1.1")))
            if round == 0 {
                // The first round lays the fonts out once: not counted.
                s.host.run(for: 1)
                s.shell.closeNotification(id, reason: .dismissed)
                s.host.run(for: 1)
                continue
            }
            frames(60)
            guard let banner = s.shell.notificationBanners.first else { fail("bench: no banner", code: 1) }
            let b = banner.frameInRoot
            let touch = s.host.touchDown(at: b.center)
            for i in 1...12 {
                s.host.touchMove(touch, to: Point(b.midX, b.midY - 10 * Double(i)))
                frames(1)
            }
            s.host.touchUp(touch, at: Point(b.midX, b.midY - 120))
            frames(60)
            guard s.shell.notificationBanners.isEmpty else { fail("bench: the banner did not go", code: 1) }
        }
        var r = result("notifications.banner-animation@2x", xs)
        r.extra["max"] = xs.max() ?? .nan
        r.extra["frames"] = Double(xs.count)
        return r
    }
}

/// A bus daemon of the bench's own (killed after two minutes should the bench be killed first).
final class BenchBus {
    let address: String
    private let daemon: Process

    init?() {
        daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: "/usr/bin/timeout")
        daemon.arguments = [
            "-s", "KILL", "120", "/usr/bin/dbus-daemon", "--session", "--nofork", "--nopidfile", "--print-address=1",
        ]
        let out = Pipe()
        daemon.standardOutput = out
        daemon.standardError = FileHandle.nullDevice
        do { try daemon.run() } catch { return nil }
        address = Self.firstLine(of: out)
        if address.isEmpty { return nil }
    }

    /// The first line a program writes to `pipe` (its bus address, its display), trimmed; "" when it
    /// ends without one.
    static func firstLine(of pipe: Pipe) -> String {
        var line = Data()
        while !line.contains(UInt8(ascii: "\n")) {
            let chunk = pipe.fileHandleForReading.availableData
            if chunk.isEmpty { break }
            line.append(chunk)
        }
        return String(decoding: line, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    func stop() {
        // `timeout` passes SIGTERM on to the daemon (SIGKILL would leave the daemon behind).
        kill(daemon.processIdentifier, SIGTERM)
        daemon.waitUntilExit()
    }
}
