import Foundation
import Testing

@testable import Scenes

@MainActor @Suite struct ActivationTests {
    @Test func aRequestForShownContentBringsThatWindowForward() throws {
        let app = TestApp()
        let system = LocalSceneSystem(application: app, makeIdentifier: counter())
        let inbox = try system.activate(ActivationRequest(userActivity: mailbox("Inbox")))
        let m = try system.activate(ActivationRequest(userActivity: message("1"), requestingScene: inbox.scene))
        _ = try system.activate(ActivationRequest(userActivity: mailbox("Drafts")))
        _ = app.log.take()

        let again = try system.activate(ActivationRequest(userActivity: message("1"), requestingScene: inbox.scene))
        #expect(again === m, "no twin")
        #expect(system.openSessions.count == 3)
        #expect(system.events.last == .bringForward(session: "s2"))
        #expect(app.delegate(of: m.scene)?.continued == [message("1")], "the window is told what was asked")
        #expect(!app.log.take().contains { $0.contains("willConnect") })
        #expect(system.openSessions.first === m)
        #expect(m.scene?.activationState == .foregroundActive)
    }

    @Test func forcesNewWindowOpensATwin() throws {
        let system = LocalSceneSystem(application: TestApp(), makeIdentifier: counter())
        let m = try system.activate(ActivationRequest(userActivity: message("1")))
        let twin = try system.activate(ActivationRequest(userActivity: message("1"), forcesNewWindow: true))
        #expect(twin !== m)
        #expect(twin.targetContentIdentifier == m.targetContentIdentifier)
        #expect(system.openSessions.count == 2)
    }

    @Test func activationConditionsDecideWhichWindowIsReused() throws {
        let system = LocalSceneSystem(application: TestApp(), makeIdentifier: counter())
        let first = try system.activate(ActivationRequest(userActivity: message("1")))
        first.scene?.activationConditions = ActivationConditions(canActivateFor: [])
        let second = try system.activate(ActivationRequest(userActivity: message("1")))
        #expect(second !== first, "a window that accepts nothing is not reused")

        let third = try system.activate(ActivationRequest(userActivity: message("1"), forcesNewWindow: true))
        third.scene?.activationConditions = ActivationConditions(prefersToActivateFor: ["message:1"])
        _ = try system.activate(ActivationRequest(userActivity: mailbox("Inbox")))
        #expect(system.openSessions.first?.targetContentIdentifier == "mailbox:Inbox")
        let chosen = try system.activate(ActivationRequest(userActivity: message("1")))
        #expect(chosen === third, "among windows that accept the content, the one that prefers it wins")
        #expect(system.openSessions.count == 4)
    }

    @Test func aDisconnectedSessionShowingTheContentIsReconnectedNotDuplicated() throws {
        let app = TestApp()
        let system = LocalSceneSystem(
            application: app, settings: SceneSettings(backgroundSceneBudget: 0), makeIdentifier: counter())
        let m = try system.activate(ActivationRequest(userActivity: message("9")))
        _ = try system.activate(ActivationRequest(userActivity: mailbox("Inbox")))
        system.moveToBackground(try #require(m.scene))
        #expect(m.scene == nil)
        let again = try system.activate(ActivationRequest(userActivity: message("9")))
        #expect(again === m)
        #expect(app.delegate(of: m.scene)?.options?.reason == .reconnect)
    }

    @Test func placementRequestsAreRecorded() throws {
        let system = LocalSceneSystem(application: TestApp(), makeIdentifier: counter())
        let inbox = try system.activate(ActivationRequest(userActivity: mailbox("Inbox")))
        _ = try system.activate(
            ActivationRequest(userActivity: message("1"), requestingScene: inbox.scene, placement: .prominent))
        _ = try system.activate(
            ActivationRequest(
                userActivity: mailbox("Drafts"), requestingScene: inbox.scene, placement: .standard))
        #expect(
            system.events == [
                .place(session: "s1", placement: .automatic, beside: nil),
                .place(session: "s2", placement: .prominent, beside: "s1"),
                .place(session: "s3", placement: .standard, beside: "s1"),
            ])
        #expect(system.connectedScenes.allSatisfy { $0.windowView.frame.size == LocalSceneSystem.windowSize })
    }

