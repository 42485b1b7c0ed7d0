import Foundation
import Graphics
import Scenes
import SystemUI
import UI
import Windowing

// Drops on the screen's sides (W2a, W2b).
extension Shell {
    // MARK: Drops on the screen's sides

    /// Shows the target of the side something droppable is dragged near (`shown`), armed when the
    /// drop would land there; nil hides both.
    func setEdgeTargets(shown: EdgeSide?, armed: EdgeSide?) {
        edgeTargets.left.isHidden = shown != .left
        edgeTargets.right.isHidden = shown != .right
        edgeTargets.left.isArmed = armed == .left
        edgeTargets.right.isArmed = armed == .right
    }

    /// Whether a window on the screen covers point `p`.
    func windowCovers(_ p: Point) -> Bool {
        visibleWindows.contains { windows[$0]?.frameInRoot.contains(p) ?? false }
    }

    /// The app that can open a dragged user activity.
    func app(for activity: UserActivity) -> ShellApp? {
        apps.first { $0.application.activityTypes.contains(activity.activityType) }
    }

    /// A drop on a side: an app from the Dock (W2a) or an object that an app can open (W2b). The
    /// side travels in the activation request's placement. In Windowed Apps a drop on the wallpaper
    /// (`point`, no side) opens the window where it fell.
    func perform(drop session: DragSession, on side: EdgeSide?, at point: Point? = nil) {
        setEdgeTargets(shown: nil, armed: nil)
        let placement = side?.placement ?? .automatic
        for item in session.items {
            // Items of other kinds are passed over: a drop takes what it can open.
            if let bytes = try? item.provider.load(ItemType.application),
                let app = app(String(decoding: bytes, as: UTF8.self))
            {
                if let point { windowing.dropPoint = (app.identifier, point) }
                if app.openSessions.isEmpty {
                    newWindow(of: app, placement: placement)
                } else {
                    // Pick one of its windows or make a new one, on that side (or where it fell).
                    showExpose(for: app, choosingFor: side)
                }
                return
            }
            if let bytes = try? item.provider.load(ItemType.userActivity),
                let activity = try? JSONDecoder().decode(UserActivity.self, from: Data(bytes)),
                let app = app(for: activity)
            {
                // Placements are relative to the requesting window, which must be the app's own.
                let requesting = focusedWindow.flatMap { windows[$0] }.flatMap { $0.app === app ? $0.scene : nil }
                if let point { windowing.dropPoint = (app.identifier, point) }
                environment.errors.attempt(ShellStrings.openTheDroppedItem, userAction: true) {
                    try app.activate(
                        ActivationRequest(
                            userActivity: activity, requestingScene: point == nil ? requesting : nil,
                            placement: placement))
                }
                // An app of this process placed its window by now (or brought one forward that
                // showed the item already); an app process's comes when it connects.
                if !(app.application is ProcessApp) { windowing.dropPoint = nil }
                return
            }
        }
    }
}

/// Drags an app's icon out of the Home screen or the Dock (W2a).
@MainActor final class AppIconDragSource: DragInteractionDelegate {
    let app: ShellApp
    init(app: ShellApp) { self.app = app }

    func itemsForBeginning(_ interaction: DragInteraction, at point: Point) -> [DragItem] {
        let p = ItemProvider()
        let id = app.identifier
        p.register(type: ItemType.application) { Array(id.utf8) }
        p.suggestedName = app.application.displayName.resolved(app.environment.language)
        let item = DragItem(provider: p, previewSize: Size(ShellMetrics.dockIconSize, ShellMetrics.dockIconSize))
        return [item]
    }
}

/// The screen's sides as a drop target, for apps and for objects an app can open — and in Windowed
/// Apps the wallpaper between the windows, which opens the window where the drop falls.
@MainActor final class EdgeDropTarget: SystemDropTarget {
    unowned let shell: Shell
    var side: EdgeSide?
    /// In Windowed Apps, the point of the wallpaper the drop would fall on.
    var point: Point?

    init(shell: Shell) { self.shell = shell }

    func accepts(_ session: DragSession) -> Bool {
        if session.hasItems(conformingTo: ItemType.application) { return true }
        // An object whose activity type some app declares; the activity travels as the item's local
        // object when the drag started in this process (its data is still given only on drop).
        return session.items.contains { item in
            guard item.provider.hasItem(conformingTo: ItemType.userActivity) else { return false }
            if let a = item.localObject as? any ActivityCarrying { return shell.app(for: a.activity) != nil }
            return true
        }
    }

    func update(_ session: DragSession, at p: Point) -> DropOperation {
        guard accepts(session) else { return .cancel }
        let screen = shell.bounds.size
        side = SpaceLayout.edgeTarget(at: p, screen: screen)
        point = side == nil && shell.multitasking == .windowed && !shell.windowCovers(p) ? p : nil
        shell.setEdgeTargets(shown: SpaceLayout.edgeTargetShown(at: p, screen: screen), armed: side)
        return side == nil && point == nil ? .cancel : .copy
    }

    func exit(_ session: DragSession) {
        side = nil
        point = nil
        shell.setEdgeTargets(shown: nil, armed: nil)
    }

    func performDrop(_ session: DragSession) {
        let (side, point) = (self.side, self.point)
        self.side = nil
        self.point = nil
        guard side != nil || point != nil else { return }
        shell.perform(drop: session, on: side, at: point)
    }
}
