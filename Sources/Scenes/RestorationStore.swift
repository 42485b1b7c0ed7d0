import Foundation
import SlateLog

/// Where an app's windows are kept between launches: `$XDG_STATE_HOME/slate/<app-id>/` (by default
/// `~/.local/state/slate/<app-id>/`).
///
/// The folder holds `manifest.json` (the order of the sessions, which were in front, the recently
/// closed ones) and `sessions/<id>.json`, one small file a session, so a save rewrites only the
/// sessions that changed and its cost does not grow with the unchanged ones. Every file is written
/// atomically — a temporary file in the same folder, written, `fsync`ed, renamed over the old one,
/// then the folder `fsync`ed — so after a crash or a power cut each file is either the old one or the
/// new one. Session files are written before the manifest that names them and deleted only after a
/// manifest that no longer names them, so the manifest never names a session that is not on disk.
///
/// Reading is forgiving: a corrupt, truncated or empty file is moved aside as `NAME.corrupt-N`
/// (never deleted), reported in one line, and that part starts fresh; a manifest naming a missing
/// session skips it; unknown files are ignored. A missing or corrupt manifest never costs a window:
/// the sessions are read back from their own files (newest first) and the manifest is rebuilt from
/// them. A file written by a newer Slate (a higher `schemaVersion`) is never overwritten: the store
/// becomes read-only and says so in one line.
///
/// One process at a time saves into a folder: the store takes an advisory lock (`flock`) on it when
/// it first reads or writes there. A second Slate finding it taken says so in one line, reads the
/// state, and runs without saving over it. Temporary files have names no other writer uses
/// (`.NAME.PID-N.tmp`).
public final class RestorationStore {
    /// The version of the format this Slate writes and reads.
    public static let schemaVersion = 1

    /// The app whose state this is.
    public let appIdentifier: String
    /// `<state home>/slate/<app-id>`.
    public let folder: URL
    /// Whether saving is refused (the state is from a newer Slate).
    public internal(set) var isReadOnly = false
    /// Whether another process holds the state folder: this store reads but never saves.
    public internal(set) var isInUse = false
    /// Whether this store holds (a share of) the folder's lock.
    var holdsLock = false
    /// Temporary files written so far, for their unique names.
    var temporaryCount = 0
    /// Tests: every write fails with this `errno` (ENOSPC: a full disk), as a real one would.
    var simulatedWriteError: Int32?
    /// Where problems are reported, one line each.
    public let log: @Sendable (String) -> Void

    /// Files written by this store so far, and their bytes (for `slate bench` and tests).
    @_spi(Testing) public internal(set) var filesWritten = 0
    @_spi(Testing) public internal(set) var bytesWritten = 0

    // Paths as strings, made once: building URLs for a thousand files costs more than reading them.
    let folderPath: String
    let sessionsPath: String
    let manifestPath: String

    /// The manifest on disk as this store last read or wrote it.
    var manifestOnDisk: RestorationManifest?
    var foldersExist = false
    let encoder: JSONEncoder = {
        let e = JSONEncoder()
        e.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return e
    }()
    let decoder = JSONDecoder()

    /// A store for `appIdentifier` under `stateHome` (nil: `$XDG_STATE_HOME`, else `~/.local/state`).
    /// Nothing is created until the first save.
    public init(
        appIdentifier: String, stateHome: URL? = nil,
        environment: [String: String] = ProcessInfo.processInfo.environment,
        log: @escaping @Sendable (String) -> Void = RestorationStore.defaultLog
    ) throws(SceneError) {
        guard Self.isValidAppIdentifier(appIdentifier) else { throw .invalidAppIdentifier(appIdentifier) }
        self.appIdentifier = appIdentifier
        let home = stateHome ?? Self.defaultStateHome(environment: environment)
        folder = home.appendingPathComponent("slate", isDirectory: true)
            .appendingPathComponent(appIdentifier, isDirectory: true)
        folderPath = folder.path
        sessionsPath = folderPath + "/sessions"
        manifestPath = folderPath + "/manifest.json"
        self.log = log
    }

