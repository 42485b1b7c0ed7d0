import Foundation
import Graphics
import Host
import SessionBus
import ShellPorts
import Testing
@_spi(Testing) import UI

@testable import SessionServices
@_spi(Testing) @testable import Shell
@testable import SlateScripts

/// Slate as the session's notification server on a D-Bus daemon of the test's own: `notify-send`
/// (libnotify, as every GTK program posts) with actions and urgency shows a banner; a tap reaches the
/// program as `ActionInvoked` (notify-send prints the action), a swipe as `NotificationClosed` with
/// reason 2; replaces-id updates the banner; a flood is held back and a 1 MB body and a large picture
/// are bounded, every call answered; a second server finds the name taken and says so once.
@MainActor @Suite(.serialized) struct NotificationServerTests {
    @MainActor final class Rig {
        let mocks: MockSystem
        let world: ShellWorld
        let mailbox = MainMailbox()
        let server: NotificationServer
        let reported = ReportLog()
        /// A connection watching the server's signals, as a program's would.
        let monitor: BusConnection
        var signals: [(member: String, id: UInt32, detail: String)] = []
        var shell: Shell { world.shell }

        init() throws {
            mocks = try MockSystem(templates: [])
            world = ShellWorld(catalog: [:], stateHome: mocks.folder.appendingPathComponent("state"), scale: 1)
            let log = reported
            server = NotificationServer(
                bus: .address(mocks.address), mailbox: mailbox,
                report: { error, what in log.lines.append("\(what.en): \(error)") })
            world.shell.services.notifications = server
            monitor = try BusConnection(.address(mocks.address))
            try monitor.addMatch(MatchRule(interface: NotificationServer.name))
            try mocks.waitForName(NotificationServer.name)
        }

        /// Serves the server's news, reads the signals and draws frames until `condition` holds (5 s).
        @discardableResult
        func wait(_ what: String, until condition: () -> Bool) -> Bool {
            let end = Date().addingTimeInterval(5)
            while Date() < end {
                mailbox.wait(timeout: 0.01)
                readSignals()
                world.host.run(for: 0.02)
                if condition() { return true }
            }
            Issue.record("waited 5 s for \(what)")
            return false
        }

        func readSignals() {
            for m in monitor.receive() where m.kind == .signal && m.interface == NotificationServer.name {
                let r = m.reader()
                guard let id = try? r.uint32() else { continue }
                let detail: String =
                    switch m.member {
                    case "NotificationClosed": (try? r.uint32()).map(String.init) ?? ""
                    default: (try? r.string()) ?? ""
                    }
                signals.append((m.member, id, detail))
            }
        }

        /// Runs `notify-send` with `arguments` on the test's bus; its output goes to `log`.
        func notifySend(_ arguments: [String], log: String) throws {
            try mocks.start("/usr/bin/notify-send", arguments, log: log)
        }

        /// Runs script steps on the shell, as a person would act.
        func script(_ text: String) throws {
            let r = ScriptRunner(
                world: world,
                outputDirectory: FileManager.default.temporaryDirectory.appendingPathComponent("slate-services-out"))
            try r.run(try ScriptParser.parse(text, source: "notifications-test"))
        }

        func output(_ log: String) -> String {
            (try? String(contentsOf: mocks.folder.appendingPathComponent(log), encoding: .utf8)) ?? ""
        }

        /// Calls Notify from the test's own connection (one sender).
        func notify(
            summary: String, body: String = "", replaces: UInt32 = 0, to destination: String = NotificationServer.name,
            hints: (MessageWriter) -> Void = { _ in }
        ) throws -> UInt32 {
            try mocks.control.call(
                destination: destination, path: "/org/freedesktop/Notifications",
                interface: NotificationServer.name, method: "Notify", timeout: 5
            ) { w in
                w.string("Flood")
                w.uint32(replaces)
                w.string("")
                w.string(summary)
                w.string(body)
                w.array("s") {}
                w.array("{sv}") { hints(w) }
                w.int32(-1)
            }.reader().uint32()
        }
    }

