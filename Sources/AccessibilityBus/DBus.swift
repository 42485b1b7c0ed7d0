import CDBus

/// A failed D-Bus call, answered with an error reply: its D-Bus error name and a message.
struct DBusFailure: Error {
    var name: String
    var message: String

    static func invalidArgs(_ message: String) -> DBusFailure {
        DBusFailure(name: "org.freedesktop.DBus.Error.InvalidArgs", message: message)
    }
    static func unknownMethod(_ message: String) -> DBusFailure {
        DBusFailure(name: "org.freedesktop.DBus.Error.UnknownMethod", message: message)
    }
    static func unknownObject(_ message: String) -> DBusFailure {
        DBusFailure(name: "org.freedesktop.DBus.Error.UnknownObject", message: message)
    }
    static func unknownProperty(_ message: String) -> DBusFailure {
        DBusFailure(name: "org.freedesktop.DBus.Error.UnknownProperty", message: message)
    }
}

/// One private connection to a bus (libdbus-1), used from the main thread only.
final class BusConnection {
    let raw: OpaquePointer

    /// The session bus (`address` nil) or the bus at `address`; nil when it cannot be reached.
    init?(address: String?) {
        let c: OpaquePointer?
        if let address {
            c = address.withCString { slate_dbus_open($0) }
        } else {
            c = slate_dbus_open(nil)
        }
        guard let c else { return nil }
        raw = c
    }

    deinit { slate_dbus_close(raw) }

    /// The connection's unique name on its bus (":1.42").
    var uniqueName: String { dbus_bus_get_unique_name(raw).map { String(cString: $0) } ?? "" }

    /// The socket to wait on for incoming data.
    var fileDescriptor: Int32? {
        var fd: Int32 = -1
        return dbus_connection_get_unix_fd(raw, &fd) != 0 && fd >= 0 ? fd : nil
    }

    var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }

    /// Calls a method and waits for the reply (at most `timeout` ms); nil on an error or a timeout.
    func call(
        destination: String, path: String, interface: String, method: String, timeout: Int32 = 3000,
        autoStart: Bool = true, arguments: (MessageWriter) -> Void = { _ in }
    ) -> OpaquePointer? {
        guard let m = dbus_message_new_method_call(destination, path, interface, method) else { return nil }
        defer { dbus_message_unref(m) }
        dbus_message_set_auto_start(m, autoStart ? 1 : 0)
        arguments(MessageWriter(message: m))
        return dbus_connection_send_with_reply_and_block(raw, m, timeout, nil)
    }

    /// Sends a message without waiting.
    func send(_ m: OpaquePointer) {
        dbus_connection_send(raw, m, nil)
    }

    /// Writes what is queued out.
    func flush() { dbus_connection_flush(raw) }

    /// Reads what has arrived without blocking and returns the messages queued, oldest first.
    func receive() -> [OpaquePointer] {
        _ = dbus_connection_read_write(raw, 0)
        var out: [OpaquePointer] = []
        while let m = dbus_connection_pop_message(raw) { out.append(m) }
        return out
    }
}

/// Appends values to a message, opening containers as asked.
final class MessageWriter {
    private var stack: [UnsafeMutablePointer<DBusMessageIter>] = []

    init(message: OpaquePointer) {
        let it = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        dbus_message_iter_init_append(message, it)
        stack = [it]
    }

    deinit {
        for it in stack { it.deallocate() }
    }

    private var top: UnsafeMutablePointer<DBusMessageIter> { stack[stack.count - 1] }

    func string(_ s: String) { _ = s.withCString { slate_dbus_append_string(top, $0) } }
    func objectPath(_ s: String) { _ = s.withCString { slate_dbus_append_object_path(top, $0) } }
    func int32(_ v: Int32) { _ = slate_dbus_append_int32(top, v) }
    func uint32(_ v: UInt32) { _ = slate_dbus_append_uint32(top, v) }
    func int16(_ v: Int16) { _ = slate_dbus_append_int16(top, v) }
    func bool(_ v: Bool) { _ = slate_dbus_append_boolean(top, v ? 1 : 0) }
    func double(_ v: Double) { _ = slate_dbus_append_double(top, v) }

    /// A reference to an object: (bus name, path).
    func reference(_ r: ObjectReference) {
        structure {
            string(r.bus)
            objectPath(r.path)
        }
    }

