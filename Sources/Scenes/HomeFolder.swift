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
}
