import Foundation

/// Changes to a Maildir. Every change of an existing message is a single
/// `rename(2)`; no message file is ever removed or overwritten. A stale
/// `MessageRef` (renamed meanwhile by another client) is looked up again
/// by its unique name; a message that is gone gives `.messageMissing`.
extension Maildir {
    /// Replaces the standard flags of a message (non-standard flag letters are kept).
    ///
    /// The file moves to `cur/` (if it was in `new/`) with info `:2,` and the
    /// flag letters in ASCII order. Returns the updated reference.
    @discardableResult
    public func setFlags(_ flags: MessageFlags, on ref: MessageRef) throws(MaildirError) -> MessageRef {
        let current = try locate(ref)
        return try rename(current, to: current.mailbox, flags: flags)
    }

    /// Adds flags to a message. See `setFlags(_:on:)`.
    @discardableResult
    public func addFlags(_ flags: MessageFlags, to ref: MessageRef) throws(MaildirError) -> MessageRef {
        let current = try locate(ref)
        return try rename(current, to: current.mailbox, flags: current.flags.union(flags))
    }

    /// Removes flags from a message. See `setFlags(_:on:)`.
    @discardableResult
    public func removeFlags(_ flags: MessageFlags, from ref: MessageRef) throws(MaildirError) -> MessageRef {
        let current = try locate(ref)
        return try rename(current, to: current.mailbox, flags: current.flags.subtracting(flags))
    }

    /// Moves a message into `mailbox`'s `cur/`, keeping its unique name and flags.
    @discardableResult
    public func move(_ ref: MessageRef, to mailbox: Mailbox) throws(MaildirError) -> MessageRef {
        let current = try locate(ref)
        return try rename(current, to: mailbox, flags: current.flags)
    }

    /// "Deletes" a message the safe way: moves it to Trash (creating `.Trash`
    /// if there is no trash folder) and sets the `T` flag. A message already
    /// in Trash just gets the flag. Nothing is unlinked.
    @discardableResult
    public func delete(_ ref: MessageRef) throws(MaildirError) -> MessageRef {
        let current = try locate(ref)
        let trash = try trashMailbox()
        return try rename(current, to: trash, flags: current.flags.union(.trashed))
    }

    /// The trash folder, created (with `cur`, `new`, `tmp`) when there is none.
    public func trashMailbox() throws(MaildirError) -> Mailbox {
        if let trash = try listMailboxes().mailbox(withRole: .trash) { return trash }
        return try createMailbox(path: ["Trash"])
    }

    /// Creates a folder (and its `cur`, `new`, `tmp`); an existing one is returned as it is.
    ///
    /// - Parameter path: decoded names from the top, e.g. `["Work", "Projects"]`;
    ///   each is encoded in modified UTF-7 and joined with ".".
    @discardableResult
    public func createMailbox(path: [String]) throws(MaildirError) -> Mailbox {
        try validate()
        guard !path.isEmpty,
            path.allSatisfy({ !$0.isEmpty && !$0.contains(".") && !$0.contains("/") && !$0.contains("\0") })
        else {
            throw .invalidMailboxName(path.joined(separator: "/"))
        }
        let directoryName = path.map(ModifiedUTF7.encode).joined(separator: ".")
        guard Mailbox.isValidDirectoryName(directoryName) else { throw .invalidMailboxName(directoryName) }
        let mailbox = Mailbox(directoryName: directoryName, root: root)
        try FileSystem.makeDirectory(mailbox.url.path)
        for sub in ["cur", "new", "tmp"] {
            try FileSystem.makeDirectory(mailbox.url.appendingPathComponent(sub).path)
        }
        // Dovecot-style marker that this is a Maildir++ folder.
        // The marker is a courtesy to other Maildir++ readers: a folder without it still works.
        _ = try? FileSystem.writeNew(mailbox.url.appendingPathComponent("maildirfolder").path, Data(), sync: false)
        return mailbox
    }

    /// Delivers a new message into `mailbox` the Maildir way: written to
    /// `tmp/` under a fresh unique name, fsynced, then renamed into `new/`
    /// (no flags) or into `cur/` with `:2,` and `flags` (e.g. `.seen` for
    /// Sent, `.draft` for Drafts).
    @discardableResult
    public func deliver(_ data: Data, to mailbox: Mailbox, flags: MessageFlags = []) throws(MaildirError) -> MessageRef
    {
        let base = mailbox.url.path
        for sub in ["cur", "new"] where !FileSystem.isDirectory(base + "/" + sub) {
            throw .mailboxUnreadable(path: base + "/" + sub, reason: "not a directory")
        }
        try FileSystem.makeDirectory(base + "/tmp")
        for _ in 0..<1000 {
            let unique = nameGenerator.next()
            let tmpPath = base + "/tmp/" + unique
            let subdirectory: MessageRef.Subdirectory = flags.isEmpty ? .new : .cur
            let fileName =
                flags.isEmpty ? unique : MessageRef.curFileName(uniqueName: unique, flags: flags, otherFlags: "")
            let finalPath = base + "/" + subdirectory.rawValue + "/" + fileName
            // Skip names already used anywhere in this mailbox.
            if FileSystem.exists(base + "/new/" + unique) || FileSystem.exists(finalPath) { continue }
            guard try FileSystem.writeNew(tmpPath, data, sync: true) else { continue }
            do {
                try FileSystem.renameNoReplace(tmpPath, finalPath)
            } catch {
                unlink(tmpPath)  // our own tmp file, never delivered
                throw error
            }
            FileSystem.syncDirectory(base + "/" + subdirectory.rawValue)
            return MessageRef(mailbox: mailbox, subdirectory: subdirectory, fileName: fileName)
        }
        throw .nameClash(path: base + "/tmp")
    }

    /// Renames `current` into `mailbox`'s `cur/` with `flags`; a no-op if nothing changes.
    private func rename(_ current: MessageRef, to mailbox: Mailbox, flags: MessageFlags) throws(MaildirError)
        -> MessageRef
    {
        let fileName = MessageRef.curFileName(
            uniqueName: current.uniqueName, flags: flags, otherFlags: current.otherFlags)
        let target = MessageRef(mailbox: mailbox, subdirectory: .cur, fileName: fileName)
        if target.url.path == current.url.path { return current }
        let curDir = mailbox.url.appendingPathComponent("cur").path
        guard FileSystem.isDirectory(curDir) else {
            throw .mailboxUnreadable(path: curDir, reason: "not a directory")
        }
        do {
            try FileSystem.renameNoReplace(current.url.path, target.url.path)
        } catch {
            if case .ioFailure = error, !FileSystem.exists(current.url.path) {
                throw .messageMissing(uniqueName: current.uniqueName, mailbox: current.mailbox.fullName)
            }
            throw error
        }
        return target
    }
}
