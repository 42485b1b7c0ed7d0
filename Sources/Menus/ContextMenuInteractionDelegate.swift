import Graphics
import UI

/// Answers a context menu interaction's questions (as `UIContextMenuInteractionDelegate`). Only the
/// configuration is required; everything else has a default.
@MainActor public protocol ContextMenuInteractionDelegate: AnyObject {
    /// The menu for a touch, click or key at `location` (the view's coordinates), or nil for none.
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, configurationForMenuAtLocation location: Point
    ) -> ContextMenuConfiguration?

    /// The view to lift as the preview and its shape; by default the interaction's view, rounded.
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        previewForHighlightingMenuWithConfiguration configuration: ContextMenuConfiguration
    ) -> TargetedPreview?

    /// Where the preview goes back to when the menu closes; by default where it came from.
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        previewForDismissingMenuWithConfiguration configuration: ContextMenuConfiguration
    ) -> TargetedPreview?

    /// The person tapped the preview: open the item, in the animator's completion (C11: this is how
    /// an item opens, so the menu needs no "Open" command).
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: ContextMenuConfiguration, animator: ContextMenuAnimator)

    /// The menu is about to appear.
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator)

    /// The menu is about to close (after a command, a tap outside, Esc, a swipe, a commit or a drag).
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator)

    /// Beyond iOS's API: the finger is dragging the preview away (`location` on the screen). Return
    /// true to start dragging the item — the menu then closes and the drag goes on without it — or
    /// false to keep the menu (the finger may still slide to a command). By default: whether the view
    /// is a drag source (has a `DragInteraction`).
    func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, willBeginDragFor configuration: ContextMenuConfiguration,
        at location: Point
    ) -> Bool
}

extension ContextMenuInteractionDelegate {
    public func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        previewForHighlightingMenuWithConfiguration configuration: ContextMenuConfiguration
    ) -> TargetedPreview? { nil }

    public func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        previewForDismissingMenuWithConfiguration configuration: ContextMenuConfiguration
    ) -> TargetedPreview? { nil }

    public func contextMenuInteraction(
        _ interaction: ContextMenuInteraction,
        willPerformPreviewActionForMenuWith configuration: ContextMenuConfiguration, animator: ContextMenuAnimator
    ) {}

    public func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, willDisplayMenuFor configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator
    ) {}

    public func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, willEndFor configuration: ContextMenuConfiguration,
        animator: ContextMenuAnimator
    ) {}

    public func contextMenuInteraction(
        _ interaction: ContextMenuInteraction, willBeginDragFor configuration: ContextMenuConfiguration,
        at location: Point
    ) -> Bool {
        // As UIKit: the preview can be dragged away when the view is a drag source.
        interaction.view?.interactions.contains { $0 is DragInteraction } ?? false
    }
}
