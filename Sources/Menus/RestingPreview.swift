import Graphics
import UI

/// The lifted preview of the item the Menu key would open a menu on (the focused view's, or a
/// focused list's selected row), made ahead while the screen is at rest, as `RestingBackdrop` makes
/// the backdrop: a menu asked for from the keyboard then draws no preview in its first frame. It
/// is used only while the screen shows what it was made from, for the item's default preview
/// (`TargetedPreview(view:)`) at the size it was made.
@MainActor final class RestingPreview: ScreenEnvironmentKey {
    static func makeDefaultValue() -> RestingPreview? { nil }

    private struct Made {
        weak var view: View?
        var picture: PixelImage
        var size: Size
        var scale: Double
        var appearance: Appearance
        /// The screen's damage count when it was made.
        var damageCount: Int
    }

    private var made: Made?
    private weak var root: RootView?

    /// Makes the screen's resting preview ready, once per screen.
    static func install(on root: RootView) {
        guard root.environment[RestingPreview.self] == nil else { return }
        let r = RestingPreview()
        r.root = root
        root.environment[RestingPreview.self] = r
        root.addRestWork { [weak r] in r?.prepare() }
    }

    private func prepare() {
        made = nil
        guard let root, let renderer = root.environment.renderer,
            !root.subviews.contains(where: { $0 is ContextMenuOverlay }),
            let interaction = root.menuKeyInteractions.lazy.compactMap({ $0 as? ContextMenuInteraction }).first,
            let view = interaction.view, view.root === root
        else { return }
        let target = TargetedPreview(view: view)
        // The size the menu's layout gives it, unless it must also shrink to leave the menu room (a
        // whole pane): then it is made at the size it will not have, and not kept.
        let area = MenuLayout.usableArea(root.bounds, root.environment.safeAreaInsets)
        let size = MenuLayout.previewSize(target.visibleRect.size * MenuMetrics.liftScale, fittingWidthOf: area)
        guard size.width > 0, size.height > 0, size.height <= area.height / 2 else { return }
        let scale = root.environment.displayScale
        let picture = MenuPreviewView.picture(
            target: target, custom: nil, size: size, renderer: renderer, scale: scale, appearance: root.appearance)
        made = Made(
            view: view, picture: picture, size: size, scale: scale, appearance: root.appearance,
            damageCount: root.damageCount)
    }

    /// The picture made at rest for `target` at `size`, if it is the item's default preview at that
    /// size and the screen has not changed since.
    func picture(of target: TargetedPreview, size: Size, scale: Double, appearance: Appearance) -> PixelImage? {
        guard let made, let root, made.damageCount == root.damageCount, let view = made.view, target.view === view,
            target.visiblePath == nil, target.backgroundColor == nil, target.cornerRadius == nil,
            made.size == size, made.scale == scale, made.appearance == appearance
        else { return nil }
        return made.picture
    }
}
