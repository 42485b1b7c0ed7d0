import Foundation

/// A Maildir++ mail store on disk: the root directory is INBOX, and each
/// `.Name` directory beside its `cur`, `new` and `tmp` is a folder
/// (`.Work.Projects` is "Projects" inside "Work"; names are modified UTF-7).
///
/// All changes are made with `rename(2)` and never remove a message file;
/// see the operations in `Maildir+Operations.swift`.
public struct Maildir: Sendable {
    /// The root directory (the INBOX).
    public let root: URL
    /// Makes unique names for delivered messages.
    public let nameGenerator: MaildirNameGenerator

    /// Opens the Maildir at `root` (nothing is read until asked).
    ///
    /// - Parameter nameGenerator: makes the unique names of delivered
    ///   messages; inject one with a fixed clock for deterministic names.
    public init(root: URL, nameGenerator: MaildirNameGenerator) {
        self.root = root.standardizedFileURL
        self.nameGenerator = nameGenerator
    }

    /// The INBOX (the root folder).
    public var inbox: Mailbox { Mailbox(inboxAt: root) }

    /// Checks that the root is a Maildir (a directory with `cur` and `new`).
    public func validate() throws(MaildirError) {
        let path = root.path
        guard FileSystem.exists(path) else {
            throw .notAMaildir(path: path, reason: "no such directory")
        }
        guard FileSystem.isDirectory(path) else {
            throw .notAMaildir(path: path, reason: "not a directory")
        }
        for sub in ["cur", "new"] where !FileSystem.isDirectory(path + "/" + sub) {
            throw .notAMaildir(path: path, reason: "no \(sub)/ directory")
        }
    }

    /// Lists the mailboxes. Folders that cannot be read are reported in
    /// `problems` and the others are still listed; dotfiles that are not
    /// folders (e.g. `.subscriptions`) are ignored.
    public func listMailboxes() throws(MaildirError) -> MailboxListing {
        try validate()
        let entries: [FileSystem.Entry]
        do {
            entries = try FileSystem.list(root.path)
        } catch {
            throw .mailboxUnreadable(path: root.path, reason: error.text)
        }
        var mailboxes = [inbox]
        var problems: [MaildirError] = []
        if let problem = checkReadable(inbox) { problems.append(problem) }
        for entry in entries where entry.name.hasPrefix(".") && entry.isDirectory {
            let directoryName = String(entry.name.dropFirst())
            guard Mailbox.isValidDirectoryName(directoryName) else { continue }
            let mailbox = Mailbox(directoryName: directoryName, root: root)
            if let problem = checkReadable(mailbox) {
                problems.append(problem)
            } else {
                mailboxes.append(mailbox)
            }
        }
        mailboxes.sort(by: Maildir.listOrder)
        problems.sort { $0.description < $1.description }
        return MailboxListing(mailboxes: mailboxes, problems: problems)
    }

    /// Lists the messages in `mailbox`'s `new/` and `cur/` (dotfiles, `tmp/`
    /// and anything that is not a regular file are ignored), in no particular order.
    public func messages(in mailbox: Mailbox) throws(MaildirError) -> [MessageRef] {
        var refs: [MessageRef] = []
        for sub in [MessageRef.Subdirectory.new, .cur] {
            let dir = mailbox.url.appendingPathComponent(sub.rawValue).path
            let entries: [FileSystem.Entry]
            do {
                entries = try FileSystem.list(dir)
            } catch {
                throw .mailboxUnreadable(path: dir, reason: error.text)
            }
            refs.reserveCapacity(refs.count + entries.count)
            for entry in entries where !entry.name.hasPrefix(".") && entry.isRegularFile {
                refs.append(MessageRef(mailbox: mailbox, subdirectory: sub, fileName: entry.name))
            }
        }
        return refs
    }

    /// The raw bytes of a message (found again by unique name if it was renamed).
    public func data(of ref: MessageRef) throws(MaildirError) -> Data {
        let current = try locate(ref)
        do {
            return try FileSystem.read(current.url.path).data
        } catch {
            if error.code == ENOENT { throw .messageMissing(uniqueName: ref.uniqueName, mailbox: ref.mailbox.fullName) }
            throw .ioFailure(operation: "read", path: current.url.path, reason: error.text)
        }
    }

    /// Reads and parses a message.
    public func message(_ ref: MessageRef) throws(MaildirError) -> Message {
        MessageParser.parse(try data(of: ref))
    }

    /// The current reference for `ref`: itself if its file is still there,
    /// else the file with the same unique name in the same mailbox's
    /// `new/` or `cur/` (another client may have changed its flags).
    public func locate(_ ref: MessageRef) throws(MaildirError) -> MessageRef {
        if FileSystem.exists(ref.url.path) { return ref }
        let candidates: [MessageRef]
        do {
            candidates = try messages(in: ref.mailbox)
        } catch {
            throw .messageMissing(uniqueName: ref.uniqueName, mailbox: ref.mailbox.fullName)
        }
        if let found = candidates.first(where: { $0.uniqueName == ref.uniqueName }) { return found }
        throw .messageMissing(uniqueName: ref.uniqueName, mailbox: ref.mailbox.fullName)
    }

    // MARK: - Helpers

    /// Returns a problem if `mailbox`'s `cur/` or `new/` cannot be opened.
    func checkReadable(_ mailbox: Mailbox) -> MaildirError? {
        for sub in ["cur", "new"] {
            let dir = mailbox.url.appendingPathComponent(sub).path
            guard let handle = opendir(dir) else {
                return .mailboxUnreadable(path: dir, reason: FileSystem.errnoText())
            }
            closedir(handle)
        }
        return nil
    }

    static func listOrder(_ a: Mailbox, _ b: Mailbox) -> Bool {
        let ra = a.depth == 0 ? a.role.sortOrder : MailboxRole.other.sortOrder
        let rb = b.depth == 0 ? b.role.sortOrder : MailboxRole.other.sortOrder
        if ra != rb { return ra < rb }
        // Compare path component by component so children follow their parents.
        for (x, y) in zip(a.path, b.path) where x != y {
            let lx = x.lowercased()
            let ly = y.lowercased()
            return lx != ly ? lx < ly : x < y
        }
        return a.path.count < b.path.count
    }
}
