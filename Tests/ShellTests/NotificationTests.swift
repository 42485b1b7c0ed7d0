import Foundation
import Graphics
import Host
import Scenes
import SlateTesting
import Testing
@_spi(Testing) import UI

@_spi(Testing) @testable import Shell
@testable import ShellPorts
@testable import SlateScripts
@testable import SystemUI

/// A notification server that keeps what the shell tells it (the D-Bus one is tested against the real
/// bus in `SessionServicesTests`).
@MainActor final class RecordingNotificationServer: NotificationService {
    var onNotify: (@MainActor (ShellNotification) -> Void)?
    var onClose: (@MainActor (UInt32) -> Void)?
    var last: UInt32 = 0
    var invoked: [(UInt32, String)] = []
    var closed: [(UInt32, NotificationCloseReason)] = []
    func reserveID() -> UInt32 {
        last += 1
        return last
    }
    func numberAfter(_ id: UInt32) { last = max(last, id) }
    func invoke(_ id: UInt32, action: String, activationToken: String?, sender: String) {
        invoked.append((id, action))
    }
    func closed(_ id: UInt32, reason: NotificationCloseReason, sender: String) { closed.append((id, reason)) }
}

/// Notifications as a person meets them: a banner at the top (tapped, swiped up, expiring, critical
/// staying, stacking, replaced), Notification Center pulled from the top-left (grouped, Clear, kept
/// across a restart), Do Not Disturb; and the bounds on what a program may send.
@MainActor @Suite(.serialized) struct NotificationTests {
    func program(
        _ id: UInt32, app: String = "Terminal", title: String = "Build finished", body: String = "All 212 tests passed",
        actions: [ShellNotification.Action] = [.init(key: "default", label: "Open")],
        urgency: ShellNotification.Urgency = .normal, expire: Int32 = -1
    ) -> ShellNotification {
        ShellNotification(
            id: id, appName: app, title: title, body: body, actions: actions, urgency: urgency, date: Date(),
            expireTimeout: expire, origin: .bus(sender: ":1.7"))
    }

    func serve(_ w: ShellWorld) -> RecordingNotificationServer {
        let server = RecordingNotificationServer()
        w.shell.services.notifications = server
        return server
    }

    // MARK: Pure parts

    @Test func markupIsReadAndBadMarkupStaysAsWritten() {
        #expect(NotificationMarkup.plainText("<b>Bold</b> and <i>it</i> &amp; <u>u</u>") == "Bold and it & u")
        #expect(NotificationMarkup.plainText("<a href=\"https://x\">link</a>") == "link")
        #expect(NotificationMarkup.plainText("<img src=\"/a.png\" alt=\"a cat\"/> says hi") == "a cat says hi")
        #expect(NotificationMarkup.plainText("a < b & c > d") == "a < b & c > d")
        #expect(NotificationMarkup.plainText("<b>unclosed and <script>x</script>") == "unclosed and <script>x</script>")
        #expect(NotificationMarkup.plainText("&#8212;&#x41;&bogus;&#0;") == "—A&bogus;&#0;")
        #expect(NotificationMarkup.plainText("line\r\nnext") == "line\nnext")
    }

    @Test func aHugeBodyIsCutAtACharacterBoundary() {
        let huge = String(repeating: "я", count: 600_000)  // 1.2 MB of UTF-8
        let text = NotificationMarkup.plainText(huge)
        #expect(text.count == NotificationLimits.bodyCharacters)
        #expect(text.hasSuffix("…"))
        let cut = NotificationMarkup.cutToBytes("aя", 2)
        #expect(cut == "a")
    }

    @Test func aSenderThatFloodsIsHeldBackAndOthersAreNot() {
        var limiter = NotificationRateLimiter(burst: 20, perSecond: 5)
        let allowed = (0..<1000).filter { _ in limiter.allow(":1.9", at: 10) }.count
        #expect(allowed == 20)
        let other = limiter.allow(":1.10", at: 10)
        #expect(other, "another sender is not held back")
        let soon = limiter.allow(":1.9", at: 10.1)
        #expect(!soon)
        let later = limiter.allow(":1.9", at: 10.3)
        #expect(later, "a token a fifth of a second")
    }

