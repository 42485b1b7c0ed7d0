import Foundation

extension Maildir {
    /// Writes a sample Maildir++ at `root` for demos and manual testing:
    /// a few dozen Russian and English messages in Inbox, Drafts, Sent,
    /// Archive, Trash and Work/Projects, in UTF-8 (8bit, quoted-printable,
    /// base64), KOI8-R, Windows-1251 and ISO-8859-1, with RFC 2047 subjects
    /// and names, multipart/alternative, attachments, and an HTML-only one.
    /// Inbox holds a message with the subject "Встреча завтра" and one
    /// called "Meeting tomorrow at 10:00".
    ///
    /// Dates are spread over the four weeks before `referenceDate`, so the
    /// output is the same for the same date.
    ///
    /// - Throws: `.targetNotEmpty` if `root` exists and holds anything
    ///   (user data is never overwritten), or an I/O error.
    @discardableResult
    public static func createSample(at root: URL, referenceDate: Date) throws(MaildirError) -> Maildir {
        let messages = SampleCatalogue.messages()
        return try writeCollection(at: root, referenceDate: referenceDate, count: messages.count) { index in
            messages[index]
        }
    }

    /// Writes `count` varied messages into the Inbox of a new Maildir at
    /// `root`, quickly (no fsync), for benchmarking the message list.
    /// About a third are unread; dates spread over the year before `referenceDate`.
    ///
    /// - Throws: `.targetNotEmpty` if `root` exists and holds anything.
    @discardableResult
    public static func generateBenchmark(
        at root: URL, count: Int,
        referenceDate: Date = Date(timeIntervalSince1970: 1_767_225_600)
    )
        throws(MaildirError) -> Maildir
    {
        try writeCollection(at: root, referenceDate: referenceDate, count: count) { index in
            SampleCatalogue.benchmarkMessage(index)
        }
    }

    /// Creates the Maildir and writes `count` messages made by `make`.
    private static func writeCollection(
        at root: URL, referenceDate: Date, count: Int,
        make: (Int) -> SampleMessage
    ) throws(MaildirError) -> Maildir {
        let path = root.standardizedFileURL.path
        if FileSystem.exists(path) {
            guard FileSystem.isDirectory(path) else { throw .targetNotEmpty(path: path) }
            let entries: [FileSystem.Entry]
            do {
                entries = try FileSystem.list(path)
            } catch {
                throw .ioFailure(operation: "list", path: path, reason: error.text)
            }
            guard entries.isEmpty else { throw .targetNotEmpty(path: path) }
        } else {
            try makeDirectories(path)
        }
        for sub in ["cur", "new", "tmp"] { try FileSystem.makeDirectory(path + "/" + sub) }
        let maildir = Maildir(root: root, nameGenerator: MaildirNameGenerator(clock: { referenceDate }))
        var created: [[String]: Mailbox] = [[]: maildir.inbox]
        let reference = referenceDate.timeIntervalSince1970.rounded(.down)
        for index in 0..<count {
            let message = make(index)
            let mailbox: Mailbox
            if let existing = created[message.folder] {
                mailbox = existing
            } else {
                // Create parents first so nested folders have them (Work before Work/Projects).
                for depth in 1..<message.folder.count where created[Array(message.folder.prefix(depth))] == nil {
                    let parent = Array(message.folder.prefix(depth))
                    created[parent] = try maildir.createMailbox(path: parent)
                }
                mailbox = try maildir.createMailbox(path: message.folder)
                created[message.folder] = mailbox
            }
            let bytes = message.render(reference: reference, index: index)
            let delivered = Int(reference - message.hoursAgo * 3600)
            let unique = "\(delivered).M\(index)P0.slate-sample"
            let subdirectory = message.flags.isEmpty ? "new" : "cur"
            let fileName =
                message.flags.isEmpty
                ? unique : MessageRef.curFileName(uniqueName: unique, flags: message.flags, otherFlags: "")
            let filePath = mailbox.url.path + "/" + subdirectory + "/" + fileName
            guard try FileSystem.writeNew(filePath, Data(bytes), sync: false) else {
                throw .nameClash(path: filePath)
            }
        }
        return maildir
    }

    private static func makeDirectories(_ path: String) throws(MaildirError) {
        do {
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        } catch {
            throw .ioFailure(operation: "mkdir", path: path, reason: "\(error.localizedDescription)")
        }
    }
}
