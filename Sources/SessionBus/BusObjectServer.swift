/// One interface an object serves on the bus: its methods, its properties, and the XML that
/// describes it to `Introspect` (the `<interface>` element).
///
/// ```swift
/// var notifications = BusInterface(name: "org.freedesktop.Notifications")
/// notifications.methods["GetServerInformation"] = { _, _ in
///     { w in w.string("Slate"); w.string("Slate"); w.string("1.0"); w.string("1.2") }
/// }
/// notifications.properties["Version"] = { .string("1.0") }
/// server.serve([notifications], at: "/org/freedesktop/Notifications")
/// ```
public struct BusInterface {
    /// A method: reads its arguments and returns what writes its reply (nil: an empty reply), or
    /// throws the error to answer — a `BusError` as it is, any other as `Failed` with its description.
    /// (Untyped `throws`: Swift 6.3 crashes compiling closures of a typed-throws function type that
    /// returns a closure.)
    public typealias Method = (_ call: Message, _ arguments: MessageReader) throws -> ((MessageWriter) -> Void)?

    /// The interface's name.
    public var name: String
    /// Its methods, by name.
    public var methods: [String: Method] = [:]
    /// Its readable properties, by name: each returns the value now.
    public var properties: [String: () -> BusValue] = [:]
    /// Its writable properties, by name: each takes the new value (or throws to refuse it, as a
    /// method does).
    public var setters: [String: (BusValue) throws -> Void] = [:]
    /// The `<interface name="…">…</interface>` element `Introspect` returns; by default one naming
    /// the interface only.
    public var introspection: String

    /// An interface named `name`, with nothing in it yet.
    public init(name: String, introspection: String? = nil) {
        self.name = name
        self.introspection = introspection ?? "<interface name=\"\(name)\"/>"
    }
}

/// Answers the method calls that come to the objects a connection serves: each object's own
/// interfaces, and the standard `Introspectable`, `Properties` and `Peer` for each. Used on the
/// connection's thread; the owner hands it every message that arrives (`handle`).
public final class BusObjectServer {
    private var objects: [String: [BusInterface]] = [:]
    private var subtrees: [(prefix: String, lookup: (String) -> [BusInterface]?)] = []

    /// A server serving nothing yet.
    public init() {}

    /// Serves `interfaces` at `path` (replacing what was served there).
    public func serve(_ interfaces: [BusInterface], at path: String) { objects[path] = interfaces }

    /// Stops serving the object at `path`.
    public func remove(path: String) { objects[path] = nil }

    /// Serves every object under `prefix` (objects made on demand): `lookup` returns the interfaces of
    /// the object at a path, or nil when there is none.
    public func serveSubtree(_ prefix: String, lookup: @escaping (String) -> [BusInterface]?) {
        subtrees.append((prefix, lookup))
    }

    /// The interfaces of the object at `path`, nil when nothing is served there.
    public func interfaces(at path: String) -> [BusInterface]? {
        if let i = objects[path] { return i }
        for s in subtrees where path == s.prefix || path.hasPrefix(s.prefix.hasSuffix("/") ? s.prefix : s.prefix + "/")
        {
            if let i = s.lookup(path) { return i }
        }
        return nil
    }

    /// Answers the method calls among `messages` on `connection` and returns the others (signals, and
    /// calls to objects not served here, which are answered `UnknownObject`).
    @discardableResult
    public func handle(_ messages: [Message], on connection: BusConnection) -> [Message] {
        var rest: [Message] = []
        for m in messages {
            guard m.kind == .methodCall else {
                rest.append(m)
                continue
            }
            if let r = reply(to: m) { connection.send(r) }
        }
        connection.flush()
        return rest
    }

    /// The reply to the method call `call`: a return, or an error (never a crash); nil when the
    /// caller wants none.
    public func reply(to call: Message) -> Message? {
        Self.reply(to: call) { () throws(BusError) in try answer(call) }
    }

    /// The reply to `call` with what `answer` writes, or the error it throws; nil when the caller
    /// wants no reply (the answer still runs). For servers that dispatch calls themselves.
    public static func reply(
        to call: Message, answer: () throws(BusError) -> ((MessageWriter) -> Void)?
    ) -> Message? {
        let reply: Message?
        do {
            let body = try answer()
            reply = try? call.methodReturn()
            if let reply, let body { reply.append(body) }
        } catch {
            reply = try? call.errorReply(error)
        }
        return call.wantsReply ? reply : nil
    }

