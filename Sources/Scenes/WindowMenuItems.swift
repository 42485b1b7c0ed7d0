import Graphics
import Menus
import UI

/// The words the scenes layer adds to menus.
public enum SceneStrings {
    public static let openInNewWindow = LocalizedString(en: "Open in New Window", ru: "Открыть в новом окне")
}

/// Objects that open as windows: give an item's context menu the user activity it opens as, and the
/// system adds "Open in New Window" to the menu's suggestions whenever the item's app declares that
/// activity type (W2d) — apps get the command by declaring, not by building it.
@MainActor public enum WindowMenuItems {
    private struct Entry {
        weak var interaction: ContextMenuInteraction?
        var activity: () -> UserActivity?
    }
    private static var entries: [ObjectIdentifier: Entry] = [:]

    /// Says what `interaction`'s item opens as in a window (asked each time the menu opens).
    public static func setActivity(for interaction: ContextMenuInteraction, _ activity: @escaping () -> UserActivity?) {
        install()
        entries = entries.filter { $0.value.interaction != nil }
        entries[ObjectIdentifier(interaction)] = Entry(interaction: interaction, activity: activity)
    }

    /// The "Open in New Window" action for an item of `view` that opens as `activity`, or nil when the
    /// view is in no window or its app does not declare the activity's type.
    public static func openInNewWindow(_ activity: UserActivity, from view: View) -> Action? {
        guard let scene = WindowScene.containing(view), let app = scene.application,
            app.activityTypes.contains(activity.activityType)
        else { return nil }
        return Action(
            SceneStrings.openInNewWindow, image: "macwindow.badge.plus", identifier: "system.open-in-new-window"
        ) { [weak scene] _ in
            guard let scene, let system = scene.sceneSystem else { return }
            _ = try? system.activate(
                ActivationRequest(userActivity: activity, requestingScene: scene, placement: .standard))
        }
    }

    private static var installed = false

    private static func install() {
        guard !installed else { return }
        installed = true
        let previous = ContextMenuInteraction.systemSuggestions
        ContextMenuInteraction.systemSuggestions = { interaction in
            var out = previous?(interaction) ?? []
            if let e = entries[ObjectIdentifier(interaction)], e.interaction === interaction,
                let view = interaction.view,
                let activity = e.activity(), let action = openInNewWindow(activity, from: view)
            {
                out.append(.action(action))
            }
            return out
        }
    }
}
