import Foundation
import Graphics
import Scenes
import SystemUI
import UI
import Windowing

// How windows of apps are put on the screen, brought forward and taken away.
extension Shell {
    // MARK: Hosting

    func place(_ scene: WindowScene, of app: ShellApp, placement: Placement, beside: WindowScene?) {
        let frame = windows[scene.session.persistentIdentifier] ?? WindowFrameView(scene: scene, app: app)
        let id = frame.id
        windows[id] = frame
        if frame.superview == nil { windowLayer.addSubview(frame) }
        frame.control.onTap = { [weak self] in self?.multitaskingRequested(id) }
        windowing.wireWindowControls(frame)
        if programs.placeFreely(frame) { return }
        let opening: WindowOpening
        if let side = EdgeSide(placement) {
            opening = .side(side)
        } else if placement == .prominent {
            opening = .centred
        } else if let drop = windowing.dropPoint, drop.app == app.identifier {
            // Dropped on the wallpaper of Windowed Apps: where it fell.
            windowing.dropPoint = nil
            opening = .at(drop.point)
        } else if let b = beside?.session.persistentIdentifier {
            opening = .beside(b)
        } else {
            opening = .automatic
        }
        frame.alpha = 0
        frame.transform = Transform(scale: 0.92)
        manage {
            $0.open(
                id, app: app.identifier, auxiliary: scene.session.role == .auxiliary, limits: sizeLimits(of: frame),
                at: opening)
        }
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
        manage { $0.show(id) }
    }

    func remove(_ scene: WindowScene, animation: DismissalAnimation) {
        let id = scene.session.persistentIdentifier
        guard let frame = windows[id] else { return }
        // Out of the windows first: the layout leaves it alone while it fades away.
        windows[id] = nil
        snapshotCache[id] = nil
        programs.forgetPlaced(id)
        manage { $0.close(id) }
        // The last window of an app uninstalled meanwhile: the app goes with it.
        programs.forgetDepartedApps()
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
    }

    /// A scene disconnected in the background: its frame goes, the session stays (its place in
    /// Windowed Apps is where it opens again).
    func forget(_ scene: WindowScene) {
        let id = scene.session.persistentIdentifier
        windows[id]?.removeFromSuperview()
        windows[id] = nil
        programs.forgetPlaced(id)
        manage { $0.close(id) }
    }

    /// Takes a window off the screen and out of the recently used, keeping it (its app quit).
    func detach(_ id: String) {
        programs.forgetPlaced(id)
        manage { $0.hide(id) }
    }

    /// The sizes a window's frame may take: a program's own limits (`xdg_toplevel` minimum and
    /// maximum) with Windowed Apps' top band above them; none of its own for a Slate app's.
    func sizeLimits(of frame: WindowFrameView) -> SizeLimits {
        guard let limits = frame.programSizeLimits else { return .none }
        let band = WindowMetrics.controlBarHeight
        func grown(_ s: Size) -> Size {
            Size(s.width, s.height > 0 ? s.height + band : 0)
        }
        return SizeLimits(minimum: grown(limits.minimum), maximum: grown(limits.maximum))
    }
}

extension Shell {
    /// Lets `app` look for news every `refreshInterval` seconds (Mail's new mail), on the screen's
    /// clock.
    func scheduleRefresh(of app: ShellApp) {
        guard let interval = app.application.refreshInterval, interval > 0 else { return }
        dispatcher.schedule(after: interval) { [weak self, weak app] in
            guard let self, let app, self.apps.contains(where: { $0 === app }) else { return }
            app.application.refresh()
            self.scheduleRefresh(of: app)
        }
    }

    // MARK: The Dock's recent apps

    // The Dock's recently used apps (after its divider).
    /// The apps used most recently that the Dock does not keep, most recent first, at most
    /// `ShellMetrics.dockRecentCount` (identifiers).
    func recentAppsForDock() -> [String] {
        var out: [String] = []
        guard settings[.dockShowsRecents] else { return out }
        for id in recency {
            // An app uninstalled while its windows are open has no icon, here either.
            guard let app = windows[id]?.app, apps.contains(where: { $0 === app }), !programs.isInDock(app),
                !out.contains(app.identifier)
            else { continue }
            out.append(app.identifier)
            if out.count == ShellMetrics.dockRecentCount { break }
        }
        return out
    }

    /// Rebuilds the Dock when the recent apps changed (a window of another app took input).
    func refreshDockRecents() {
        if recentAppsForDock() != dockRecents { rebuildRecents() }
    }
}
