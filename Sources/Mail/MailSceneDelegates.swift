import Foundation
import Graphics
import MailStore
import Scenes
import UI

/// A primary window: mailboxes and messages. It remembers its mailbox and scroll position.
@MainActor final class MailboxSceneDelegate: SceneDelegate {
    unowned let app: MailApp
    var view: MailboxWindowView?

    init(app: MailApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let activity = options.userActivities.first ?? session.userActivity
        // A saved state of another shape (an older Slate's) opens the Inbox.
        let state = try? activity?.payload(as: MailApp.MailboxState.self)
        let box =
            state.flatMap { app.library.mailbox(id: $0.mailbox) } ?? app.library.mailbox(role: .inbox)
            ?? app.library.mailboxes.first
        guard let box else {
            scene.title = MailStrings.appName.resolved(scene.language)
            let l = Label(app.library.problems.joined(separator: "\n"), style: .body, color: .secondaryLabel)
            l.numberOfLines = 0
            scene.rootView = l
            return
        }
        let v = MailboxWindowView(app: app, mailbox: box)
        v.scene = scene
        view = v
        scene.rootView = v
        v.show(box, scroll: state?.scroll ?? 0)
        session.userActivity = MailApp.mailboxActivity(box, scroll: state?.scroll ?? 0)
        // Every message to Spotlight, read away from this window's frames.
        app.offerMailToSpotlight(from: v)
    }

    func scene(_ scene: WindowScene, continue userActivity: UserActivity) {
        // A request of another shape leaves the window as it is.
        if let state = try? userActivity.payload(as: MailApp.MailboxState.self),
            let box = app.library.mailbox(id: state.mailbox)
        {
            view?.show(box, scroll: state.scroll)
        }
    }

    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? {
        guard let v = view else { return nil }
        return MailApp.mailboxActivity(v.mailbox, scroll: v.scrollOffset)
    }

    func sceneDidBecomeActive(_ scene: WindowScene) {
        // The person acts in this window now: a change that fails is said on its screen.
        app.library.errors = scene.windowView.environment.errors
    }
}

/// An auxiliary window: one message with its tools (W3, W5), or a message being written.
@MainActor final class MessageSceneDelegate: SceneDelegate {
    unowned let app: MailApp
    var body: MessageBodyView?
    var ref: MessageRef?
    var compose: ComposeView?
    /// Sends the message being written (the Send button, the menu bar's Send).
    var send: (() -> Void)?

    init(app: MailApp) { self.app = app }

    func scene(_ scene: WindowScene, willConnectTo session: SceneSession, options: ConnectionOptions) {
        let activity = options.userActivities.first ?? session.userActivity
        if activity?.activityType == MailApp.composeActivity {
            connectCompose(scene, session, activity)
        } else {
            connectMessage(scene, session, activity)
        }
    }

    private func connectMessage(_ scene: WindowScene, _ session: SceneSession, _ activity: UserActivity?) {
        // A state of another shape shows a window that says the message is gone.
        let state = try? activity?.payload(as: MailApp.MessageState.self)
        let body = MessageBodyView()
        self.body = body
        guard let state, let found = app.findMessage(state.id) else {
            scene.title = state?.subject ?? MailStrings.noSubject.resolved(scene.language)
            body.show(
                Message(subject: scene.title, problems: ["the message is no longer in the mailbox"]),
                language: scene.language)
            scene.rootView = body
            return
        }
        let current = app.library.setSeen(found, true) ?? found
        ref = current
        // The window opens at once with the subject the list showed; the message is parsed off the
        // main thread (a 50 MB attachment or 10,000 parts take seconds) and shown when it is read.
        scene.title =
            state.subject.isEmpty
            ? MailStrings.noSubject.resolved(scene.language) : ShownText.clipped(state.subject, ShownText.longestLine)
        let maildir = app.library.maildir
        body.load(subject: state.subject, language: scene.language) {
            do {
                return try maildir.message(try maildir.locate(current))
            } catch {
                return Message(subject: state.subject, problems: ["\(error)"])
            }
        }
        if let a = activity { session.userActivity = a }
        scene.activationConditions = ActivationConditions(
            canActivateFor: ["message/\(found.uniqueName)"], prefersToActivateFor: ["message/\(found.uniqueName)"])
        scene.rootView = NavigationContainer(
            root: Page(title: scene.title, content: body, trailingItems: tools(scene)))
    }

    /// The message shown, or — asked for before it arrived — read now.
    func currentMessage() -> Message {
        if let m = body?.message { return m }
        guard let ref else { return Message() }
        return app.library.message(ref)
    }

    /// The tools for this message alone — never the mailbox's (W5).
    private func tools(_ scene: WindowScene) -> [View] {
        func tool(_ symbol: String, _ label: LocalizedString, _ f: @escaping () -> Void) -> Button {
            let b = Button(symbol: symbol)
            b.localizedAccessibilityLabel = label
            b.action = f
            return b
        }
        let me = app.me
        let lang = scene.language.rawValue
        return [
            tool("trash", MailStrings.delete) { [weak self, weak scene] in
                guard let self, let ref = self.ref, let scene else { return }
                self.app.library.delete(ref)
                scene.close(.commit)
            },
            tool("flag", MailStrings.flag) { [weak self] in
                guard let self, let ref = self.ref else { return }
                self.ref = self.app.library.setFlagged(ref, !ref.flags.contains(.flagged)) ?? ref
            },
            tool("arrowshape.turn.up.right", MailStrings.forward) { [weak self, weak scene] in
                guard let self else { return }
                self.app.compose(OutgoingMessage.forward(self.currentMessage(), me: me, language: lang), from: scene)
            },
            tool("arrowshape.turn.up.left", MailStrings.reply) { [weak self, weak scene] in
                guard let self else { return }
                self.app.compose(
                    OutgoingMessage.reply(to: self.currentMessage(), all: false, me: me, language: lang), from: scene)
            },
        ]
    }

