import Foundation
import MailStore

/// The mail the app shows: one Maildir on disk, its mailboxes, and each mailbox's messages, newest
/// first. A mailbox's list comes from the directory alone (names carry the delivery time), so even
/// 10,000 messages list at once; each row's summary is read from its file when the row is shown.
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

    private var indexes: [String: MailboxIndex] = [:]
    private var observers: [UUID: () -> Void] = [:]

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
        indexes[mailbox.id] = i
        return i
    }

    /// Hear of every change; returns a token to stop.
    public func observe(_ f: @escaping () -> Void) -> UUID {
        let id = UUID()
        observers[id] = f
        return id
    }

    public func stopObserving(_ token: UUID) { observers[token] = nil }

    private func changed(_ mailboxIDs: [String]) {
        for id in mailboxIDs { indexes[id]?.reload() }
        for f in observers.values { f() }
    }

    private func record(_ error: any Error, _ what: String) {
        problems.append("\(what): \(error)")
        FileHandle.standardError.write(Data("slate mail: \(what): \(error)\n".utf8))
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

    // MARK: Changes

    @discardableResult
    public func setSeen(_ ref: MessageRef, _ seen: Bool) -> MessageRef? {
        change(ref, "mark as \(seen ? "read" : "unread")") {
            try seen ? $0.addFlags(.seen, to: $1) : $0.removeFlags(.seen, from: $1)
        }
    }

    @discardableResult
    public func setFlagged(_ ref: MessageRef, _ flagged: Bool) -> MessageRef? {
        change(ref, flagged ? "flag" : "unflag") {
            try flagged ? $0.addFlags(.flagged, to: $1) : $0.removeFlags(.flagged, from: $1)
        }
    }

    @discardableResult
    public func move(_ ref: MessageRef, to mailbox: Mailbox) -> MessageRef? {
        guard mailbox.id != ref.mailbox.id else { return ref }
        let r = change(ref, "move to \(mailbox.name)", also: [mailbox.id]) { try $0.move($1, to: mailbox) }
        return r
    }

    /// Moves to Trash (never unlinks).
    @discardableResult
    public func delete(_ ref: MessageRef) -> MessageRef? {
        let trash = mailbox(role: .trash)?.id ?? ".Trash"
        let r = change(ref, "delete", also: [trash]) { try $0.delete($1) }
        if mailbox(role: .trash) == nil { reloadMailboxes() }
        return r
    }

    private func change(
        _ ref: MessageRef, _ what: String, also: [String] = [], _ op: (Maildir, MessageRef) throws -> MessageRef
    ) -> MessageRef? {
        do {
            let current = try maildir.locate(ref)
            let new = try op(maildir, current)
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
        var box = mailbox(role: role)
        if box == nil {
            do {
                box = try maildir.createMailbox(path: [role == .sent ? "Sent" : role == .drafts ? "Drafts" : "Archive"])
                reloadMailboxes()
            } catch {
                record(error, "create the \(role) mailbox")
                return nil
            }
        }
        do {
            let r = try maildir.deliver(data, to: box!, flags: flags)
            changed([box!.id])
            return r
        } catch {
            record(error, "save into \(box!.name)")
            return nil
        }
    }
}

/// The messages of one mailbox, newest first, summaries read on demand.
@MainActor public final class MailboxIndex {
    public let maildir: Maildir
    public let mailbox: Mailbox
    public private(set) var refs: [MessageRef] = []
    public private(set) var problem: String?
    private var summaries: [String: MessageSummary] = [:]
    /// Why a message's file could not be read, by message id, until the next reload.
    private var failures: [String: String] = [:]

    init(maildir: Maildir, mailbox: Mailbox) {
        self.maildir = maildir
        self.mailbox = mailbox
        reload()
    }

    public var count: Int { refs.count }

    public var unreadCount: Int { refs.lazy.filter { !$0.isSeen }.count }

    func reload() {
        do {
            let list = try maildir.messages(in: mailbox)
            // Delivery time from the unique name, read once per message (not per comparison); ties by
            // name so the order is stable.
            let keyed = list.map { ($0.deliveryDate ?? .distantPast, $0) }
            refs = keyed.sorted { a, b in a.0 != b.0 ? a.0 > b.0 : a.1.uniqueName > b.1.uniqueName }.map(\.1)
            problem = nil
            let live = Set(refs.map(\.id))
            summaries = summaries.filter { live.contains($0.key) }
            failures = [:]
            // A renamed file (flags changed) keeps its summary but takes the new ref.
            for r in refs {
                if var s = summaries[r.id], s.ref != r {
                    s.ref = r
                    summaries[r.id] = s
                }
            }
        } catch {
            refs = []
            problem = "\(error)"
        }
    }

    /// The summary of the message at `i`, read from its file the first time it is asked for.
    public func summary(at i: Int) -> MessageSummary? {
        guard i >= 0, i < refs.count else { return nil }
        let r = refs[i]
        if let s = summaries[r.id] { return s }
        if failures[r.id] != nil { return nil }
        switch Maildir.summarize(r) {
        case .success(let s):
            summaries[r.id] = s
            return s
        case .failure(let e):
            if case .ioFailure(_, _, let reason) = e {
                failures[r.id] = reason
            } else {
                failures[r.id] = "\(e)"
            }
            return nil
        }
    }

    /// Why the message at `i` could not be read (its row says so), or nil when it could.
    public func failure(at i: Int) -> String? {
        guard i >= 0, i < refs.count else { return nil }
        if summaries[refs[i].id] == nil && failures[refs[i].id] == nil { _ = summary(at: i) }
        return failures[refs[i].id]
    }

    /// The row of a message, if it is still here.
    public func row(of id: String) -> Int? { refs.firstIndex { $0.id == id } }
}
