import Foundation
import Graphics
import MailStore
import Testing
import UI

@testable import Mail

/// The screen's `BackgroundWork`: on the virtual clock a job runs at a frame, never while it is handed
/// off, so headless runs stay exact frame by frame; on threads its result still arrives only as a
/// frame is prepared, on the main actor.
@MainActor @Suite struct BackgroundWorkTests {
    func screen(_ mode: BackgroundWork.Mode = .automatic) -> (RootView, View) {
        let root = RootView(size: Size(800, 600), clock: VirtualClock())
        root.environment.backgroundWork.mode = mode
        let v = View(frame: Rect(0, 0, 100, 100))
        root.addSubview(v)
        return (root, v)
    }

    @Test func onTheVirtualClockAJobRunsAtTheNextFrameNotWhenHandedOff() {
        let (root, v) = screen()
        var ran = 0
        var got: [Int] = []
        root.environment.backgroundWork.run(for: v, { 42 }) { value in
            ran += 1
            got.append(value)
        }
        #expect(ran == 0, "handed off, not run")
        #expect(root.needsFrame, "outstanding work asks for frames")
        root.prepareFrame()
        #expect(got == [42])
        #expect(root.environment.backgroundWork.outstanding == 0)
        #expect(!root.animator.isRunning, "the pump stops when nothing is left, so an idle screen sleeps")
    }

    @Test func aFrameRunsABoundedNumberOfJobsInTheOrderGiven() {
        let (root, v) = screen(.frames(jobsPerFrame: 2))
        var got: [Int] = []
        for i in 0..<5 { root.environment.backgroundWork.run(for: v, { i }) { got.append($0) } }
        root.prepareFrame()
        #expect(got == [0, 1])
        root.prepareFrame()
        #expect(got == [0, 1, 2, 3])
        root.prepareFrame()
        #expect(got == [0, 1, 2, 3, 4])
    }

    @Test func aCancelledJobDeliversNothing() {
        let (root, v) = screen()
        var got: [Int] = []
        let ticket = root.environment.backgroundWork.run(for: v, { 1 }) { got.append($0) }
        root.environment.backgroundWork.run(for: v, { 2 }) { got.append($0) }
        ticket.cancel()
        root.prepareFrame()
        #expect(got == [2])
        #expect(ticket.isCancelled && !ticket.isDelivered)
    }

    @Test func onThreadsTheResultArrivesOnlyAsAFrameIsPrepared() {
        let (root, v) = screen(.threads)
        var got: Int?
        root.environment.backgroundWork.run(for: v, { Thread.isMainThread ? 0 : 7 }) { got = $0 }
        #expect(got == nil)
        // Frames are prepared until the thread's result is collected (bounded: a thread that never
        // finishes fails the test instead of hanging it).
        var frames = 0
        while got == nil && frames < 5_000 {
            usleep(1_000)
            root.prepareFrame()
            frames += 1
        }
        #expect(got == 7, "the job ran off the main thread, the result came back on it")
        #expect(root.environment.backgroundWork.outstanding == 0)
    }

    @Test func aViewOnNoScreenRunsItsJobAtOnce() {
        let v = View()
        var got: Int?
        BackgroundWork().run(for: v, { 3 }) { got = $0 }
        #expect(got == 3)
    }
}

/// Mail on a screen reads its mailbox and its messages in the background: the window is there at
/// once with "Loading…", the list appears when listed and its rows fill as they are read; a message
/// window shows its subject and "Loading…" until the message is parsed.
@MainActor @Suite struct MailBackgroundReadingTests {
    nonisolated static let reference = Date(timeIntervalSince1970: 1_795_000_000)

