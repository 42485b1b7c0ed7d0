import Foundation

/// Where notes live: `$XDG_DOCUMENTS_DIR/Notes`, the documents folder read from `user-dirs.dirs` as
/// xdg-user-dirs writes it (`XDG_DOCUMENTS_DIR="$HOME/Documents"`), else `~/Documents`; and the
/// freedesktop Trash, `$XDG_DATA_HOME/Trash`.
public enum NotesLocation {
    /// The notes folder for `environment`: `SLATE_NOTES_DIR` when set, else `DOCUMENTS/Notes`.
    public static func notesDirectory(environment env: [String: String], home: URL) -> URL {
        if let d = env["SLATE_NOTES_DIR"], !d.isEmpty { return URL(fileURLWithPath: d) }
        return documentsDirectory(environment: env, home: home).appendingPathComponent("Notes")
    }

    /// The documents folder: `XDG_DOCUMENTS_DIR` from the environment or from
    /// `$XDG_CONFIG_HOME/user-dirs.dirs` (default `~/.config`), else `~/Documents`.
    public static func documentsDirectory(environment env: [String: String], home: URL) -> URL {
        if let d = env["XDG_DOCUMENTS_DIR"], d.hasPrefix("/") { return URL(fileURLWithPath: d) }
        let config =
            env["XDG_CONFIG_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".config")
        // Absent is fine: no user-dirs.dirs means ~/Documents (the XDG user-dirs rules).
        if let text = try? String(contentsOf: config.appendingPathComponent("user-dirs.dirs"), encoding: .utf8),
            let d = documentsEntry(in: text, home: home.path)
        {
            return URL(fileURLWithPath: d)
        }
        return home.appendingPathComponent("Documents")
    }

    /// The `XDG_DOCUMENTS_DIR` of a `user-dirs.dirs` file: a quoted path that is absolute or starts
    /// with `$HOME/`; comments and other lines are skipped.
    public static func documentsEntry(in text: String, home: String) -> String? {
        for raw in text.split(separator: "\n") {
            let line = raw.trimmingSpaces
            guard !line.hasPrefix("#"), line.hasPrefix("XDG_DOCUMENTS_DIR=") else { continue }
            var value = line.dropFirst("XDG_DOCUMENTS_DIR=".count)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = value.dropFirst().dropLast() }
            if value.hasPrefix("$HOME/") { return home + "/" + value.dropFirst("$HOME/".count) }
            if value == "$HOME" { return home }
            if value.hasPrefix("/") { return String(value) }
        }
        return nil
    }

    /// The Trash: `$XDG_DATA_HOME/Trash`, default `~/.local/share/Trash`.
    public static func trashDirectory(environment env: [String: String], home: URL) -> URL {
        let data =
            env["XDG_DATA_HOME"].flatMap { $0.hasPrefix("/") ? URL(fileURLWithPath: $0) : nil }
            ?? home.appendingPathComponent(".local/share")
        return data.appendingPathComponent("Trash")
    }
}

/// A few notes in English and Russian, written into an empty notes folder on first run and into
/// the scratch folder of headless runs.
public enum SampleNotes {
    /// Each sample's path in the notes folder and its text.
    public static let notes: [(path: String, text: String)] = [
        (
            "Shopping.md",
            "# Shopping\n\nMilk, bread, apples\nCoffee beans (the dark roast)\nBatteries for the remote\n"
        ),
        (
            "Ideas.md",
            "# Ideas\n\nA reading lamp for the balcony\nLearn three songs on the guitar\nWrite to Anna about the trip\n"
        ),
        (
            "Встреча.md",
            "# Встреча в понедельник\n\nОбсудить план на квартал\nПодготовить отчёт к десяти\nПригласить Ольгу\n"
        ),
        (
            "Рецепты/Блины.md",
            "# Блины\n\nМолоко — пол-литра, два яйца, мука\nЖарить на сильном огне\n"
        ),
        (
            "Travel/Packing list.txt",
            "Packing list\nPassport, tickets, charger\nRain jacket\n"
        ),
    ]

    /// Writes the samples into `root` when it holds no notes; returns whether it wrote.
    @discardableResult
    public static func write(into root: URL, modified: Date) throws -> Bool {
        let fm = FileManager.default
        // Absent is fine: a folder that cannot be listed gets the samples, or says why writing fails.
        if let existing = try? fm.contentsOfDirectory(atPath: root.path),
            existing.contains(where: { !$0.hasPrefix(".") })
        {
            return false
        }
        for (i, n) in notes.enumerated() {
            let url = root.appendingPathComponent(n.path)
            try fm.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try NoteStore.writeAtomically(Array(n.text.utf8), to: url)
            // A minute apart, the first newest, so the list's order is the same on every run.
            try fm.setAttributes(
                [.modificationDate: modified.addingTimeInterval(Double(-60 * i))], ofItemAtPath: url.path)
        }
        return true
    }
}
