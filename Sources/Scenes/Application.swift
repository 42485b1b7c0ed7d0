import UI

/// An app written with Slate, as the system sees it: what it is called, how it looks, which windows
/// it makes and which activities it can open (the iPad's `Info.plist` scene manifest and app
/// delegate in one).
@MainActor public protocol Application: AnyObject {
    /// Reverse-DNS, e.g. `org.slate.mail`; names the state folder `$XDG_STATE_HOME/slate/<identifier>/`.
    var identifier: String { get }
    /// The name under the icon.
    var displayName: LocalizedString { get }
    var icon: AppIcon { get }
    /// One configuration per role the app uses: primary, and auxiliary if it has such windows.
    var configurations: [SceneConfiguration] { get }
    /// The user-activity types the app can open, so the system knows what may become a window.
    var activityTypes: Set<String> { get }
    /// Commands on the app icon's context menu. Default: none.
    var quickActions: [QuickAction] { get }
    /// The role of a new window asked for with `activity` and no explicit role. Default: primary.
    func role(for activity: UserActivity) -> SceneSession.Role
    /// Sessions were closed for good (their windows were destroyed): release what the app kept for
    /// them. Default: nothing.
    func didDiscard(_ sessions: [SceneSession])
}

extension Application {
    public var quickActions: [QuickAction] { [] }
    public func role(for activity: UserActivity) -> SceneSession.Role { .primary }
    public func didDiscard(_ sessions: [SceneSession]) {}

    /// The configuration for `role`, if the app declares one.
    public func configuration(for role: SceneSession.Role) -> SceneConfiguration? {
        configurations.first { $0.role == role }
    }

    /// The configuration named `name`, if the app declares one.
    public func configuration(named name: String) -> SceneConfiguration? {
        configurations.first { $0.name == name }
    }
}
