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
    /// names (Slate's own is always one).
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
        let fm = FileManager.default
        for dir in dataDirectories(env) {
            let apps = dir + "/applications"
            guard let files = fm.enumerator(atPath: apps) else { continue }
            var found: [String] = []
            while let f = files.nextObject() as? String {
                if f.hasSuffix(".desktop") { found.append(f) }
            }
            for f in found.sorted() {
                let id = String(f.dropLast(".desktop".count)).replacingOccurrences(of: "/", with: "-")
                guard seen.insert(id).inserted else { continue }
                let path = apps + "/" + f
                guard let data = fm.contents(atPath: path), let text = String(data: data, encoding: .utf8) else {
                    warnings.append("skipping \(path): cannot read it as UTF-8")
                    continue
                }
                do {
                    let e = try DesktopEntry(parsing: text, id: id, file: path, locales: locales)
                    if e.isShown(in: desktops, programExists: programExists) { entries.append(e) }
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

    /// Whether a program (a name looked up on `PATH`, or a path) can be run.
    public static func programExists(_ program: String) -> Bool {
        let fm = FileManager.default
        if program.contains("/") { return fm.isExecutableFile(atPath: program) }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/local/bin:/usr/bin:/bin"
        return path.split(separator: ":").contains { fm.isExecutableFile(atPath: "\($0)/\(program)") }
    }
}
