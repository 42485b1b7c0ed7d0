import Foundation
import Host
import Scenes

/// One folder an app observes: its inotify watch, what changed since the app last heard, and when
/// the burst began and last went on.
@MainActor final class ObservedFolder {
    let watch: FolderTreeWatch
    let onChange: @MainActor (FolderChange) -> Void
    var pending: FolderTreeWatch.Changes?
    var burstStart = 0.0
    var lastChange = 0.0

    init(watch: FolderTreeWatch, onChange: @escaping @MainActor (FolderChange) -> Void) {
        self.watch = watch
        self.onChange = onChange
    }

    /// When the app hears of what is pending: after a quiet, or once a burst has gone on long enough.
    var due: Double? {
        guard pending != nil else { return nil }
        return min(lastChange + FolderObservationTiming.quiet, burstStart + FolderObservationTiming.longestWait)
    }
}

// Folders an app observes (`SceneSystem.observeFolder`): an inotify watch each, its descriptor polled
// by the process's loop beside the shell's connection, a burst of changes told once.
extension AppProcess {
    /// The most folders one app observes: each is a descriptor its loop polls (with the shell's
    /// connection, the accessibility bus and the settings, 15 at most), and an inotify instance
    /// of the person's 128.
    static let mostObservedFolders = 8

    public func observeFolder(at url: URL, onChange: @escaping @MainActor (FolderChange) -> Void)
        -> FolderObservation?
    {
        let path = url.standardizedFileURL.path
        guard observedFolders.count < Self.mostObservedFolders else {
            log(
                "slate: \(runtime.application.identifier): \(path) is not watched for changes: an app observes \(Self.mostObservedFolders) folders at most"
            )
            return nil
        }
        let watch: FolderTreeWatch
        do {
            watch = try FolderTreeWatch(roots: [path])
        } catch {
            // The app looks when its windows come to the foreground instead.
            log("slate: \(runtime.application.identifier): \(path) is not watched for changes: \(error)")
            return nil
        }
        let identifier = ObjectIdentifier(watch)
        observedFolders[identifier] = ObservedFolder(watch: watch, onChange: onChange)
        return FolderObservation { [weak self] in self?.observedFolders[identifier] = nil }
    }

    /// The descriptors the loop polls for the observed folders.
    var observedFolderDescriptors: [Int32] { observedFolders.values.map(\.watch.fileDescriptor) }

    /// When the next gathered change is due, if one waits.
    var nextFolderChange: Double? { observedFolders.values.compactMap(\.due).min() }

    /// Reads what each watch says, gathering changes into the burst under way (at `now`).
    func drainObservedFolders(now: Double) {
        for folder in observedFolders.values {
            guard let changes = folder.watch.drainChanges() else { continue }
            if var pending = folder.pending {
                pending.paths.formUnion(changes.paths)
                pending.everything = pending.everything || changes.everything
                folder.pending = pending
            } else {
                folder.pending = changes
                folder.burstStart = now
            }
            folder.lastChange = now
        }
    }

    /// Tells the app of each burst that is over (or has gone on long enough) at `now`.
    func deliverFolderChanges(now: Double) {
        for folder in Array(observedFolders.values) {
            guard let due = folder.due, due <= now, let changes = folder.pending else { continue }
            folder.pending = nil
            // Everything: the paths are not listed (a lost queue has none worth naming).
            folder.onChange(
                FolderChange(paths: changes.everything ? [] : changes.paths, isWholeFolder: changes.everything))
        }
    }
}
