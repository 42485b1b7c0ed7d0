import Graphics
import SystemUI
import UI

/// A short message at the top of the screen saying what could not be done — a window that could not
/// open — shown for a few seconds, as iPadOS's system banners.
@MainActor public final class BannerView: View {
    let label = Label("", style: .subheadline, color: .label)

    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        backgroundColor = Color(light: RGBA(1, 1, 1, 0.96), dark: RGBA(0.17, 0.17, 0.18, 0.96))
        cornerRadius = ShellMetrics.bannerHeight / 2
        label.alignment = .center
        label.numberOfLines = 2
        addSubview(label)
        isUserInteractionEnabled = false
        accessibilityTraits = .staticText
    }

    /// The message shown now, or empty.
    public var message: String {
        get { label.text }
        set {
            label.text = newValue
            accessibilityLabel = newValue
        }
    }

    public override func layoutSubviews() {
        label.frame = bounds.insetBy(dx: 20, dy: 4)
    }
}
