import CDBus

/// Appends arguments to a message in order, opening containers as asked.
///
/// ```swift
/// message.append { w in
///     w.string("org.freedesktop.UPower.Device")
///     w.array("{sv}") {
///         w.dictEntry { w.string("Percentage"); w.variant("d") { w.double(10) } }
///     }
/// }
/// ```
///
/// A value libdbus refuses (a string that is not UTF-8, an invalid object path) is left out and
/// `failed` set; the message then is not to be sent.
public final class MessageWriter {
    private var stack: [UnsafeMutablePointer<DBusMessageIter>] = []
    /// Whether a value could not be appended (the message is incomplete).
    public private(set) var failed = false

    /// A writer appending to `message`'s arguments.
    public init(message: Message) {
        let it = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        dbus_message_iter_init_append(message.raw, it)
        stack = [it]
    }

    deinit {
        for it in stack { it.deallocate() }
    }

    private var top: UnsafeMutablePointer<DBusMessageIter> { stack[stack.count - 1] }

    private func check(_ ok: dbus_bool_t) { if ok == 0 { failed = true } }

    /// A string (`s`).
    public func string(_ s: String) { check(s.withCString { slate_dbus_append_string(top, $0) }) }
    /// An object path (`o`); an invalid one sets `failed`.
    public func objectPath(_ s: String) {
        guard Message.isValidPath(s) else {
            failed = true
            return
        }
        check(s.withCString { slate_dbus_append_object_path(top, $0) })
    }
    /// A type signature (`g`).
    public func signature(_ s: String) { check(s.withCString { slate_dbus_append_signature(top, $0) }) }
    /// A byte (`y`).
    public func byte(_ v: UInt8) { check(slate_dbus_append_byte(top, v)) }
    /// A boolean (`b`).
    public func bool(_ v: Bool) { check(slate_dbus_append_boolean(top, v ? 1 : 0)) }
    /// A 16-bit integer (`n`).
    public func int16(_ v: Int16) { check(slate_dbus_append_int16(top, v)) }
    /// An unsigned 16-bit integer (`q`).
    public func uint16(_ v: UInt16) { check(slate_dbus_append_uint16(top, v)) }
    /// A 32-bit integer (`i`).
    public func int32(_ v: Int32) { check(slate_dbus_append_int32(top, v)) }
    /// An unsigned 32-bit integer (`u`).
    public func uint32(_ v: UInt32) { check(slate_dbus_append_uint32(top, v)) }
    /// A 64-bit integer (`x`).
    public func int64(_ v: Int64) { check(slate_dbus_append_int64(top, dbus_int64_t(v))) }
    /// An unsigned 64-bit integer (`t`).
    public func uint64(_ v: UInt64) { check(slate_dbus_append_uint64(top, dbus_uint64_t(v))) }
    /// A double (`d`).
    public func double(_ v: Double) { check(slate_dbus_append_double(top, v)) }

    private func container(_ type: Int32, _ signature: String?, _ body: () -> Void) {
        let sub = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { sub.deallocate() }
        let opened: dbus_bool_t
        if let signature {
            opened = signature.withCString { dbus_message_iter_open_container(top, type, $0, sub) }
        } else {
            opened = dbus_message_iter_open_container(top, type, nil, sub)
        }
        guard opened != 0 else {
            failed = true
            return
        }
        let parent = top
        stack.append(sub)
        body()
        stack.removeLast()
        check(dbus_message_iter_close_container(parent, sub))
    }

    /// A structure (`(…)`) of the values `body` appends.
    public func structure(_ body: () -> Void) { container(Int32(slate_dbus_type_struct), nil, body) }
    /// An array whose elements, appended by `body`, have `signature` (`a{sv}`'s is `{sv}`).
    public func array(_ signature: String, _ body: () -> Void) {
        container(Int32(slate_dbus_type_array), signature, body)
    }
    /// An array of bytes (`ay`), appended at once (a picture's pixels).
    public func bytes(_ v: [UInt8]) {
        array("y") {
            v.withUnsafeBufferPointer { buffer in
                var start = buffer.baseAddress
                check(
                    withUnsafeMutablePointer(to: &start) {
                        dbus_message_iter_append_fixed_array(top, Int32(slate_dbus_type_byte), $0, Int32(buffer.count))
                    })
            }
        }
    }
    /// A dictionary entry (`{…}`), inside an array: the key, then the value.
    public func dictEntry(_ body: () -> Void) { container(Int32(slate_dbus_type_dict_entry), nil, body) }
    /// A variant holding one value of `signature`, appended by `body`.
    public func variant(_ signature: String, _ body: () -> Void) {
        container(Int32(slate_dbus_type_variant), signature, body)
    }

    /// Any value, as its own type says (a `.variant` is written as a variant).
    public func value(_ v: BusValue) {
        switch v {
        case .byte(let x): byte(x)
        case .bool(let x): bool(x)
        case .int16(let x): int16(x)
        case .uint16(let x): uint16(x)
        case .int32(let x): int32(x)
        case .uint32(let x): uint32(x)
        case .int64(let x): int64(x)
        case .uint64(let x): uint64(x)
        case .double(let x): double(x)
        case .string(let x): string(x)
        case .objectPath(let x): objectPath(x)
        case .signature(let x): signature(x)
        case .array(let element, let items):
            array(element) { for i in items { value(i) } }
        case .dictionary(let key, let valueType, let entries):
            array("{\(key)\(valueType)}") {
                for e in entries {
                    dictEntry {
                        value(e.key)
                        value(e.value)
                    }
                }
            }
        case .structure(let fields):
            structure { for f in fields { value(f) } }
        case .variant(let inner):
            variant(inner.signature) { value(inner) }
        }
    }

    /// A dictionary of string keys to variants (`a{sv}`), the shape of D-Bus properties and hints.
    public func properties(_ values: [(String, BusValue)]) {
        array("{sv}") {
            for (k, v) in values {
                dictEntry {
                    string(k)
                    variant(v.signature) { value(v) }
                }
            }
        }
    }
}
