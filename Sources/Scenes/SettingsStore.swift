import Foundation
import SlateLog

/// The person's system settings — rotation lock, Do Not Disturb, Dark Mode, the clock's 24-hour
/// time — kept in `$XDG_CONFIG_HOME/slate/settings.json` (by default `~/.config/slate/settings.json`),
/// read by the shell and, later, by a Settings app; each reads and writes the keys it knows.
///
/// The file is one JSON object, read against `SettingsCatalogue`. A group may be spelled nested —
/// `{"privacy": {"clipboard": …}}` for `"privacy.clipboard": …` — and is written back dotted. Keys this
/// Slate does not know are named in one line and kept as they are, so a newer Slate's settings survive
/// an older one; a value of the wrong type is named and reads as the key's default (a list's or an
/// object's stray member is named and left out). Each problem is named once a process. Every save is
/// atomic (a temporary file in the same folder, written, `fsync`ed, renamed over the old one, the
/// folder `fsync`ed). A file that does not read as a JSON object is moved aside as
/// `settings.json.corrupt-N`, reported in one line, and the settings start from their defaults.
///
/// ```swift
/// let settings = SettingsStore(configHome: SettingsStore.defaultConfigHome())
/// settings[.rotationLock] = true            // saved at once
/// let observer = settings.observe { change in print("\(change) changed") }
/// ```
@MainActor public final class SettingsStore {
    /// The file, or nil for settings kept in memory only (headless runs, tests).
    public let file: URL?
    /// Where problems are said, one line each.
    public let log: Logger
    /// Every key and value, those of other versions included.
    public private(set) var values: [String: SettingValue] = [:]
    private var observers: [Int: @MainActor (SettingChange) -> Void] = [:]
    private var nextObserver = 0
    /// When the file was last read or written (its modification time), to notice another writer.
    private var fileStamp: FileStamp?

    /// Whether this store names the file's keys it cannot use (an app process's does not: the shell,
    /// reading the same file, names them).
    public let namesUnusableKeys: Bool

    /// The settings in `$XDG_CONFIG_HOME/slate/settings.json` under `configHome` (read now), or in
    /// memory only when `configHome` is nil. `log` hears of a corrupt file or a failed save, and,
    /// with `namesUnusableKeys`, of keys it cannot use (each once on its sink).
    public init(configHome: URL?, log: Logger = Logger("settings"), namesUnusableKeys: Bool = true) {
        file = configHome?.appendingPathComponent("slate").appendingPathComponent("settings.json")
        self.log = log
        self.namesUnusableKeys = namesUnusableKeys
        load()
    }