    func library() throws -> (MailLibrary, URL) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("slate-mail-bg-\(UUID())")
        let lib = try MailLibrary.open(root: root, writeSampleIfEmpty: true, now: { Self.reference })
        return (lib, root)
    }

    func onScreen(_ view: View) -> RootView {
        let root = RootView(size: Size(1100, 800), clock: VirtualClock())
        view.frame = root.bounds
        root.addSubview(view)
        return root
    }

    func rowLabels(_ list: ListView) -> [String] {
        list.visibleRows.map { $0.1.accessibilityLabel ?? "" }
    }

    /// Frames until nothing is left to read (bounded).
    @discardableResult
    func settle(_ root: RootView, limit: Int = 60) -> Int {
        var frames = 0
        while root.animator.isRunning && frames < limit {
            root.prepareFrame()
            frames += 1
        }
        return frames
    }

    @Test func theMailboxIsListedOffTheOpeningFrameAndItsRowsFillAsTheyAreRead() throws {
        let (lib, folder) = try library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = MailApp(library: lib)
        defer { withExtendedLifetime(app) {} }
        let window = MailboxWindowView(app: app, mailbox: try #require(lib.mailbox(role: .inbox)))
        let root = onScreen(window)
        #expect(window.messageList.numberOfRows == 0, "nothing is read while the window opens")
        #expect(window.emptyLabel.text == MailStrings.loading.en)
        #expect(!window.emptyLabel.isHidden)

        root.prepareFrame()  // the listing is read; the rows laid out ask for their summaries
        let count = lib.index(of: try #require(lib.mailbox(role: .inbox))).count
        #expect(count > 5)
        #expect(window.messageList.numberOfRows == count)
        #expect(window.emptyLabel.isHidden)
        #expect(!rowLabels(window.messageList).isEmpty)
        #expect(rowLabels(window.messageList).allSatisfy { $0 == MailStrings.loading.en })
        settle(root)
        let labels = rowLabels(window.messageList)
        #expect(!labels.contains(MailStrings.loading.en), "\(labels)")
        #expect(labels.contains("Встреча завтра"), "\(labels)")
        #expect(!root.animator.isRunning, "nothing left to read: the screen can sleep")
    }

    /// What the list shows after each frame of a fresh window.
    func trace() throws -> [[String]] {
        let (lib, folder) = try library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = MailApp(library: lib)
        let window = MailboxWindowView(app: app, mailbox: try #require(lib.mailbox(role: .inbox)))
        let root = onScreen(window)
        var out: [[String]] = []
        for _ in 0..<12 {
            root.prepareFrame()
            out.append(rowLabels(window.messageList) + [window.emptyLabel.text])
        }
        withExtendedLifetime(app) {}
        return out
    }

    @Test func onTheVirtualClockTheLoadingIsTheSameFrameByFrame() throws {
        let a = try trace()
        let b = try trace()
        #expect(a == b)
        #expect(a.first != a.last, "the rows filled in over the frames")
    }

    @Test func theSidebarCountsUnreadOnceEachMailboxIsListed() throws {
        let (lib, folder) = try library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = MailApp(library: lib)
        defer { withExtendedLifetime(app) {} }
        let inbox = try #require(lib.mailbox(role: .inbox))
        let window = MailboxWindowView(app: app, mailbox: inbox)
        let root = onScreen(window)
        settle(root)
        let row = try #require(window.mailboxList.visibleRows.first?.1 as? MailboxRowView)
        #expect(row.mailbox?.id == inbox.id)
        let unread = lib.index(of: inbox).unreadCount
        #expect(unread > 0)
        #expect(row.count.text == "\(unread)")
    }

    @Test func aRestoredScrollPositionWaitsForTheListing() throws {
        let (lib, folder) = try library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inbox = try #require(lib.mailbox(role: .inbox))
        let app = MailApp(library: lib)
        let window = MailboxWindowView(app: app, mailbox: inbox)
        let root = onScreen(window)
        defer { withExtendedLifetime(app) {} }
        window.show(inbox, scroll: 200)
        #expect(window.scrollOffset == 200, "saved again as it was, though nothing is listed yet")
        #expect(window.messageList.contentOffset.y == 0)
        settle(root)
        #expect(window.messageList.contentOffset.y == 200)
        #expect(window.scrollOffset == 200)
    }

    @Test func aReadChangeShowsAtOnceAndTheListingIsReadAgainInTheBackground() throws {
        let (lib, folder) = try library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = MailApp(library: lib)
        defer { withExtendedLifetime(app) {} }
        let inbox = try #require(lib.mailbox(role: .inbox))
        let window = MailboxWindowView(app: app, mailbox: inbox)
        let root = onScreen(window)
        settle(root)
        let index = lib.index(of: inbox)
        let row = try #require((0..<index.count).first { !index.refs[$0].isSeen })
        let before = index.unreadCount
        let ref = index.refs[row]
        #expect(lib.setSeen(ref, true) != nil)
        #expect(index.refs[row].isSeen, "shown at once")
        #expect(index.unreadCount == before - 1)
        #expect(root.animator.isRunning, "the listing is read again")
        root.prepareFrame()
        #expect(index.refs[row].isSeen)
        #expect(index.unreadCount == before - 1)
    }

    static func message(subject: String = "Parts", parts: Int = 0, attachmentBytes: Int = 0) -> Data {
        var s = "From: Big <big@example.com>\r\nSubject: \(subject)\r\nDate: Mon, 30 Nov 2026 09:00:00 +0000\r\n"
        s += "MIME-Version: 1.0\r\nContent-Type: multipart/mixed; boundary=\"b\"\r\n\r\n"
        s += "--b\r\nContent-Type: text/plain\r\n\r\nThe text.\r\n"
        for i in 0..<parts {
            s += "--b\r\nContent-Type: application/octet-stream\r\n"
            s += "Content-Disposition: attachment; filename=\"part\(i).bin\"\r\n\r\nxyz\r\n"
        }
        var data = Data(s.utf8)
        if attachmentBytes > 0 {
            data.append(
                Data(
                    "--b\r\nContent-Type: application/zip\r\nContent-Disposition: attachment; filename=\"big.zip\"\r\n\r\n"
                        .utf8))
            data.append(Data(repeating: UInt8(ascii: "z"), count: attachmentBytes))
            data.append(Data("\r\n".utf8))
        }
        data.append(Data("--b--\r\n".utf8))
        return data
    }

    @Test func aMessageWindowShowsItsSubjectAndLoadingThenTheMessage() throws {
        let (lib, folder) = try library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inbox = try #require(lib.mailbox(role: .inbox))
        let ref = try lib.maildir.deliver(Self.message(parts: 10_000), to: inbox)
        let view = MessageBodyView()
        let maildir = lib.maildir
        view.load(subject: "Parts", language: .en) { (try? maildir.message(ref)) ?? Message() }
        let root = onScreen(view)
        #expect(view.isLoading)
        #expect(view.subject.text == "Parts")
        #expect(view.loadingLabel.text == "Loading…" && !view.loadingLabel.isHidden)
        #expect(view.body.text.isEmpty)
        root.prepareFrame()
        #expect(!view.isLoading)
        #expect(view.loadingLabel.isHidden)
        #expect(view.body.text == "The text.")
        // Ten thousand parts list fifty names and count the rest: the label stays a few lines.
        let lines = view.attachmentsLabel.text.split(separator: "\n")
        #expect(lines.count == 1 + MessageBodyView.mostAttachmentsListed + 1)
        #expect(lines.last == "and 9,950 more")
        #expect(view.message?.attachments.count == 10_000)
    }

    @Test func aMessageWindowKeepsNoAttachmentBytes() throws {
        let (lib, folder) = try library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inbox = try #require(lib.mailbox(role: .inbox))
        let ref = try lib.maildir.deliver(Self.message(attachmentBytes: 2 << 20), to: inbox)
        let view = MessageBodyView()
        let maildir = lib.maildir
        view.load(subject: "Parts", language: .en) { (try? maildir.message(ref)) ?? Message() }
        let root = onScreen(view)
        root.prepareFrame()
        let a = try #require(view.message?.attachments.first)
        #expect(a.filename == "big.zip")
        #expect(a.size == 2 << 20, "the size is said")
        #expect(a.data.isEmpty, "the bytes stay in the file")
        #expect(view.attachmentsLabel.text.contains("big.zip"))
    }

    @Test func aMessageThatCannotBeReadSaysSoInItsWindow() throws {
        let view = MessageBodyView()
        view.load(subject: "Gone", language: .en) { Message(subject: "Gone", problems: ["no such file"]) }
        let root = onScreen(view)
        root.prepareFrame()
        #expect(!view.problems.isHidden)
        #expect(view.problems.text.contains("no such file"))
    }

    @Test func aMegabyteSubjectIsCutInTheRowTheWindowTitleAndTheMessage() throws {
        let (lib, folder) = try library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inbox = try #require(lib.mailbox(role: .inbox))
        let huge = String(repeating: "s", count: 1 << 20)
        try lib.maildir.deliver(Self.message(subject: huge), to: inbox)
        let index = lib.index(of: inbox)
        let row = try #require((0..<index.count).first { index.summary(at: $0)?.subject.hasPrefix("sss") == true })
        let s = try #require(index.summary(at: row))
        #expect(s.subject.count == ShownText.longestLine + 1, "the row keeps what it shows, not a megabyte")
        #expect((MailApp.messageActivity(s).title ?? "").count <= ShownText.longestLine + 1, "the window's title")
        let view = MessageBodyView()
        view.load(subject: s.subject, language: .en) { Message(subject: huge, text: "x") }
        let root = onScreen(view)
        root.prepareFrame()
        #expect(view.subject.text.count == ShownText.longestLine + 1)
    }

    @Test func aRestoredMessageWindowFindsItsMessageWithoutListingTheMailbox() throws {
        let (lib, folder) = try library()
        defer { try? FileManager.default.removeItem(at: folder) }
        let inbox = try #require(lib.mailbox(role: .inbox))
        let ref = try lib.maildir.deliver(Self.message(), to: inbox)
        let fresh = try MailLibrary.open(root: folder, writeSampleIfEmpty: false, now: { Self.reference })
        let app = MailApp(library: fresh)
        #expect(app.findMessage(ref.id)?.uniqueName == ref.uniqueName)
        #expect(!fresh.index(of: inbox).isLoaded, "found on disk, the 100,000 names not read")
        // A message whose flags changed meanwhile (renamed into cur/) is found too.
        let seen = try #require(lib.setSeen(ref, true))
        #expect(app.findMessage(ref.id)?.fileName == seen.fileName)
    }

    @Test func aMessageOnNoScreenIsReadWhenLaidOut() {
        let view = MessageBodyView(frame: Rect(0, 0, 600, 800))
        view.load(subject: "S", language: .en) { Message(subject: "S", text: "Body") }
        #expect(view.isLoading)
        view.layoutIfNeeded()
        #expect(view.body.text == "Body")
    }
}
