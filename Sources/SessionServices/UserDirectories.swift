import Foundation

/// The person's folders as xdg-user-dirs names them (`$XDG_CONFIG_HOME/user-dirs.dirs`, lines such as
/// `XDG_PICTURES_DIR="$HOME/Pictures"`): an environment variable first, then the file, then the default.
public enum UserDirectories {
    /// The pictures folder: `XDG_PICTURES_DIR`, the file's entry, else `~/Pictures`.
    public static func pictures(environment env: [String: String], home: URL) -> URL {
        directory("XDG_PICTURES_DIR", default: "Pictures", environment: env, home: home)
    }

    /// Where screenshots go: `Screenshots` in the pictures folder (as GNOME's).
    public static func screenshots(environment env: [String: String], home: URL) -> URL {
        pictures(environment: env, home: home).appendingPathComponent("Screenshots")
    }

    /// The folder `key` names, or `home/fallback`.
    static func directory(_ key: String, default fallback: String, environment env: [String: String], home: URL)
        -> URL
    {
        if let d = env[key], d.hasPrefix("/") { return URL(fileURLWithPath: d) }
        let config =
            env["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".config")
        if let text = try? String(contentsOf: config.appendingPathComponent("user-dirs.dirs"), encoding: .utf8),
            let d = entry(key, in: text, home: home.path)
        {
            return URL(fileURLWithPath: d)
        }
        return home.appendingPathComponent(fallback)
    }

    /// `key`'s value in a `user-dirs.dirs` file: a quoted path, absolute or from `$HOME/`.
    public static func entry(_ key: String, in text: String, home: String) -> String? {
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingCharacters(in: .whitespaces)
            guard !line.hasPrefix("#"), line.hasPrefix(key + "=") else { continue }
            var value = Substring(line.dropFirst(key.count + 1))
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            if value.hasPrefix("$HOME/") { return home + "/" + value.dropFirst("$HOME/".count) }
            if value == "$HOME" { return home }
            if value.hasPrefix("/") { return String(value) }
        }
        return nil
    }
}
