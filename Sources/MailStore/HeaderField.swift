/// One header field of a message: its name as written and its unfolded value.
///
/// The value is unfolded (line breaks of folded lines removed) but not
/// otherwise decoded: RFC 2047 encoded words are still in it.
public struct HeaderField: Sendable, Hashable {
    /// The field name as it appears in the message, e.g. `Subject`.
    public var name: String
    /// The unfolded, trimmed field value.
    public var value: String

    /// Creates a header field.
    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }
}
