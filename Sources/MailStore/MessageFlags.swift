/// The standard Maildir flags (the letters after `:2,` in a file name).
public struct MessageFlags: OptionSet, Sendable, Hashable, CustomStringConvertible {
    /// The flag bits.
    public let rawValue: UInt8

    /// Creates flags from raw bits.
    public init(rawValue: UInt8) {
        self.rawValue = rawValue
    }

    /// `D`: the message is a draft.
    public static let draft = MessageFlags(rawValue: 1 << 0)
    /// `F`: the message is flagged for urgent/special attention.
    public static let flagged = MessageFlags(rawValue: 1 << 1)
    /// `P`: the message was passed on (forwarded, resent, bounced).
    public static let passed = MessageFlags(rawValue: 1 << 2)
    /// `R`: the message was replied to.
    public static let replied = MessageFlags(rawValue: 1 << 3)
    /// `S`: the message was seen (read).
    public static let seen = MessageFlags(rawValue: 1 << 4)
    /// `T`: the message is trashed (marked for later removal).
    public static let trashed = MessageFlags(rawValue: 1 << 5)

    /// The flags with their letters, in ASCII order.
    static let letters: [(Character, MessageFlags)] = [
        ("D", .draft), ("F", .flagged), ("P", .passed), ("R", .replied), ("S", .seen), ("T", .trashed),
    ]

    /// Parses the flag letters of an info part; letters not standard are returned in `others`.
    static func parse(_ letters: Substring) -> (flags: MessageFlags, others: String) {
        var flags: MessageFlags = []
        var others = ""
        for c in letters {
            if let entry = MessageFlags.letters.first(where: { $0.0 == c }) {
                flags.insert(entry.1)
            } else if !others.contains(c) {
                others.append(c)
            }
        }
        return (flags, others)
    }

    /// The flag letters in ASCII order, e.g. `FRS`.
    public var letters: String {
        String(MessageFlags.letters.filter { contains($0.1) }.map(\.0))
    }

    /// The flag letters, e.g. `FRS`.
    public var description: String { letters }
}
