import Foundation
import MailStore
import Scenes
import UI

/// The mail the app shows: one Maildir on disk, its mailboxes, and each mailbox's messages, newest
/// first. A mailbox's list comes from the directory alone (names carry the delivery time), read off
/// the main thread for a window; each row's summary is read from its file when the row is shown.
///
/// Every change (read, flag, move, delete, send) is a rename or a delivery on disk, then every open
/// window hears of it.
@MainActor public final class MailLibrary {
    public let maildir: Maildir
    /// The date the app believes it is (the host's calendar clock; fixed in headless runs).
    public let now: @Sendable () -> Date
    public private(set) var mailboxes: [Mailbox] = []
    /// Folders that could not be read and messages that could not be changed, one line each.
    public private(set) var problems: [String] = []
    /// Where a change that fails is said: the screen of the window the person acts in (Mail points
    /// it at the active window's), logged once and shown, as the person asked for the change.
    public var errors = ErrorReporter()

    private var indexes: [String: MailboxIndex] = [:]
    private var observers: [UUID: () -> Void] = [:]
    private var loadingObservers: [UUID: (String, MailboxIndex.Change) -> Void] = [:]

    public init(maildir: Maildir, now: @escaping @Sendable () -> Date) {
        self.maildir = maildir
        self.now = now
        reloadMailboxes()
    }

    /// Opens the Maildir at `root`, writing the sample one first when `sample` and the folder is empty.
    public static func open(
        root: URL, writeSampleIfEmpty sample: Bool, now: @escaping @Sendable () -> Date
    ) throws -> MailLibrary {
        let fm = FileManager.default
        // A folder that cannot be listed is taken for empty; validate() below then says why.
        let empty = (try? fm.contentsOfDirectory(atPath: root.path))?.isEmpty ?? true
        if sample && empty {
            try Maildir.createSample(at: root, referenceDate: now())
        }
        let md = Maildir(root: root, nameGenerator: MaildirNameGenerator(clock: now))
        try md.validate()
        return MailLibrary(maildir: md, now: now)
    }

    /// The standard mailboxes first (Inbox, Drafts, Sent, Archive, Junk, Trash), then the others by name.
    public func reloadMailboxes() {
        do {
            let listing = try maildir.listMailboxes()
            let order: [MailboxRole] = [.inbox, .drafts, .sent, .archive, .junk, .trash]
            mailboxes = listing.mailboxes.sorted { a, b in
                let ia = order.firstIndex(of: a.role) ?? order.count
                let ib = order.firstIndex(of: b.role) ?? order.count
                return ia != ib ? ia < ib : a.fullName.localizedStandardCompare(b.fullName) == .orderedAscending
            }
            problems = listing.problems.map(\.description)
        } catch {
            mailboxes = []
            problems = ["\(error)"]
        }
    }

    public func mailbox(role: MailboxRole) -> Mailbox? { mailboxes.first { $0.role == role } }

    public func mailbox(id: String) -> Mailbox? { mailboxes.first { $0.id == id } }

    /// The messages of a mailbox, newest first.
    public func index(of mailbox: Mailbox) -> MailboxIndex {
        if let i = indexes[mailbox.id] { return i }
        let i = MailboxIndex(maildir: maildir, mailbox: mailbox)
        let id = mailbox.id
        i.onChange = { [weak self] change in
            guard let self else { return }
            for f in self.loadingObservers.values { f(id, change) }
        }
        indexes[mailbox.id] = i
        return i
    }

    /// Hear of every change; returns a token to stop.
    public func observe(_ f: @escaping () -> Void) -> UUID {
        let id = UUID()
        observers[id] = f
        return id
    }

    /// Hear of what arrives from the background for a mailbox (its id): its listing, or summaries.
    public func observeLoading(_ f: @escaping (String, MailboxIndex.Change) -> Void) -> UUID {
        let id = UUID()
        loadingObservers[id] = f
        return id
    }

    public func stopObserving(_ token: UUID) {
        observers[token] = nil
        loadingObservers[token] = nil
    }

    private func changed(_ mailboxIDs: [String]) {
        for id in mailboxIDs { indexes[id]?.reload() }
        for f in observers.values { f() }
    }

    private func record(_ error: any Error, _ what: LocalizedString) {
        problems.append("\(what.en): \(error)")
        errors.report(error, while: what, userAction: true)
    }

    // MARK: Reading

    /// The whole message, parsed; a message that cannot be read says so in its problems.
    public func message(_ ref: MessageRef) -> Message {
        do {
            return try maildir.message(try maildir.locate(ref))
        } catch {
            return Message(problems: ["\(error)"])
        }
    }

    /// The largest message file a context menu's preview parses as it opens; a larger one is
    /// previewed from its row's summary (its snippet), so the menu opens at once.
    public static let largestPreviewParsed = 256 * 1024

