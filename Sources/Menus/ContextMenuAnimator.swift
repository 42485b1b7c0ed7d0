import Graphics
import UI

/// How the preview leaves when a person taps it to open the item (as
/// `UIContextMenuInteractionCommitStyle`).
public enum CommitStyle: Sendable, Hashable {
    /// The menu closes as if cancelled; the app shows the item in its completion.
    case dismiss
    /// The preview grows and fades as the item opens in its place.
    case pop
}

/// Given to the delegate when a menu opens, ends or commits: add work to run alongside the
/// transition, or once it is over (as `UIContextMenuInteractionAnimating`).
@MainActor public final class ContextMenuAnimator {
    /// For a commit: how the preview leaves. `pop` unless the delegate says otherwise.
    public var preferredCommitStyle: CommitStyle = .pop
    /// The view shown as the preview, if the configuration provided one.
    public let previewView: View?

    private var animations: [(Double) -> Void] = []
    private var completions: [() -> Void] = []
    public private(set) var isComplete = false

    init(previewView: View? = nil) {
        self.previewView = previewView
    }

    /// Runs `body` each frame of the transition with its progress, 0…1.
    public func addAnimations(_ body: @escaping (Double) -> Void) { animations.append(body) }

    /// Runs `body` when the transition is over (at once if it already is).
    public func addCompletion(_ body: @escaping () -> Void) {
        if isComplete { body() } else { completions.append(body) }
    }

    func step(_ progress: Double) {
        for a in animations { a(progress) }
    }

    func complete() {
        guard !isComplete else { return }
        isComplete = true
        let c = completions
        completions = []
        for body in c { body() }
    }
}
