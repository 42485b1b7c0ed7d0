import FailingFolders
import Foundation
import Graphics
import MailStore
import Scenes
import Testing
import UI

@testable import Mail

/// A message being written that cannot be saved — Save Draft or Send on a full disk, a read-only
/// Maildir, a file where it should be — stays in its window, says so once with what to do, is kept
/// in a recovery file, and is saved as soon as it can be; one kept at the last run goes into Drafts.
@MainActor @Suite(.serialized) struct ComposeSaveFailureTests {
    nonisolated static let reference = Date(timeIntervalSince1970: 1_795_000_000)

    @MainActor final class Place {
        let mail: FailingFolder
        let app: MailApp
        let system: LocalSceneSystem
        var logged: [String] = []

        init(_ kind: FailingFolder.Kind, name: String = #function) throws {
            let dir = FileManager.default.temporaryDirectory.appendingPathComponent("slate-compose-\(UUID())")
            mail = try FailingFolder(kind, at: dir.appendingPathComponent("Mail"))
            app = MailApp(
                library: try MailLibrary.open(root: mail.folder, writeSampleIfEmpty: true, now: { reference }))
            app.draftRecovery = DraftRecovery(folder: dir.appendingPathComponent("state/recovery"))
            system = LocalSceneSystem(application: app)
            system.environment.errors.log = { [unowned self] in self.logged.append($0) }
            system.restore()
        }

        isolated deinit { mail.tearDown() }

        func compose(_ body: String) throws -> (WindowScene, ComposeView) {
            let message = OutgoingMessage(from: app.me, to: "anna@example.org", subject: "Plans", body: body)
            let session = try system.activate(ActivationRequest(userActivity: MailApp.composeActivity(message)))
            let scene = try #require(session.scene)
            let view = try #require(scene.navigationContainer?.topPage.content as? ComposeView)
            view.frame = Rect(0, 0, 700, 600)
            view.layoutIfNeeded()
            return (scene, view)
        }

        func drafts() -> Int {
            guard let box = app.library.mailbox(role: .drafts) else { return 0 }
            return app.library.index(of: box).refs.count
        }
    }

    static func reasons(_ kind: FailingFolder.Kind) -> [String] {
        switch kind {
        case .diskFull: ["the disk is full"]
        case .readOnly: ["the disk is read-only", "no permission to write there"]
        case .fileInPlaceOfFolder: ["a file stands where the folder “Mail” should be"]
        }
    }

    func button(_ title: String, in view: View) throws -> Button {
        try #require(view.firstView { ($0 as? Button)?.title == title } as? Button)
    }

    @Test(arguments: FailingFolder.Kind.allCases)
    func saveDraftThatFailsKeepsTheWindowAndTheTextAndSavesLater(_ kind: FailingFolder.Kind) throws {
        let place = try Place(kind, name: "draft-\(kind.rawValue)")
        let (scene, view) = try place.compose("Shall we meet on Friday?")
        let drafts = place.drafts()
        try place.mail.breakWrites()
        scene.navigationContainer?.closingButton?.sendAction()
        try button("Save Draft", in: view).sendAction()
        #expect(place.system.openSessions.contains { $0 === scene.session }, "the window stays (\(place.mail.way))")
        #expect(!view.notice.isHidden)
        #expect(
            Self.reasons(place.mail.madeKind).contains { view.notice.message.en.contains($0) }, "\(view.notice.message)"
        )
        #expect(view.notice.message.en.contains("kept here and in a recovery file"))
        #expect(view.notice.buttons.map(\.title) == ["Retry", "Copy Text"])
        let kept = try #require(place.app.draftRecovery?.all().first)
        #expect(String(decoding: kept.message, as: UTF8.self).contains("Shall we meet on Friday?"))
        #expect(place.logged.count == 1, "\(place.logged)")
        #expect(place.logged.first?.hasPrefix("cannot save the draft: ") == true)
        view.notice.buttons[0].sendAction()  // Retry, still failing: nothing more said
        #expect(place.logged.count == 1)
        view.notice.buttons[1].sendAction()
        #expect(view.pasteboard.string?.contains("Shall we meet on Friday?") == true)
        try place.mail.fixWrites()
        view.notice.buttons[0].sendAction()
        #expect(!place.system.openSessions.contains { $0 === scene.session }, "saved, the window closes as asked")
        #expect(place.drafts() == drafts + 1)
        #expect(place.app.draftRecovery?.all().isEmpty == true)
    }

    @Test func sendThatFailsIsTriedAgainOnTheScreensClock() throws {
        let place = try Place(.fileInPlaceOfFolder)
        let (scene, view) = try place.compose("See you there.")
        let clock = VirtualClock()
        let root = RootView(size: Size(700, 600), clock: clock)
        root.addSubview(scene.windowView)
        try place.mail.breakWrites()
        let send = try #require(scene.navigationContainer?.topPage.trailingItems.first as? Button)
        send.sendAction()
        #expect(!view.notice.isHidden)
        #expect(view.notice.message.en.hasPrefix("This message could not be sent"))
        try place.mail.fixWrites()
        clock.advance(by: MessageSceneDelegate.retryDelay + 0.01)
        root.prepareFrame()
        #expect(!place.system.openSessions.contains { $0 === scene.session })
        let sent = try #require(place.app.library.mailbox(role: .sent))
        #expect(
            place.app.library.index(of: sent).refs.contains {
                (try? place.app.library.maildir.message($0).text)?.contains("See you there.") == true
            })
    }

    @Test func aMessageKeptAtTheLastRunGoesIntoDrafts() throws {
        let place = try Place(.fileInPlaceOfFolder)
        let recovery = try #require(place.app.draftRecovery)
        let message = OutgoingMessage(from: "me", to: "b@example.org", subject: "Kept", body: "Not lost")
        try recovery.keep(message.rfc5322(date: Self.reference, messageID: "kept@slate"), id: "s1")
        let before = place.drafts()
        try place.mail.breakWrites()
        let errors = ErrorReporter(log: { _ in })
        #expect(place.app.saveRecoveredDrafts(errors: errors) == 0)
        #expect(errors.logged.count == 1, "said once: \(errors.logged)")
        #expect(recovery.all().count == 1, "still kept")
        try place.mail.fixWrites()
        #expect(place.app.saveRecoveredDrafts(errors: errors) == 1)
        #expect(place.drafts() == before + 1)
        #expect(recovery.all().isEmpty)
    }
}
