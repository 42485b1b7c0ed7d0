import Foundation
import Graphics
import SystemUI
import UI

// Screenshots: Print, Ctrl+Shift+3, or power and volume up pressed together take a picture of the
// screen: a white flash, the picture shrinks into a thumbnail in the bottom-left corner (tap it to see
// it whole, swipe it left to send it away), and it is saved as a PNG into the screenshots folder
// (`$XDG_PICTURES_DIR/Screenshots`) off the main thread.
extension Shell {
    /// Where screenshots are saved (the host sets `$XDG_PICTURES_DIR/Screenshots`); nil: nowhere.
    public var screenshotsFolder: URL? {
        get { system.screenshotsFolder }
        set { system.screenshotsFolder = newValue }
    }

    /// The screenshots saved so far, oldest first (their paths).
    public var savedScreenshots: [String] { system.screenshotsSaved }

    /// The system keys: the screenshot's shortcuts, and the volume keys.
    func systemKey(_ k: KeyPress) -> Bool {
        switch (k.key, k.modifiers) {
        case (.print, _), (.character("3"), [.control, .shift]), (.character("#"), [.control, .shift]):
            takeScreenshot()
            return true
        case (.power, _):
            // Power alone is the lock screen's; with volume up it is a screenshot.
            system.powerPressed = clock.now
            powerKeyPressed()
            return true
        case (.volumeUp, _):
            if let p = system.powerPressed, clock.now - p <= ShellMetrics.screenshotChordWindow {
                system.powerPressed = nil
                takeScreenshot()
            } else {
                stepVolume(by: ShellMetrics.volumeStep)
            }
            return true
        case (.volumeDown, _):
            stepVolume(by: -ShellMetrics.volumeStep)
            return true
        default:
            return false
        }
    }

    private func stepVolume(by step: Double) {
        guard let audio = services.audio, let output = audio.output else { return }
        audio.setVolume(min(1, max(0, output.volume + step)))
    }

    /// Takes a picture of the screen as it is shown: the flash, the thumbnail, and the PNG saved.
    public func takeScreenshot() {
        guard let picture = environment.shownScreen?() else { return }
        let flash = View(frame: bounds)
        flash.backgroundColor = .white
        flash.isUserInteractionEnabled = false
        addSubview(flash)
        system.flash?.removeFromSuperview()
        system.flash = flash
        animator.animate(
            duration: ShellMetrics.screenshotFlashDuration, curve: .easeOut,
            apply: { [weak flash] t in flash?.alpha = 1 - t },
            completion: { [weak self, weak flash] _ in
                flash?.removeFromSuperview()
                if self?.system.flash === flash { self?.system.flash = nil }
            })
        showScreenshotThumbnail(picture)
        saveScreenshot(picture)
    }

    /// The file name for a screenshot taken at `date`: "Screenshot from 2026-11-29 09-41-00.png" (as
    /// GNOME names them), in the screen's language.
    func screenshotName(at date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = services.time.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        let stamp = "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour))-\(two(c.minute))-\(two(c.second))"
        return ShellStrings.screenshotFile.formatted(stamp).resolved(language)
    }

    private func saveScreenshot(_ picture: PixelImage) {
        guard let folder = screenshotsFolder, let renderer = environment.renderer else { return }
        let name = screenshotName(at: services.time.now())
        let errors = environment.errors
        environment.backgroundWork.run(
            for: self,
            {
                () -> Result<String, ScreenshotError> in
                do {
                    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                } catch {
                    return .failure(ScreenshotError(path: folder.path, reason: error.localizedDescription))
                }
                var path = folder.appendingPathComponent(name + ".png").path
                var n = 2
                while FileManager.default.fileExists(atPath: path) {
                    path = folder.appendingPathComponent("\(name) (\(n)).png").path
                    n += 1
                }
                do {
                    try renderer.writePNG(picture, to: path)
                } catch {
                    return .failure(ScreenshotError(path: path, reason: "\(error)"))
                }
                return .success(path)
            },
            deliver: { [weak self] result in
                switch result {
                case .success(let path): self?.system.screenshotsSaved.append(path)
                case .failure(let error): errors.report(error, while: ShellStrings.saveTheScreenshot, userAction: true)
                }
            })
    }