    @Test func theListKeepsABoundedNumberPerAppNewestFirstAndReadsBack() throws {
        var list = NotificationList()
        for i in 1...UInt32(NotificationLimits.perApp + 5) { list.add(program(i)) }
        list.add(program(500, app: "Mail"))
        #expect(list.items.count == NotificationLimits.perApp + 1)
        #expect(list.items.first?.id == 500)
        #expect(list[1] == nil && list[6] != nil, "the oldest five went")
        #expect(list.groups.map(\.name) == ["Mail", "Terminal"])
        // Replacing moves it to the top, in place of the old one.
        list.add(program(20, title: "Updated"))
        #expect(list.items.first?.title == "Updated" && list.items.filter { $0.id == 20 }.count == 1)
        let read = try NotificationList.decoded(try list.encoded())
        #expect(read.items.map(\.id) == list.items.map(\.id))
        #expect(read.items.first?.title == "Updated")
        #expect(throws: (any Error).self) { try NotificationList.decoded(Data("{\"version\":9,\"items\":[]}".utf8)) }
        #expect(throws: (any Error).self) { try NotificationList.decoded(Data("not json".utf8)) }
    }

    // MARK: Banners

    @Test func aBannerComesTapOpensSwipeUpDismissesTimeExpires() throws {
        let w = try systemWorld(window: true, scale: 1)
        let server = serve(w)
        w.shell.post(program(1))
        w.host.run(for: 0.5)
        try run(
            w, "expect visible \"Build finished\"\nexpect visible \"All 212 tests passed\"\nexpect visible \"Terminal\""
        )
        // A tap: the default action, then dismissed.
        try run(w, "tap \"Build finished\"")
        #expect(server.invoked.map(\.1) == ["default"] && server.invoked.first?.0 == 1)
        #expect(server.closed.first?.0 == 1 && server.closed.first?.1 == .dismissed)
        w.host.run(for: 0.5)
        #expect(w.shell.notificationBanners.isEmpty)
        #expect(w.shell.notifications.isEmpty, "acted on: it leaves Notification Center")

        // A swipe up: dismissed (reason 2), no action.
        w.shell.post(program(2, title: "Swipe me"))
        w.host.run(for: 0.5)
        let banner = try #require(w.shell.notificationBanners.first).frameInRoot
        let id = w.host.touchDown(at: banner.center)
        w.host.drag(id, from: banner.center, to: Point(banner.midX, banner.midY - 80), duration: 0.15)
        w.host.touchUp(id, at: Point(banner.midX, banner.midY - 80))
        w.host.run(for: 0.5)
        #expect(server.closed.last?.0 == 2 && server.closed.last?.1 == .dismissed)
        #expect(server.invoked.count == 1)
        #expect(w.shell.notificationBanners.isEmpty)

        // Left alone: it expires (reason 1) after its time and stays in Notification Center.
        w.shell.post(program(3, title: "Expiring", expire: 2000))
        w.host.run(for: 1.5)
        #expect(w.shell.notificationBanners.count == 1)
        w.host.run(for: 1)
        #expect(server.closed.last?.0 == 3 && server.closed.last?.1 == .expired)
        #expect(w.shell.notifications.map(\.id).contains(3))

        // Transient: on a banner only; its expiry is still told.
        var transient = program(5, title: "Volume 40%", expire: 1000)
        transient.isTransient = true
        w.shell.post(transient)
        w.host.run(for: 1.5)
        #expect(server.closed.last?.0 == 5 && server.closed.last?.1 == .expired)
        #expect(!w.shell.notifications.map(\.id).contains(5))

        // Critical: stays.
        w.shell.post(program(4, title: "Battery critical", urgency: .critical))
        w.host.run(for: 30)
        #expect(w.shell.notificationBanners.map(\.notification.id) == [4])
    }

