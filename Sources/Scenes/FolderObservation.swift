import Foundation

/// What changed in a folder an app observes (`SceneSystem.observeFolder(at:onChange:)`): the files
/// and folders that came, changed or went — whichever program changed them, the app itself included.
public struct FolderChange: Equatable, Sendable {
    /// The files and folders that came, changed or went, by absolute path (empty when
    /// `isWholeFolder`).
    public var paths: Set<String>
    /// Whether anything in the folder may have changed: the system lost count (too many changes at
    /// once) or the folder itself came back. The app looks at all of it again.
    public var isWholeFolder: Bool

    /// A change of these `paths`, or of everything.
    public init(paths: Set<String>, isWholeFolder: Bool = false) {
        self.paths = paths
        self.isWholeFolder = isWholeFolder
    }
}

/// A folder an app keeps an eye on, as Foundation's `NSFilePresenter` does: changes come to the
/// app until it cancels (or lets go of) this.
@MainActor public final class FolderObservation {
    private var stop: (@MainActor () -> Void)?

    /// An observation the system ends with `stop`.
    public init(stop: @escaping @MainActor () -> Void) { self.stop = stop }

    /// No more changes come.
    public func cancel() {
        stop?()
        stop = nil
    }

    isolated deinit { cancel() }
}

/// How long a folder's changes are gathered before an app hears of them: a burst (a sync tool
/// writing 100 notes, a `git pull`) is one call after a quarter second of quiet, two seconds at most.
public enum FolderObservationTiming {
    /// The quiet that ends a burst.
    public static let quiet = 0.25
    /// The longest a change waits while a burst goes on.
    public static let longestWait = 2.0
}
