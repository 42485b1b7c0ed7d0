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

extension Shell {
    /// Shows `message` in the banner for `ShellMetrics.bannerDuration` seconds.
    func showBanner(_ message: LocalizedString) {
        banner.message = message.resolved(environment.language)
        let w = min(ShellMetrics.bannerMaxWidth, bounds.width - 40)
        banner.frame = Rect(
            (bounds.width - w) / 2, ShellMetrics.statusBarHeight + ShellMetrics.bannerTopMargin, w,
            ShellMetrics.bannerHeight)
        banner.isHidden = false
        banner.alpha = 1
        bringSubviewToFront(banner)
        let shown = banner.message
        animator.animate(duration: ShellMetrics.bannerDuration, curve: .linear) { [weak self] p in
            // Fades out over the last fifth of its time.
            self?.banner.alpha = min(1, (1 - p) * 5)
        } completion: { [weak self] _ in
            guard let self, self.banner.message == shown else { return }
            self.banner.isHidden = true
        }
    }
}
