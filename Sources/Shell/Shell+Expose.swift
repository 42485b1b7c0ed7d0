import Foundation
import Graphics
import Scenes
import SystemUI
import UI
import Windowing

// The multitasking control, App Exposé and the switcher.
extension Shell {
    // MARK: Multitasking

    /// The multitasking control was tapped: its menu (Full Screen, Split View, Slide Over).
    func multitaskingRequested(_ id: String) {
        guard let w = windows[id] else { return }
        systemMenus.presentMultitaskingMenu(for: w)
    }

    // MARK: Exposé and the switcher

    /// App Exposé: the app's windows as snapshots, with + for a new primary window (W2c).
    public func showExpose(for app: ShellApp, choosingFor side: EdgeSide? = nil) {
        presentExpose(app: app, side: side)
    }

    /// The switcher: every window of every app.
    public func showSwitcher() {
        presentExpose(app: nil, side: nil)
    }

    func presentExpose(app: ShellApp?, side: EdgeSide?) {
        closeExpose()
        let v = ExposeView(shell: self, app: app, side: side)
        v.frame = bounds
        overlayLayer.addSubview(v)
        expose = v
        v.reload()
        windowLayer.isHidden = true
        wallpaper.isHidden = false
        wallpaper.dim = ShellMetrics.exposeDim
        // Snapshots and pictures are made now, before Exposé's first frame.
        wallpaper.preparePictures()
        v.preparePictures()
    }

    public func closeExpose() {
        guard let v = expose else { return }
        v.removeFromSuperview()
        expose = nil
        windowLayer.isHidden = false
        wallpaper.dim = nil
        updateWallpaperVisibility()
    }

    /// Opens a window chosen in Exposé: on the side it was chosen for, else full screen (Windowed
    /// Apps: where it was, in front).
    func choose(_ id: String, side: EdgeSide?) {
        closeExpose()
        guard let w = windows[id] ?? connect(id) else { return }
        if let side { show(split: w.id, on: side) } else { present(w.id) }
    }

    /// Connects a session that has no window now (disconnected in the background) and returns its window.
    func connect(_ id: String) -> WindowFrameView? {
        for app in hostedApps {
            if let s = app.runtime.session(withIdentifier: id) {
                environment.errors.attempt(ShellStrings.openTheApp, userAction: true) {
                    try app.activate(ActivationRequest(session: s))
                }
                return windows[id]
            }
        }
        return nil
    }

    // MARK: Exposé's windows

    /// A downscaled picture of a window for Exposé, cached until the window changes.
    func snapshot(of w: WindowFrameView) -> PixelImage? {
        guard let renderer = environment.renderer else { return nil }
        if let c = snapshotCache[w.id], c.generation == w.contentGeneration { return c.image }
        let size = w.bounds.isEmpty ? bounds.size : w.bounds.size
        let scale = ShellMetrics.exposeSnapshotScale * 2
        w.scene.windowView.frame = Rect(size: size)
        let image = w.scene.windowView.snapshot(renderer: renderer, scale: scale, appearance: appearance)
        snapshotCache[w.id] = (w.contentGeneration, image)
        // At most so many are kept: those of the windows least recently used go first.
        let excess = snapshotCache.count - ShellMetrics.snapshotCacheLimit
        if excess > 0 {
            let order = recencyThenTheRest
            let oldest = snapshotCache.keys.filter { $0 != w.id }.sorted {
                (order.firstIndex(of: $0) ?? Int.max, $0) > (order.firstIndex(of: $1) ?? Int.max, $1)
            }
            for id in oldest.prefix(excess) { snapshotCache[id] = nil }
        }
        return image
    }
}