    /// `$XDG_CONFIG_HOME` when it is an absolute path, else `~/.config` (the XDG Base Directory
    /// specification).
    public nonisolated static func defaultConfigHome(
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> URL {
        if let d = environment["XDG_CONFIG_HOME"], d.hasPrefix("/") { return URL(fileURLWithPath: d) }
        return HomeFolder.url(environment: environment).appendingPathComponent(".config")
    }

    // MARK: Values

    /// The value of `key`, or its default when unset or of another type; setting it saves the file
    /// (a failure is reported, the value kept in memory) and tells the observers.
    public subscript<Value: SettingRepresentable>(key: SettingKey<Value>) -> Value {
        get { values[key.name].flatMap(Value.init(setting:)) ?? key.defaultValue }
        set {
            let stored = newValue.settingValue
            guard values[key.name] != stored else { return }
            values[key.name] = stored
            save()
            notify(key.name)
        }
    }

    /// Whether `key` has a value of its own (in the file, or set here), rather than its default.
    public func isSet<Value>(_ key: SettingKey<Value>) -> Bool { values[key.name] != nil }

    /// Removes `key`'s value (it reads as its default again), saving and telling the observers.
    public func reset<Value>(_ key: SettingKey<Value>) {
        guard values.removeValue(forKey: key.name) != nil else { return }
        save()
        notify(key.name)
    }

    /// Calls `observer` with the key that changed each time a value changes (here, or in the file
    /// when `reloadIfChanged` reads another process's change); returns what `removeObserver` takes.
    @discardableResult
    public func observe(_ observer: @escaping @MainActor (SettingChange) -> Void) -> Int {
        nextObserver += 1
        observers[nextObserver] = observer
        return nextObserver
    }

    /// Stops the observer `observe` returned `id` for.
    public func removeObserver(_ id: Int) { observers[id] = nil }

    private func notify(_ name: String) {
        for (_, observer) in observers.sorted(by: { $0.key < $1.key }) { observer(SettingChange(name)) }
    }

    // MARK: The file

    /// Reads the file again when another process (a Settings app) changed it since; observers hear
    /// of each key whose value changed. Returns whether it was read.
    @discardableResult
    public func reloadIfChanged() -> Bool {
        guard let file, Self.stamp(file.path) != fileStamp else { return false }
        let before = values
        load()
        for name in Set(before.keys).union(values.keys).sorted() where before[name] != values[name] { notify(name) }
        return true
    }

    private func load() {
        guard let file else { return }
        let path = file.path
        fileStamp = Self.stamp(path)
        guard let data = FileManager.default.contents(atPath: path) else {
            values = [:]
            return
        }
        do {
            guard case .object(let object) = try JSONDecoder().decode(SettingValue.self, from: data) else {
                throw SettingsFileError(reason: "not a JSON object")
            }
            values = read(object, in: path)
        } catch {
            values = [:]
            setAside(path, reason: Self.oneLine(error))
        }
    }

    /// The file's object as the store keeps it: a group spelled nested (`{"privacy": {"clipboard":
    /// …}}`) read as its dotted keys (`"privacy.clipboard"`); each key Slate does not know, and each
    /// value of the wrong type, named in one line (kept as they are, and written back).
    private func read(_ object: [String: SettingValue], in path: String) -> [String: SettingValue] {
        var flat: [String: SettingValue] = [:]
        var nested: [(key: String, spelled: String, value: SettingValue)] = []
        func open(_ group: String, _ members: [String: SettingValue], spelled: String) {
            for (name, value) in members {
                let key = group + "." + name
                let spelling = spelled + " › “" + name + "”"
                if case .object(let inner) = value, SettingsCatalogue.kinds[key] == nil,
                    SettingsCatalogue.groups.contains(key)
                {
                    open(key, inner, spelled: spelling)
                } else {
                    nested.append((key, spelling, value))
                }
            }
        }
        for (name, value) in object {
            if case .object(let members) = value, SettingsCatalogue.kinds[name] == nil,
                SettingsCatalogue.groups.contains(name)
            {
                open(name, members, spelled: "“" + name + "”")
            } else {
                flat[name] = value
            }
        }
        for (key, spelling, value) in nested.sorted(by: { $0.key < $1.key }) {
            if flat[key] != nil {
                say("\(path): \(spelling) is set as “\(key)” too; “\(key)” is used")
            } else {
                flat[key] = value
            }
        }
        for (key, value) in flat.sorted(by: { $0.key < $1.key }) {
            guard let kind = SettingsCatalogue.kinds[key] else {
                say("\(path): “\(key)” is not a setting Slate knows; it is kept as it is")
                continue
            }
            if !kind.accepts(value) {
                say("\(path): “\(key)” should be \(kind.spelled), not \(kind.spelling(of: value)); its default is used")
            }
            for (member, stray) in kind.strayMembers(of: value) {
                say(
                    "\(path): “\(key)” › “\(member)” should be \(kind.memberSpelled), not \(stray.kindSpelled); "
                        + "it is left out")
            }
        }
        return flat
    }

    /// Names a problem of the file's: once on the log's sink, not at every reload nor by each store
    /// the process makes.
    private func say(_ line: String) {
        guard namesUnusableKeys else { return }
        log.notice(line, once: true)
    }

    private func setAside(_ path: String, reason: String) {
        var n = 1
        while access(path + ".corrupt-\(n)", F_OK) == 0 { n += 1 }
        let target = path + ".corrupt-\(n)"
        if rename(path, target) == 0 {
            log.warning("\(path) is corrupt (\(reason)); moved to \(target); settings start from their defaults")
        } else {
            log.warning(
                "\(path) is corrupt (\(reason)) and could not be moved aside (\(String(cString: strerror(errno)))); "
                    + "settings start from their defaults")
        }
        fileStamp = nil
    }

    /// The save failure said last: the same one again is not repeated at every change.
    private var saidFailure: FileWriteError?

    /// Writes every value (unknown keys too), atomically; a failure (a full disk, a read-only
    /// folder, a file where the folder should be) is reported in one line, once.
    private func save() {
        guard let file else { return }
        do {
            try write(to: file)
            saidFailure = nil
        } catch {
            guard error != saidFailure else { return }
            saidFailure = error
            log.warning("cannot save settings: \(error.message.en); the change lasts until Slate ends")
        }
    }

    private func write(to file: URL) throws(FileWriteError) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        let data: Data
        do {
            data = try encoder.encode(SettingValue.object(values))
        } catch {
            throw FileWriteError(path: file.path, reason: Self.oneLine(error))
        }
        try AtomicFile.write(data, to: file.path, permissions: 0o600, makingFolders: 0o755)
        fileStamp = Self.stamp(file.path)
    }

    private static func stamp(_ path: String) -> FileStamp? {
        var info = stat()
        guard stat(path, &info) == 0 else { return nil }
        return FileStamp(
            seconds: Int(info.st_mtim.tv_sec), nanoseconds: Int(info.st_mtim.tv_nsec), size: Int(info.st_size),
            inode: UInt64(info.st_ino))
    }

    /// What tells one version of the file from another: its modification time, size and inode.
    private struct FileStamp: Equatable {
        var seconds: Int
        var nanoseconds: Int
        var size: Int
        var inode: UInt64
    }