    private func connectCompose(_ scene: WindowScene, _ session: SceneSession, _ activity: UserActivity?) {
        // A state of another shape opens an empty message.
        let state = try? activity?.payload(as: MailApp.ComposeState.self)
        let draft = OutgoingMessage(
            from: app.me, to: state?.to ?? "", subject: state?.subject ?? "", body: state?.body ?? "",
            inReplyTo: state?.inReplyTo)
        let v = ComposeView(message: draft)
        compose = v
        scene.title = draft.subject.isEmpty ? MailStrings.compose.resolved(scene.language) : draft.subject
        scene.closingButtonStyle = .close
        let send = Button(title: MailStrings.send, style: .plain)
        send.localizedAccessibilityLabel = MailStrings.send
        send.font = Font.preferred(.body).weight(.semibold)
        let sendMessage = { [weak self, weak scene] in
            guard let self, let scene else { return }
            self.finish(.send, in: scene)
        }
        send.action = sendMessage
        self.send = sendMessage
        let nav = NavigationContainer(
            root: Page(title: scene.title, content: v, trailingItems: [send]), closingButtonStyle: .close)
        // Close offers to keep what was written as a draft.
        nav.onClose = { [weak self, weak scene, weak v] _ in
            guard let self, let scene, let v else { return }
            if v.message.isEmpty {
                self.forgetKept(scene)
                scene.close(.decline)
                return
            }
            v.askToKeepDraft { [weak self, weak scene] keep in
                guard let self, let scene else { return }
                if keep {
                    self.finish(.saveDraft, in: scene)
                } else {
                    self.forgetKept(scene)
                    scene.close(.decline)
                }
            }
        }
        scene.rootView = nav
    }

    func stateRestorationActivity(for scene: WindowScene) -> UserActivity? {
        if let c = compose { return MailApp.composeActivity(c.message) }
        return nil
    }

    // MARK: Saving a message being written

    /// What the person asked of a message being written.
    enum Finish {
        /// Send: into Sent.
        case send
        /// Save Draft: into Drafts.
        case saveDraft
    }

    /// The finish that failed and waits to be tried again, if any.
    private(set) var failedFinish: Finish?
    /// The failure said last, so each is said once.
    private var said: FileWriteError?
    private var saidRecoveryFailure: FileWriteError?
    private var retry: ScheduledAction?
    /// One Message-ID for every try of this window's message.
    private lazy var messageID = UUID().uuidString + "@slate"

    /// Sends the message or saves it as a draft, and closes the window. When it cannot be saved the
    /// window stays, says why once with what to do (Retry, Copy Text), keeps the message in the
    /// recovery file, and tries again every `retryDelay` (and at Retry) until it can — then it closes
    /// as asked.
    func finish(_ what: Finish, in scene: WindowScene) {
        guard let v = compose else { return }
        retry?.cancel()
        retry = nil
        let data = v.message.rfc5322(date: app.library.now(), messageID: messageID)
        do {
            switch what {
            case .send: try app.library.save(data, to: .sent, flags: .seen)
            case .saveDraft: try app.library.save(data, to: .drafts, flags: [.draft, .seen])
            }
        } catch {
            failed(what, error, data: data, in: scene)
            return
        }
        forgetKept(scene)
        scene.close(.commit)
    }

    /// A message being written can be tried again this often: a disk freed is used within seconds.
    static let retryDelay = 5.0

    private func failed(_ what: Finish, _ failure: FileWriteError, data: Data, in scene: WindowScene) {
        let errors = scene.windowView.environment.errors
        var kept = false
        if let recovery = app.draftRecovery {
            do {
                try recovery.keep(data, id: scene.session.persistentIdentifier)
                kept = true
            } catch {
                if saidRecoveryFailure != error {
                    saidRecoveryFailure = error
                    errors.report(error, while: MailStrings.keepTheMessage)
                }
            }
        }
        failedFinish = what
        if said != failure {
            said = failure
            errors.report(failure, while: what == .send ? MailStrings.sendTheMessage : MailStrings.saveTheDraft)
        }
        let text: LocalizedString =
            switch (what, kept) {
            case (.send, true): MailStrings.notSent
            case (.send, false): MailStrings.notSentNotKept
            case (.saveDraft, true): MailStrings.draftNotSaved
            case (.saveDraft, false): MailStrings.draftNotSavedNotKept
            }
        compose?.showProblem(text.formatted(failure.summary, failure.advice)) {
            [weak self, weak scene] in
            guard let self, let scene, let again = self.failedFinish else { return }
            self.finish(again, in: scene)
        }
        if let dispatcher = scene.windowView.root?.dispatcher {
            retry = dispatcher.schedule(after: Self.retryDelay) { [weak self, weak scene] in
                guard let self, let scene, let again = self.failedFinish else { return }
                self.finish(again, in: scene)
            }
        }
    }

    /// The message was saved, or deleted by the person: nothing kept for it is needed.
    private func forgetKept(_ scene: WindowScene) {
        retry?.cancel()
        retry = nil
        failedFinish = nil
        app.draftRecovery?.discard(id: scene.session.persistentIdentifier)
    }
}
