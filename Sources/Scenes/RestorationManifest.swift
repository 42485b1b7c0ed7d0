/// The small file that says which sessions an app has and in what order (`manifest.json`): the open
/// sessions front first, which of them were seen and which took input, and the recently closed ones.
/// Each session's content is in its own file, so that the manifest changes only when the order or
/// the set of sessions does.
public struct RestorationManifest: Hashable, Sendable, Codable {
    /// A recently closed session: its identifier and how it closed.
    public struct ClosedEntry: Hashable, Sendable, Codable {
        public var id: String
        public var animation: DismissalAnimation

        public init(id: String, animation: DismissalAnimation) {
            self.id = id
            self.animation = animation
        }
    }

    /// The format's version; a file with a newer one is never overwritten.
    public var schemaVersion: Int
    /// The open sessions, front first.
    public var order: [String]
    /// The open sessions whose windows were seen (foreground), front first.
    public var foreground: [String]
    /// The session whose window took input, if any.
    public var active: String?
    /// The recently closed sessions, newest first.
    public var recentlyClosed: [ClosedEntry]

    public init(
        order: [String] = [], foreground: [String] = [], active: String? = nil, recentlyClosed: [ClosedEntry] = [],
        schemaVersion: Int = RestorationStore.schemaVersion
    ) {
        self.schemaVersion = schemaVersion
        self.order = order
        self.foreground = foreground
        self.active = active
        self.recentlyClosed = recentlyClosed
    }

    /// Every session identifier the manifest names (open and recently closed).
    public var allIdentifiers: Set<String> { Set(order).union(recentlyClosed.map(\.id)) }
}