    deinit {
        if holdsLock { StateFolderLock.shared.release(folderPath) }
    }

    /// Takes the folder's lock if the folder exists and the lock is not held yet. Returns whether
    /// this store may write; the first refusal is reported in one line.
    @discardableResult
    func lockFolder(report: (String) -> Void) -> Bool {
        if holdsLock { return true }
        if isInUse { return false }
        switch StateFolderLock.shared.acquire(folderPath) {
        case .success:
            holdsLock = true
            return true
        case .failure(.inUse):
            isInUse = true
            report("slate: \(folderPath) is in use by another Slate; this one runs without saving")
            return false
        case .failure(.cannotOpen):
            return false  // no folder yet: the first save makes it and locks it
        }
    }

    /// `$XDG_STATE_HOME` when it is set to an absolute path (the XDG Base Directory rules), else
    /// `$HOME/.local/state`.
    public static func defaultStateHome(environment: [String: String]) -> URL {
        if let x = environment["XDG_STATE_HOME"], x.hasPrefix("/") {
            return URL(fileURLWithPath: x, isDirectory: true)
        }
        return HomeFolder.url(environment: environment).appendingPathComponent(".local/state", isDirectory: true)
    }

    /// Says a line on the log, as a warning of the `restoration` subsystem (the lines name their
    /// own `slate: ` or app).
    public static let defaultLog: @Sendable (String) -> Void = { line in
        Logger("restoration", label: nil).warning(line)
    }

    /// Whether `id` can name a state folder (reverse-DNS: letters, digits, `.`, `-`, `_`).
    public static func isValidAppIdentifier(_ id: String) -> Bool {
        SessionRecord.isValidIdentifier(id) && id != ".." && !id.contains("..")
    }

    public var manifestURL: URL { folder.appendingPathComponent("manifest.json") }
    public var sessionsFolder: URL { folder.appendingPathComponent("sessions", isDirectory: true) }

    /// The file of session `id`.
    public func sessionURL(_ id: String) -> URL { URL(fileURLWithPath: sessionPath(id)) }

    func sessionPath(_ id: String) -> String { sessionsPath + "/" + id + ".json" }

    // MARK: Loading

    /// Reads the stored state. Never fails: what cannot be read is reported, moved aside when
    /// corrupt, and left out.
    public func load() -> RestoredState {
        var state = RestoredState()
        func report(_ line: String) {
            state.problems.append(line)
            log(line)
        }
        manifestOnDisk = nil
        lockFolder(report: report)
        var manifestIsSound = false
        switch readStored(manifestPath, as: RestorationManifest.self, report: report) {
        case .missing:
            return rebuilt(state, reason: "\(manifestPath) is missing", report: report)
        case .unreadable:
            return rebuilt(state, reason: nil, report: report)
        case .newer(let v):
            isReadOnly = true
            report(
                "slate: \(manifestPath) is from a newer Slate (schema \(v), this one reads \(Self.schemaVersion)); "
                    + "it is kept and nothing is saved over it")
            return state
        case .value(let m):
            let invalid = m.allIdentifiers.filter { !SessionRecord.isValidIdentifier($0) }
            if !invalid.isEmpty {
                moveAside(
                    manifestPath, reason: "it names invalid session ids", whatNext: Self.manifestWhatNext,
                    report: report)
                return rebuilt(state, reason: nil, report: report)
            } else {
                manifestOnDisk = m
                state.manifest = Self.deduplicated(m)
                manifestIsSound = true
            }
        }
        // Session files are opened relative to their folder: one path walk instead of one a file.
        let sessionsFD = open(sessionsPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if sessionsFD >= 0 { close(sessionsFD) } }
        for id in state.manifest.order + state.manifest.recentlyClosed.map(\.id) where state.records[id] == nil {
            let path = sessionPath(id)
            switch readStored(path, in: sessionsFD, name: id + ".json", as: SessionRecord.self, report: report) {
            case .missing:
                report("slate: session \(id) is named in \(manifestPath) but \(path) is missing; skipped")
            case .unreadable:
                break
            case .newer(let v):
                isReadOnly = true
                report(
                    "slate: \(path) is from a newer Slate (schema \(v), this one reads \(Self.schemaVersion)); "
                        + "the state is kept and nothing is saved over it")
            case .value(let r):
                if r.id == id {
                    state.records[id] = r
                } else {
                    moveAside(
                        path, reason: "it holds session \(r.id)", whatNext: "its window is not restored", report: report
                    )
                }
            }
        }
        let found = state.records
        state.manifest.order.removeAll { found[$0] == nil }
        state.manifest.foreground.removeAll { found[$0] == nil }
        if let a = state.manifest.active, found[a] == nil { state.manifest.active = nil }
        state.manifest.recentlyClosed.removeAll { found[$0.id] == nil }
        if manifestIsSound && !isReadOnly && holdsLock { removeLeftovers(keeping: state.manifest.allIdentifiers) }
        return state
    }

