import Foundation
import Mail
import MailStore
import SlateLog
import UI

/// This file's lines on the log.
private let log = Logger("mail", label: "slate mail")

extension AppEntry {
    /// Slate's Mail over the Maildir at `--maildir`, `$SLATE_MAILDIR`, or `<data home>/slate/mail`,
    /// where a sample is written on first run. A Maildir the user names must be one: it is never made
    /// or given the sample. Scratch runs always use a fresh sample.
    public static let mail = AppEntry(
        name: "Mail", options: ["maildir"], check: { _ = try givenMaildir($0) },
        make: { places in
            let app: MailApp
            if !places.isScratch, let given = try givenMaildir(places) {
                app = try MailApp.open(maildir: given, now: places.now, writesSample: false)
            } else {
                app = try MailApp.open(maildir: places.dataDirectory(for: "mail"), now: places.now, writesSample: true)
            }
            // A message that cannot be saved is kept in the app's state folder meanwhile; one kept
            // from an earlier run goes into Drafts now.
            app.draftRecovery = DraftRecovery(
                folder: places.stateHome.appendingPathComponent("slate/org.slate.mail/recovery", isDirectory: true))
            app.saveRecoveredDrafts(errors: ErrorReporter())
            return app
        })

    /// The Maildir the user named (`--maildir`, else `$SLATE_MAILDIR`), which must be one; nil when
    /// none is named (Mail uses its own folder with the sample).
    static func givenMaildir(_ places: AppPlaces) throws -> URL? {
        let given = places.options["maildir"] ?? places.environment["SLATE_MAILDIR"].flatMap { $0.isEmpty ? nil : $0 }
        guard let given else { return nil }
        var isFolder: ObjCBool = false
        let cur = URL(fileURLWithPath: given).appendingPathComponent("cur").path
        guard FileManager.default.fileExists(atPath: cur, isDirectory: &isFolder), isFolder.boolValue else {
            throw UsageError("no Maildir at \(given) (a Maildir has cur, new and tmp folders)")
        }
        return URL(fileURLWithPath: given)
    }
}

extension MailApp {
    /// Mail over the Maildir at `maildir`; with `writesSample`, a sample is written into an empty or new
    /// folder. Each problem found while reading it is said on standard error.
    @MainActor static func open(
        maildir: URL, now: @escaping @Sendable () -> Date, writesSample: Bool
    ) throws -> MailApp {
        let isMaildir = FileManager.default.fileExists(atPath: maildir.appendingPathComponent("cur").path)
        let library = try MailLibrary.open(root: maildir, writeSampleIfEmpty: writesSample && !isMaildir, now: now)
        for p in library.problems { log.warning("\(p)") }
        return MailApp(library: library)
    }
}
