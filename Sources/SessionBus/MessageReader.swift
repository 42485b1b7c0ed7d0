import CDBus

/// Reads a message's arguments in order, checking each one's type; a value of another type throws
/// `BusError.invalidArgs` (and does not move on).
///
/// ```swift
/// let reader = reply.reader()
/// let path = try reader.objectPath()
/// let changed = try reader.value()   // any type
/// ```
public final class MessageReader {
    /// Keeps the message alive while its iterator points into it.
    private let message: Message?
    private let iter = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
    private var hasMore: Bool

    /// A reader of `message`'s arguments from the first.
    public init(message: Message) {
        self.message = message
        hasMore = dbus_message_iter_init(message.raw, iter) != 0
    }

    /// A reader inside a container at `parent`'s position (the message is kept by `owner`).
    private init(recursingInto parent: UnsafeMutablePointer<DBusMessageIter>, owner: Message?) {
        message = owner
        dbus_message_iter_recurse(parent, iter)
        hasMore = dbus_message_iter_get_arg_type(iter) != Int32(slate_dbus_type_invalid)
    }

    deinit { iter.deallocate() }

    /// Whether every argument has been read.
    public var isAtEnd: Bool { !hasMore }

    /// The type code of the next argument (`"s"`, `"a"`; `"r"` for a structure, `"e"` for a
    /// dictionary entry, as libdbus names them), or nil at the end.
    public var nextType: Character? {
        hasMore ? Character(UnicodeScalar(UInt8(truncatingIfNeeded: type))) : nil
    }

    private var type: Int32 { hasMore ? dbus_message_iter_get_arg_type(iter) : Int32(slate_dbus_type_invalid) }

    private func advance() { hasMore = dbus_message_iter_next(iter) != 0 }

    private func expect(_ code: Int32, _ what: String) throws(BusError) {
        guard type == code else {
            throw .invalidArgs(
                hasMore
                    ? "expected \(what), found '\(nextType.map(String.init) ?? "")'"
                    : "expected \(what), found no more arguments")
        }
    }

    /// A string (`s`); an object path or signature is taken as one too.
    public func string() throws(BusError) -> String {
        guard let p = slate_dbus_get_string(iter), hasMore else { throw .invalidArgs("expected a string") }
        let s = String(cString: p)
        advance()
        return s
    }

    /// An object path (`o`).
    public func objectPath() throws(BusError) -> String {
        try expect(Int32(slate_dbus_type_object_path), "an object path")
        return try string()
    }

    /// A boolean (`b`).
    public func bool() throws(BusError) -> Bool {
        try expect(Int32(slate_dbus_type_boolean), "a boolean")
        defer { advance() }
        return slate_dbus_get_basic(iter).bool_val != 0
    }

    /// A byte (`y`).
    public func byte() throws(BusError) -> UInt8 {
        try expect(Int32(slate_dbus_type_byte), "a byte")
        defer { advance() }
        return slate_dbus_get_basic(iter).byt
    }

    /// A 32-bit integer (`i`).
    public func int32() throws(BusError) -> Int32 {
        try expect(Int32(slate_dbus_type_int32), "an int32")
        defer { advance() }
        return slate_dbus_get_basic(iter).i32
    }

    /// An unsigned 32-bit integer (`u`).
    public func uint32() throws(BusError) -> UInt32 {
        try expect(Int32(slate_dbus_type_uint32), "a uint32")
        defer { advance() }
        return slate_dbus_get_basic(iter).u32
    }

    /// A 64-bit integer (`x`).
    public func int64() throws(BusError) -> Int64 {
        try expect(Int32(slate_dbus_type_int64), "an int64")
        defer { advance() }
        return Int64(slate_dbus_get_basic(iter).i64)
    }

    /// An unsigned 64-bit integer (`t`).
    public func uint64() throws(BusError) -> UInt64 {
        try expect(Int32(slate_dbus_type_uint64), "a uint64")
        defer { advance() }
        return UInt64(slate_dbus_get_basic(iter).u64)
    }

    /// A double (`d`).
    public func double() throws(BusError) -> Double {
        try expect(Int32(slate_dbus_type_double), "a double")
        defer { advance() }
        return slate_dbus_get_basic(iter).dbl
    }

    /// A Unix file descriptor (`h`: logind's inhibitors): a duplicate that the caller owns and must
    /// close.
    public func fileDescriptor() throws(BusError) -> Int32 {
        try expect(Int32(slate_dbus_type_unix_fd), "a file descriptor")
        defer { advance() }
        return slate_dbus_get_basic(iter).fd
    }

