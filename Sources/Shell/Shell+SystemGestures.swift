import Foundation
import Graphics
import Scenes
import UI

// The system's own touches, taken before the apps see them: the Dock swipe and Slide Over's swipe.
extension Shell {
    // MARK: The Dock

    /// Shows or hides the Dock over the apps (a short swipe up from the bottom edge shows it).
    public func setDockRevealed(_ shown: Bool) {
        guard dockRevealed != shown else { return }
        dockRevealed = shown
        relayout(animated: false)
    }

    func slideOverSwipe(_ t: Touch) -> Bool {
        switch t.phase {
        case .began:
            guard let s = slideOver, let w = windows[s], expose == nil else { return false }
            let grip = Rect(w.frame.minX, w.frame.minY, w.frame.width, 44)
            let edge = Rect(bounds.width - 20, ShellMetrics.statusBarHeight, 20, bounds.height - 60)
            if (!slideOverHidden && grip.contains(t.location)) || (slideOverHidden && edge.contains(t.location)) {
                slideSwipe = (t.id, t.location)
            }
            return false
        case .moved, .stationary:
            return false
        case .ended, .cancelled:
            guard let sw = slideSwipe, sw.id == t.id else { return false }
            slideSwipe = nil
            let dx = t.location.x - sw.start.x
            if !slideOverHidden && dx > 60 {
                setSlideOverHidden(true)
                return true
            }
            if slideOverHidden && dx < -40 {
                setSlideOverHidden(false)
                return true
            }
            return false
        }
    }

    func filter(_ t: Touch) -> Bool {
        if slideOverSwipe(t) { return true }
        switch t.phase {
        case .began:
            if t.location.y >= bounds.height - ShellMetrics.homeIndicatorArea && !visibleWindows.isEmpty {
                bottomSwipe = (t.id, t.location)
                return true
            }
            if dockRevealed && !dock.frameInRoot.contains(t.location) && dragCoordinator.session == nil {
                setDockRevealed(false)
            }
            if expose == nil {
                for id in visibleWindows {
                    if let w = windows[id], w.frameInRoot.contains(t.location) {
                        if focusedWindow != id { focus(id) }
                        break
                    }
                }
            }
            return false
        case .moved:
            if let b = bottomSwipe, b.id == t.id {
                if b.start.y - t.location.y > 30 { setDockRevealed(true) }
                return true
            }
            return false
        case .ended, .cancelled:
            if let b = bottomSwipe, b.id == t.id {
                bottomSwipe = nil
                if b.start.y - t.location.y > 30 { setDockRevealed(true) }
                return true
            }
            return false
        case .stationary:
            return bottomSwipe?.id == t.id
        }
    }
}