    @Test func notifySendShowsABannerATapInvokesASwipeDismisses() throws {
        let rig = try Rig()
        rig.wait("the server's own name") { rig.server.uniqueName != nil }
        #expect(rig.server.uniqueName?.hasPrefix(":") == true)
        let info = try rig.mocks.call(
            NotificationServer.name, "/org/freedesktop/Notifications", NotificationServer.name,
            "GetServerInformation"
        ).reader()
        #expect(try info.string() == "Slate")
        let caps = try rig.mocks.call(
            NotificationServer.name, "/org/freedesktop/Notifications", NotificationServer.name, "GetCapabilities")
        #expect(caps.reader().isAtEnd == false)

        // notify-send with actions waits for one and prints its key.
        try rig.notifySend(
            [
                "--app-name=Terminal", "--urgency=critical", "--action=default=Open", "--action=later=Later",
                "Build finished", "All <b>212</b> tests passed",
            ], log: "actions.log")
        rig.wait("the banner") { rig.shell.notificationBanners.count == 1 }
        try rig.script("expect visible \"Build finished\"\nexpect visible \"All 212 tests passed\"")
        let first = try #require(rig.shell.notificationBanners.first?.notification)
        #expect(first.urgency == .critical && first.actions.map(\.key) == ["default", "later"])
        try rig.script("tap \"Build finished\"")
        rig.wait("ActionInvoked") { rig.signals.contains { $0.member == "ActionInvoked" } }
        #expect(rig.signals.first { $0.member == "ActionInvoked" }.map { ($0.id, $0.detail) }! == (first.id, "default"))
        rig.wait("notify-send to print the action") { rig.output("actions.log").contains("default") }
        rig.wait("NotificationClosed 2") {
            rig.signals.contains { $0.member == "NotificationClosed" && $0.id == first.id && $0.detail == "2" }
        }

        // A swipe up: closed, reason 2, no action.
        try rig.notifySend(["--app-name=Terminal", "--expire-time=0", "Swipe me"], log: "swipe.log")
        rig.wait("the second banner") { rig.shell.notificationBanners.count == 1 }
        let second = try #require(rig.shell.notificationBanners.first)
        let b = second.frameInRoot
        let id = rig.world.host.touchDown(at: b.center)
        rig.world.host.drag(id, from: b.center, to: Point(b.midX, b.midY - 80), duration: 0.15)
        rig.world.host.touchUp(id, at: Point(b.midX, b.midY - 80))
        rig.wait("NotificationClosed for the swipe") {
            rig.signals.contains {
                $0.member == "NotificationClosed" && $0.id == second.notification.id && $0.detail == "2"
            }
        }
        #expect(rig.signals.filter { $0.member == "ActionInvoked" }.count == 1)

        // replaces-id: the banner is updated in place.
        try rig.notifySend(["--print-id", "--expire-time=0", "Downloading 10%"], log: "first.log")
        rig.wait("its id") { Int(rig.output("first.log").trimmingCharacters(in: .whitespacesAndNewlines)) != nil }
        let number = rig.output("first.log").trimmingCharacters(in: .whitespacesAndNewlines)
        try rig.notifySend(["--replace-id=\(number)", "--expire-time=0", "Downloading 90%"], log: "second.log")
        rig.wait("the update") { rig.shell.notificationBanners.first?.notification.title == "Downloading 90%" }
        #expect(rig.shell.notificationBanners.count == 1)
        #expect(rig.shell.notifications.filter { String($0.id) == number }.count == 1)
    }

    /// Slate's app processes are told the server's own name (`SLATE_NOTIFICATIONS`) before it has
    /// connected, so that the first frame waits for no bus: the server takes that name as it
    /// connects, and a Notify there shows a banner.
    @Test func theServersOwnNameIsKnownAtOnceAndTakenAsItConnects() throws {
        let rig = try Rig()
        #expect(rig.server.slateName.hasPrefix("org.slate.Notifications.Shell_\(getpid())_"))
        try rig.mocks.waitForName(rig.server.slateName)
        _ = try rig.notify(summary: "From Mail", to: rig.server.slateName)
        rig.wait("the banner") { rig.shell.notificationBanners.first?.notification.title == "From Mail" }
    }

    /// What a GTK 4 program's `g_application_send_notification` does (GIO's GNotification, its
    /// freedesktop backend), through PyGObject: the banner shows its title and body, and a tap
    /// activates the program's default action.
    @Test func aGNotificationShowsAndATapActivatesItsDefaultAction() throws {
        guard FileManager.default.fileExists(atPath: "/usr/lib/python3/dist-packages/gi") else {
            Issue.record("python3-gi is not installed (scripts/setup.sh installs it)")
            return
        }
        let rig = try Rig()
        let program = """
            import gi
            gi.require_version('Gio', '2.0')
            from gi.repository import Gio, GLib
            app = Gio.Application(application_id='org.slate.NotifyTest', flags=Gio.ApplicationFlags.NON_UNIQUE)
            def activated(action, parameter):
                print('activated', flush=True)
                app.quit()
            action = Gio.SimpleAction.new('open', None)
            action.connect('activate', activated)
            app.add_action(action)
            app.register(None)
            n = Gio.Notification.new('Build finished')
            n.set_body('From a GNotification')
            n.set_default_action('app.open')
            n.add_button('Later', 'app.later')
            app.send_notification('build', n)
            app.hold()
            GLib.timeout_add_seconds(20, app.quit)
            app.run([])
            """
        try rig.mocks.start("/usr/bin/python3", ["-c", program], log: "gnotification.log")
        rig.wait("the GNotification's banner") { rig.shell.notificationBanners.count == 1 }
        try rig.script("expect visible \"Build finished\"\nexpect visible \"From a GNotification\"")
        #expect(rig.shell.notificationBanners.first?.notification.actions.map(\.label).contains("Later") == true)
        try rig.script("tap \"Build finished\"")
        rig.wait("the program's default action") { rig.output("gnotification.log").contains("activated") }
    }