    private func answer(_ call: Message) throws(BusError) -> ((MessageWriter) -> Void)? {
        guard let interfaces = interfaces(at: call.path) else {
            if call.interface == "org.freedesktop.DBus.Introspectable", call.member == "Introspect" {
                let xml = introspection(at: call.path, interfaces: [])
                return { $0.string(xml) }
            }
            throw .unknownObject("no object at \(call.path)")
        }
        let args = call.reader()
        switch (call.interface, call.member) {
        case ("org.freedesktop.DBus.Introspectable", "Introspect"):
            let xml = introspection(at: call.path, interfaces: interfaces)
            return { $0.string(xml) }
        case ("org.freedesktop.DBus.Peer", "Ping"):
            return nil
        case (BusConnection.propertiesInterface, "Get"):
            let name = try args.string()
            let property = try args.string()
            guard let i = interfaces.first(where: { $0.name == name }) else {
                throw .unknownInterface("no interface \(name) at \(call.path)")
            }
            guard let get = i.properties[property] else { throw .unknownProperty("no property \(name).\(property)") }
            let value = get()
            return { w in w.variant(value.signature) { w.value(value) } }
        case (BusConnection.propertiesInterface, "GetAll"):
            let name = try args.string()
            let values = (interfaces.first { $0.name == name }?.properties ?? [:]).sorted { $0.key < $1.key }
                .map { ($0.key, $0.value()) }
            return { w in w.properties(values) }
        case (BusConnection.propertiesInterface, "Set"):
            let name = try args.string()
            let property = try args.string()
            let value = try args.variant()
            guard let i = interfaces.first(where: { $0.name == name }) else {
                throw .unknownInterface("no interface \(name) at \(call.path)")
            }
            guard let set = i.setters[property] else {
                throw i.properties[property] == nil
                    ? .unknownProperty("no property \(name).\(property)")
                    : .propertyReadOnly("\(name).\(property) cannot be set")
            }
            try Self.typed { try set(value) }
            return nil
        default:
            // A call without an interface goes to the first interface that has the method.
            let candidates = call.interface.isEmpty ? interfaces : interfaces.filter { $0.name == call.interface }
            guard !candidates.isEmpty else { throw .unknownInterface("no interface \(call.interface) at \(call.path)") }
            guard let method = candidates.lazy.compactMap({ $0.methods[call.member] }).first else {
                throw .unknownMethod("no method \(call.interface).\(call.member) at \(call.path)")
            }
            return try Self.typed { try method(call, args) }
        }
    }

    /// What `body` returns, or the error it throws as a `BusError`.
    private static func typed<T>(_ body: () throws -> T) throws(BusError) -> T {
        do {
            return try body()
        } catch let e as BusError {
            throw e
        } catch {
            throw .failed("\(error)")
        }
    }

    /// The introspection XML of the object at `path`: its interfaces, the standard ones, and the
    /// names of the objects served directly under it.
    private func introspection(at path: String, interfaces: [BusInterface]) -> String {
        let prefix = path == "/" ? "/" : path + "/"
        let children = Set(
            objects.keys.filter { $0.hasPrefix(prefix) && $0 != path }.compactMap {
                $0.dropFirst(prefix.count).split(separator: "/").first.map(String.init)
            }
        ).sorted()
        var xml = "<!DOCTYPE node PUBLIC \"-//freedesktop//DTD D-BUS Object Introspection 1.0//EN\"\n"
        xml += "\"http://www.freedesktop.org/standards/dbus/1.0/introspect.dtd\">\n<node>\n"
        if !interfaces.isEmpty {
            xml += Self.standardInterfaces
            for i in interfaces { xml += i.introspection + "\n" }
        }
        for c in children { xml += "<node name=\"\(c)\"/>\n" }
        return xml + "</node>\n"
    }

    private static let standardInterfaces = """
        <interface name="org.freedesktop.DBus.Introspectable">
          <method name="Introspect"><arg name="xml_data" type="s" direction="out"/></method>
        </interface>
        <interface name="org.freedesktop.DBus.Peer"><method name="Ping"/></interface>
        <interface name="org.freedesktop.DBus.Properties">
          <method name="Get"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="out"/></method>
          <method name="GetAll"><arg type="s" direction="in"/><arg type="a{sv}" direction="out"/></method>
          <method name="Set"><arg type="s" direction="in"/><arg type="s" direction="in"/><arg type="v" direction="in"/></method>
          <signal name="PropertiesChanged"><arg type="s"/><arg type="a{sv}"/><arg type="as"/></signal>
        </interface>

        """
}
