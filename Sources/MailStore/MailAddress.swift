/// A mailbox address with an optional display name, e.g. `"Иван Петров" <ivan@example.ru>`.
public struct MailAddress: Sendable, Hashable, CustomStringConvertible {
    /// The decoded display name, if one was given.
    public var name: String?
    /// The address itself (`local@domain`); may be empty for malformed input.
    public var address: String

    /// Creates an address.
    public init(name: String? = nil, address: String) {
        self.name = name
        self.address = address
    }

    /// What a UI shows: the display name, else the address.
    public var displayName: String {
        if let name, !name.isEmpty { return name }
        return address
    }

    /// `Name <address>` or just the address.
    public var description: String {
        if let name, !name.isEmpty { return "\(name) <\(address)>" }
        return address
    }

    /// Parses an address-list header value (`From`, `To`, `Cc`, …).
    ///
    /// Tolerates quoted names with escapes, comments, RFC 2047 encoded
    /// names (also inside quotes), groups (`team: a@x, b@y;`), and bare
    /// addresses; never fails, returning what it could make out.
    public static func parseList(_ value: String) -> [MailAddress] {
        AddressListParser(value).parse()
    }
}
