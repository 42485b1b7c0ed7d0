import Graphics
import Scenes
import SystemUI
import UI

// Rotation: the accelerometer (iio-sensor-proxy) turns the screen between portrait and landscape
// unless rotation lock is on. The shell takes its new size and lays every window out again (the apps
// are told their new sizes as on any resize); the host turns its picture on the panel and its input
// (`onScreenTurn`). The screen as it was turns away over the new layout, as iPadOS's rotation does.
extension Shell {
    /// The screen's orientation on the panel: quarter turns counter-clockwise from the panel's own
    /// (0…3; `wl_output`'s transforms count them the same way).
    public var screenQuarterTurns: Int { system.quarterTurns }

    /// Told, with the new quarter turns, when the screen turns (the host turns its picture and input).
    public var onScreenTurn: ((Int) -> Void)? {
        get { system.onScreenTurn }
        set { system.onScreenTurn = newValue }
    }

    /// Turns the screen to the accelerometer's orientation, unless rotation lock is on.
    func orientationDidChange() {
        guard !settings[.rotationLock], let o = services.orientation?.orientation else { return }
        turnScreen(to: o.quarterTurns, animated: true)
    }

    /// Turns the screen to `quarterTurns` on the panel: an odd change swaps its width and height and
    /// lays everything out again; the host hears of it through `onScreenTurn` (before the first frame
    /// of the new orientation).
    public func turnScreen(to quarterTurns: Int, animated: Bool = true) {
        let turns = ((quarterTurns % 4) + 4) % 4
        let change = ((turns - system.quarterTurns) % 4 + 4) % 4
        guard change != 0 else { return }
        let before = animated ? environment.shownScreen?() : nil
        // Control Center's blurred screen is of the old shape: it goes.
        hideControlCenter(animated: false)
        system.quarterTurns = turns
        if change % 2 == 1 {
            device = device.turned
            frame = Rect(size: device.size)
        }
        system.screenshotViewer?.frame = bounds
        relayout(animated: false)
        damageAll()
        onScreenTurn?(turns)
        if let before { startRotationAnimation(from: before, change: change) }
    }

    /// Another panel came, of `panelSize` points as it stands (not turned): everything is laid out
    /// again for it, turned as before; the host hears of it through `onScreenTurn`.
    public func panelDidChange(to panelSize: Size) {
        let turned = system.quarterTurns % 2 == 1 ? Size(panelSize.height, panelSize.width) : panelSize
        guard turned != bounds.size else { return }
        // Control Center's blurred screen is of the old size: it goes.
        hideControlCenter(animated: false)
        device = Device(device.model, screenSize: turned)
        frame = Rect(size: turned)
        system.screenshotViewer?.frame = bounds
        relayout(animated: false)
        damageAll()
        onScreenTurn?(system.quarterTurns)
    }

    /// The screen's picture as it was turns by the change (counter-clockwise quarter turns of the
    /// content) back to upright and fades, over the new layout.
    private func startRotationAnimation(from picture: PixelImage, change: Int) {
        system.rotationAnimation?.cancel()
        system.rotation?.removeFromSuperview()
        let overlay = RotationOverlayView(picture: picture, change: change)
        overlay.frame = bounds
        addSubview(overlay)
        system.rotation = overlay
        system.rotationAnimation = animator.animate(
            duration: ShellMetrics.rotationDuration, curve: ShellMetrics.rotationCurve,
            apply: { [weak overlay] t in overlay?.progress = t },
            completion: { [weak self, weak overlay] _ in
                overlay?.removeFromSuperview()
                if self?.system.rotation === overlay { self?.system.rotation = nil }
            })
    }
}

/// The screen as it was before a turn, drawn where it stood on the panel, turning back upright and
/// fading away as `progress` goes from 0 to 1.
@MainActor final class RotationOverlayView: View {
    let picture: PixelImage
    /// The turn, in quarter turns counter-clockwise of the content on the panel.
    let change: Int
    var progress = 0.0 { didSet { setNeedsDisplay() } }

    init(picture: PixelImage, change: Int) {
        self.picture = picture
        self.change = change
        super.init()
        isUserInteractionEnabled = false
    }

    override func draw(in canvas: any Canvas) {
        let t = min(1, max(0, progress))
        let size = Size(Double(picture.width) / picture.scale, Double(picture.height) / picture.scale)
        // At the start the old picture stands as it stood on the panel: turned against the change
        // (clockwise by as many quarters as the content turned counter-clockwise); it turns to upright.
        let angle = Double(change == 3 ? -1 : change) * (Double.pi / 2) * (1 - t)
        // Scaled from its own size to fit the new screen as it turns (the shorter side to the shorter).
        let fit = min(bounds.width / size.width, bounds.height / size.height)
        let across = change % 2 == 1 ? 1 - t : 0
        let scale = 1 + (fit - 1) * (1 - across)
        canvas.fill(bounds, with: Color.black.withAlpha(1 - t))
        canvas.withState {
            canvas.concatenate(
                Transform(translationX: -size.width / 2, y: -size.height / 2)
                    .concatenating(Transform(scale: scale))
                    .concatenating(Transform(rotationAngle: angle))
                    .concatenating(Transform(translationX: bounds.midX, y: bounds.midY)))
            canvas.drawImage(picture, in: Rect(0, 0, size.width, size.height), opacity: 1 - t)
        }
    }
}