    @Test func replacesIDUpdatesTheBannerInPlaceAndBannersStack() throws {
        let w = try systemWorld(window: true, scale: 1)
        _ = serve(w)
        w.shell.post(program(7, title: "Downloading 10%"))
        w.host.run(for: 0.2)
        w.shell.post(program(7, title: "Downloading 90%"))
        w.host.run(for: 0.5)
        #expect(w.shell.notificationBanners.count == 1)
        try run(w, "expect visible \"Downloading 90%\"")
        w.shell.post(program(8, app: "Mail", title: "Anna"))
        w.shell.post(program(9, app: "Calendar", title: "Standup"))
        w.shell.post(program(10, app: "Calendar", title: "Lunch"))
        w.host.run(for: 0.5)
        let banners = w.shell.notificationBanners
        #expect(banners.map(\.notification.id) == [10, 9, 8, 7])
        #expect(!banners[0].isHidden && !banners[2].isHidden && banners[3].isHidden, "three show, stacked")
        #expect(banners[1].frame.minY > banners[0].frame.minY && banners[1].frame.width < banners[0].frame.width)
    }

    @Test func doNotDisturbHoldsBannersButKeepsThemAndLetsCriticalThrough() throws {
        let w = try systemWorld(window: true, scale: 1)
        _ = serve(w)
        w.shell.settings[.doNotDisturb] = true
        w.shell.post(program(1, title: "Quiet"))
        w.host.run(for: 0.5)
        #expect(w.shell.notificationBanners.isEmpty)
        #expect(w.shell.notifications.map(\.id) == [1])
        w.shell.post(program(2, title: "Loud", urgency: .critical))
        w.host.run(for: 0.5)
        #expect(w.shell.notificationBanners.map(\.notification.id) == [2])
    }

    // MARK: Notification Center

    @Test func notificationCenterComesFromTheTopLeftGroupsClearsAndIsKept() throws {
        let w = try systemWorld(window: true, scale: 1)
        let server = serve(w)
        w.shell.settings[.doNotDisturb] = true
        w.shell.post(program(1, app: "Terminal", title: "Build finished"))
        w.shell.post(program(2, app: "Mail", title: "Anna: Lunch?"))
        w.shell.post(program(3, app: "Terminal", title: "Tests failed"))
        // The pull from the top-left corner (the menu bar's swipe in the middle is left alone).
        let start = Point(60, 6)
        let id = w.host.touchDown(at: start)
        w.host.drag(id, from: start, to: Point(60, 400), duration: 0.2)
        w.host.touchUp(id, at: Point(60, 400))
        w.host.run(for: 0.6)
        #expect(w.shell.isNotificationCenterShown)
        #expect(w.shell.menuBarOverlay == nil && !w.shell.isControlCenterShown)
        let center = try #require(w.shell.notificationCenterView)
        #expect(center.platters.map(\.notification.id) == [3, 1, 2], "grouped by app, newest first")
        try run(w, "expect visible \"Tests failed\"\nexpect visible \"Anna: Lunch?\"")
        // Clear the Terminal group.
        try run(w, "tap \"Clear\"")
        #expect(w.shell.notifications.map(\.id) == [2])
        #expect(Set(server.closed.map(\.0)) == [1, 3])
        w.shell.saveNotifications()
        // Kept across a restart of the shell.
        let file = try #require(w.shell.notificationController.notificationsFile)
        let again = Shell(clock: VirtualClock(), stateHome: w.stateHome)
        #expect(again.notifications.map(\.title) == ["Anna: Lunch?"])
        #expect(FileManager.default.fileExists(atPath: file.path))
        // A tap outside the platters sends it away.
        w.host.tap(at: Point(w.shell.bounds.width - 40, w.shell.bounds.height - 60))
        w.host.run(for: 0.6)
        #expect(!w.shell.isNotificationCenterShown)
        // Esc sends it away too.
        w.shell.showNotificationCenter(animated: false)
        w.host.key(KeyPress(.escape))
        w.host.run(for: 0.6)
        #expect(!w.shell.isNotificationCenterShown)
        // The menu bar's swipe from the middle still brings the menu bar.
        let middle = Point(w.shell.bounds.midX, 6)
        let m = w.host.touchDown(at: middle)
        w.host.drag(m, from: middle, to: Point(middle.x, 300), duration: 0.3)
        w.host.touchUp(m, at: Point(middle.x, 300))
        #expect(w.shell.menuBarOverlay != nil && !w.shell.isNotificationCenterShown)
    }

