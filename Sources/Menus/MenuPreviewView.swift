import Graphics
import UI

/// The lifted preview: a picture of the item (or of the preview view the configuration made), in
/// its rounded shape over its background (the overlay draws its shadow). Its bounds are the lifted
/// size; the open and close transitions move it with `transform` only, so its picture is made once.
@MainActor final class MenuPreviewView: View {
    /// The picture at the lifted size, its shape cut out; nil without a renderer.
    private(set) var image: PixelImage?
    /// Drawn live when there is no picture.
    private let source: TargetedPreview?
    private let custom: View?

    /// `ready` is the picture if one was made ahead (`RestingPreview`); else it is drawn here.
    init(
        target: TargetedPreview?, custom: View?, size: Size, renderer: (any RasterRenderer)?, scale: Double,
        appearance: Appearance, ready: PixelImage? = nil
    ) {
        self.source = target
        self.custom = custom
        super.init(frame: Rect(size: size))
        isUserInteractionEnabled = false
        // It draws only inside its bounds; as it fades (a drag), its group is no larger.
        clipsToBounds = true
        // The preview speaks as the item it shows; tapping it opens the item (C11).
        accessibilityLabel = custom?.accessibilityLabelOrText ?? target?.view.accessibilityLabelOrText
        accessibilityTraits = .button
        if let ready {
            image = ready
        } else if let renderer {
            image = Self.picture(
                target: target, custom: custom, size: size, renderer: renderer, scale: scale, appearance: appearance)
        }
    }

    /// When the picture is opaque inside a rounded rectangle of its bounds: that rectangle's corner
    /// radius (nil otherwise — no picture, a shape of the app's own, a background that lets through).
    func opaqueCornerRadius(_ appearance: Appearance) -> Double? {
        guard image != nil, source?.visiblePath == nil else { return nil }
        let background = source?.backgroundColor ?? custom?.backgroundColor ?? .systemBackground
        guard background.resolved(appearance).alpha >= 1 else { return nil }
        guard let source else { return MenuMetrics.previewCornerRadius }
        let r = source.visibleRect
        return (source.cornerRadius ?? MenuMetrics.previewCornerRadius) * (r.width > 0 ? bounds.width / r.width : 1)
    }

    /// The preview's shape in its bounds.
    var shape: Path {
        if let source { return source.shape(in: bounds.size) }
        return Path.roundedRect(bounds, radius: MenuMetrics.previewCornerRadius)
    }

    /// The picture: the shape filled with the background, the content drawn over it scaled to the
    /// lifted size, everything outside the shape transparent.
    static func picture(
        target: TargetedPreview?, custom: View?, size: Size, renderer: any RasterRenderer, scale: Double,
        appearance: Appearance
    ) -> PixelImage {
        renderer.render(size: size, scale: scale, appearance: appearance) { c in
            let shape =
                target?.shape(in: size) ?? Path.roundedRect(Rect(size: size), radius: MenuMetrics.previewCornerRadius)
            c.clip(to: shape)
            c.fill(Rect(size: size), with: target?.backgroundColor ?? custom?.backgroundColor ?? .systemBackground)
            drawContent(target: target, custom: custom, size: size, in: c)
        }
    }

    private static func drawContent(target: TargetedPreview?, custom: View?, size: Size, in c: any Canvas) {
        if let custom {
            custom.frame = Rect(origin: custom.frame.origin, size: size)
            custom.layoutIfNeeded()
            drawOwnContent(of: custom, in: c)
        } else if let target {
            let r = target.visibleRect
            guard r.width > 0, r.height > 0 else { return }
            c.scaleBy(x: size.width / r.width, y: size.height / r.height)
            c.translate(x: -r.minX, y: -r.minY)
            drawOwnContent(of: target.view, in: c)
        }
    }

    /// Draws a view and its subtree in its own coordinates, wherever it is in its tree and whatever
    /// its transform: `render` applies the view's place in its superview, which is undone first.
    private static func drawOwnContent(of v: View, in c: any Canvas) {
        guard let undo = v.transformToSuperview.inverted() else { return }
        c.concatenate(undo)
        v.render(in: c, renderer: nil)
    }

    /// Its picture is drawn with its alpha, with no group (it fades as a drag takes the item away).
    override var appliesAlphaItself: Bool { true }

    override func draw(in canvas: any Canvas) {
        if let image {
            canvas.drawImage(image, in: bounds, opacity: alpha)
        } else {
            canvas.withState {
                if alpha < 1 { canvas.beginLayer(opacity: alpha) }
                canvas.clip(to: shape)
                canvas.fill(bounds, with: source?.backgroundColor ?? .systemBackground)
                Self.drawContent(target: source, custom: custom, size: bounds.size, in: canvas)
                if alpha < 1 { canvas.endLayer() }
            }
        }
    }
}
