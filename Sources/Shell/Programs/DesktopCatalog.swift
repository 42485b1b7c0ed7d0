import Foundation
import Scenes
import ShellPorts

/// The installed programs, read from the `.desktop` files under `applications/` in the data
/// directories (`$XDG_DATA_HOME`, then `$XDG_DATA_DIRS`), and the Dock's list
/// (`$XDG_CONFIG_HOME/slate/dock`: desktop-file ids, one a line). A file earlier in the search
/// order hides one with the same id later; a file that does not parse is skipped with one warning
/// naming it.
public struct DesktopCatalog: Sendable {
    /// The entries to show, by name.
    public var entries: [DesktopEntry]
    /// One line for each file that could not be read.
    public var warnings: [String]
    /// The desktop-file ids the Dock holds, in order (nil when there is no dock file).
    public var dock: [String]?

    /// A catalog of these entries (the Home screen's order), with the files that were skipped and
    /// the dock file's ids.
    public init(entries: [DesktopEntry], warnings: [String] = [], dock: [String]? = nil) {
        self.entries = entries
        self.warnings = warnings
        self.dock = dock
    }

    /// The data directories in search order: `$XDG_DATA_HOME` (default `~/.local/share`), Flatpak's
    /// export folders (the person's, `$XDG_DATA_HOME/flatpak/exports/share`, then the system's,
    /// `/var/lib/flatpak/exports/share`), then `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`).
    /// Flatpak's profile script puts its folders there for a login shell only; a session started
    /// otherwise lacks them, so they are added where missing, in that place: a program installed
    /// from Flathub shows on the Home screen as any other.
    public static func dataDirectories(_ env: [String: String]) -> [String] {
        let standard = HomeFolder.dataDirectories(environment: env)
        guard let dataHome = standard.first else { return standard }
        let flatpak = [dataHome + "/flatpak/exports/share", "/var/lib/flatpak/exports/share"]
        return [dataHome] + flatpak.filter { !standard.contains($0) } + standard.dropFirst()
    }

