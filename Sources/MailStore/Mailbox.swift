import Foundation

/// One folder of a Maildir++: the root (INBOX) or a `.Name` subfolder.
public struct Mailbox: Sendable, Hashable, Identifiable {
    /// The directory name without the leading dot, as on disk (still in modified
    /// UTF-7), e.g. `Work.Projects`; empty for INBOX.
    public var directoryName: String
    /// The decoded path components, e.g. `["Work", "Projects"]`; `["INBOX"]` for the root.
    public var path: [String]
    /// What the folder is for.
    public var role: MailboxRole
    /// The folder's directory (the one holding `cur`, `new` and `tmp`).
    public var url: URL

    /// The decoded last path component, e.g. `Projects` or `Корзина`; `Inbox` for the root.
    public var name: String { isInbox ? "Inbox" : (path.last ?? directoryName) }
    /// The decoded full name with "/" between levels, e.g. `Work/Projects`; `INBOX` for the root.
    public var fullName: String { path.joined(separator: "/") }
    /// Whether this is the root folder.
    public var isInbox: Bool { directoryName.isEmpty }
    /// How deep the folder is nested (0 for INBOX and top-level folders).
    public var depth: Int { max(0, path.count - 1) }
    /// Stable identity: the on-disk directory name.
    public var id: String { directoryName }

    /// Creates the INBOX of a Maildir rooted at `root`.
    init(inboxAt root: URL) {
        directoryName = ""
        path = ["INBOX"]
        role = .inbox
        url = root
    }

    /// Creates a subfolder from its directory name (without the leading dot).
    init(directoryName: String, root: URL) {
        self.directoryName = directoryName
        let components = directoryName.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        path = components.map { ModifiedUTF7.decode($0) ?? $0 }
        role = components.count == 1 ? MailboxRole(folderName: path[0]) : .other
        if role == .inbox { role = .other }  // a ".INBOX" folder is not the real inbox
        url = root.appendingPathComponent("." + directoryName, isDirectory: true)
    }

    /// Whether `directoryName` is acceptable as a Maildir++ folder name.
    static func isValidDirectoryName(_ name: String) -> Bool {
        !name.isEmpty && !name.hasPrefix(".") && !name.hasSuffix(".") && !name.contains("..")
            && !name.contains("/") && name != "." && !name.utf8.contains(0)
    }
}
