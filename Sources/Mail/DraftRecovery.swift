import Foundation
import Scenes
import UI

/// Messages being written that could not be saved — Send or Save Draft on a full disk or a read-only
/// Maildir — kept in the app's state folder (`$XDG_STATE_HOME/slate/org.slate.mail/recovery/`) as
/// RFC 5322 files, one a window, until they are saved: the window's own retry saves it and removes
/// the file; one left at the next start goes into Drafts then (`MailApp.saveRecoveredDrafts`).
public struct DraftRecovery: Sendable {
    /// The folder the kept messages are in.
    public let folder: URL

    /// Kept messages in `folder`.
    public init(folder: URL) { self.folder = folder }

    /// Keeps `message` (an RFC 5322 file) for the window `id`, atomically, replacing what was kept
    /// for it; the folder is made (private) when missing.
    public func keep(_ message: Data, id: String) throws(FileWriteError) {
        try AtomicFile.write(message, to: file(id).path, permissions: 0o600, makingFolders: 0o700)
    }

    /// Forgets what was kept for the window `id` (it was saved). A file that cannot be removed is
    /// saved into Drafts at the next start: a second copy there, never a loss.
    public func discard(id: String) {
        unlink(file(id).path)
    }

    /// Every kept message, by window.
    public func all() -> [(id: String, message: Data)] {
        // No folder: nothing was ever kept.
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { !$0.hasPrefix(".") && $0.hasSuffix(".eml") }.sorted().compactMap { name in
            FileManager.default.contents(atPath: folder.appendingPathComponent(name).path).map {
                (String(name.dropLast(4)), $0)
            }
        }
    }

    /// The file kept for the window `id` (a session identifier: letters, digits and dashes).
    public func file(_ id: String) -> URL {
        let safe = String(id.unicodeScalars.filter { CharacterSet.alphanumerics.contains($0) || $0 == "-" }.prefix(80))
        return folder.appendingPathComponent((safe.isEmpty ? "message" : safe) + ".eml")
    }
}

extension MailApp {
    /// Saves into Drafts the messages kept from saves that failed (an earlier run); each saved is
    /// let go, each that still cannot be saved stays kept and is said once in `errors`. Returns how
    /// many were saved.
    @discardableResult
    public func saveRecoveredDrafts(errors: ErrorReporter) -> Int {
        guard let recovery = draftRecovery else { return 0 }
        var saved = 0
        for kept in recovery.all() {
            do {
                try library.save(kept.message, to: .drafts, flags: [.draft, .seen])
                recovery.discard(id: kept.id)
                saved += 1
            } catch {
                errors.report(error, while: MailStrings.saveTheDraft)
            }
        }
        return saved
    }
}
