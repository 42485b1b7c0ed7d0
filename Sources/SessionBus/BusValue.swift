/// Any D-Bus value, read whole: what a property or a variant holds when its type is known only at
/// run time. Typed readers (`MessageReader.string()`) are for arguments of a known signature.
///
/// ```swift
/// let props = try connection.properties(of: "org.freedesktop.UPower.Device", at: path, on: "org.freedesktop.UPower")
/// let percentage = props["Percentage"]?.double   // 87.0
/// ```
public indirect enum BusValue: Hashable, Sendable {
    /// `y`
    case byte(UInt8)
    /// `b`
    case bool(Bool)
    /// `n`
    case int16(Int16)
    /// `q`
    case uint16(UInt16)
    /// `i`
    case int32(Int32)
    /// `u`
    case uint32(UInt32)
    /// `x`
    case int64(Int64)
    /// `t`
    case uint64(UInt64)
    /// `d`
    case double(Double)
    /// `s`
    case string(String)
    /// `o`
    case objectPath(String)
    /// `g`
    case signature(String)
    /// `a…` (not of dictionary entries): the elements' signature, and the elements.
    case array(element: String, [BusValue])
    /// `a{…}`: the keys' and values' signatures, and the entries in order.
    case dictionary(key: String, value: String, [DictionaryEntry])
    /// `(…)`
    case structure([BusValue])
    /// `v`
    case variant(BusValue)

    /// One entry of a dictionary.
    public struct DictionaryEntry: Hashable, Sendable {
        /// The entry's key (a basic type).
        public var key: BusValue
        /// The entry's value.
        public var value: BusValue

        /// An entry of `key` and `value`.
        public init(key: BusValue, value: BusValue) {
            self.key = key
            self.value = value
        }
    }

    /// The value's D-Bus type signature.
    public var signature: String {
        switch self {
        case .byte: "y"
        case .bool: "b"
        case .int16: "n"
        case .uint16: "q"
        case .int32: "i"
        case .uint32: "u"
        case .int64: "x"
        case .uint64: "t"
        case .double: "d"
        case .string: "s"
        case .objectPath: "o"
        case .signature: "g"
        case .array(let element, _): "a" + element
        case .dictionary(let key, let value, _): "a{\(key)\(value)}"
        case .structure(let fields): "(" + fields.map(\.signature).joined() + ")"
        case .variant: "v"
        }
    }

    /// The value inside any number of variants.
    public var unwrapped: BusValue {
        if case .variant(let inner) = self { return inner.unwrapped }
        return self
    }

    /// A boolean (or a variant holding one).
    public var bool: Bool? {
        if case .bool(let b) = unwrapped { return b }
        return nil
    }

    /// Any integer type, as an `Int` (or a variant holding one); nil for other types and for a
    /// `uint64` beyond `Int.max`.
    public var integer: Int? {
        switch unwrapped {
        case .byte(let v): Int(v)
        case .int16(let v): Int(v)
        case .uint16(let v): Int(v)
        case .int32(let v): Int(v)
        case .uint32(let v): Int(v)
        case .int64(let v): Int(v)
        case .uint64(let v): v <= UInt64(Int.max) ? Int(v) : nil
        default: nil
        }
    }

    /// A double, or any integer as one (or a variant holding one).
    public var double: Double? {
        if case .double(let d) = unwrapped { return d }
        return integer.map(Double.init)
    }

    /// A string, object path or signature (or a variant holding one).
    public var string: String? {
        switch unwrapped {
        case .string(let s), .objectPath(let s), .signature(let s): s
        default: nil
        }
    }

    /// The elements of an array, or the fields of a structure (or a variant holding one).
    public var elements: [BusValue]? {
        switch unwrapped {
        case .array(_, let items): items
        case .structure(let fields): fields
        default: nil
        }
    }

    /// A dictionary with string keys (`a{sv}`, `a{ss}`…) as a Swift dictionary (the last of
    /// repeated keys wins); nil for other values.
    public var dictionary: [String: BusValue]? {
        guard case .dictionary(_, _, let entries) = unwrapped else { return nil }
        var out: [String: BusValue] = [:]
        for e in entries {
            guard let k = e.key.string else { return nil }
            out[k] = e.value
        }
        return out
    }

    /// The bytes of a byte array (`ay`: an SSID, a file name), or nil.
    public var bytes: [UInt8]? {
        guard case .array(let element, let items) = unwrapped, element == "y" else { return nil }
        return items.compactMap { if case .byte(let b) = $0 { b } else { nil } }
    }

    /// The value of `key` in a dictionary with string keys, variants unwrapped.
    public subscript(key: String) -> BusValue? { dictionary?[key]?.unwrapped }
}
