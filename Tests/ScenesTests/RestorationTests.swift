import Foundation
import Testing

@_spi(Testing) @testable import Scenes

@MainActor @Suite struct RestorationTests {
    func launch(_ home: URL, _ lines: LogLines, settings: SceneSettings = .standard) throws -> (
        TestApp, LocalSceneSystem
    ) {
        let app = TestApp()
        let store = try RestorationStore(appIdentifier: app.identifier, stateHome: home, log: lines.sink)
        let system = LocalSceneSystem(application: app, store: store, settings: settings, makeIdentifier: counter())
        return (app, system)
    }

    @Test(arguments: [false, true])
    func windowsComeBackAsTheyWereAfterARelaunch(quitCleanly: Bool) throws {
        let home = temporaryStateHome()
        let lines = LogLines()
        do {
            let (app, system) = try launch(home, lines)
            #expect(system.restore().map(\.persistentIdentifier) == ["s1"], "first launch: one new primary window")
            let inbox = system.openSessions[0]
            #expect(inbox.scene?.activationState == .foregroundActive)
            inbox.title = "Inbox"
            inbox.userActivity = mailbox("Inbox")
            inbox.targetContentIdentifier = "mailbox:Inbox"
            let drafts = try system.activate(ActivationRequest(userActivity: mailbox("Drafts")))
            let m1 = try system.activate(
                ActivationRequest(userActivity: message("1"), requestingScene: inbox.scene, placement: .prominent))
            m1.userInfo = ["scroll": "120"]
            let m2 = try system.activate(ActivationRequest(userActivity: message("2")))
            app.delegate(of: drafts.scene)?.restorationActivity = try UserActivity(
                type: TestApp.mailbox, title: "Drafts", targetContentIdentifier: "mailbox:Drafts",
                payload: MessageRef(mailbox: "Drafts", id: "selected 3"))
            system.moveToBackground(try #require(drafts.scene))
            try system.destroy(m2, animation: .decline)
            system.focus(try #require(inbox.scene))
            #expect(system.openSessions.map(\.persistentIdentifier) == ["s1", "s3", "s2"])
            if quitCleanly { system.terminate() }  // else: the process dies here, with no goodbye
        }

        let (app, system) = try launch(home, lines)
        let sessions = system.restore()
        #expect(sessions.map(\.persistentIdentifier) == ["s1", "s3", "s2"], "in the saved order, front first")
        #expect(sessions.map(\.role) == [.primary, .auxiliary, .primary])
        #expect(sessions.map(\.title) == ["Inbox", "Message 1", "Drafts"])
        #expect(sessions[0].userActivity == mailbox("Inbox"))
        #expect(sessions[1].userActivity == message("1"))
        #expect(try sessions[2].userActivity?.payload(as: MessageRef.self).id == "selected 3")
        #expect(sessions[1].userInfo == ["scroll": "120"])
        #expect(sessions[1].targetContentIdentifier == "message:1")
        #expect(sessions[0].scene?.activationState == .foregroundActive, "the window that took input takes it again")
        #expect(sessions[1].scene?.activationState == .foregroundInactive, "the windows in front come back in front")
        #expect(sessions[2].scene == nil, "a background window stays a session until it is shown")
        #expect(
            app.log.take() == [
                "Message 1: willConnect(restore)", "Inbox: willConnect(restore)", "Message 1: willEnterForeground",
                "Inbox: willEnterForeground", "Inbox: didBecomeActive",
            ])
        #expect(app.delegate(of: sessions[1].scene)?.options?.userActivities == [message("1")])
        #expect(sessions[1].scene?.navigationContainer?.closingButton != nil, "the auxiliary window has Done again")
        #expect(system.recentlyClosed.map(\.persistentIdentifier) == ["s4"])
        #expect(system.recentlyClosed.first?.userActivity == message("2"))
        #expect(system.recentlyClosed.first?.animation == .decline)
        #expect(lines.lines.isEmpty, "nothing to report: \(lines.lines)")

        let drafts = try system.activate(ActivationRequest(session: sessions[2]))
        #expect(app.delegate(of: drafts.scene)?.options?.reason == .reconnect)
    }

    @Test func recentlyClosedIsBoundedAndReopensWindowsAsTheyWere() throws {
        let home = temporaryStateHome()
        let lines = LogLines()
        let settings = SceneSettings(recentlyClosedLimit: 3)
        do {
            let (app, system) = try launch(home, lines, settings: settings)
            system.restore()
            let messages = try (1...5).map { try system.activate(ActivationRequest(userActivity: message("\($0)"))) }
            messages[3].userInfo = ["draft": "Dear Anna,"]
            for m in messages { try system.destroy(m, animation: .standard) }
            #expect(app.discarded == ["s2", "s3", "s4", "s5", "s6"])
            #expect(
                system.recentlyClosed.map(\.title) == ["Message 5", "Message 4", "Message 3"], "newest first, three")
            let store = try #require(system.runtime.store)
            #expect(!FileManager.default.fileExists(atPath: store.sessionURL("s2").path), "dropped ones are deleted")
            #expect(FileManager.default.fileExists(atPath: store.sessionURL("s5").path))

            let closed = system.recentlyClosed[1]
            let back = try system.reopen(closed)
            #expect(back.persistentIdentifier == "s5")
            #expect(back.title == "Message 4")
            #expect(back.userActivity == message("4"))
            #expect(back.userInfo == ["draft": "Dear Anna,"])
            #expect(back.role == .auxiliary)
            #expect(
                app.delegate(of: back.scene)?.options
                    == ConnectionOptions(userActivities: [message("4")], reason: .reopen))
            #expect(back.scene?.activationState == .foregroundActive)
            #expect(system.recentlyClosed.map(\.title) == ["Message 5", "Message 3"])
            #expect(throws: SceneError.unknownSession("s5")) { try system.reopen(closed) }
        }
        let (_, system) = try launch(home, lines, settings: settings)
        system.restore()
        #expect(system.openSessions.map(\.persistentIdentifier) == ["s5", "s1"])
        #expect(system.recentlyClosed.map(\.title) == ["Message 5", "Message 3"], "the list survives a relaunch")
        #expect(lines.lines.isEmpty, "\(lines.lines)")
    }

    @Test func aSaveRewritesOnlyWhatChanged() throws {
        let home = temporaryStateHome()
        let (_, system) = try launch(home, LogLines())
        system.restore()
        let store = try #require(system.runtime.store)
        let sessions = try system.runtime.performBatchUpdates { () throws(SceneError) -> [SceneSession] in
            var out: [SceneSession] = []
            for i in 1...50 { out.append(try system.activate(ActivationRequest(userActivity: message("\(i)")))) }
            return out
        }
        var files = store.filesWritten
        sessions[10].title = "Renamed"
        #expect(store.filesWritten == files + 1, "one session changed: one file, not the manifest")
        files = store.filesWritten
        system.focus(try #require(sessions[20].scene))
        #expect(store.filesWritten == files + 1, "the order changed: the manifest only")
        files = store.filesWritten
        system.runtime.performBatchUpdates {
            sessions[1].title = "A"
            sessions[2].title = "B"
            sessions[2].userInfo = ["x": "y"]
        }
        #expect(store.filesWritten == files + 2, "a batch saves once: two sessions")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: store.sessionsFolder.path)
            .filter { $0.hasPrefix(".") }
        #expect(leftovers.isEmpty, "no temporary files are left: \(leftovers)")
    }

    @Test func sessionsWhoseConfigurationIsGoneAreSkipped() throws {
        let home = temporaryStateHome()
        let lines = LogLines()
        do {
            let (_, system) = try launch(home, lines)
            system.restore()
            try system.activate(ActivationRequest(userActivity: message("1")))
        }
        let (app, system) = try launch(home, lines)
        app.hasAuxiliary = false
        #expect(system.restore().map(\.role) == [.primary])
        #expect(lines.lines.count == 1 && lines.lines[0].contains("no configuration 'Message'"), "\(lines.lines)")
    }
}