    private static func oneLine(_ error: any Error) -> String {
        String("\(error)".split(separator: "\n").first ?? "").prefix(160).description
    }
}

/// Why the settings file could not be read or written.
struct SettingsFileError: Error {
    var reason: String
}

/// A setting: its name in the file, and the value it has when unset.
public struct SettingKey<Value: SettingRepresentable>: Sendable {
    /// The key in `settings.json`.
    public let name: String
    /// What it reads as when the file does not set it (or sets a value of another type).
    public let defaultValue: Value

    /// A setting named `name`, `defaultValue` when unset.
    public init(_ name: String, default defaultValue: Value) {
        self.name = name
        self.defaultValue = defaultValue
    }
}

extension SettingKey where Value == Bool {
    /// Rotation lock (Control Center): the screen keeps its orientation as the device turns.
    public static let rotationLock = SettingKey("rotationLock", default: false)
    /// Do Not Disturb (Control Center's Focus): banners and sounds of notifications are held back.
    public static let doNotDisturb = SettingKey("doNotDisturb", default: false)
    /// Dark Mode (Control Center): the system and apps in their dark appearance.
    public static let darkMode = SettingKey("darkMode", default: false)
    /// Airplane Mode (Control Center): every radio off (Wi-Fi and Bluetooth may be turned on again).
    public static let airplaneMode = SettingKey("airplaneMode", default: false)
    /// Multitasking & Gestures › Gestures: four or five fingers pinch to the Home screen, swipe up
    /// to the switcher and sideways from app to app.
    public static let multitaskingGestures = SettingKey("multitaskingGestures", default: true)
}

/// The clock's hours (Settings › General › Date & Time).
public enum TimeFormat: String, SettingChoice {
    /// The locale's (`LC_TIME`; the default).
    case locale = ""
    case twelveHour = "12"
    case twentyFourHour = "24"
}

extension SettingKey where Value == TimeFormat {
    /// The clock's hours: "24", "12", or "" (the locale's).
    public static let timeFormat = SettingKey("timeFormat", default: .locale)
}

/// A JSON value in the settings file.
public enum SettingValue: Hashable, Sendable, Codable {
    /// `null`
    case null
    /// `true` or `false`
    case bool(Bool)
    /// A number.
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([SettingValue])
    /// An object.
    case object([String: SettingValue])

    /// Reads any JSON value.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.singleValueContainer()
        if c.decodeNil() {
            self = .null
            // Each JSON type tried in turn: one that does not match is the next one's.
        } else if let b = try? c.decode(Bool.self) {
            self = .bool(b)
        } else if let n = try? c.decode(Double.self) {
            self = .number(n)
        } else if let s = try? c.decode(String.self) {
            self = .string(s)
        } else if let a = try? c.decode([SettingValue].self) {
            self = .array(a)
        } else {
            self = .object(try c.decode([String: SettingValue].self))
        }
    }

    /// Writes the value as JSON.
    public func encode(to encoder: any Encoder) throws {
        var c = encoder.singleValueContainer()
        switch self {
        case .null: try c.encodeNil()
        case .bool(let b): try c.encode(b)
        case .number(let n): try c.encode(n)
        case .string(let s): try c.encode(s)
        case .array(let a): try c.encode(a)
        case .object(let o): try c.encode(o)
        }
    }
}

extension SettingValue {
    /// What this value is, for a line that says it is not what it should be: "a string".
    public var kindSpelled: String {
        switch self {
        case .null: "null"
        case .bool: "true or false"
        case .number: "a number"
        case .string: "a string"
        case .array: "a list"
        case .object: "an object"
        }
    }
}

/// A type a setting can have.
public protocol SettingRepresentable: Sendable, Equatable {
    /// The JSON type the value has in the file.
    static var settingKind: SettingKind { get }
    /// The value `setting` holds, nil when it holds another type.
    init?(setting: SettingValue)
    /// The value as JSON.
    var settingValue: SettingValue { get }
}

extension Bool: SettingRepresentable {
    /// true or false.
    public static var settingKind: SettingKind { .bool }
    /// A JSON boolean.
    public init?(setting: SettingValue) {
        guard case .bool(let b) = setting else { return nil }
        self = b
    }
    /// The boolean as JSON.
    public var settingValue: SettingValue { .bool(self) }
}

extension String: SettingRepresentable {
    /// A string.
    public static var settingKind: SettingKind { .string }
    /// A JSON string.
    public init?(setting: SettingValue) {
        guard case .string(let s) = setting else { return nil }
        self = s
    }
    /// The string as JSON.
    public var settingValue: SettingValue { .string(self) }
}

extension Double: SettingRepresentable {
    /// A number.
    public static var settingKind: SettingKind { .number }
    /// A JSON number.
    public init?(setting: SettingValue) {
        guard case .number(let n) = setting else { return nil }
        self = n
    }
    /// The number as JSON.
    public var settingValue: SettingValue { .number(self) }
}