    @Test func anUnreadableFileIsSaidOnceAndSetAside() throws {
        let home = FileManager.default.temporaryDirectory.appendingPathComponent("slate-notif-\(UUID())")
        let file = home.appendingPathComponent("slate/shell/notifications.json")
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data("{ broken".utf8).write(to: file)
        let shell = Shell(clock: VirtualClock(), stateHome: home)
        #expect(shell.notifications.isEmpty)
        #expect(FileManager.default.fileExists(atPath: file.path + ".unreadable"))
    }

    // MARK: Pictures

    @Test func aBannerAndNotificationCenterLookAsOnAnIPad() throws {
        for language in [Language.en, .ru] {
            for appearance in [Appearance.light, .dark] {
                let w = try systemWorld(language: language, window: true, scale: 1)
                w.shell.appearance = appearance
                let ru = language == .ru
                w.shell.post(
                    program(
                        1, app: "Mail", title: ru ? "Анна Петрова" : "Anna Petrova",
                        body: ru
                            ? "Обед в час? Я нашла новое место у реки, там тихо и вкусно — давай попробуем сегодня."
                            : "Lunch at one? I found a new place by the river, quiet and good — shall we try it today?")
                )
                w.host.run(for: 0.6)
                let frame = w.host.frame()
                expectReference(
                    crop(frame, Rect(w.shell.bounds.midX - 220, 0, 440, 160)),
                    "notification-banner-\(language.rawValue)-\(appearance.rawValue)")
                w.shell.post(program(2, app: "Terminal", title: ru ? "Сборка готова" : "Build finished"))
                w.shell.showNotificationCenter(animated: false)
                w.host.run(for: 0.5)
                expectReference(
                    w.host.frame(), "notification-center-\(language.rawValue)-\(appearance.rawValue)")
            }
        }
    }
}

/// A Slate app's notification through `SceneSystem.post`: shown as a banner under the app's name; a
/// second post of the same identifier replaces it; a tap opens the app's window.
@MainActor @Suite(.serialized) struct AppNotificationTests {
    @Test func anAppsNotificationShowsReplacesAndATapOpensTheApp() throws {
        let w = try systemWorld(window: true, scale: 1)
        w.shell.goHome()
        w.host.run(for: 1)
        let notes = try #require(w.shell.app("Notes"))
        try notes.post(UserNotification(identifier: "reminder", title: "Shopping", body: "Milk"))
        try notes.post(UserNotification(identifier: "reminder", title: "Shopping", body: "Milk, bread"))
        w.host.run(for: 0.5)
        #expect(w.shell.notificationBanners.count == 1)
        try run(w, "expect visible \"Milk, bread\"")
        #expect(w.shell.notificationBanners.first?.notification.appName == "Notes")
        #expect(w.shell.visibleWindows.isEmpty)
        try run(w, "tap \"Shopping\"")
        w.host.run(for: 0.6)
        #expect(!w.shell.visibleWindows.isEmpty, "the tap opened Notes")
        #expect(w.shell.notifications.isEmpty)
    }
}

/// A notification shows its app's own icon however its program names itself: a desktop-file id with
/// or without `.desktop`, the name shown, the executable's name; a name no app has: its letter.
@MainActor @Suite struct NotificationIconTests {
    @Test(arguments: [
        ("", "firefox-esr", true), ("", "firefox-esr.desktop", true), ("Firefox ESR", "", true),
        ("firefox ESR", "", true), ("firefox-esr", "", true), ("Nobody", "", false), ("", "nobody", false),
    ])
    func aProgramsNotificationShowsItsIcon(appName: String, desktopEntry: String, found: Bool) throws {
        let w = world()
        let entry = try DesktopEntry(
            parsing: "[Desktop Entry]\nType=Application\nName=Firefox ESR\nExec=/usr/lib/firefox-esr/firefox-esr %u\n",
            id: "firefox-esr")
        w.shell.install(catalog: DesktopCatalog(entries: [entry]))
        let notification = ShellNotification(
            id: 1, appName: appName, desktopEntry: desktopEntry, title: "Downloads", body: "Done", date: Date(),
            origin: .bus(sender: ":1.7"))
        let icon = w.shell.notificationController.notificationIcon(for: notification)
        if found {
            #expect((icon as? AppIconView)?.appIdentifier == "desktop:firefox-esr")
        } else {
            #expect(icon is LetterIconView)
        }
    }
}
