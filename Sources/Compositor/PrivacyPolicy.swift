import Foundation
import Scenes
import ShellPorts
import SlateCompositorShim

/// A program as the person knows it: its executable, and its `.desktop` entry where one matches
/// (whose name the person sees).
public struct ProgramIdentity: Hashable, Sendable {
    /// The executable's path (`/proc/PID/exe`).
    public var executable: String
    /// The desktop-file id of the program's entry, if one starts this executable.
    public var desktopID: String?
    /// The name shown to the person: the entry's, else the executable's file name.
    public var name: String
}

/// Who may have what reaches beyond a program's own windows — the clipboard with no paste of the
/// person's, the screen, their input, other windows — as the person said, once per program:
/// `settings.json`'s `privacy.clipboard`, `privacy.screen`, `privacy.input` and `privacy.windows`,
/// each an object from a desktop-file id or an executable's path to true (allowed) or false. A
/// program not yet answered is refused and, the first time it tries, the person is asked.
@MainActor public final class PrivacyPolicy {
    /// Where the answers are kept.
    public let settings: SettingsStore
    /// Asks the person (the shell's alert): the program's name, the privilege, and what to do with
    /// the answer. Nil: nobody is asked (the program stays refused).
    public var ask: ((String, Privilege, @escaping (Bool) -> Void) -> Void)?
    /// The shell whose installed programs name the executables.
    public weak var shell: (any CompositorShell)?
    /// Identities by process, with the process's start time (a reused pid is another process).
    private var identities: [Int32: (start: UInt64, identity: ProgramIdentity)] = [:]
    /// The executable each installed entry's command starts, by its `Exec` line (found once: looking
    /// it up on `PATH` for every entry again at each new client would cost a file lookup each).
    /// An entry whose program is not found is looked up again (it may be installed since).
    private var entryExecutables: [String: String] = [:]
    /// Slate's own executable: its app processes may have everything.
    private let slate = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path

    public init(settings: SettingsStore) {
        self.settings = settings
    }

    /// The settings key of a privilege's answers.
    public static func key(_ privilege: Privilege) -> SettingKey<[String: Bool]> {
        switch privilege {
        case .clipboard: .privacyClipboard
        case .screen: .privacyScreen
        case .input: .privacyInput
        case .windows: .privacyWindows
        }
    }

    /// The person's answer for `program` and `privilege`: true, false, or nil when not asked yet.
    public func answer(for program: ProgramIdentity, _ privilege: Privilege) -> Bool? {
        let answers = settings[Self.key(privilege)]
        return [program.desktopID, program.executable].compactMap { $0 }.lazy.compactMap { answers[$0] }.first
    }

    /// Keeps the person's answer (under the program's desktop-file id when it has one).
    public func record(_ allowed: Bool, for program: ProgramIdentity, _ privilege: Privilege) {
        settings[Self.key(privilege)][program.desktopID ?? program.executable] = allowed
    }

    /// Allows `programs` (executables' paths or desktop-file ids) `privilege` without asking: the
    /// tools a test configuration runs.
    public func allow(_ programs: [String], _ privilege: Privilege) {
        for program in programs { settings[Self.key(privilege)][program] = true }
    }

    /// Whether process `pid` may have `privilege`; when it tries (`asked`) and was never answered,
    /// the person is asked (once at a time).
    func permission(pid: Int32, _ privilege: Privilege, asked: Bool) -> slate_permission {
        guard let program = identify(pid) else { return .denied }
        if program.executable == slate { return .allowed }
        if let allowed = answer(for: program, privilege) { return allowed ? .allowed : .denied }
        if asked, let ask {
            ask(program.name, privilege) { [weak self] allowed in self?.record(allowed, for: program, privilege) }
        }
        return .undecided
    }

    /// The program of process `pid`, or nil when it is gone.
    public func identify(_ pid: Int32) -> ProgramIdentity? {
        guard pid > 0, let start = Self.startTime(pid) else { return nil }
        if let known = identities[pid], known.start == start { return known.identity }
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe") else {
            return nil
        }
        var identity = ProgramIdentity(
            executable: exe, desktopID: nil, name: URL(fileURLWithPath: exe).lastPathComponent)
        // A program Slate started is its app's; any other is named by the entry that starts its
        // executable, if one does.
        let program =
            shell?.program(launchedAs: pid)
            ?? shell?.installedPrograms.first { $0.entry.flatMap(executable) == exe }
        if let program {
            identity.desktopID = program.id
            identity.name = program.name
        }
        identities[pid] = (start, identity)
        return identity
    }

    /// The executable `entry` starts, found once for each `Exec` line.
    private func executable(_ entry: DesktopEntry) -> String? {
        let key = entry.exec ?? ""
        if let known = entryExecutables[key] { return known }
        let found = Self.executable(entry)
        if let found { entryExecutables[key] = found }
        return found
    }

    /// The executable an entry starts: its command's first word, found on `PATH`, links resolved.
    static func executable(_ entry: DesktopEntry) -> String? {
        guard let program = (try? entry.command())?.first else { return nil }
        let candidates =
            program.hasPrefix("/")
            ? [program]
            : (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":").map {
                "\($0)/\(program)"
            }
        guard let found = candidates.first(where: { FileManager.default.isExecutableFile(atPath: $0) }) else {
            return nil
        }
        return URL(fileURLWithPath: found).resolvingSymlinksInPath().path
    }

    /// When process `pid` started (field 22 of `/proc/PID/stat`), nil when it is gone.
    static func startTime(_ pid: Int32) -> UInt64? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let close = stat.lastIndex(of: ")")
        else { return nil }
        let fields = stat[stat.index(after: close)...].split(separator: " ")
        return fields.count > 19 ? UInt64(fields[19]) : nil
    }
}

extension Privilege {
    /// The privilege as the shim names it.
    init(_ privilege: slate_privilege) {
        switch privilege {
        case .clipboard: self = .clipboard
        case .screen: self = .screen
        case .input: self = .input
        case .windows: self = .windows
        }
    }
}
