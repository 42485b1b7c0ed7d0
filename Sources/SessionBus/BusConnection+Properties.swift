/// `org.freedesktop.DBus.Properties`: reading and writing other services' properties.
extension BusConnection {
    /// The standard properties interface.
    public static let propertiesInterface = "org.freedesktop.DBus.Properties"

    /// The property `name` of `interface` on the object at `path` of `destination`.
    public func property(
        _ name: String, of interface: String, at path: String, on destination: String, timeout: Double
    ) throws(BusError) -> BusValue {
        let reply = try call(
            destination: destination, path: path, interface: Self.propertiesInterface, method: "Get",
            timeout: timeout,
            arguments: {
                $0.string(interface)
                $0.string(name)
            })
        return try reply.reader().variant()
    }

    /// Every property of `interface` on the object at `path` of `destination`, variants unwrapped.
    public func properties(
        of interface: String, at path: String, on destination: String, timeout: Double
    ) throws(BusError) -> [String: BusValue] {
        let reply = try call(
            destination: destination, path: path, interface: Self.propertiesInterface, method: "GetAll",
            timeout: timeout, arguments: { $0.string(interface) })
        guard let values = try reply.reader().value().dictionary else {
            throw .invalidArgs("GetAll of \(interface) did not answer a{sv}")
        }
        return values.mapValues(\.unwrapped)
    }

    /// Sets the property `name` of `interface` on the object at `path` of `destination` to `value`.
    public func setProperty(
        _ name: String, to value: BusValue, of interface: String, at path: String, on destination: String,
        timeout: Double
    ) throws(BusError) {
        try call(
            destination: destination, path: path, interface: Self.propertiesInterface, method: "Set",
            timeout: timeout,
            arguments: {
                $0.string(interface)
                $0.string(name)
                let writer = $0
                writer.variant(value.signature) { writer.value(value) }
            })
    }
}

/// A `PropertiesChanged` signal read: the interface, the new values, and the names of values that
/// changed but were not sent (to be read again).
public struct PropertiesChange: Sendable, Equatable {
    /// The interface whose properties changed.
    public var interface: String
    /// The properties that changed, with their new values (variants unwrapped).
    public var changed: [String: BusValue]
    /// The properties that changed without their values.
    public var invalidated: [String]

    /// The change `message` announces; nil when it is no `PropertiesChanged` signal of the right shape.
    public init?(_ message: Message) {
        guard message.kind == .signal, message.interface == BusConnection.propertiesInterface,
            message.member == "PropertiesChanged"
        else { return nil }
        let reader = message.reader()
        guard let interface = try? reader.string(), let changed = (try? reader.value())?.dictionary else {
            return nil
        }
        self.interface = interface
        self.changed = changed.mapValues(\.unwrapped)
        self.invalidated = ((try? reader.value())?.elements ?? []).compactMap(\.string)
    }

    /// A change of `interface` (for tests and for a served object's own signal).
    public init(interface: String, changed: [String: BusValue], invalidated: [String] = []) {
        self.interface = interface
        self.changed = changed
        self.invalidated = invalidated
    }

    /// The signal announcing this change from the object at `path`.
    public func signal(path: String) throws(BusError) -> Message {
        let m = try Message.signal(
            path: path, interface: BusConnection.propertiesInterface, member: "PropertiesChanged")
        m.append { w in
            w.string(interface)
            w.properties(changed.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
            w.array("s") { for name in invalidated { w.string(name) } }
        }
        return m
    }
}