    /// What a message's preview shows: the message, when its file is small, else its summary.
    public func previewMessage(_ s: MessageSummary) -> Message {
        // Absent is fine: a message not found or not measured previews from its summary.
        let path = ((try? maildir.locate(s.ref)) ?? s.ref).url.path
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? nil
        if let size, size <= Self.largestPreviewParsed { return message(s.ref) }
        return Message(date: s.date, subject: s.subject, text: s.snippet)
    }

    // MARK: Changes

    @discardableResult
    public func setSeen(_ ref: MessageRef, _ seen: Bool) -> MessageRef? {
        change(ref, seen ? MailStrings.markTheMessageRead : MailStrings.markTheMessageUnread) {
            try seen ? $0.addFlags(.seen, to: $1) : $0.removeFlags(.seen, from: $1)
        }
    }

    @discardableResult
    public func setFlagged(_ ref: MessageRef, _ flagged: Bool) -> MessageRef? {
        change(ref, flagged ? MailStrings.flagTheMessage : MailStrings.unflagTheMessage) {
            try flagged ? $0.addFlags(.flagged, to: $1) : $0.removeFlags(.flagged, from: $1)
        }
    }

    @discardableResult
    public func move(_ ref: MessageRef, to mailbox: Mailbox) -> MessageRef? {
        guard mailbox.id != ref.mailbox.id else { return ref }
        let r = change(ref, MailStrings.moveTheMessage, also: [mailbox.id]) { try $0.move($1, to: mailbox) }
        return r
    }

    /// Moves to Trash (never unlinks).
    @discardableResult
    public func delete(_ ref: MessageRef) -> MessageRef? {
        let trash = mailbox(role: .trash)?.id ?? ".Trash"
        let r = change(ref, MailStrings.deleteTheMessage, also: [trash]) { try $0.delete($1) }
        if mailbox(role: .trash) == nil { reloadMailboxes() }
        return r
    }

    private func change(
        _ ref: MessageRef, _ what: LocalizedString, also: [String] = [],
        _ op: (Maildir, MessageRef) throws -> MessageRef
    ) -> MessageRef? {
        do {
            let current = try maildir.locate(ref)
            let new = try op(maildir, current)
            indexes[ref.mailbox.id]?.replace(current, with: new)
            changed([ref.mailbox.id] + also)
            return new
        } catch {
            record(error, what)
            changed([ref.mailbox.id])
            return nil
        }
    }

    /// Writes a message into a mailbox (Sent for a sent message, Drafts for a draft).
    @discardableResult
    public func deliver(_ data: Data, to role: MailboxRole, flags: MessageFlags) -> MessageRef? {
        do {
            return try save(data, to: role, flags: flags)
        } catch {
            record(error, role == .sent ? MailStrings.sendTheMessage : MailStrings.saveTheDraft)
            return nil
        }
    }

    /// Saves a message into the mailbox of `role` (made when missing): Sent, Drafts. A failure — a
    /// full disk, a read-only Maildir, a file where its folder should be — throws, in one line, and
    /// leaves nothing half-written.
    @discardableResult
    public func save(_ data: Data, to role: MailboxRole, flags: MessageFlags) throws(FileWriteError) -> MessageRef {
        var box = mailbox(role: role)
        if box == nil {
            do {
                box = try maildir.createMailbox(path: [role == .sent ? "Sent" : role == .drafts ? "Drafts" : "Archive"])
                reloadMailboxes()
            } catch {
                throw Self.writeError(error, at: maildir.root.path)
            }
        }
        guard let box else { throw FileWriteError(path: maildir.root.path, code: ENOENT) }
        do {
            let r = try maildir.deliver(data, to: box, flags: flags)
            changed([box.id])
            return r
        } catch {
            throw Self.writeError(error, at: box.url.path)
        }
    }

    /// A Maildir's failure to write, as the one kind every write path of Slate says.
    static func writeError(_ error: any Error, at path: String) -> FileWriteError {
        switch error as? MaildirError {
        case .cannotWrite(let place, let code):
            return AtomicFile.failure(code, at: place)
        case .mailboxUnreadable(let place, _):
            // Its folder is gone from under it: a file in the way is named as such.
            if let file = AtomicFile.fileInTheWay(of: place) { return FileWriteError(path: file, code: ENOTDIR) }
            return FileWriteError(path: place, code: ENOENT)
        default:
            return FileWriteError(path: path, reason: "\(error)")
        }
    }
}

