import Foundation

/// The person's home folder, as every XDG rule starts from it: `$HOME` when it is an absolute path,
/// else the password database's entry for the user (Foundation's `homeDirectoryForCurrentUser`,
/// which on Linux does not read `$HOME`: a session started with another home must not write to the
/// account's).
public enum HomeFolder {
    /// The home folder for `environment`.
    public static func url(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = environment["HOME"], home.hasPrefix("/") { return URL(fileURLWithPath: home, isDirectory: true) }
        return FileManager.default.homeDirectoryForCurrentUser
    }

    /// The data directories in search order (the XDG Base Directory specification): `$XDG_DATA_HOME`
    /// (default `~/.local/share`), then `$XDG_DATA_DIRS` (default `/usr/local/share:/usr/share`).
    public static func dataDirectories(environment: [String: String]) -> [String] {
        let home = url(environment: environment).path
        let dataHome =
            environment["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil } ?? home + "/.local/share"
        let dirs = (environment["XDG_DATA_DIRS"].flatMap { $0.isEmpty ? nil : $0 } ?? "/usr/local/share:/usr/share")
            .split(separator: ":").map(String.init).filter { $0.hasPrefix("/") }
        return [dataHome] + dirs
    }
}
