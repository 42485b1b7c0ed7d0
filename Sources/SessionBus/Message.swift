import CDBus

/// One D-Bus message — a method call, its return or error, or a signal — owned by this object
/// (libdbus's reference is dropped when it goes).
///
/// A message is not shared between threads while it is being written or read; a finished one may
/// be handed over (`@unchecked Sendable`: libdbus's reference counts are atomic).
///
/// ```swift
/// let call = try Message.methodCall(
///     destination: "org.freedesktop.UPower", path: "/org/freedesktop/UPower",
///     interface: "org.freedesktop.UPower", member: "EnumerateDevices")
/// let reply = try connection.call(call, timeout: 0.5)
/// ```
public final class Message: @unchecked Sendable {
    /// The libdbus message, for code that calls libdbus itself.
    public let raw: OpaquePointer

    /// What a message is.
    public enum Kind: Sendable, Equatable {
        /// A method call.
        case methodCall
        /// A method's successful reply.
        case methodReturn
        /// A method's error reply.
        case error
        /// A signal.
        case signal
        /// A type this library does not know.
        case unknown
    }

    /// Takes over a reference to `raw` (released when this object goes).
    public init(adopting raw: OpaquePointer) {
        self.raw = raw
    }

    deinit { dbus_message_unref(raw) }

    /// A method call to `member` of `interface` on the object at `path` of `destination`.
    public static func methodCall(
        destination: String?, path: String, interface: String?, member: String
    ) throws(BusError) -> Message {
        guard Self.isValidPath(path) else { throw .invalidArgs("'\(path)' is not an object path") }
        guard let m = dbus_message_new_method_call(destination, path, interface, member) else {
            throw .noMemory("cannot make a call to \(member)")
        }
        return Message(adopting: m)
    }

    /// A signal `member` of `interface`, sent from the object at `path`.
    public static func signal(path: String, interface: String, member: String) throws(BusError) -> Message {
        guard Self.isValidPath(path) else { throw .invalidArgs("'\(path)' is not an object path") }
        guard let m = dbus_message_new_signal(path, interface, member) else {
            throw .noMemory("cannot make the signal \(member)")
        }
        return Message(adopting: m)
    }

    /// The successful reply to this method call (its arguments still to be written).
    public func methodReturn() throws(BusError) -> Message {
        guard let m = dbus_message_new_method_return(raw) else { throw .noMemory("cannot make a reply") }
        return Message(adopting: m)
    }

    /// The error reply `error` to this method call.
    public func errorReply(_ error: BusError) throws(BusError) -> Message {
        guard let m = dbus_message_new_error(raw, error.name, error.message) else {
            throw .noMemory("cannot make an error reply")
        }
        return Message(adopting: m)
    }

    /// Whether `path` is a valid object path (`/`, or `/` followed by `[A-Za-z0-9_]` elements).
    public static func isValidPath(_ path: String) -> Bool {
        guard path.hasPrefix("/") else { return false }
        if path == "/" { return true }
        let elements = path.dropFirst().split(separator: "/", omittingEmptySubsequences: false)
        return !path.hasSuffix("/")
            && elements.allSatisfy { e in
                !e.isEmpty
                    && e.unicodeScalars.allSatisfy {
                        ("a"..."z").contains($0) || ("A"..."Z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
                    }
            }
    }

    // MARK: Header

    /// What the message is.
    public var kind: Kind {
        switch dbus_message_get_type(raw) {
        case Int32(slate_dbus_message_method_call): .methodCall
        case Int32(slate_dbus_message_method_return): .methodReturn
        case Int32(slate_dbus_message_error): .error
        case Int32(slate_dbus_message_signal): .signal
        default: .unknown
        }
    }

    /// The object path it is to or from ("" when it has none).
    public var path: String { dbus_message_get_path(raw).map { String(cString: $0) } ?? "" }
    /// Its interface ("" when it has none).
    public var interface: String { dbus_message_get_interface(raw).map { String(cString: $0) } ?? "" }
    /// Its method or signal name ("" when it has none).
    public var member: String { dbus_message_get_member(raw).map { String(cString: $0) } ?? "" }
    /// The unique name of the connection that sent it ("" when unknown).
    public var sender: String { dbus_message_get_sender(raw).map { String(cString: $0) } ?? "" }
    /// The name it is addressed to ("" when none).
    public var destination: String { dbus_message_get_destination(raw).map { String(cString: $0) } ?? "" }
    /// The signature of its arguments ("sa{sv}as").
    public var signature: String { dbus_message_get_signature(raw).map { String(cString: $0) } ?? "" }
    /// An error reply's error name; nil for other messages.
    public var errorName: String? { dbus_message_get_error_name(raw).map { String(cString: $0) } }
    /// Whether the sender of a method call waits for a reply.
    public var wantsReply: Bool { dbus_message_get_no_reply(raw) == 0 }
    /// The serial number the sending connection gave the message (0 before it is sent).
    public var serial: UInt32 {
        get { dbus_message_get_serial(raw) }
        set { dbus_message_set_serial(raw, newValue) }
    }

    /// Whether a call may start the service it is addressed to (D-Bus activation); on by default.
    public var autoStart: Bool {
        get { dbus_message_get_auto_start(raw) != 0 }
        set { dbus_message_set_auto_start(raw, newValue ? 1 : 0) }
    }

    /// An error reply as a `BusError`; nil for other messages.
    public var error: BusError? {
        guard let name = errorName else { return nil }
        let text = (try? reader().string()) ?? ""
        return BusError(name: name, message: text)
    }

    // MARK: Body

    /// Appends arguments with `body`.
    @discardableResult
    public func append(_ body: (MessageWriter) -> Void) -> Message {
        body(MessageWriter(message: self))
        return self
    }

    /// A reader of the arguments from the first.
    public func reader() -> MessageReader { MessageReader(message: self) }
}
