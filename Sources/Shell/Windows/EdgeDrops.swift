import Foundation
import Graphics
import Scenes
import SystemUI
import UI
import Windowing

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
