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
        // The colon is found in the UTF-8 bytes (a Character walk cost most of listing 100,000 names).
        if let byte = fileName.utf8.firstIndex(of: UInt8(ascii: ":")) {
            uniqueName = String(decoding: fileName.utf8[..<byte], as: UTF8.self)
            let info = Substring(String(decoding: fileName.utf8[fileName.utf8.index(after: byte)...], as: UTF8.self))
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
        deliverySeconds.map { Date(timeIntervalSince1970: TimeInterval($0)) }
    }

    /// `deliveryDate` as whole seconds since 1970 (read from the name's leading 9 to 11 digits).
    public var deliverySeconds: Int? {
        var seconds = 0
        var digits = 0
        for b in uniqueName.utf8 {
            guard b >= UInt8(ascii: "0"), b <= UInt8(ascii: "9") else { break }
            digits += 1
            if digits > 11 { return nil }
            seconds = seconds * 10 + Int(b - UInt8(ascii: "0"))
        }
        return digits >= 9 ? seconds : nil
    }

    /// Whether the `S` flag is set.
    public var isSeen: Bool { flags.contains(.seen) }

    /// The file name this message gets in `cur/` with `flags` (sorted as the spec asks).
    static func curFileName(uniqueName: String, flags: MessageFlags, otherFlags: String) -> String {
        let letters = (flags.letters + otherFlags).sorted { $0.asciiValue ?? 0 < $1.asciiValue ?? 0 }
        return uniqueName + ":2," + String(letters)
    }
}
