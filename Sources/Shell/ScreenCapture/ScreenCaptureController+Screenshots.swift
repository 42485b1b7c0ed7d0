import Foundation
import Graphics
import SystemUI
import UI

// Screenshots: Print, Ctrl+Shift+3, or power and volume up pressed together take a picture of the
// screen: a white flash, the picture shrinks into a thumbnail in the bottom-left corner (tap it to see
// it whole, swipe it left to send it away), and it is saved as a PNG into the screenshots folder
// (`$XDG_PICTURES_DIR/Screenshots`) off the main thread.
extension ScreenCaptureController {

    /// The screenshots saved so far, oldest first (their paths).
    var savedScreenshots: [String] { self.screenshotsSaved }

    /// The system keys: the screenshot's shortcuts, and the volume keys.
    func systemKey(_ k: KeyPress) -> Bool {
        switch (k.key, k.modifiers) {
        case (.print, _), (.character("3"), [.control, .shift]), (.character("#"), [.control, .shift]):
            takeScreenshot()
            return true
        case (.power, _):
            // Power alone is the lock screen's; with volume up it is a screenshot.
            self.powerPressed = shell.clock.now
            shell.lockController.powerKeyPressed()
            return true
        case (.volumeUp, _):
            if let p = self.powerPressed, shell.clock.now - p <= ShellMetrics.screenshotChordWindow {
                self.powerPressed = nil
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
        guard let audio = shell.services.audio, let output = audio.output else { return }
        audio.setVolume(min(1, max(0, output.volume + step)))
    }

    /// Takes a picture of the screen as it is shown: the flash, the thumbnail, and the PNG saved.
    func takeScreenshot() {
        guard let picture = shell.environment.shownScreen?() else { return }
        let flash = View(frame: shell.bounds)
        flash.backgroundColor = .white
        flash.isUserInteractionEnabled = false
        shell.addSubview(flash)
        self.flash?.removeFromSuperview()
        self.flash = flash
        shell.animator.animate(
            duration: ShellMetrics.screenshotFlashDuration, curve: .easeOut,
            apply: { [weak flash] t in flash?.alpha = 1 - t },
            completion: { [weak self, weak flash] _ in
                flash?.removeFromSuperview()
                if self?.flash === flash { self?.flash = nil }
            })
        showScreenshotThumbnail(picture)
        saveScreenshot(picture)
    }

    /// The file name for a screenshot taken at `date`: "Screenshot from 2026-11-29 09-41-00.png" (as
    /// GNOME names them), in the screen's language.
    func screenshotName(at date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = shell.services.time.timeZone
        let c = calendar.dateComponents([.year, .month, .day, .hour, .minute, .second], from: date)
        func two(_ n: Int?) -> String { n.map { $0 < 10 ? "0\($0)" : "\($0)" } ?? "00" }
        let stamp = "\(c.year ?? 0)-\(two(c.month))-\(two(c.day)) \(two(c.hour))-\(two(c.minute))-\(two(c.second))"
        return ShellStrings.screenshotFile.formatted(stamp).resolved(shell.language)
    }

    private func saveScreenshot(_ picture: PixelImage) {
        guard let folder = screenshotsFolder, let renderer = shell.environment.renderer else { return }
        let name = screenshotName(at: shell.services.time.now())
        let errors = shell.environment.errors
        shell.environment.backgroundWork.run(
            for: shell,
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
                case .success(let path): self?.screenshotsSaved.append(path)
                case .failure(let error): errors.report(error, while: ShellStrings.saveTheScreenshot, userAction: true)
                }
            })
    }

    private func showScreenshotThumbnail(_ picture: PixelImage) {
        self.screenshot?.removeFromSuperview()
        self.screenshotTimer?.cancel()
        let thumb = ScreenshotThumbnailView(picture: picture)
        let w = shell.bounds.width * ShellMetrics.screenshotThumbnailFraction
        let h = w * shell.bounds.height / max(1, shell.bounds.width)
        let m = ShellMetrics.screenshotThumbnailMargin
        let target = Rect(m, shell.bounds.height - ShellMetrics.homeIndicatorArea - m - h, w, h)
        thumb.frame = target
        shell.addSubview(thumb)
        self.screenshot = thumb
        thumb.onTap = { [weak self] in self?.openScreenshot() }
        thumb.onSwipeAway = { [weak self] in self?.dismissScreenshotThumbnail(animated: true) }
        // It shrinks from the whole screen into its corner.
        let sx = shell.bounds.width / w
        let sy = shell.bounds.height / h
        thumb.transform = Self.shrink(from: shell.bounds, to: target, sx: sx, sy: sy)
        shell.animator.animate(
            duration: ShellMetrics.screenshotShrinkDuration, curve: .spring(response: 0.35, dampingRatio: 0.9),
            apply: { [weak thumb] t in
                guard let thumb else { return }
                thumb.transform = Self.shrink(
                    from: self.shell.bounds, to: target, sx: 1 + (sx - 1) * (1 - t), sy: 1 + (sy - 1) * (1 - t))
            })
        self.screenshotTimer = shell.dispatcher.schedule(at: shell.clock.now + ShellMetrics.screenshotThumbnailLife) {
            [weak self] in
            self?.screenshotTimer = nil
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
        guard let thumb = self.screenshot else { return }
        self.screenshot = nil
        self.screenshotTimer?.cancel()
        self.screenshotTimer = nil
        guard animated else {
            thumb.removeFromSuperview()
            return
        }
        let start = thumb.transform
        let travel = thumb.frame.maxX + 8
        shell.animator.animate(
            duration: 0.25, curve: .easeIn,
            apply: { [weak thumb] t in
                thumb?.transform = start.concatenating(Transform(translationX: -travel * t, y: 0))
            },
            completion: { [weak thumb] _ in thumb?.removeFromSuperview() })
    }

    /// Shows the last screenshot whole, with Done.
    func openScreenshot() {
        guard let thumb = self.screenshot else { return }
        let picture = thumb.picture
        dismissScreenshotThumbnail(animated: false)
        let viewer = ScreenshotViewerView(picture: picture)
        viewer.frame = shell.bounds
        viewer.onDone = { [weak self, weak viewer] in
            viewer?.removeFromSuperview()
            if self?.screenshotViewer === viewer { self?.screenshotViewer = nil }
        }
        self.screenshotViewer?.removeFromSuperview()
        shell.addSubview(viewer)
        self.screenshotViewer = viewer
    }

    /// Whether a screenshot's thumbnail is in the corner now.
    var isScreenshotThumbnailShown: Bool { self.screenshot != nil }
}