    private func showScreenshotThumbnail(_ picture: PixelImage) {
        system.screenshot?.removeFromSuperview()
        system.screenshotTimer?.cancel()
        let thumb = ScreenshotThumbnailView(picture: picture)
        let w = bounds.width * ShellMetrics.screenshotThumbnailFraction
        let h = w * bounds.height / max(1, bounds.width)
        let m = ShellMetrics.screenshotThumbnailMargin
        let target = Rect(m, bounds.height - ShellMetrics.homeIndicatorArea - m - h, w, h)
        thumb.frame = target
        addSubview(thumb)
        system.screenshot = thumb
        thumb.onTap = { [weak self] in self?.openScreenshot() }
        thumb.onSwipeAway = { [weak self] in self?.dismissScreenshotThumbnail(animated: true) }
        // It shrinks from the whole screen into its corner.
        let sx = bounds.width / w
        let sy = bounds.height / h
        thumb.transform = Self.shrink(from: bounds, to: target, sx: sx, sy: sy)
        animator.animate(
            duration: ShellMetrics.screenshotShrinkDuration, curve: .spring(response: 0.35, dampingRatio: 0.9),
            apply: { [weak thumb] t in
                guard let thumb else { return }
                thumb.transform = Self.shrink(
                    from: self.bounds, to: target, sx: 1 + (sx - 1) * (1 - t), sy: 1 + (sy - 1) * (1 - t))
            })
        system.screenshotTimer = dispatcher.schedule(at: clock.now + ShellMetrics.screenshotThumbnailLife) {
            [weak self] in
            self?.system.screenshotTimer = nil
            self?.dismissScreenshotThumbnail(animated: true)
        }
    }

    /// The transform that shows `target` scaled by `sx`, `sy` about the point that maps it onto `from`.
    private static func shrink(from screen: Rect, to target: Rect, sx: Double, sy: Double) -> Transform {
        // Scale about the thumbnail's centre, and move that centre toward the screen's as it grows.
        let grow = (sx - 1) / max(0.0001, screen.width / target.width - 1)
        let dx = (screen.midX - target.midX) * grow
        let dy = (screen.midY - target.midY) * grow
        return Transform(scaleX: sx, y: sy).concatenating(Transform(translationX: dx, y: dy))
    }

    /// Sends the thumbnail away to the left.
    func dismissScreenshotThumbnail(animated: Bool) {
        guard let thumb = system.screenshot else { return }
        system.screenshot = nil
        system.screenshotTimer?.cancel()
        system.screenshotTimer = nil
        guard animated else {
            thumb.removeFromSuperview()
            return
        }
        let start = thumb.transform
        let travel = thumb.frame.maxX + 8
        animator.animate(
            duration: 0.25, curve: .easeIn,
            apply: { [weak thumb] t in
                thumb?.transform = start.concatenating(Transform(translationX: -travel * t, y: 0))
            },
            completion: { [weak thumb] _ in thumb?.removeFromSuperview() })
    }

    /// Shows the last screenshot whole, with Done.
    func openScreenshot() {
        guard let thumb = system.screenshot else { return }
        let picture = thumb.picture
        dismissScreenshotThumbnail(animated: false)
        let viewer = ScreenshotViewerView(picture: picture)
        viewer.frame = bounds
        viewer.onDone = { [weak self, weak viewer] in
            viewer?.removeFromSuperview()
            if self?.system.screenshotViewer === viewer { self?.system.screenshotViewer = nil }
        }
        system.screenshotViewer?.removeFromSuperview()
        addSubview(viewer)
        system.screenshotViewer = viewer
    }

    /// Whether a screenshot's thumbnail is in the corner now.
    @_spi(Testing) public var isScreenshotThumbnailShown: Bool { system.screenshot != nil }
}

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
