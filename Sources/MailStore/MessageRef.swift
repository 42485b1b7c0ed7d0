import Foundation

/// A message file in a mailbox: where it is and what its name says.
///
/// A Maildir file name is `unique[:2,FLAGS]`; messages in `new/` normally
/// have no info part. A reference can go stale when another client renames
/// the file; the `Maildir` operations look the message up again by its
/// unique part in that case.
public struct MessageRef: Sendable, Hashable, Identifiable {
    /// Which of a mailbox's message directories a file lives in.
    public enum Subdirectory: String, Sendable, Hashable {
        /// `new/`: delivered and not yet seen by any client; no info part.
        case new
        /// `cur/`: seen by a client; the name carries `:2,` and the flags.
        case cur
    }

    /// The mailbox holding the message.
    public var mailbox: Mailbox
    /// `new` or `cur`.
    public var subdirectory: Subdirectory
    /// The file name as on disk.
    public var fileName: String
    /// The unique part of the name (everything before the first ':').
    public var uniqueName: String
    /// The standard flags from the info part.
    public var flags: MessageFlags
    /// Non-standard flag letters (e.g. Dovecot keywords `a`–`z`), kept as they are.
    public var otherFlags: String
    /// The info part after ':' (e.g. `2,FS`), if any.
    public var info: String?

    /// Parses a file name found in `mailbox`'s `subdirectory`.
    public init(mailbox: Mailbox, subdirectory: Subdirectory, fileName: String) {
        self.mailbox = mailbox
        self.subdirectory = subdirectory
        self.fileName = fileName
        if let colon = fileName.firstIndex(of: ":") {
            uniqueName = String(fileName[..<colon])
            let info = fileName[fileName.index(after: colon)...]
            self.info = String(info)
            if info.hasPrefix("2,") {
                (flags, otherFlags) = MessageFlags.parse(info.dropFirst(2))
            } else {
                flags = []
                otherFlags = ""
            }
        } else {
            uniqueName = fileName
            info = nil
            flags = []
            otherFlags = ""
        }
    }

    /// Stable identity within a Maildir: mailbox directory and unique name.
    public var id: String { mailbox.directoryName + "/" + uniqueName }

    /// The file's location.
    public var url: URL {
        mailbox.url.appendingPathComponent(subdirectory.rawValue, isDirectory: true)
            .appendingPathComponent(fileName, isDirectory: false)
    }

    /// The delivery time most Maildir writers put at the start of the unique
    /// name (seconds since 1970), if it has one.
    public var deliveryDate: Date? {
        let digits = uniqueName.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 9, digits.count <= 11, let seconds = Int(digits) else { return nil }
        return Date(timeIntervalSince1970: TimeInterval(seconds))
    }

    /// Whether the `S` flag is set.
    public var isSeen: Bool { flags.contains(.seen) }

    /// The file name this message gets in `cur/` with `flags` (sorted as the spec asks).
    static func curFileName(uniqueName: String, flags: MessageFlags, otherFlags: String) -> String {
        let letters = (flags.letters + otherFlags).sorted { $0.asciiValue ?? 0 < $1.asciiValue ?? 0 }
        return uniqueName + ":2," + String(letters)
    }
}
