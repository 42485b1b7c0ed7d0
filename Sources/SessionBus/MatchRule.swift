/// Which signals a connection wants from its bus (a D-Bus match rule), and the test a received
/// message passes when it is one of them.
///
/// ```swift
/// let rule = MatchRule.propertiesChanged(sender: "org.freedesktop.UPower", path: displayDevice)
/// try connection.addMatch(rule)
/// ```
public struct MatchRule: Hashable, Sendable {
    /// The name (well-known or unique) the signals come from.
    public var sender: String?
    /// Their interface.
    public var interface: String?
    /// Their member (the signal's name).
    public var member: String?
    /// The object they come from.
    public var path: String?
    /// The objects they come from: this path and every path under it.
    public var pathNamespace: String?
    /// The first argument, when it is a string (PropertiesChanged's interface; NameOwnerChanged's name).
    public var arg0: String?

    /// A rule for signals matching every field given.
    public init(
        sender: String? = nil, interface: String? = nil, member: String? = nil, path: String? = nil,
        pathNamespace: String? = nil, arg0: String? = nil
    ) {
        self.sender = sender
        self.interface = interface
        self.member = member
        self.path = path
        self.pathNamespace = pathNamespace
        self.arg0 = arg0
    }

    /// `org.freedesktop.DBus.Properties.PropertiesChanged` from `sender`, at `path` or under
    /// `pathNamespace`, for `interface` (arg0) when given.
    public static func propertiesChanged(
        sender: String, path: String? = nil, pathNamespace: String? = nil, interface: String? = nil
    ) -> MatchRule {
        MatchRule(
            sender: sender, interface: "org.freedesktop.DBus.Properties", member: "PropertiesChanged", path: path,
            pathNamespace: pathNamespace, arg0: interface)
    }

    /// The bus's `NameOwnerChanged` for `name`: a service starting, going, or changing hands.
    public static func nameOwnerChanged(_ name: String) -> MatchRule {
        MatchRule(
            sender: "org.freedesktop.DBus", interface: "org.freedesktop.DBus", member: "NameOwnerChanged",
            path: "/org/freedesktop/DBus", arg0: name)
    }

    /// The rule as the bus reads it: `type='signal',sender='…',…`.
    public var text: String {
        func quoted(_ s: String) -> String { "'" + s.map { $0 == "'" ? "'\\''" : String($0) }.joined() + "'" }
        var parts = ["type='signal'"]
        if let sender { parts.append("sender=" + quoted(sender)) }
        if let interface { parts.append("interface=" + quoted(interface)) }
        if let member { parts.append("member=" + quoted(member)) }
        if let path { parts.append("path=" + quoted(path)) }
        if let pathNamespace { parts.append("path_namespace=" + quoted(pathNamespace)) }
        if let arg0 { parts.append("arg0=" + quoted(arg0)) }
        return parts.joined(separator: ",")
    }

    /// Whether `message` is a signal this rule would let through — every field but the sender, which
    /// names a well-known name the bus resolves (a connection receiving from one service at a time
    /// need not check it).
    public func matches(_ message: Message) -> Bool {
        guard message.kind == .signal else { return false }
        if let interface, message.interface != interface { return false }
        if let member, message.member != member { return false }
        if let path, message.path != path { return false }
        if let ns = pathNamespace, ns != "/", message.path != ns, !message.path.hasPrefix(ns + "/") { return false }
        if let arg0 {
            let first = try? message.reader().string()
            if first != arg0 { return false }
        }
        return true
    }
}
