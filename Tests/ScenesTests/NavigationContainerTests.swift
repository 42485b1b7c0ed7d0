import Foundation
import Graphics
import Testing
import UI

@testable import Scenes

@MainActor @Suite struct NavigationContainerTests {
    func openMessage(_ app: TestApp = TestApp(), language: Language = .en) throws -> (
        LocalSceneSystem, SceneSession, NavigationContainer
    ) {
        // The words are read in `language`, the screen's.
        let system = LocalSceneSystem(application: app, language: language, makeIdentifier: counter())
        let inbox = try system.activate(ActivationRequest(userActivity: mailbox("Inbox")))
        let m = try system.activate(ActivationRequest(userActivity: message("1"), requestingScene: inbox.scene))
        let scene = try #require(m.scene)
        scene.windowView.layoutIfNeeded()
        return (system, m, try #require(scene.navigationContainer))
    }

    @Test func everyAuxiliaryWindowHasDoneAndNoBack() throws {
        let (system, m, container) = try openMessage()
        defer { withExtendedLifetime(system) {} }
        let scene = try #require(m.scene)
        #expect(scene.rootView === container, "the framework wrapped the delegate's view")
        let done = try #require(container.closingButton)
        #expect(done.title == "Done")
        #expect(done.accessibilityLabel == "Done")
        #expect(container.backButton == nil)
        #expect(container.bar.leadingItems.isEmpty)
        #expect(container.bar.title == "Message 1", "the window's title when the page has none")
        #expect(done.frame.maxX > container.bar.bounds.width - 20, "on the trailing side")

        let elements = scene.windowView.accessibilityElements()
        #expect(elements.first?.label == "Message 1")
        #expect(elements.first?.traits.contains(.window) == true)
        let found = try #require(elements.first { $0.label == "Done" })
        #expect(found.traits.contains(.button))
        #expect(found.path == ["Message 1"], "scripts find it inside its window")
        #expect(elements.contains { $0.label == "content of Message 1" }, "the delegate's view is inside")
        #expect(!elements.contains { $0.label == "Back" })
    }

    @Test func doneDestroysWithCommitAndCloseWithStandard() throws {
        let (system, m, container) = try openMessage()
        try #require(container.closingButton).sendAction()
        #expect(!system.openSessions.contains { $0 === m })
        #expect(system.events.last == .remove(session: "s2", animation: .commit))

        let app = TestApp()
        app.closingButtonStyle = .close
        let (system2, m2, container2) = try openMessage(app)
        let close = try #require(container2.closingButton)
        #expect(close.title == "Close" && close.accessibilityLabel == "Close")
        close.sendAction()
        #expect(!system2.openSessions.contains { $0 === m2 })
        #expect(system2.events.last == .remove(session: "s2", animation: .standard))
        #expect(system2.recentlyClosed.first?.animation == .standard)
    }

    @Test func backAppearsOnlyDeeperThanOnePageAndNeverCloses() throws {
        let (system, m, container) = try openMessage()
        container.push(Page(title: "Attachment", content: Label("photo.jpg")))
        container.layoutIfNeeded()
        let back = try #require(container.backButton)
        #expect(back.title == "Back" && back.accessibilityLabel == "Back")
        #expect(back.symbol == "chevron.left")
        #expect(container.bar.leadingItems.first === back, "on the leading side")
        #expect(back.frame.minX < 20)
        #expect(container.bar.title == "Attachment")
        #expect(container.closingButton?.title == "Done", "Done stays while deeper")
        container.push(Page(title: "Details", content: Label("1.2 MB")))

        back.sendAction()
        #expect(container.pages.count == 2)
        #expect(container.backButton != nil)
        try #require(container.backButton).sendAction()
        #expect(container.pages.count == 1)
        #expect(container.backButton == nil, "no Back at the root")
        #expect(container.bar.leadingItems.isEmpty)
        back.sendAction()
        #expect(container.pop() == nil, "the root page stays")
        #expect(system.openSessions.contains { $0 === m }, "Back never closes the window")
        #expect(m.scene != nil)
        #expect(!system.events.contains { if case .remove = $0 { true } else { false } })
        #expect(container.topPage.content.superview === container, "the root page is shown again")
    }

    @Test func anAuxiliaryWindowCannotLoseItsClosingButton() throws {
        let (system, m, container) = try openMessage()
        defer { withExtendedLifetime(system) {} }
        container.closingButtonStyle = nil
        #expect(container.closingButton?.title == "Done")
        let scene = try #require(m.scene)
        let own = NavigationContainer(root: Page(title: "Mine", content: View()))
        scene.rootView = own
        #expect(scene.navigationContainer === own, "a container the app gives is used as it is")
        #expect(own.closingButton?.title == "Done", "and gets the closing button")
        own.closingButton?.sendAction()
        #expect(m.scene == nil)
    }

    @Test func doneWorksOnARuntimeWithoutASystem() throws {
        let runtime = SceneRuntime(application: TestApp(), store: nil, makeIdentifier: counter())
        let m = try runtime.activate(ActivationRequest(userActivity: message("1")))
        let scene = try #require(m.scene)
        #expect(scene.activationState == .unattached, "no hosting has shown it")
        #expect(scene.sceneSystem == nil)
        try #require(scene.navigationContainer?.closingButton).sendAction()
        #expect(runtime.openSessions.isEmpty)
        #expect(runtime.recentlyClosed.first?.animation == .commit)
    }

    @Test func primaryWindowsAreNotWrapped() throws {
        let system = LocalSceneSystem(application: TestApp(), makeIdentifier: counter())
        let inbox = try system.activate(ActivationRequest(userActivity: mailbox("Inbox")))
        let scene = try #require(inbox.scene)
        #expect(scene.navigationContainer == nil)
        let list = View()
        let container = NavigationContainer(root: Page(title: "Mailboxes", content: list))
        scene.rootView = container
        #expect(container.closingButton == nil, "a primary window is a place to return to, not closed with Done")
        container.push(Page(title: "Inbox", content: View()))
        #expect(container.backButton != nil)
    }

    @Test func theButtonsSpeakRussian() throws {
        let (system, _, container) = try openMessage(language: .ru)
        defer { withExtendedLifetime(system) {} }
        #expect(container.closingButton?.title == "Готово")
        #expect(container.closingButton?.accessibilityLabel == "Готово")
        container.push(Page(title: "Вложение", content: View()))
        #expect(container.backButton?.accessibilityLabel == "Назад")
        container.closingButtonStyle = .close
        #expect(container.closingButton?.title == "Закрыть")
    }

    @Test func aTapOnDoneClosesTheWindow() throws {
        let (system, m, container) = try openMessage()
        let scene = try #require(m.scene)
        let root = RootView(size: LocalSceneSystem.windowSize, clock: VirtualClock())
        root.addSubview(scene.windowView)
        root.prepareFrame()
        let done = try #require(container.closingButton)
        let p = done.convert(Point(done.bounds.midX, done.bounds.midY), to: nil)
        #expect(root.hitTest(p) === done)
        root.dispatcher.handle(Touch(id: 1, phase: .began, location: p, timestamp: 0))
        root.dispatcher.handle(Touch(id: 1, phase: .ended, location: p, timestamp: 0.1))
        #expect(!system.openSessions.contains { $0 === m })
    }
}
