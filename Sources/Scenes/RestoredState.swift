/// What `RestorationStore.load()` found: the manifest and the session records it names that could be
/// read. Problems were already reported, one line each; what could not be read is left out.
public struct RestoredState: Sendable {
    public var manifest: RestorationManifest
    /// Readable records by identifier.
    public var records: [String: SessionRecord]
    /// The lines reported while loading (corrupt files moved aside, a newer schema, missing files).
    public var problems: [String]

    public init(manifest: RestorationManifest = RestorationManifest(), records: [String: SessionRecord] = [:]) {
        self.manifest = manifest
        self.records = records
        self.problems = []
    }

    /// The open sessions' records, front first.
    public var openSessions: [SessionRecord] { manifest.order.compactMap { records[$0] } }

    /// The recently closed sessions, newest first.
    public var recentlyClosed: [ClosedSession] {
        manifest.recentlyClosed.compactMap { e in
            records[e.id].map { ClosedSession(record: $0, animation: e.animation) }
        }
    }
}
