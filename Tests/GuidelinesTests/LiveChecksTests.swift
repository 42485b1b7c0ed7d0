import Foundation
import Graphics
import Mail
import Menus
import Scenes
import Testing
import UI

@testable import Guidelines

/// An app that breaks rules on purpose, item by item.
@MainActor final class SloppyApp: Application {
    let identifier = "org.slate.test.sloppy"
    let displayName = LocalizedString(en: "Sloppy", ru: "Небрежное")
    let icon = AppIcon(symbol: "star", topColor: .systemGray, bottomColor: .black)
    let activityTypes: Set<String> = []
    var configurations: [SceneConfiguration] { [SceneConfiguration(name: "Main", role: .primary) { SloppyDelegate() }] }
}

@MainActor final class SloppyDelegate: SceneDelegate, ListView.DataSource {
    var menus: [ContextMenuInteraction] = []
    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        scene.title = "Sloppy"
        let list = ListView(frame: Rect(0, 0, 600, 400))
        list.identifier = "things"
        list.dataSource = self
        let body = Label("Selectable text")
        body.frame = Rect(0, 420, 600, 40)
        body.addInteraction(EditMenuInteraction { [] })
        let menu = ContextMenuInteraction { _ in
            ContextMenuConfiguration(identifier: "sloppy.body") { _ in Menu { Action("Copy") } }
        }
        body.addInteraction(menu)
        let root = View(frame: Rect(0, 0, 600, 500))
        root.addSubview(list)
        root.addSubview(body)
        scene.rootView = root
    }

    func numberOfRows(in list: ListView) -> Int { 3 }
    func list(_ list: ListView, heightOfRow row: Int) -> Double { 44 }
    func list(_ list: ListView, viewForRow row: Int, reusing: ListRow?) -> ListRow {
        let r = ListRow()
        r.accessibilityLabel = "Thing \(row)"
        if row != 1 {
            let i = ContextMenuInteraction { _ in
                ContextMenuConfiguration(identifier: "sloppy.thing") { _ in
                    Menu {
                        Action("Open")
                        Menu("Share") { Menu("Send via") { Action("Mail") } }
                    }
                }
            }
            menus.append(i)
            r.addInteraction(i)
        }
        return r
    }
}

@MainActor @Suite struct LiveChecksTests {
    @Test func breachesInALiveAppAreFoundWithTheirPlaces() throws {
        // The places name the app in the current language; other suites (the menu harness) leave
        // Russian set, and suites run in any order.
        let system = LocalSceneSystem(application: SloppyApp())
        _ = system.restore()
        for s in system.connectedScenes {
            s.windowView.frame = Rect(0, 0, 600, 500)
            s.windowView.layoutIfNeeded()
        }
        let report = Guidelines.check(system)
        let rules = Set(report.findings.map(\.rule))
        // It has no menu bar of its own either: its items' commands are found nowhere else (M2).
        #expect(rules == ["C4", "C7", "C10", "C11", "M2"])
        let c4 = try #require(report.findings.first { $0.rule == "C4" })
        #expect(c4.location == ["Sloppy", "Sloppy", "Thing 1"])
        #expect(report.findings.filter { $0.rule == "C7" }.count == 1, "one menu configuration is reported once")
    }

    @Test func mailPassesEveryCheck() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slate-lint-\(UUID())")
        let library = try MailLibrary.open(
            root: root, writeSampleIfEmpty: true, now: { Date(timeIntervalSince1970: 1_795_000_000) })
        let mail = MailApp(library: library)
        let system = LocalSceneSystem(application: mail)
        _ = system.restore()
        let inbox = try #require(library.mailbox(role: .inbox))
        let s = try #require(library.index(of: inbox).summary(at: 0))
        try system.activate(ActivationRequest(userActivity: MailApp.messageActivity(s)))
        for scene in system.connectedScenes {
            scene.windowView.frame = Rect(0, 0, 1194, 834)
            scene.windowView.layoutIfNeeded()
        }
        #expect(system.connectedScenes.count == 2)
        let report = Guidelines.check(system)
        #expect(report.isEmpty, "\(report.text)")
    }

    @Test func theMonitorReportsEachFindingOnce() throws {
        let system = LocalSceneSystem(application: SloppyApp())
        _ = system.restore()
        for s in system.connectedScenes {
            s.windowView.frame = Rect(0, 0, 600, 500)
            s.windowView.layoutIfNeeded()
        }
        var lines: [String] = []
        let monitor = GuidelineMonitor { lines.append($0) }
        monitor.check(scenes: system.connectedScenes)
        let first = lines.count
        monitor.check(scenes: system.connectedScenes)
        #expect(first >= 4)
        #expect(lines.count == first)
    }
}
