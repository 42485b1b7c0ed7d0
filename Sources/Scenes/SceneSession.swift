import Foundation

/// A window's lasting identity and what it shows (as `UISceneSession`). A session outlives its
/// scene: when a window goes to the background beyond the budget its scene is disconnected to free
/// memory, and a new scene connects to the same session when the window is shown again. Sessions
/// are what restoration stores and brings back after a quit, a crash or a power cut.
///
/// Sessions are made by the system (`SceneSystem.activate(_:)`), never by the app. Changing what a
/// session says (its title, activity, user info) is saved at once.
@MainActor public final class SceneSession {
    /// The two kinds of window (W3).
    public enum Role: String, Sendable, Codable, Hashable, CaseIterable {
        /// Many of the app's objects and their actions; a place people return to (Mail's mailboxes).
        case primary
        /// One object and its actions, usually used once (one message); it closes with Done or Close.
        case auxiliary
    }

    /// Stable across launches; names the session's state file.
    public let persistentIdentifier: String
    public let role: Role
    /// The name of the `SceneConfiguration` the session was made from.
    public let configurationName: String

    /// The window's title (the app switcher, the window's accessibility label).
    public var title: String {
        didSet {
            guard title != oldValue else { return }
            scene?.titleDidChange()
            changed()
        }
    }

    /// What the window shows: the activity that opened it, or the one its delegate last returned
    /// from `stateRestorationActivity(for:)`. It is stored, and handed back when the window connects
    /// again.
    public var userActivity: UserActivity? {
        didSet { if userActivity != oldValue { changed() } }
    }

    /// The content the window shows; an activation request for the same content brings this window
    /// forward when its activation conditions accept it.
    public var targetContentIdentifier: String? {
        didSet { if targetContentIdentifier != oldValue { changed() } }
    }

    /// The app's own small values, stored with the session.
    public var userInfo: [String: String] {
        didSet { if userInfo != oldValue { changed() } }
    }

    /// The scene showing the session now, or nil while it is disconnected (in the background beyond
    /// the budget, restored but not shown yet, or destroyed).
    public internal(set) weak var scene: WindowScene?

    /// Which requests the window accepts; kept on the session so that a disconnected window keeps
    /// them. `WindowScene.activationConditions` reads and writes these.
    var activationConditions: ActivationConditions {
        didSet { if activationConditions != oldValue { changed() } }
    }

    /// The runtime that owns the session; told of every change so it can be saved.
    weak var runtime: SceneRuntime?

    init(record: SessionRecord) {
        persistentIdentifier = record.id
        role = record.role
        configurationName = record.configurationName
        title = record.title
        userActivity = record.userActivity
        targetContentIdentifier = record.targetContentIdentifier
        userInfo = record.userInfo
        activationConditions = record.activationConditions
    }

    /// What is stored for the session.
    var record: SessionRecord {
        SessionRecord(
            id: persistentIdentifier, role: role, configurationName: configurationName, title: title,
            userActivity: userActivity, targetContentIdentifier: targetContentIdentifier, userInfo: userInfo,
            activationConditions: activationConditions)
    }

    private func changed() { runtime?.sessionDidChange(self) }
}
