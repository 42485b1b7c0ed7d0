import Foundation
import Graphics
import Scenes
import SystemUI
import UI
import Windowing

// The Split View divider.
extension Shell {
    // MARK: The divider

    func installDividerGesture() {
        let pan = PanGestureRecognizer()
        pan.minimumDistance = 2
        pan.action = { [weak self] g in self?.dividerPanned(g as! PanGestureRecognizer) }
        dividerView.addGestureRecognizer(pan)
    }

    func dividerPanned(_ g: PanGestureRecognizer) {
        guard case .split(let l, let r, let f) = arrangement else {
            savedLayout.isHeld = false
            endLiveResize()
            return
        }
        let w = bounds.width
        switch g.state {
        case .began:
            dividerStart = SpaceLayout.dividerX(fraction: f, width: w)
            savedLayout.isHeld = true
            beginLiveResize(left: l, right: r)
        case .changed:
            let x = SpaceLayout.clampDivider(dividerStart + g.translation().x, width: w)
            manage(animated: false) { $0.setSplitFraction(x / w) }
        case .ended, .cancelled:
            let x = dividerStart + g.translation().x
            savedLayout.isHeld = false
            setDivider(released: x)
            saveArrangementIfChanged()
        default: break
        }
    }

    /// Lets the divider go at `x`: it snaps to a Split View width or closes the side it was pushed into.
    public func setDivider(released x: Double) {
        guard arrangement.isSplit else { return }
        manage { $0.releaseDivider(at: x) }
        guard isLiveResizing else { return }
        // The windows settle with their pictures, then are laid out once at their new sizes.
        liveResizeEnd?.cancel()
        liveResizeEnd = animator.animate(duration: ShellMetrics.windowAnimationDuration, curve: .linear) { _ in
        } completion: { [weak self] finished in
            if finished { self?.endLiveResize() }
        }
    }

    /// Whether the windows of Split View are being resized live (their pictures shown, not laid out).
    public var isLiveResizing: Bool { windows.values.contains { $0.liveResize != nil } }

    func beginLiveResize(left: String, right: String) {
        liveResizeEnd?.cancel()
        liveResizeEnd = nil
        windows[left]?.beginLiveResize(anchor: .left)
        windows[right]?.beginLiveResize(anchor: .right)
    }

    func endLiveResize() {
        liveResizeEnd = nil
        for w in windows.values { w.endLiveResize() }
    }
}
