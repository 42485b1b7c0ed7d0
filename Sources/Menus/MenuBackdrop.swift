import Graphics
import UI

/// The screen behind an open menu: blurred and dimmed, made once per opening and then copied,
/// region by region, on every frame that needs it.
///
/// Made in three steps, cheapest first: the screen is drawn at a quarter of a pixel per point, shrunk
/// by a box filter and blurred (a blur needs no detail); then stretched once, with the dim, to the
/// screen's full resolution, so that each frame copies pixels instead of filtering them.
@MainActor public struct MenuBackdrop {
    /// The finished backdrop at the screen's resolution, opaque.
    public let image: PixelImage
    /// The small blurred picture it was stretched from.
    public let thumbnail: PixelImage
    public let appearance: Appearance

    /// Draws `root` without the views in `excluding` (an overlay already there) into the backdrop.
    public static func make(
        of root: RootView, excluding: [View] = [], renderer: any RasterRenderer, scale: Double
    ) -> MenuBackdrop {
        let appearance = root.appearance
        let size = root.bounds.size
        let small = renderer.render(size: size, scale: MenuMetrics.backdropRenderScale, appearance: appearance) { c in
            c.fill(root.bounds, with: root.backgroundColor ?? .systemBackground)
            root.draw(in: c)
            // Without the renderer, rasterized views draw their content: their cached pictures are
            // at the screen's scale and must not be replaced by pictures at this one.
            for v in root.subviews where !excluding.contains(where: { $0 === v }) { v.render(in: c, renderer: nil) }
            root.drawOverlay(in: c)
        }
        let factor = MenuMetrics.backdropDownscale
        let radius = Int(
            (MenuMetrics.backdropBlurRadius * MenuMetrics.backdropRenderScale / Double(factor)).rounded())
        let thumbnail = small.downscaled(by: factor).blurred(radius: max(1, radius))
        var full = renderer.render(size: size, scale: scale, appearance: appearance) { c in
            c.drawImage(thumbnail, in: root.bounds, opacity: 1)
            c.fill(root.bounds, with: MenuMetrics.backdropDim)
        }
        full.isOpaque = true
        return MenuBackdrop(image: full, thumbnail: thumbnail, appearance: appearance)
    }

    /// Whether the backdrop still fits `root` at `scale`.
    public func fits(_ root: RootView, scale: Double) -> Bool {
        appearance == root.appearance && image.scale == scale && abs(image.size.width - root.bounds.width) < 0.5
            && abs(image.size.height - root.bounds.height) < 0.5
    }
}