    static let manifestWhatNext = "the sessions are read back from their own files"

    /// The state read back from the session files alone, when the manifest is missing or was set
    /// aside: every readable session is open, newest file first, and the newest is in front. A line
    /// says so when there were sessions and `reason` is given (a set-aside manifest was reported).
    func rebuilt(_ start: RestoredState, reason: String?, report: (String) -> Void) -> RestoredState {
        var state = start
        // Absent is fine: no sessions folder means nothing was saved.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: sessionsPath) else { return state }
        var found: [(id: String, modified: Double)] = []
        let sessionsFD = open(sessionsPath, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        defer { if sessionsFD >= 0 { close(sessionsFD) } }
        for name in names where name.hasSuffix(".json") {
            let id = String(name.dropLast(5))
            guard SessionRecord.isValidIdentifier(id) else { continue }
            let path = sessionPath(id)
            switch readStored(path, in: sessionsFD, name: name, as: SessionRecord.self, report: report) {
            case .missing, .unreadable:
                continue
            case .newer(let v):
                isReadOnly = true
                report(
                    "slate: \(path) is from a newer Slate (schema \(v), this one reads \(Self.schemaVersion)); "
                        + "the state is kept and nothing is saved over it")
            case .value(let r):
                guard r.id == id else {
                    moveAside(
                        path, reason: "it holds session \(r.id)", whatNext: "its window is not restored", report: report
                    )
                    continue
                }
                var info = stat()
                let modified =
                    stat(path, &info) == 0 ? Double(info.st_mtim.tv_sec) + Double(info.st_mtim.tv_nsec) / 1e9 : 0
                state.records[id] = r
                found.append((id, modified))
            }
        }
        found.sort { ($0.modified, $1.id) > ($1.modified, $0.id) }
        state.manifest = RestorationManifest(order: found.map(\.id))
        if let front = found.first {
            state.manifest.foreground = [front.id]
            state.manifest.active = front.id
        }
        if let reason, !found.isEmpty {
            report("slate: \(reason); \(found.count) sessions read back from their own files")
        }
        if !isReadOnly && holdsLock { removeLeftovers(keeping: Set(found.map(\.id))) }
        return state
    }

    enum ReadResult<T> {
        case missing
        case unreadable
        case newer(Int)
        case value(T)
    }

    /// A stored file read in one pass: its version first, then, when this Slate can read that
    /// version, the value.
    struct Versioned<T: Decodable>: Decodable {
        var schemaVersion: Int
        var value: T?

        private enum CodingKeys: String, CodingKey { case schemaVersion }

        init(from decoder: any Decoder) throws {
            schemaVersion = try decoder.container(keyedBy: CodingKeys.self).decode(Int.self, forKey: .schemaVersion)
            value = (1...RestorationStore.schemaVersion).contains(schemaVersion) ? try T(from: decoder) : nil
        }
    }

    /// Reads and decodes a stored file: `name` in the folder open as `folderFD` when that is open,
    /// else `path`.
    func readStored<T: Decodable>(
        _ path: String, in folderFD: Int32 = -1, name: String = "", as type: T.Type, report: (String) -> Void
    ) -> ReadResult<T> {
        let data: Data
        switch folderFD >= 0 ? Self.readFile(name, in: folderFD) : Self.readFile(path, in: AT_FDCWD) {
        case .failure(let e) where e.code == ENOENT:
            return .missing
        case .failure(let e):
            report("slate: cannot read \(path): \(e.reason); skipped")
            return .unreadable
        case .success(let d):
            data = d
        }
        let whatNext = T.self == RestorationManifest.self ? Self.manifestWhatNext : "its window is not restored"
        if data.isEmpty {
            moveAside(path, reason: "it is empty", whatNext: whatNext, report: report)
            return .unreadable
        }
        do {
            let stored = try decoder.decode(Versioned<T>.self, from: data)
            if stored.schemaVersion > Self.schemaVersion { return .newer(stored.schemaVersion) }
            guard let value = stored.value else {
                moveAside(
                    path, reason: "schema version \(stored.schemaVersion) is invalid", whatNext: whatNext,
                    report: report)
                return .unreadable
            }
            return .value(value)
        } catch {
            moveAside(path, reason: Self.oneLine(error), whatNext: whatNext, report: report)
            return .unreadable
        }
    }

    /// Moves a corrupt file to `NAME.corrupt-N` (the first N free) and reports it in one line.
    func moveAside(_ path: String, reason: String, whatNext: String, report: (String) -> Void) {
        if isInUse {  // the folder is another Slate's: say so, touch nothing
            report("slate: \(path) is corrupt (\(reason)); left as it is (the folder is in use); \(whatNext)")
            return
        }
        var n = 1
        var target = path + ".corrupt-1"
        while access(target, F_OK) == 0 {
            n += 1
            target = path + ".corrupt-\(n)"
        }
        if rename(path, target) == 0 {
            report("slate: \(path) is corrupt (\(reason)); moved to \(target); \(whatNext)")
        } else {
            report(
                "slate: \(path) is corrupt (\(reason)) and could not be moved aside (\(Self.errnoText())); "
                    + whatNext)
        }
    }

    /// Removes session files no manifest names and temporary files left by a crash (only ever with
    /// the folder's lock held, so never another writer's).
    func removeLeftovers(keeping ids: Set<String>) {
        // Absent is fine: nothing to tidy.
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: sessionsPath) else { return }
        for name in names {
            let isTemporary = name.hasPrefix(".") && name.hasSuffix(".tmp")
            let isOrphan =
                name.hasSuffix(".json") && SessionRecord.isValidIdentifier(String(name.dropLast(5)))
                && !ids.contains(String(name.dropLast(5)))
            if isTemporary || isOrphan { unlink(sessionsPath + "/" + name) }
        }
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folderPath)) ?? []
        where name.hasPrefix(".manifest.json.") && name.hasSuffix(".tmp") {
            unlink(folderPath + "/" + name)
        }
    }

    static func deduplicated(_ m: RestorationManifest) -> RestorationManifest {
        var seen = Set<String>()
        var out = m
        out.order = m.order.filter { seen.insert($0).inserted }
        let open = Set(out.order)
        var fg = Set<String>()
        out.foreground = m.foreground.filter { open.contains($0) && fg.insert($0).inserted }
        if let a = m.active, !open.contains(a) { out.active = nil }
        out.recentlyClosed = m.recentlyClosed.filter { seen.insert($0.id).inserted }
        return out
    }
}

/// A session file: the record with the format's version beside its fields.
struct StoredSession: Encodable {
    var record: SessionRecord

    private enum CodingKeys: String, CodingKey { case schemaVersion }

    func encode(to encoder: any Encoder) throws {
        try record.encode(to: encoder)
        var c = encoder.container(keyedBy: CodingKeys.self)
        try c.encode(RestorationStore.schemaVersion, forKey: .schemaVersion)
    }
}