/// The messages of one mailbox, newest first, summaries read on demand.
///
/// A window reads the listing off the main thread (`load(using:for:)`) and the summaries of the rows
/// it shows in batches (`want(row:using:for:)`), and hears when they arrive (`MailLibrary.observeLoading`);
/// until then it shows "Loading…" and placeholder rows. A row keeps only a compact summary — sender,
/// subject and date cut to what a row shows, a snippet, flags — never a parsed message.
///
/// Other callers (tests, a message found by its id) may use `refs`, `count` and `summary(at:)`, which
/// read what is missing at once, on the caller's thread.
@MainActor public final class MailboxIndex {
    /// What arrived from the background.
    public enum Change: Sendable {
        /// The listing (row count, order, unread count) changed.
        case listing
        /// Summaries of some rows arrived.
        case summaries
    }

    public let maildir: Maildir
    public let mailbox: Mailbox
    /// Whether the listing has been read at least once.
    public private(set) var isLoaded = false
    private var listed: [MessageRef] = []
    private var unread = 0
    private var listProblem: String?
    /// Summaries by unique name (rows asked for so far), each cut to what a row shows.
    private var summaries: [String: MessageSummary] = [:]
    /// Why a message's file could not be read, by unique name, until the next reload.
    private var failures: [String: String] = [:]
    /// Messages whose summaries are being read, and those asked for and not yet handed off.
    private var reading: Set<String> = []
    private var wanted: [MessageRef] = []
    private var flushScheduled = false
    private var listing: BackgroundWork.Ticket?
    /// The work and view the last background read used, so a reload after a change is read the same way.
    private weak var work: BackgroundWork?
    private weak var workView: View?
    /// Told when something arrives from the background (the library passes it on).
    var onChange: ((Change) -> Void)?

    init(maildir: Maildir, mailbox: Mailbox) {
        self.maildir = maildir
        self.mailbox = mailbox
    }

    // MARK: Read at once

    /// The messages, newest first (the listing is read now if it was not yet).
    public var refs: [MessageRef] {
        loadNow()
        return listed
    }

    public var count: Int { refs.count }

    public var unreadCount: Int {
        loadNow()
        return unread
    }

    /// Why the mailbox could not be listed, if it could not.
    public var problem: String? {
        loadNow()
        return listProblem
    }

    /// The summary of the message at `i`, read from its file now if it was not yet.
    public func summary(at i: Int) -> MessageSummary? {
        let refs = self.refs
        guard i >= 0, i < refs.count else { return nil }
        let r = refs[i]
        if let s = summaries[r.uniqueName] { return s }
        if failures[r.uniqueName] != nil { return nil }
        store(r, Maildir.summarize(r))
        return summaries[r.uniqueName]
    }

    /// Why the message at `i` could not be read (its row says so), or nil when it could.
    public func failure(at i: Int) -> String? {
        let refs = self.refs
        guard i >= 0, i < refs.count else { return nil }
        if summaries[refs[i].uniqueName] == nil && failures[refs[i].uniqueName] == nil { _ = summary(at: i) }
        return failures[refs[i].uniqueName]
    }

    /// The row of a message, if it is still here.
    public func row(of id: String) -> Int? {
        let unique =
            id.split(separator: "/", maxSplits: 1, omittingEmptySubsequences: false).last.map(String.init) ?? id
        return refs.firstIndex { $0.uniqueName == unique && $0.id == id }
    }

    // MARK: Read in the background, for a window

    /// How many rows are known (0 until the listing arrives).
    public var loadedCount: Int { listed.count }
    /// The unread count, once the listing arrived.
    public var loadedUnreadCount: Int? { isLoaded ? unread : nil }
    /// Why the mailbox could not be listed, once that is known.
    public var loadedProblem: String? { listProblem }

    /// The summary of the row `i`, if it arrived.
    public func loadedSummary(at i: Int) -> MessageSummary? {
        guard i >= 0, i < listed.count else { return nil }
        return summaries[listed[i].uniqueName]
    }

    /// Why the row `i` could not be read, if that is known.
    public func loadedFailure(at i: Int) -> String? {
        guard i >= 0, i < listed.count else { return nil }
        return failures[listed[i].uniqueName]
    }

    /// Starts reading the listing with `work` for `view`'s screen, unless it is read or being read.
    public func load(using work: BackgroundWork, for view: View) {
        self.work = work
        workView = view
        guard !isLoaded, listing == nil else { return }
        startListing(work, view)
    }

    /// Asks for the summary of row `i`: read with the others asked for in this frame, in one job.
    public func want(row i: Int, using work: BackgroundWork, for view: View) {
        guard i >= 0, i < listed.count else { return }
        let r = listed[i]
        let name = r.uniqueName
        guard summaries[name] == nil, failures[name] == nil, !reading.contains(name) else { return }
        reading.insert(name)
        wanted.append(r)
        guard !flushScheduled else { return }
        flushScheduled = true
        // The rows of one layout pass are asked for one by one; the batch is handed off as the next
        // frame begins, so they are read in one job.
        work.run(for: view, {}) { [weak self, weak view] in
            guard let self, let view else { return }
            self.flushWanted(work, view)
        }
    }

