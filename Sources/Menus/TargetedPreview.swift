import Graphics
import UI

/// Which view a menu lifts as its preview, and how (as `UITargetedPreview` with its parameters).
@MainActor public struct TargetedPreview {
    /// The view shown lifted; it stays where it is in its tree.
    public var view: View
    /// The part of the view to show, in its own coordinates; by default its bounds, rounded.
    public var visiblePath: Path?
    /// The colour behind the view's content inside the preview's shape; by default the system
    /// background.
    public var backgroundColor: Color?
    /// The corner radius of the preview's shape when there is no visible path; by default 13 pt.
    public var cornerRadius: Double?

    public init(view: View, visiblePath: Path? = nil, backgroundColor: Color? = nil, cornerRadius: Double? = nil) {
        self.view = view
        self.visiblePath = visiblePath
        self.backgroundColor = backgroundColor
        self.cornerRadius = cornerRadius
    }

    /// The rectangle of the view that is shown, in its own coordinates.
    public var visibleRect: Rect { visiblePath?.bounds ?? view.bounds }

    /// The shape of the preview in a rectangle of `size` at the origin (the visible rect scaled to it).
    func shape(in size: Size) -> Path {
        let r = visibleRect
        if let visiblePath, r.width > 0, r.height > 0 {
            return visiblePath.applying(
                Transform(translationX: -r.minX, y: -r.minY).concatenating(
                    Transform(scaleX: size.width / r.width, y: size.height / r.height)))
        }
        let scale = r.width > 0 ? size.width / r.width : 1
        return Path.roundedRect(Rect(size: size), radius: (cornerRadius ?? MenuMetrics.previewCornerRadius) * scale)
    }
}
