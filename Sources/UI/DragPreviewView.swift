import Graphics

/// How a lifted item looks under the finger: the same in a window and in the picture an app process
/// hands the system with its drag.
@MainActor public enum DragPreviewStyle {
    /// Lifted items shrink to at most this wide, in points, as iPad drag previews do.
    public static let maximumWidth = 300.0
    /// The corners' radius, in points.
    public static let cornerRadius = 12.0
    /// The picture's opacity: the place under it shows through a little.
    public static let opacity = 0.92

    /// The preview's size for `item` (a placeholder's for none).
    public static func size(of item: DragItem?) -> Size {
        guard let item else { return Size(120, 60) }
        return item.previewSize * min(1, maximumWidth / max(1, item.previewSize.width))
    }

    /// Draws the item's picture, rounded, in `bounds`.
    public static func drawPicture(of item: DragItem?, in bounds: Rect, on canvas: any Canvas) {
        canvas.withState {
            canvas.clip(to: Path.roundedRect(bounds, radius: cornerRadius))
            if let image = item?.preview {
                canvas.drawImage(image, in: bounds, opacity: opacity)
            } else {
                canvas.fill(bounds, with: .secondarySystemBackground)
            }
        }
    }
}

/// The lifted item under the finger.
@MainActor final class DragPreviewView: View {
    var item: DragItem? {
        didSet {
            picture = nil
            setNeedsDisplay()
        }
    }
    /// The item's picture rounded at the preview's size, made once: drawn with a rounded clip, as the
    /// view moves it cost every frame of a drag 1.5-2 ms at 2× (Cairo composites inside a clip path
    /// through a mask); made once, each frame only blends it.
    private var picture: PixelImage?
    private var pictureAppearance: Appearance?
    var count = 1
    var operation: DropOperation = .cancel { didSet { if operation != oldValue { setNeedsDisplay() } } }

    override init(frame: Rect = .zero) {
        super.init(frame: frame)
        isUserInteractionEnabled = false
        shadow = Shadow(color: Color.black.withAlpha(0.25), blur: 18, offset: Point(0, 8))
        cornerRadius = DragPreviewStyle.cornerRadius
        accessibilityIdentifierForDrag()
    }

    private func accessibilityIdentifierForDrag() { identifier = "drag-preview" }

    func center(at p: Point) {
        frame = Rect(center: p, size: DragPreviewStyle.size(of: item))
    }

    override func draw(in canvas: any Canvas) {
        if let p = roundedPicture(scale: canvas.scale, appearance: canvas.appearance) {
            canvas.drawImage(p, in: bounds, opacity: DragPreviewStyle.opacity)
        } else {
            DragPreviewStyle.drawPicture(of: item, in: bounds, on: canvas)
        }
        if count > 1 || operation == .copy {
            let badge = Rect(bounds.maxX - 14, bounds.minY - 10, 24, 24)
            canvas.fill(Path.ellipse(in: badge), with: count > 1 ? .systemRed : .systemGreen)
            canvas.drawText(
                TextLayout(
                    count > 1 ? "\(count)" : "+", font: Font(size: 14, weight: .bold), color: .white,
                    alignment: .center, width: 24),
                at: Point(badge.minX, badge.minY + 3))
        }
    }

    /// The picture for `scale`, made with the screen's renderer where there is one.
    private func roundedPicture(scale: Double, appearance: Appearance) -> PixelImage? {
        guard let item, item.preview != nil else { return nil }
        let size = bounds.size
        if let p = picture, p.scale == scale, pictureAppearance == appearance,
            p.width == Int((size.width * scale).rounded()), p.height == Int((size.height * scale).rounded())
        {
            return p
        }
        guard let renderer = environment.renderer else { return nil }
        pictureAppearance = appearance
        picture = renderer.render(size: size, scale: scale, appearance: appearance) { c in
            c.withState {
                c.clip(to: Path.roundedRect(Rect(size: size), radius: DragPreviewStyle.cornerRadius))
                if let image = item.preview { c.drawImage(image, in: Rect(size: size), opacity: 1) }
            }
        }
        return picture
    }
}
