import Foundation
import Testing

@testable import Scenes

@MainActor @Suite struct LifecycleTests {
    @Test func openingAWindowConnectsItThenBringsItToTheForegroundActive() throws {
        let app = TestApp()
        let system = LocalSceneSystem(application: app, makeIdentifier: counter())
        let inbox = try system.activate(ActivationRequest(userActivity: mailbox("Inbox")))
        #expect(
            app.log.take() == ["Inbox: willConnect(request)", "Inbox: willEnterForeground", "Inbox: didBecomeActive"])
        #expect(inbox.scene?.activationState == .foregroundActive)
        #expect(inbox.role == .primary)
        #expect(app.delegate(of: inbox.scene)?.options?.userActivities == [mailbox("Inbox")])

        let m = try system.activate(ActivationRequest(userActivity: message("1"), requestingScene: inbox.scene))
        #expect(m.role == .auxiliary, "the app routes message activities to auxiliary windows")
        #expect(
            app.log.take() == [
                "Message 1: willConnect(request)", "Inbox: willResignActive", "Message 1: willEnterForeground",
                "Message 1: didBecomeActive",
            ])
        #expect(inbox.scene?.activationState == .foregroundInactive, "one window is active at a time")
        #expect(system.openSessions.map(\.persistentIdentifier) == ["s2", "s1"], "front first")
        #expect(system.connectedScenes.map(\.title) == ["Message 1", "Inbox"])
    }

    @Test func backgroundBeyondTheBudgetDisconnectsAndShowingAgainReconnectsFromTheSession() throws {
        let app = TestApp()
        let system = LocalSceneSystem(
            application: app, settings: SceneSettings(backgroundSceneBudget: 1), makeIdentifier: counter())
        let a = try system.activate(ActivationRequest(userActivity: mailbox("A")))
        let b = try system.activate(ActivationRequest(userActivity: mailbox("B"), forcesNewWindow: true))
        let c = try system.activate(ActivationRequest(userActivity: mailbox("C")))
        _ = app.log.take()
        let draft = try UserActivity(
            type: TestApp.mailbox, title: "A", targetContentIdentifier: "mailbox:A",
            payload: MessageRef(mailbox: "A", id: "scrolled to 40"))
        app.delegate(of: a.scene)?.restorationActivity = draft

        system.moveToBackground(try #require(a.scene))
        #expect(app.log.take() == ["A: didEnterBackground"], "A was inactive: it only enters the background")
        #expect(a.userActivity == draft, "the delegate is asked for its restoration activity on the way out")
        #expect(a.scene?.activationState == .background)

        system.moveToBackground(try #require(c.scene))
        #expect(
            app.log.take() == [
                "C: willResignActive", "C: didEnterBackground", "A: didDisconnect", "B: didBecomeActive",
            ], "two in the background with a budget of one: the older, A, is disconnected")
        #expect(a.scene == nil)
        #expect(system.openSessions.contains { $0 === a }, "the session outlives its scene")
        #expect(
            system.events.last(where: { if case .disconnect = $0 { true } else { false } })
                == .disconnect(session: "s1"))
        #expect(b.scene?.activationState == .foregroundActive)

        let again = try system.activate(ActivationRequest(session: a))
        #expect(again === a)
        #expect(
            app.log.take() == [
                "A: willConnect(reconnect)", "B: willResignActive", "A: willEnterForeground", "A: didBecomeActive",
            ])
        #expect(app.delegate(of: a.scene)?.options?.userActivities == [draft], "reconnects with the saved activity")
        #expect(a.scene?.activationState == .foregroundActive)
        #expect(system.openSessions.first === a)
    }

    @Test func destroyingResignsBackgroundsDisconnectsAndDiscards() throws {
        let app = TestApp()
        let system = LocalSceneSystem(application: app, makeIdentifier: counter())
        let inbox = try system.activate(ActivationRequest(userActivity: mailbox("Inbox")))
        let m = try system.activate(ActivationRequest(userActivity: message("7"), requestingScene: inbox.scene))
        _ = app.log.take()
        try system.destroy(m, animation: .commit)
        #expect(
            app.log.take() == [
                "Message 7: willResignActive", "Message 7: didEnterBackground", "Message 7: didDisconnect",
                "Inbox: didBecomeActive",
            ])
        #expect(app.discarded == ["s2"], "the app is told the session was discarded")
        #expect(system.events.last == .remove(session: "s2", animation: .commit))
        #expect(m.scene == nil)
        #expect(system.openSessions.map(\.persistentIdentifier) == ["s1"])
        #expect(system.recentlyClosed.map(\.persistentIdentifier) == ["s2"])
        #expect(system.recentlyClosed.first?.animation == .commit)
        #expect(throws: SceneError.unknownSession("s2")) { try system.destroy(m, animation: .standard) }
    }

    @Test func aBackgroundWindowDestroyedOnlyDisconnects() throws {
        let app = TestApp()
        let system = LocalSceneSystem(application: app, makeIdentifier: counter())
        let a = try system.activate(ActivationRequest(userActivity: mailbox("A")))
        _ = try system.activate(ActivationRequest(userActivity: mailbox("B")))
        system.moveToBackground(try #require(a.scene))
        _ = app.log.take()
        try system.destroy(a, animation: .decline)
        #expect(app.log.take() == ["A: didDisconnect"])
        #expect(system.events.last == .remove(session: "s1", animation: .decline))
    }

    @Test func terminatingDisconnectsEverySceneAndRefusesRequests() throws {
        let app = TestApp()
        let system = LocalSceneSystem(application: app, makeIdentifier: counter())
        let a = try system.activate(ActivationRequest(userActivity: mailbox("A")))
        system.terminate()
        #expect(app.log.take().suffix(3) == ["A: willResignActive", "A: didEnterBackground", "A: didDisconnect"])
        #expect(app.discarded.isEmpty, "quitting keeps the sessions")
        #expect(throws: SceneError.appNotRunning("org.slate.test")) {
            try system.activate(ActivationRequest())
        }
        #expect(throws: SceneError.appNotRunning("org.slate.test")) { try system.destroy(a, animation: .standard) }
    }
}