    @Test func aFloodAHugeBodyAndAHugePictureAreBoundedAndAnswered() throws {
        let rig = try Rig()
        // A thousand from one sender: the first burst shows, the rest are refused — each answered.
        var refused = 0
        for i in 0..<200 {
            do {
                _ = try rig.notify(summary: "Spam \(i)")
            } catch let e as BusError where e.name == "org.freedesktop.DBus.Error.LimitsExceeded" {
                refused += 1
            }
        }
        #expect(refused >= 150)
        rig.wait("the burst") { rig.shell.notifications.count >= NotificationLimits.burst }
        #expect(rig.shell.notifications.count <= NotificationLimits.burst + 10)

        // A 1 MB body and a 1,500-pixel picture, from a new sender: cut and scaled.
        let other = try BusConnection(.address(rig.mocks.address))
        let huge = String(repeating: "<b>x</b> ", count: 120_000)
        let side = 1500
        let pixels = [UInt8](repeating: 200, count: side * side * 3)
        let started = Date()
        let id = try other.call(
            destination: NotificationServer.name, path: "/org/freedesktop/Notifications",
            interface: NotificationServer.name, method: "Notify", timeout: 5
        ) { w in
            w.string("Huge")
            w.uint32(0)
            w.string("")
            w.string("A huge one")
            w.string(huge)
            w.array("s") {}
            w.array("{sv}") {
                w.dictEntry {
                    w.string("image-data")
                    w.variant("(iiibiiay)") {
                        w.structure {
                            w.int32(Int32(side))
                            w.int32(Int32(side))
                            w.int32(Int32(side * 3))
                            w.bool(false)
                            w.int32(8)
                            w.int32(3)
                            w.bytes(pixels)
                        }
                    }
                }
            }
            w.int32(-1)
        }.reader().uint32()
        #expect(Date().timeIntervalSince(started) < 5)
        rig.wait("the huge one") { rig.shell.notifications.contains { $0.id == id } }
        let n = try #require(rig.shell.notifications.first { $0.id == id })
        #expect(n.body.count <= NotificationLimits.bodyCharacters && !n.body.contains("<b>"))
        let banner = try #require(rig.shell.notificationBanners.first { $0.notification.id == id })
        #expect(banner.notification.image.map { max($0.width, $0.height) } == NotificationLimits.imagePixels)

        // A second server on the same bus finds the name taken and says so once.
        let log = ReportLog()
        let second = NotificationServer(
            bus: .address(rig.mocks.address), mailbox: rig.mailbox,
            report: { error, what in log.lines.append("\(what.en): \(error)") })
        rig.wait("the second server's answer") { !log.lines.isEmpty }
        rig.mailbox.wait(timeout: 0.2)
        #expect(
            log.lines.count == 1 && log.lines[0].contains("show other programs' notifications")
                && log.lines[0].contains("another notification server holds"))
        #expect(!second.ownsName && rig.server.ownsName)
    }

    /// `image-path` and `app_icon`: a theme name or a file drawn at 128 pixels; a PNG whose header
    /// says 10,000 pixels is not decoded; what cannot be found is no picture.
    @Test func iconsByNameOrPathAreDrawnAndAHugePNGIsNot() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("slate-icons-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var header = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52])
        header.append(contentsOf: [0, 0, 0x27, 0x10, 0, 0, 0x27, 0x10])  // 10,000 × 10,000
        let huge = folder.appendingPathComponent("huge.png")
        try header.write(to: huge)
        #expect(NotificationServer.pngSide(huge.path) == 10_000)
        #expect(NotificationServer.icon(huge.path) == nil)
        #expect(NotificationServer.icon("file://" + huge.path) == nil)
        #expect(NotificationServer.icon("/nonexistent/slate.png") == nil)
        #expect(NotificationServer.icon("") == nil)
        // foot's icon (scripts/setup.sh installs foot), found by its name in the hicolor theme.
        let foot = try #require(NotificationServer.icon("foot"))
        #expect(foot.width == NotificationLimits.imagePixels && foot.pixels.contains { $0 != 0 })
    }
}