    private func flushWanted(_ work: BackgroundWork, _ view: View) {
        flushScheduled = false
        let all = wanted
        wanted = []
        // A few rows a job: the rows on screen fill in over a few frames, each frame laying out a few.
        for start in stride(from: 0, to: all.count, by: Self.rowsPerJob) {
            let batch = Array(all[start..<min(start + Self.rowsPerJob, all.count)])
            work.run(for: view, { batch.map { ($0, Maildir.summarize($0)) } }) { [weak self] results in
                guard let self else { return }
                for (r, result) in results {
                    self.reading.remove(r.uniqueName)
                    self.store(r, result)
                }
                self.onChange?(.summaries)
            }
        }
    }

    /// How many rows' summaries one background job reads.
    static let rowsPerJob = 4

    private func store(_ r: MessageRef, _ result: Result<MessageSummary, MaildirError>) {
        switch result {
        case .success(var s):
            // A hostile header (a 1 MB subject) is kept only as far as a row shows it.
            s.subject = ShownText.clipped(s.subject, ShownText.longestLine)
            s.fromName = ShownText.clipped(s.fromName, ShownText.longestLine)
            summaries[r.uniqueName] = s
        case .failure(let e):
            if case .ioFailure(_, _, let reason) = e {
                failures[r.uniqueName] = reason
            } else {
                failures[r.uniqueName] = "\(e)"
            }
        }
    }

    private func startListing(_ work: BackgroundWork, _ view: View) {
        listing?.cancel()
        let (maildir, mailbox) = (self.maildir, self.mailbox)
        listing = work.run(for: view, { Self.list(maildir, mailbox) }) { [weak self] result in
            guard let self else { return }
            self.listing = nil
            self.apply(result)
            self.onChange?(.listing)
        }
    }

    /// What a listing found: the messages newest first, how many are unread, or why it failed.
    struct Listing: Sendable {
        var refs: [MessageRef]
        var unread: Int
        var problem: String?
    }

    /// Lists and orders a mailbox (on any thread).
    nonisolated static func list(_ maildir: Maildir, _ mailbox: Mailbox) -> Listing {
        do {
            let list = try maildir.messages(in: mailbox)
            // Delivery time from the unique name, read once per message (not per comparison); ties by
            // name so the order is stable.
            let keyed = list.map { ($0.deliverySeconds ?? Int.min, $0) }
            let refs = keyed.sorted { a, b in a.0 != b.0 ? a.0 > b.0 : a.1.uniqueName > b.1.uniqueName }.map(\.1)
            return Listing(refs: refs, unread: refs.lazy.filter { !$0.isSeen }.count, problem: nil)
        } catch {
            return Listing(refs: [], unread: 0, problem: "\(error)")
        }
    }

    private func apply(_ listing: Listing) {
        isLoaded = true
        listed = listing.refs
        unread = listing.unread
        listProblem = listing.problem
        failures = [:]
        // Summaries of messages still here are kept; a renamed file (flags changed) takes the new ref.
        if !summaries.isEmpty {
            var kept: [String: MessageSummary] = [:]
            for r in listed {
                if var s = summaries[r.uniqueName] {
                    s.ref = r
                    kept[r.uniqueName] = s
                }
            }
            summaries = kept
        }
    }

    private func loadNow() {
        guard !isLoaded else { return }
        listing?.cancel()
        listing = nil
        apply(Self.list(maildir, mailbox))
    }

    /// Reads the listing again after a change: in the background when a window reads this mailbox
    /// (the rows stay as they are meanwhile), else at once.
    func reload() {
        guard isLoaded || listing != nil else { return }
        if let work, let workView, workView.root != nil {
            startListing(work, workView)
        } else {
            apply(Self.list(maildir, mailbox))
        }
    }

    /// Shows a change made here at once, before the listing is read again: `old` is now `new` (flags
    /// changed), or gone (`new` nil: moved or deleted).
    func replace(_ old: MessageRef, with new: MessageRef?) {
        guard isLoaded, let i = listed.firstIndex(where: { $0.uniqueName == old.uniqueName }) else { return }
        let was = listed[i]
        if let new, new.mailbox.id == mailbox.id {
            listed[i] = new
            unread += (new.isSeen ? 0 : 1) - (was.isSeen ? 0 : 1)
            if var s = summaries[new.uniqueName] {
                s.ref = new
                summaries[new.uniqueName] = s
            }
        } else {
            listed.remove(at: i)
            unread -= was.isSeen ? 0 : 1
        }
    }
}
