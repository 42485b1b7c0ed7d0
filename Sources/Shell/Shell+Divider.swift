import Foundation
import Graphics
import Scenes
import UI

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
        guard case .split(let l, let r, let f) = arrangement else { return }
        let w = bounds.width
        switch g.state {
        case .began:
            dividerStart = SpaceLayout.dividerX(fraction: f, width: w)
        case .changed:
            let x = SpaceLayout.clampDivider(dividerStart + g.translation().x, width: w)
            arrangement = .split(left: l, right: r, fraction: x / w)
            relayout(animated: false)
        case .ended, .cancelled:
            let x = dividerStart + g.translation().x
            setDivider(released: x)
        default: break
        }
    }

    /// Lets the divider go at `x`: it snaps to a Split View width or closes the side it was pushed into.
    public func setDivider(released x: Double) {
        guard case .split(let l, let r, _) = arrangement else { return }
        switch SpaceLayout.snap(dividerAt: x, width: bounds.width) {
        case .fraction(let f): arrangement = .split(left: l, right: r, fraction: f)
        case .closeLeft:
            arrangement = .fullScreen(r)
            if focusedWindow == l { focus(r, animated: false) }
        case .closeRight:
            arrangement = .fullScreen(l)
            if focusedWindow == r { focus(l, animated: false) }
        }
        relayout(animated: true)
    }
}
