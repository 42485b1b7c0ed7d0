import Foundation

/// What went wrong with a Maildir, and where.
public enum MaildirError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The root is missing or lacks `cur`/`new`.
    case notAMaildir(path: String, reason: String)
    /// A mailbox directory (or its `cur`/`new`) could not be read.
    case mailboxUnreadable(path: String, reason: String)
    /// The message file is gone, e.g. moved or expunged by another client.
    case messageMissing(uniqueName: String, mailbox: String)
    /// The target name already exists; nothing was overwritten.
    case nameClash(path: String)
    /// A sample or benchmark Maildir was asked for in a directory that already holds files.
    case targetNotEmpty(path: String)
    /// A folder name that cannot be used (empty, with "/" or "..", …).
    case invalidMailboxName(String)
    /// A system call failed.
    case ioFailure(operation: String, path: String, reason: String)
    /// A file or folder could not be written there (`code` is the system's error number: a full
    /// disk, a read-only folder, a file where a folder should be).
    case cannotWrite(path: String, code: Int32)

    /// One line saying what went wrong and where.
    public var description: String {
        switch self {
        case let .notAMaildir(path, reason):
            return "Not a Maildir: \(path) (\(reason))"
        case let .mailboxUnreadable(path, reason):
            return "Mailbox cannot be read: \(path) (\(reason))"
        case let .messageMissing(uniqueName, mailbox):
            return "Message \(uniqueName) is no longer in \(mailbox) (moved or deleted by another program?)"
        case let .nameClash(path):
            return "A file already exists at \(path); nothing was overwritten"
        case let .targetNotEmpty(path):
            return "Refusing to write into \(path): the directory is not empty"
        case let .invalidMailboxName(name):
            return "Invalid mailbox name \"\(name)\""
        case let .ioFailure(operation, path, reason):
            return "\(operation) failed for \(path) (\(reason))"
        case let .cannotWrite(path, code):
            return "cannot write \(path) (\(String(cString: strerror(code))))"
        }
    }
}