    @Test func rolesComeFromTheRequestOrTheApp() throws {
        let system = LocalSceneSystem(application: TestApp(), makeIdentifier: counter())
        #expect(try system.activate(ActivationRequest()).role == .primary, "no activity: a primary window")
        #expect(try system.activate(ActivationRequest(userActivity: message("1"))).role == .auxiliary)
        #expect(
            try system.activate(ActivationRequest(userActivity: message("2"), role: .primary)).role == .primary)
        #expect(system.openSessions.first?.configurationName == "Mailbox")
    }

    @Test func badRequestsComeBackAsTypedErrors() throws {
        let app = TestApp()
        let system = LocalSceneSystem(application: app, makeIdentifier: counter())
        #expect(throws: SceneError.activityTypeNotDeclared(type: "com.example.other", app: "org.slate.test")) {
            try system.activate(ActivationRequest(userActivity: UserActivity(type: "com.example.other")))
        }
        let elsewhere = LocalSceneSystem(application: TestApp(), makeIdentifier: counter("x"))
        let stranger = try elsewhere.activate(ActivationRequest())
        #expect(throws: SceneError.unknownSession("x1")) { try system.activate(ActivationRequest(session: stranger)) }
        #expect(throws: SceneError.unknownSession("x1")) { try system.destroy(stranger, animation: .standard) }
        #expect(throws: SceneError.unknownSession("x1")) {
            try system.activate(ActivationRequest(requestingScene: stranger.scene))
        }
        app.hasAuxiliary = false
        #expect(throws: SceneError.noConfiguration(role: .auxiliary, app: "org.slate.test")) {
            try system.activate(ActivationRequest(userActivity: message("1")))
        }
        #expect(system.openSessions.isEmpty, "a failed request leaves nothing behind")
        #expect(SceneError.unknownSession("x1").description == "no session 'x1'")
        #expect(SceneError.unknownSession("x1").message.ru == "нет сеанса «x1»")
        for e in [
            SceneError.appNotRunning("a"), .invalidAppIdentifier("../x"), .stateReadOnly(path: "/p"),
            .stateUnwritable(path: "/p", reason: "r"), .noConfiguration(role: .primary, app: "a"),
            .stateNotWritten(FileWriteError(path: "/p", code: ENOSPC)),
        ] {
            #expect(!e.description.contains("\n") && !e.message.ru.isEmpty && e.message.ru != e.message.en)
        }
    }

    @Test func sessionChangesShowInTheWindow() throws {
        let system = LocalSceneSystem(application: TestApp(), makeIdentifier: counter())
        let s = try system.activate(ActivationRequest(userActivity: mailbox("Inbox")))
        let scene = try #require(s.scene)
        #expect(scene.windowView.accessibilityTraits.contains(.window))
        #expect(scene.windowView.accessibilityLabel == "Inbox")
        scene.title = "Inbox — 3 unread"
        #expect(s.title == "Inbox — 3 unread")
        #expect(scene.windowView.accessibilityLabel == "Inbox — 3 unread")
    }

    @Test func userActivityPayloadsRoundTrip() throws {
        let a = message("42", in: "Archive")
        #expect(try a.payload(as: MessageRef.self) == MessageRef(mailbox: "Archive", id: "42"))
        let data = try JSONEncoder().encode(a)
        #expect(String(decoding: data, as: UTF8.self).contains(#"\"mailbox\":\"Archive\""#), "readable JSON text")
        #expect(try JSONDecoder().decode(UserActivity.self, from: data) == a)
        var raw = UserActivity(type: TestApp.message)
        raw.payload = Data([0xFF, 0x00, 0xC3])
        #expect(try JSONDecoder().decode(UserActivity.self, from: JSONEncoder().encode(raw)) == raw, "non-UTF-8 too")
        #expect(throws: (any Error).self) { try UserActivity(type: TestApp.message).payload(as: MessageRef.self) }
    }
}
