import CDBus

/// One private connection to a bus (libdbus-1): the session bus, the system bus, or a bus at an
/// address (the accessibility bus). Private: never shared with other code in the process, and a
/// bus that goes away never ends the process.
///
/// A connection is used from one thread at a time: the main thread polling `fileDescriptor` (the
/// accessibility bridge), or a `BusWorker`'s thread, where calls may block for their timeout.
///
/// ```swift
/// let bus = try BusConnection(.system)
/// let reply = try bus.call(
///     destination: "org.freedesktop.login1", path: "/org/freedesktop/login1",
///     interface: "org.freedesktop.login1.Manager", method: "ListSessions", timeout: 0.5)
/// ```
public final class BusConnection {
    /// The libdbus connection, for code that calls libdbus itself.
    public let raw: OpaquePointer

    /// Which bus to connect to.
    public enum Bus: Sendable, Hashable {
        /// The user's session bus (`DBUS_SESSION_BUS_ADDRESS`).
        case session
        /// The machine's system bus (`DBUS_SYSTEM_BUS_ADDRESS`, else the well-known socket).
        case system
        /// The bus at this address (registered with it once connected).
        case address(String)
    }

    /// Connects to `bus`; throws `BusError.disconnected` when it cannot be reached.
    public init(_ bus: Bus) throws(BusError) {
        let c: OpaquePointer?
        switch bus {
        case .session: c = slate_dbus_open(nil)
        case .system: c = slate_dbus_open_system()
        case .address(let a): c = a.withCString { slate_dbus_open($0) }
        }
        guard let c else {
            let which =
                switch bus {
                case .session: "the session bus"
                case .system: "the system bus"
                case .address(let a): "the bus at \(a)"
                }
            throw .disconnected("cannot connect to \(which)")
        }
        raw = c
    }

    deinit { slate_dbus_close(raw) }

    /// The connection's unique name on its bus (":1.42").
    public var uniqueName: String { dbus_bus_get_unique_name(raw).map { String(cString: $0) } ?? "" }

    /// The socket to wait on for incoming data.
    public var fileDescriptor: Int32? {
        var fd: Int32 = -1
        return dbus_connection_get_unix_fd(raw, &fd) != 0 && fd >= 0 ? fd : nil
    }

    /// Whether the connection is still up.
    public var isConnected: Bool { dbus_connection_get_is_connected(raw) != 0 }

    // MARK: Calls

    /// Sends `call` and waits for its reply, at most `timeout` seconds; an error reply, a timeout
    /// or a lost connection throws.
    public func call(_ call: Message, timeout: Double) throws(BusError) -> Message {
        var error = DBusError()
        dbus_error_init(&error)
        let ms = Int32((min(max(timeout, 0.001), 3600) * 1000).rounded())
        guard let reply = dbus_connection_send_with_reply_and_block(raw, call.raw, ms, &error) else {
            defer { dbus_error_free(&error) }
            let name = error.name.map { String(cString: $0) } ?? BusError.noReplyName
            let message = error.message.map { String(cString: $0) } ?? ""
            throw BusError(name: name, message: message)
        }
        return Message(adopting: reply)
    }

    /// Calls `method` of `interface` on the object at `path` of `destination` with the arguments
    /// `arguments` writes, and waits for the reply at most `timeout` seconds. With `autoStart`
    /// false, a service that is not running is not started for the call.
    @discardableResult
    public func call(
        destination: String, path: String, interface: String, method: String, timeout: Double,
        autoStart: Bool = true, arguments: (MessageWriter) -> Void = { _ in }
    ) throws(BusError) -> Message {
        let m = try Message.methodCall(destination: destination, path: path, interface: interface, member: method)
        m.autoStart = autoStart
        let writer = MessageWriter(message: m)
        arguments(writer)
        if writer.failed { throw .invalidArgs("the arguments of \(interface).\(method) could not be written") }
        return try call(m, timeout: timeout)
    }

    /// Sends a message without waiting (a signal, a reply, a call whose answer is not wanted).
    public func send(_ m: Message) {
        dbus_connection_send(raw, m.raw, nil)
    }

    /// Writes what is queued out.
    public func flush() { dbus_connection_flush(raw) }

    /// Reads what has arrived without blocking and returns the messages queued, oldest first.
    public func receive() -> [Message] {
        _ = dbus_connection_read_write(raw, 0)
        var out: [Message] = []
        while let m = dbus_connection_pop_message(raw) { out.append(Message(adopting: m)) }
        return out
    }

    // MARK: The bus itself

    /// Asks the bus to send this connection the signals `rule` matches.
    public func addMatch(_ rule: MatchRule) throws(BusError) {
        var error = DBusError()
        dbus_error_init(&error)
        dbus_bus_add_match(raw, rule.text, &error)
        if dbus_error_is_set(&error) != 0 {
            defer { dbus_error_free(&error) }
            throw BusError(
                name: error.name.map { String(cString: $0) } ?? "",
                message: error.message.map { String(cString: $0) } ?? "")
        }
    }

    /// Stops the signals `rule` matched (added before with `addMatch`).
    public func removeMatch(_ rule: MatchRule) {
        dbus_bus_remove_match(raw, rule.text, nil)
    }

    /// Whether someone owns `name` on the bus now.
    public func nameHasOwner(_ name: String, timeout: Double = 1) throws(BusError) -> Bool {
        let reply = try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "NameHasOwner", timeout: timeout, arguments: { $0.string(name) })
        return try reply.reader().bool()
    }

    /// Asks to own `name` (a service's well-known name); true when this connection is its primary
    /// owner now. By default it does not queue, nor take the name from an owner.
    @discardableResult
    public func requestName(_ name: String, replaceExisting: Bool = false, timeout: Double = 1) throws(BusError) -> Bool
    {
        // DBUS_NAME_FLAG_REPLACE_EXISTING (2) | DBUS_NAME_FLAG_DO_NOT_QUEUE (4).
        let flags: UInt32 = (replaceExisting ? 2 : 0) | 4
        let reply = try call(
            destination: "org.freedesktop.DBus", path: "/org/freedesktop/DBus", interface: "org.freedesktop.DBus",
            method: "RequestName", timeout: timeout,
            arguments: {
                $0.string(name)
                $0.uint32(flags)
            })
        // DBUS_REQUEST_NAME_REPLY_PRIMARY_OWNER (1), _ALREADY_OWNER (4).
        let answer = try reply.reader().uint32()
        return answer == 1 || answer == 4
    }
}