    /// An array of bytes (`ay`) whole, read at once (a picture's pixels; not byte by byte).
    public func bytes() throws(BusError) -> [UInt8] {
        try expect(Int32(slate_dbus_type_array), "an array of bytes")
        guard dbus_message_iter_get_element_type(iter) == Int32(slate_dbus_type_byte) else {
            throw .invalidArgs("expected an array of bytes")
        }
        let sub = UnsafeMutablePointer<DBusMessageIter>.allocate(capacity: 1)
        defer { sub.deallocate() }
        dbus_message_iter_recurse(iter, sub)
        var start: UnsafeMutableRawPointer?
        var count: Int32 = 0
        withUnsafeMutablePointer(to: &start) { dbus_message_iter_get_fixed_array(sub, $0, &count) }
        defer { advance() }
        guard let start, count > 0 else { return [] }
        return Array(UnsafeRawBufferPointer(start: start, count: Int(count)))
    }

    /// The value inside a variant (`v`).
    public func variant() throws(BusError) -> BusValue {
        try expect(Int32(slate_dbus_type_variant), "a variant")
        guard case .variant(let inner) = try value() else { throw .invalidArgs("expected a variant") }
        return inner
    }

    /// A reader of the fields of the structure (`(…)`) or the elements of the array (`a…`) here.
    public func contents() throws(BusError) -> MessageReader {
        guard
            type == Int32(slate_dbus_type_struct) || type == Int32(slate_dbus_type_array)
                || type == Int32(slate_dbus_type_variant) || type == Int32(slate_dbus_type_dict_entry)
        else { throw .invalidArgs("expected a container") }
        let sub = MessageReader(recursingInto: iter, owner: message)
        advance()
        return sub
    }

    /// The next argument whole, whatever its type.
    public func value() throws(BusError) -> BusValue {
        let t = type
        switch t {
        case Int32(slate_dbus_type_invalid): throw .invalidArgs("expected a value, found no more arguments")
        case Int32(slate_dbus_type_byte): return .byte(try byte())
        case Int32(slate_dbus_type_boolean): return .bool(try bool())
        case Int32(slate_dbus_type_int16):
            defer { advance() }
            return .int16(slate_dbus_get_basic(iter).i16)
        case Int32(slate_dbus_type_uint16):
            defer { advance() }
            return .uint16(slate_dbus_get_basic(iter).u16)
        case Int32(slate_dbus_type_int32): return .int32(try int32())
        case Int32(slate_dbus_type_uint32): return .uint32(try uint32())
        case Int32(slate_dbus_type_int64): return .int64(try int64())
        case Int32(slate_dbus_type_uint64): return .uint64(try uint64())
        case Int32(slate_dbus_type_double): return .double(try double())
        case Int32(slate_dbus_type_string): return .string(try string())
        case Int32(slate_dbus_type_object_path): return .objectPath(try string())
        case Int32(slate_dbus_type_signature): return .signature(try string())
        case Int32(slate_dbus_type_unix_fd):
            // A descriptor is the receiver's to close; values read whole do not take one.
            advance()
            return .int32(-1)
        case Int32(slate_dbus_type_variant):
            let sub = try contents()
            return .variant(try sub.value())
        case Int32(slate_dbus_type_struct):
            let sub = try contents()
            var fields: [BusValue] = []
            while !sub.isAtEnd { fields.append(try sub.value()) }
            return .structure(fields)
        case Int32(slate_dbus_type_array):
            let whole =
                slate_dbus_iter_signature(iter).map { p in
                    defer { dbus_free(p) }
                    return String(cString: p)
                } ?? "a"
            let element = String(whole.dropFirst())
            let sub = try contents()
            if element.hasPrefix("{") {
                let inner = element.dropFirst().dropLast()
                let keyType = String(inner.prefix(1))
                var entries: [BusValue.DictionaryEntry] = []
                while !sub.isAtEnd {
                    let entry = try sub.contents()
                    let k = try entry.value()
                    let v = try entry.value()
                    entries.append(BusValue.DictionaryEntry(key: k, value: v))
                }
                return .dictionary(key: keyType, value: String(inner.dropFirst()), entries)
            }
            var items: [BusValue] = []
            while !sub.isAtEnd { items.append(try sub.value()) }
            return .array(element: element, items)
        default:
            throw .invalidArgs("an argument of an unknown type '\(nextType.map(String.init) ?? "")'")
        }
    }
}
