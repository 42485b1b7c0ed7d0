import Foundation
import Graphics
import SystemUI
import UI

/// A screenshot could not be saved.
struct ScreenshotError: LocalizedFailure {
    var path: String
    var reason: String
    var message: LocalizedString {
        LocalizedString(en: "cannot write %@: %@", ru: "не удаётся записать %@: %@").formatted(path, reason)
    }
}

/// The last screenshot in the corner: a tap shows it whole, a swipe to the left sends it away.
@MainActor final class ScreenshotThumbnailView: View {
    let picture: PixelImage
    var onTap: (() -> Void)?
    var onSwipeAway: (() -> Void)?

    init(picture: PixelImage) {
        self.picture = picture
        super.init()
        backgroundColor = .white
        cornerRadius = ShellMetrics.screenshotThumbnailRadius
        shadow = Shadow(color: Color.black.withAlpha(0.3), blur: 12, offset: Point(0, 4))
        accessibilityTraits = .button
        localizedAccessibilityLabel = ShellStrings.screenshot
        addGestureRecognizer(TapGestureRecognizer { [weak self] _ in self?.onTap?() })
        let swipe = PanGestureRecognizer()
        swipe.axis = .horizontal
        swipe.action = { [weak self, weak swipe] g in
            guard let self, let swipe else { return }
            let dx = min(0, swipe.translation().x)
            switch g.state {
            case .changed: self.transform = Transform(translationX: dx, y: 0)
            case .ended, .cancelled:
                if -dx > self.bounds.width * ShellMetrics.screenshotSwipeFraction || swipe.velocity.x < -500 {
                    self.onSwipeAway?()
                } else {
                    self.transform = .identity
                }
            default: break
            }
        }
        addGestureRecognizer(swipe)
    }

    override func draw(in canvas: any Canvas) {
        let b = ShellMetrics.screenshotThumbnailBorder
        let inner = bounds.insetBy(dx: b, dy: b)
        canvas.withState {
            canvas.clip(
                to: Path.roundedRect(inner, radius: ShellMetrics.screenshotThumbnailRadius - b, style: .continuous))
            canvas.drawImage(picture, in: inner, opacity: 1)
        }
    }
}

/// A screenshot shown whole over the screen, with Done at the top.
@MainActor final class ScreenshotViewerView: View {
    let picture: PixelImage
    var onDone: (() -> Void)?
    let done = Button(title: UIStrings.done)

    init(picture: PixelImage) {
        self.picture = picture
        super.init()
        backgroundColor = .black
        localizedAccessibilityLabel = ShellStrings.screenshot
        isAccessibilityElement = false
        done.action = { [weak self] in self?.onDone?() }
        addSubview(done)
    }

    override func layoutSubviews() {
        done.frame = Rect(bounds.width - 100, ShellMetrics.statusBarHeight + 8, 84, 36)
    }

    override func draw(in canvas: any Canvas) {
        let size = Size(Double(picture.width) / picture.scale, Double(picture.height) / picture.scale)
        let area = bounds.insetBy(dx: 40, dy: 60)
        let fit = min(area.width / size.width, area.height / size.height)
        let r = Rect(center: area.center, size: Size(size.width * fit, size.height * fit))
        canvas.drawImage(picture, in: r, opacity: 1)
    }
}