    private func container(_ type: Int32, _ signature: String?, _ body: () -> Void) {
        let sub = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        if let signature {
            _ = signature.withCString { dbus_message_iter_open_container(top, type, $0, sub) }
        } else {
            _ = dbus_message_iter_open_container(top, type, nil, sub)
        }
        let parent = top
        stack.append(sub)
        body()
        stack.removeLast()
        _ = dbus_message_iter_close_container(parent, sub)
        sub.deallocate()
    }

    func structure(_ body: () -> Void) { container(Int32(slate_dbus_type_struct), nil, body) }
    /// An array whose elements have `signature`.
    func array(_ signature: String, _ body: () -> Void) { container(Int32(slate_dbus_type_array), signature, body) }
    func dictEntry(_ body: () -> Void) { container(Int32(slate_dbus_type_dict_entry), nil, body) }
    /// A variant holding one value of `signature`.
    func variant(_ signature: String, _ body: () -> Void) {
        container(Int32(slate_dbus_type_variant), signature, body)
    }
}

/// Reads a message's arguments in order, checking each one's type.
final class MessageReader {
    private let iter = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
    private var hasMore: Bool

    init(message: OpaquePointer) {
        hasMore = dbus_message_iter_init(message, iter) != 0
    }

    deinit { iter.deallocate() }

    private var type: Int32 { hasMore ? dbus_message_iter_get_arg_type(iter) : Int32(slate_dbus_type_invalid) }

    private func advance() { hasMore = dbus_message_iter_next(iter) != 0 }

    func string() throws(DBusFailure) -> String {
        guard type == Int32(slate_dbus_type_string) || type == Int32(slate_dbus_type_object_path),
            let p = slate_dbus_get_string(iter)
        else { throw .invalidArgs("expected a string") }
        advance()
        return String(cString: p)
    }

    func int32() throws(DBusFailure) -> Int32 {
        guard type == Int32(slate_dbus_type_int32) else { throw .invalidArgs("expected an int32") }
        let v = slate_dbus_get_int32(iter)
        advance()
        return v
    }

    func uint32() throws(DBusFailure) -> UInt32 {
        guard type == Int32(slate_dbus_type_uint32) else { throw .invalidArgs("expected a uint32") }
        let v = slate_dbus_get_uint32(iter)
        advance()
        return v
    }

    /// An int32 inside a variant (a property set to an integer).
    func variantInt32() throws(DBusFailure) -> Int32 {
        guard type == Int32(slate_dbus_type_variant) else { throw .invalidArgs("expected a variant") }
        let sub = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { sub.deallocate() }
        dbus_message_iter_recurse(iter, sub)
        guard dbus_message_iter_get_arg_type(sub) == Int32(slate_dbus_type_int32) else {
            throw .invalidArgs("expected an int32 in the variant")
        }
        let v = slate_dbus_get_int32(sub)
        advance()
        return v
    }

    /// The (bus name, path) structure at the reader.
    func reference() throws(DBusFailure) -> ObjectReference {
        guard type == Int32(slate_dbus_type_struct) else { throw .invalidArgs("expected (so)") }
        let sub = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { sub.deallocate() }
        dbus_message_iter_recurse(iter, sub)
        guard let bus = slate_dbus_get_string(sub) else { throw .invalidArgs("expected (so)") }
        let busName = String(cString: bus)
        guard dbus_message_iter_next(sub) != 0, let path = slate_dbus_get_string(sub) else {
            throw .invalidArgs("expected (so)")
        }
        advance()
        return ObjectReference(bus: busName, path: String(cString: path))
    }
}

/// An accessible object on the bus: the connection's name and the object's path.
struct ObjectReference: Hashable {
    var bus: String
    var path: String
    /// The reference to no object.
    static let null = ObjectReference(bus: "", path: "/org/a11y/atspi/null")
}

/// What a received message is.
struct IncomingCall {
    let message: OpaquePointer
    var path: String { dbus_message_get_path(message).map { String(cString: $0) } ?? "" }
    var interface: String { dbus_message_get_interface(message).map { String(cString: $0) } ?? "" }
    var member: String { dbus_message_get_member(message).map { String(cString: $0) } ?? "" }
    var signature: String { dbus_message_get_signature(message).map { String(cString: $0) } ?? "" }
    var isMethodCall: Bool { dbus_message_get_type(message) == Int32(slate_dbus_message_method_call) }
    var wantsReply: Bool { dbus_message_get_no_reply(message) == 0 }
}
