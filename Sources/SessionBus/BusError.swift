/// A failed D-Bus exchange: the error name the bus or the peer answered with (or one of libdbus's
/// own, for a timeout or a lost connection) and its message.
public struct BusError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The D-Bus error name (`org.freedesktop.DBus.Error.NoReply`).
    public var name: String
    /// What went wrong, in the words of whoever answered.
    public var message: String

    /// An error named `name` saying `message`.
    public init(name: String, message: String) {
        self.name = name
        self.message = message
    }

    /// One line: the message, and the error's name.
    public var description: String { message.isEmpty ? name : "\(message) (\(name))" }

    /// Whether the call ended unanswered: the peer took longer than the call's timeout (or is gone).
    public var isTimeout: Bool { name == Self.noReplyName || name == Self.timeoutName }

    /// Whether nothing owns the name called: the service is not running (and cannot be started).
    public var isServiceMissing: Bool { name == Self.serviceUnknownName || name == Self.nameHasNoOwnerName }

    /// `org.freedesktop.DBus.Error.NoReply`: no answer within the timeout.
    public static let noReplyName = "org.freedesktop.DBus.Error.NoReply"
    /// `org.freedesktop.DBus.Error.Timeout`.
    public static let timeoutName = "org.freedesktop.DBus.Error.Timeout"
    /// `org.freedesktop.DBus.Error.ServiceUnknown`: no one owns the name.
    public static let serviceUnknownName = "org.freedesktop.DBus.Error.ServiceUnknown"
    /// `org.freedesktop.DBus.Error.NameHasNoOwner`.
    public static let nameHasNoOwnerName = "org.freedesktop.DBus.Error.NameHasNoOwner"

    /// Arguments of the wrong types or count (`org.freedesktop.DBus.Error.InvalidArgs`).
    public static func invalidArgs(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }
    /// A method the object does not have (`org.freedesktop.DBus.Error.UnknownMethod`).
    public static func unknownMethod(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.UnknownMethod", message: message)
    }
    /// No object at the path (`org.freedesktop.DBus.Error.UnknownObject`).
    public static func unknownObject(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.UnknownObject", message: message)
    }
    /// An interface the object does not have (`org.freedesktop.DBus.Error.UnknownInterface`).
    public static func unknownInterface(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.UnknownInterface", message: message)
    }
    /// A property the interface does not have (`org.freedesktop.DBus.Error.UnknownProperty`).
    public static func unknownProperty(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.UnknownProperty", message: message)
    }
    /// A property that cannot be written (`org.freedesktop.DBus.Error.PropertyReadOnly`).
    public static func propertyReadOnly(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.PropertyReadOnly", message: message)
    }
    /// A generic failure (`org.freedesktop.DBus.Error.Failed`).
    public static func failed(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.Failed", message: message)
    }
    /// The connection could not be made or was lost (`org.freedesktop.DBus.Error.Disconnected`).
    public static func disconnected(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.Disconnected", message: message)
    }
    /// libdbus could not allocate a message (`org.freedesktop.DBus.Error.NoMemory`).
    public static func noMemory(_ message: String) -> BusError {
        BusError(name: "org.freedesktop.DBus.Error.NoMemory", message: message)
    }
}