    /// The dock file: `$XDG_CONFIG_HOME/slate/dock` (default `~/.config/slate/dock`).
    public static func dockFile(_ env: [String: String]) -> String {
        let home = HomeFolder.url(environment: env).path
        let config = env["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.config"
        return config + "/slate/dock"
    }

    /// Reads every desktop file of `env`'s data directories; `desktops` are `XDG_CURRENT_DESKTOP`'s
    /// names (Slate's own is always one). A file that cannot be a program's — not a plain file (a
    /// FIFO would block the reader), a link in a loop, larger than `maximumFileBytes`, not UTF-8,
    /// not a desktop entry — is skipped with one line in `warnings`, in bounded time and memory.
    public static func load(
        environment env: [String: String] = ProcessInfo.processInfo.environment,
        programExists: (String) -> Bool = DesktopCatalog.programExists
    ) -> DesktopCatalog {
        let desktops =
            [DesktopEntry.desktopName] + (env["XDG_CURRENT_DESKTOP"] ?? "").split(separator: ":").map(String.init)
        let locales = MessageLocales.from(environment: env)
        var seen: Set<String> = []
        var entries: [DesktopEntry] = []
        var warnings: [String] = []
        for dir in dataDirectories(env) {
            let apps = dir + "/applications"
            // Links to folders are not followed (no loop can be walked); links to files are.
            guard let files = FileManager.default.enumerator(atPath: apps) else { continue }
            var found: [String] = []
            while let file = files.nextObject() as? String {
                if file.hasSuffix(".desktop") { found.append(file) }
            }
            for file in found.sorted() {
                let id = String(file.dropLast(".desktop".count)).replacingOccurrences(of: "/", with: "-")
                guard seen.insert(id).inserted else { continue }
                let path = apps + "/" + file
                do throws(Skip) {
                    let entry = try read(path, id: id, locales: locales)
                    if entry.isShown(in: desktops, programExists: programExists) { entries.append(entry) }
                } catch {
                    warnings.append("skipping \(path): \(error)")
                }
            }
        }
        entries.sort { $0.name.en.localizedCaseInsensitiveCompare($1.name.en) == .orderedAscending }
        var dock: [String]?
        // Absent is fine: no dock file means the standard Dock.
        if let text = try? String(contentsOfFile: dockFile(env), encoding: .utf8) {
            dock = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
                .filter { !$0.isEmpty && !$0.hasPrefix("#") }
                .map { $0.hasSuffix(".desktop") ? String($0.dropLast(".desktop".count)) : $0 }
        }
        return DesktopCatalog(entries: entries, warnings: warnings, dock: dock)
    }

    /// The largest `.desktop` file read, in bytes: the largest real ones (a browser's, with every
    /// language's names and actions) are under 100 KiB; a larger file is skipped unread, so a
    /// file of 100 MB costs no memory.
    public static let maximumFileBytes = 256 * 1024
    /// The most symbolic links followed to a file: Linux's own limit (`MAXSYMLINKS`); more is a loop.
    static let maximumLinks = 40

    /// Why a desktop file was skipped (the rest of its warning line, after its path).
    public enum Skip: Error, CustomStringConvertible, Hashable, Sendable {
        /// A FIFO, a socket, a device or a folder: nothing a program is described by, and a FIFO
        /// would block whoever opened it.
        case notAFile
        /// Links that lead back to themselves (or more than `maximumLinks` of them).
        case linkLoop
        /// Larger than `maximumFileBytes`; its size.
        case tooLarge(bytes: Int)
        /// It could not be opened or read (gone since it was listed, no permission).
        case unreadable
        /// Its bytes are not UTF-8 text.
        case notUTF8
        /// Not a desktop entry.
        case notAnEntry(DesktopEntry.ParseError)

        public var description: String {
            switch self {
            case .notAFile: "not a plain file"
            case .linkLoop: "its symbolic links go round in a loop"
            case .tooLarge(let bytes):
                "too large (\(bytes) bytes; a desktop file is read up to \(DesktopCatalog.maximumFileBytes))"
            case .unreadable: "cannot read it"
            case .notUTF8: "cannot read it as UTF-8"
            case .notAnEntry(let error): "\(error)"
            }
        }
    }

    /// The desktop entry in the file at `path`: the file's type and size are looked at before it
    /// is opened, and `maximumFileBytes` at most are read.
    static func read(_ path: String, id: String, locales: MessageLocales) throws(Skip) -> DesktopEntry {
        let fm = FileManager.default
        var target = path
        var links = 0
        var attributes: [FileAttributeKey: Any]
        while true {
            guard let found = try? fm.attributesOfItem(atPath: target) else { throw .unreadable }
            attributes = found
            guard attributes[.type] as? FileAttributeType == .typeSymbolicLink else { break }
            links += 1
            guard links <= maximumLinks else { throw .linkLoop }
            guard let destination = try? fm.destinationOfSymbolicLink(atPath: target) else { throw .unreadable }
            target =
                destination.hasPrefix("/")
                ? destination : (target as NSString).deletingLastPathComponent + "/" + destination
        }
        guard attributes[.type] as? FileAttributeType == .typeRegular else { throw .notAFile }
        let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
        guard size <= maximumFileBytes else { throw .tooLarge(bytes: size) }
        guard let handle = FileHandle(forReadingAtPath: target) else { throw .unreadable }
        defer { try? handle.close() }
        // One byte more than allowed tells a file that grew since it was looked at.
        let data: Data
        do {
            data = try handle.read(upToCount: maximumFileBytes + 1) ?? Data()
        } catch {
            throw .unreadable
        }
        guard data.count <= maximumFileBytes else { throw .tooLarge(bytes: max(size, data.count)) }
        guard let text = String(data: data, encoding: .utf8) else { throw .notUTF8 }
        do {
            return try DesktopEntry(parsing: text, id: id, file: path, locales: locales)
        } catch {
            throw .notAnEntry(error)
        }
    }

    /// Whether a program (a name looked up on `PATH`, or a path) can be run.
    public static func programExists(_ program: String) -> Bool {
        let fm = FileManager.default
        if program.contains("/") { return fm.isExecutableFile(atPath: program) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { fm.isExecutableFile(atPath: "\($0)/\(program)") }
    }
}
