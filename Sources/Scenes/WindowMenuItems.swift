import Graphics
import Menus
import UI

/// The words the scenes layer adds to menus.
public enum SceneStrings {
    public static let openInNewWindow = LocalizedString(en: "Open in New Window", ru: "Открыть в новом окне")
    /// What was being done when a window could not be opened (in "cannot open the window: …").
    public static let openTheWindow = LocalizedString(en: "open the window", ru: "открыть окно")
    /// What was being done when a window could not be closed.
    public static let closeTheWindow = LocalizedString(en: "close the window", ru: "закрыть окно")
}

/// Objects that open as windows: give an item's context menu the user activity it opens as, and the
/// system adds "Open in New Window" to the menu's suggestions whenever the item's app declares that
/// activity type (W2d) — apps get the command by declaring, not by building it.
@MainActor public enum WindowMenuItems {
    /// The identifier of the system's Open in New Window command.
    public static let openInNewWindowIdentifier = "system.open-in-new-window"

    /// Gives `view` a context menu from `delegate` whose suggestions open the item as `activity`
    /// in a new window (W2d) — the one way Mail's, Notes' and Settings' rows get their menus.
    @discardableResult
    public static func attachMenu(
        _ delegate: any ContextMenuInteractionDelegate, to view: View, opening activity: @escaping () -> UserActivity?
    ) -> ContextMenuInteraction {
        let interaction = ContextMenuInteraction(delegate: delegate)
        view.addInteraction(interaction)
        setActivity(for: interaction, activity)
        return interaction
    }

    /// Says what `interaction`'s item opens as in a window (asked each time the menu opens).
    public static func setActivity(for interaction: ContextMenuInteraction, _ activity: @escaping () -> UserActivity?) {
        interaction.systemSuggestionProviders.append { interaction in
            guard let view = interaction.view, let a = activity(), let action = openInNewWindow(a, from: view) else {
                return []
            }
            return [.action(action)]
        }
    }

    /// The "Open in New Window" action for an item of `view` that opens as `activity`, or nil when the
    /// view is in no window or its app does not declare the activity's type. A failure is reported to
    /// the person who chose the command.
    public static func openInNewWindow(_ activity: UserActivity, from view: View) -> Action? {
        guard let scene = WindowScene.containing(view), let app = scene.application,
            app.activityTypes.contains(activity.activityType)
        else { return nil }
        return Action(
            SceneStrings.openInNewWindow, image: "macwindow.badge.plus", identifier: openInNewWindowIdentifier
        ) { [weak scene, weak view] _ in
            guard let scene, let system = scene.sceneSystem else { return }
            let errors = (view ?? scene.windowView).environment.errors
            errors.attempt(SceneStrings.openTheWindow, userAction: true) {
                try system.activate(
                    ActivationRequest(userActivity: activity, requestingScene: scene, placement: .standard))
            }
        }
    }
}
