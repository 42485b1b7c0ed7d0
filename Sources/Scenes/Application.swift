import Menus
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
    /// Adds the app's commands to its menu bar for the window `scene` (as UIKit's
    /// `buildMenu(with:)`): its own menus and the commands of the standard ones, each with its
    /// keyboard shortcut, acting on what the window shows. Asked each time the menu bar is shown or
    /// a shortcut pressed, so the commands follow the window (a message selected or not). The system
    /// has put Edit's standard commands and Open in New Window in already, and adds the app menu,
    /// New Window, Close Window and the Window menu's own. Default: nothing of the app's.
    func buildMenuBar(_ builder: MenuBarBuilder, for scene: WindowScene)
    /// The app runs on `system` now (it may post notifications there, `SceneSystem.post`, with no
    /// window open). By default nothing.
    func didConnect(to system: any SceneSystem)
    /// The system speaks another language now (`SceneSystem.language`): what the app said outside its
    /// windows in the old one — its Spotlight items' titles — is said again. By default nothing.
    func systemLanguageDidChange(on system: any SceneSystem)
    /// Seconds between looks the system lets the app take for news with no window in front (Mail's
    /// new mail, as iOS's background refresh); nil (the default): none.
    var refreshInterval: Double? { get }
    /// Takes a look for news (`refreshInterval`). By default nothing.
    func refresh()
}

extension Application {
    public var quickActions: [QuickAction] { [] }
    public func role(for activity: UserActivity) -> SceneSession.Role { .primary }
    public func didDiscard(_ sessions: [SceneSession]) {}
    public func buildMenuBar(_ builder: MenuBarBuilder, for scene: WindowScene) {}
    public func didConnect(to system: any SceneSystem) {}
    public func systemLanguageDidChange(on system: any SceneSystem) {}
    public var refreshInterval: Double? { nil }
    public func refresh() {}

    /// The configuration for `role`, if the app declares one.
    public func configuration(for role: SceneSession.Role) -> SceneConfiguration? {
        configurations.first { $0.role == role }
    }

    /// The configuration named `name`, if the app declares one.
    public func configuration(named name: String) -> SceneConfiguration? {
        configurations.first { $0.name == name }
    }
}
