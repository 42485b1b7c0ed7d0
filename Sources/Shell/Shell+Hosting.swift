import Foundation
import Graphics
import Scenes
import UI

// How windows of apps are put on the screen, brought forward and taken away.
extension Shell {
    // MARK: Hosting

    func place(_ scene: WindowScene, of app: ShellApp, placement: Placement, beside: WindowScene?) {
        let frame = windows[scene.session.persistentIdentifier] ?? WindowFrameView(scene: scene, app: app)
        let id = frame.id
        windows[id] = frame
        if frame.superview == nil { windowLayer.addSubview(frame) }
        frame.control.onTap = { [weak self] in self?.multitaskingRequested(id) }
        if let side = EdgeSide(placement) {
            arrangement = SpaceLayout.arrangement(arrangement, dropping: id, on: side)
        } else {
            let besideID = beside?.session.persistentIdentifier
            switch placement {
            case .prominent:
                centerWindow = id
            case .standard, .automatic, .left, .right:
                if let b = besideID, arrangement.windows.contains(b) {
                    arrangement = SpaceLayout.arrangement(.fullScreen(b), dropping: id, on: .right)
                } else {
                    arrangement = .fullScreen(id)
                }
            }
        }
        frame.alpha = 0
        frame.transform = Transform(scale: 0.92)
        focus(id, animated: false)
        relayout(animated: true)
        onWindowPlaced?(app)

        animator.animate(
            duration: ShellMetrics.windowAnimationDuration, curve: .spring(response: 0.35, dampingRatio: 0.86)
        ) { p in
            frame.alpha = min(1, p * 1.5)
            frame.transform = Transform(scale: lerp(0.92, 1, p))
        }
    }

    func bringForward(_ scene: WindowScene, of app: ShellApp, placement: Placement) {
        let id = scene.session.persistentIdentifier
        if windows[id] == nil {
            place(scene, of: app, placement: placement, beside: nil)
            return
        }
        if let side = EdgeSide(placement) {
            show(split: id, on: side)
            return
        }
        if !isOnScreen(id) { arrangement = .fullScreen(id) }
        if slideOver == id { slideOverHidden = false }
        focus(id)
        relayout(animated: true)
    }

    func remove(_ scene: WindowScene, animation: DismissalAnimation) {
        let id = scene.session.persistentIdentifier
        guard let frame = windows[id] else { return }
        detach(id)
        frame.isUserInteractionEnabled = false
        // Done slides the finished task away downward; Close and declines fade and shrink.
        animator.animate(duration: 0.3, curve: .easeIn) { p in
            frame.alpha = 1 - p
            switch animation {
            case .commit:
                frame.transform = Transform(translationX: 0, y: p * frame.bounds.height * 0.3).concatenating(
                    Transform(scale: 1 - 0.1 * p))
            case .standard, .decline: frame.transform = Transform(scale: 1 - 0.12 * p)
            }
        } completion: { _ in
            frame.removeFromSuperview()
        }
        windows[id] = nil
        snapshotCache[id] = nil
        relayout(animated: true)
    }

    /// A scene disconnected in the background: its frame goes, the session stays.
    func forget(_ scene: WindowScene) {
        let id = scene.session.persistentIdentifier
        detach(id)
        windows[id]?.removeFromSuperview()
        windows[id] = nil
    }

    /// Takes a window out of every place on the screen.
    func detach(_ id: String) {
        switch arrangement {
        case .fullScreen(let w) where w == id: arrangement = .empty
        case .split(let l, let r, _) where l == id: arrangement = .fullScreen(r)
        case .split(let l, let r, _) where r == id: arrangement = .fullScreen(l)
        default: break
        }
        if slideOver == id { slideOver = nil }
        if centerWindow == id { centerWindow = nil }
        recency.removeAll { $0 == id }
        if focusedWindow == id {
            focusedWindow = nil
            if let next = visibleWindows.first { focus(next, animated: false) }
        }
    }
}
