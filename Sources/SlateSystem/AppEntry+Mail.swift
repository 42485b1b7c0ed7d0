import Foundation
import Mail
import MailStore

extension AppEntry {
    /// Slate's Mail over the Maildir at `--maildir`, `$SLATE_MAILDIR`, or `<data home>/slate/mail`,
    /// where a sample is written on first run. Scratch runs always use a fresh sample.
    public static let mail = AppEntry(name: "Mail", options: ["maildir"]) { places in
        let maildir: URL
        if places.isScratch {
            maildir = places.dataDirectory(for: "mail")
        } else {
            maildir =
                places.options["maildir"].map { URL(fileURLWithPath: $0) }
                ?? places.environment["SLATE_MAILDIR"].map { URL(fileURLWithPath: $0) }
                ?? places.dataDirectory(for: "mail")
        }
        return try MailApp.open(maildir: maildir, now: places.now)
    }
}

extension MailApp {
    /// Mail over the Maildir at `maildir`; a sample is written only into an empty or new folder. Each
    /// problem found while reading it is said on standard error.
    @MainActor static func open(maildir: URL, now: @escaping @Sendable () -> Date) throws -> MailApp {
        let isUserMaildir = FileManager.default.fileExists(atPath: maildir.appendingPathComponent("cur").path)
        let library = try MailLibrary.open(root: maildir, writeSampleIfEmpty: !isUserMaildir, now: now)
        for p in library.problems { FileHandle.standardError.write(Data("slate mail: \(p)\n".utf8)) }
        return MailApp(library: library)
    }
}
