import Foundation
import Graphics
import Menus
import Scenes
import ShellPorts
import SystemUI
import UI
import Windowing

/// What the shell keeps of Windowed Apps' gestures: the window a finger moves or resizes, the drop
/// zone it shows, windows shrinking into the Dock, and the swipe up held for Exposé.
@MainActor final class WindowingState {
    /// The window being moved or resized, if any.
    var drag: WindowDrag?
    /// Where the dragged window would tile if let go now.
    let dropZone = DropZoneView()
    /// Windows shrinking into the Dock: laid out no more, but seen until they are small.
    var minimizing: Set<String> = []
    /// Counts the swipe up from the bottom edge held still, before Exposé shows.
    var exposeHold: Animation?
    /// Where that swipe's finger was when it last moved.
    var exposeHoldPoint: Point?
    /// Where something was dropped on the wallpaper for an app (its next window opens there).
    var dropPoint: (app: String, point: Point)?
    /// The windows four-finger swipes go through, as they were when the swipes began, and the one
    /// shown now.
    var switching: (order: [String], index: Int)?
}

/// A window a finger moves (by its top band, or its program's request) or resizes (by its handle,
/// or its program's request from an edge).
@MainActor struct WindowDrag {
    enum Kind {
        /// `grab`: where the finger holds the window — across, as a share of its width; down, in points.
        case move(grab: Point)
        /// The frame when the resize began, and the edges that move.
        case resize(start: Rect, edges: WindowEdges)
    }
    let id: String
    let kind: Kind
    /// Where the finger was when the drag began, in screen points.
    let start: Point
    /// The tile the window would take if let go now (moves only).
    var zone: Tile?
    /// When the finger last moved (a finger that rested before lifting flicks nothing).
    var movedAt: Double
}

// Windowed Apps: windows moved by their top band, resized by their grab handle (live: the app is
// laid out at each new size), tiled by a flick to an edge or a corner or from their controls' menu,
// minimized into the Dock, full screen; and the swipe up held for Exposé.
extension Shell {
    // MARK: Controls

    /// Connects a window's Windowed Apps controls to the window manager.
    func wireWindowControls(_ frame: WindowFrameView) {
        let id = frame.id
        frame.windowControls.close.action = { [weak self] in self?.closeWindow(id) }
        frame.windowControls.minimize.action = { [weak self] in self?.minimizeWindow(id) }
        frame.windowControls.fullScreen.action = { [weak self] in self?.toggleFullScreen(id) }
        frame.windowControls.onHold = { [weak self] in self?.presentTilingMenu(for: id) }
        frame.grip.onPan = { [weak self] g in self?.gripPanned(id, g) }
        frame.handle.onPan = { [weak self] g in self?.handlePanned(id, g) }
    }

    /// The full-screen control: full screen, or out of it.
    public func toggleFullScreen(_ id: String) {
        manage { m in
            if m.windows[id]?.windowed.isFullScreen == true { m.exitFullScreen(id) } else { m.showFullScreen(id) }
        }
    }

    /// Minimizes a window into its app's icon in the Dock: it shrinks there, and the window behind it
    /// takes input. In Full-Screen Apps it goes to the background.
    public func minimizeWindow(_ id: String) {
        guard let frame = windows[id], isOnScreen(id) else { return }
        guard multitasking == .windowed else {
            manage { $0.minimize(id) }
            return
        }
        windowing.minimizing.insert(id)
        let from = frame.frame
        let target = dockTarget(for: frame.app)
        manage { $0.minimize(id) }
        frame.isUserInteractionEnabled = false
        animator.animate(duration: WindowMetrics.minimizeDuration, curve: .easeIn) { p in
            let scale = 1 - 0.9 * p
            let dx = (target.x - from.midX) * p
            let dy = (target.y - from.midY) * p
            frame.transform = Transform(translationX: dx, y: dy).concatenating(Transform(scale: scale))
            frame.alpha = 1 - 0.6 * p
        } completion: { [weak self, weak frame] _ in
            guard let self, let frame else { return }
            self.windowing.minimizing.remove(id)
            frame.transform = .identity
            frame.alpha = 1
            frame.isUserInteractionEnabled = true
            self.relayout(animated: false)
        }
    }

    /// Where a window minimizing into `app`'s icon goes: the icon in the Dock, or the Dock's place at
    /// the bottom of the screen while the Dock is hidden.
    func dockTarget(for app: ShellApp) -> Point {
        let icons = dock.icons + dock.recentIcons
        if dockRevealed, let icon = icons.first(where: { $0.appIdentifier == app.identifier }) {
            return icon.frameInRoot.center
        }
        return Point(bounds.midX, bounds.maxY)
    }

    // MARK: Tiling

    /// The tiling layouts, as the window controls' menu and the Window menu show them: Full Screen
    /// and Fill, the halves across, and the rest in three submenus.
    public func tilingMenu(for id: String) -> [MenuElement] {
        let w = windowManager.windows[id]?.windowed
        func tile(_ t: Tile, _ title: LocalizedString) -> MenuElement {
            .action(
                Action(
                    title, identifier: "system.tile.\(t.rawValue)",
                    state: w?.tile == t && w?.isFullScreen == false ? .on : .off
                ) {
                    [weak self] _ in
                    self?.manage { $0.tile(id, t) }
                })
        }
        let fullScreen = w?.isFullScreen == true
        return [
            .menu(
                Menu(options: .displayInline) {
                    Action(
                        fullScreen ? ShellStrings.exitFullScreen : ShellStrings.fullScreen,
                        image: fullScreen ? "arrow.down.right.and.arrow.up.left" : "arrow.up.left.and.arrow.down.right",
                        identifier: "system.full-screen"
                    ) { [weak self] _ in self?.toggleFullScreen(id) }
                    Action(ShellStrings.minimize, image: "minus", identifier: "system.minimize") { [weak self] _ in
                        self?.minimizeWindow(id)
                    }
                }),
            .menu(
                Menu(
                    options: .displayInline,
                    children: [
                        tile(.fill, ShellStrings.fill), tile(.leftHalf, ShellStrings.leftHalf),
                        tile(.rightHalf, ShellStrings.rightHalf),
                    ])),
            .menu(
                Menu(options: .displayInline) {
                    Menu(
                        ShellStrings.halves, image: "square.split.2x1", identifier: "system.tile.halves",
                        children: [tile(.topHalf, ShellStrings.topHalf), tile(.bottomHalf, ShellStrings.bottomHalf)])
                    Menu(
                        ShellStrings.thirds, image: "rectangle.on.rectangle", identifier: "system.tile.thirds",
                        children: [
                            tile(.leftThird, ShellStrings.leftThird), tile(.middleThird, ShellStrings.middleThird),
                            tile(.rightThird, ShellStrings.rightThird),
                            tile(.leftTwoThirds, ShellStrings.leftTwoThirds),
                            tile(.rightTwoThirds, ShellStrings.rightTwoThirds),
                        ])
                    Menu(
                        ShellStrings.quarters, image: "square.grid.2x2", identifier: "system.tile.quarters",
                        children: [
                            tile(.topLeftQuarter, ShellStrings.topLeftQuarter),
                            tile(.topRightQuarter, ShellStrings.topRightQuarter),
                            tile(.bottomLeftQuarter, ShellStrings.bottomLeftQuarter),
                            tile(.bottomRightQuarter, ShellStrings.bottomRightQuarter),
                        ])
                }),
        ]
    }

    /// The full-screen control touched and held: the tiling layouts, below the controls.
    func presentTilingMenu(for id: String) {
        guard let frame = windows[id] else { return }
        focus(id)
        let controls = frame.windowControls
        let interaction = ContextMenuInteraction { [weak self] _ in
            guard let self else { return nil }
            let children = self.tilingMenu(for: id)
            return ContextMenuConfiguration(identifier: "system.tiling") { _ in
                Menu(identifier: "system.tiling", children: children)
            }
        }
        controls.interactions.forEach { controls.removeInteraction($0) }
        controls.addInteraction(interaction)
        _ = interaction.present(
            at: Point(controls.fullScreen.frame.midX, controls.bounds.maxY), form: .compact)
    }

    // MARK: Moving and resizing

    func gripPanned(_ id: String, _ g: PanGestureRecognizer) {
        let p = g.location(in: nil)
        switch g.state {
        case .began: beginWindowDrag(id, resizing: nil, at: g.startLocation)
        case .changed: windowDragMoved(to: p)
        case .ended: windowDragEnded(at: p, velocity: g.velocity)
        case .cancelled: windowDragEnded(at: p, velocity: .zero)
        default: break
        }
        if g.state == .began { windowDragMoved(to: p) }
    }

    func handlePanned(_ id: String, _ g: PanGestureRecognizer) {
        let p = g.location(in: nil)
        switch g.state {
        case .began:
            beginWindowDrag(id, resizing: [.bottom, .right], at: g.startLocation)
            windowDragMoved(to: p)
        case .changed: windowDragMoved(to: p)
        case .ended, .cancelled: windowDragEnded(at: p, velocity: .zero)
        default: break
        }
    }

    /// A finger began to move window `id` (`resizing`: nil), or to resize it from those edges, at `p`.
    func beginWindowDrag(_ id: String, resizing edges: WindowEdges?, at p: Point) {
        guard multitasking == .windowed, let shown = windowManager.windowedFrame(of: id) else { return }
        closeExpose()
        focus(id)
        let kind: WindowDrag.Kind
        if let edges {
            let full = windowManager.windows[id]?.windowed.isFullScreen == true
            kind = .resize(start: full ? shown.intersection(windowManager.windowArea) : shown, edges: edges)
        } else {
            kind = .move(grab: Point((p.x - shown.minX) / max(1, shown.width), p.y - shown.minY))
        }
        windowing.drag = WindowDrag(id: id, kind: kind, start: p, zone: nil, movedAt: clock.now)
        // Saved once it ends, not at every move.
        savedLayout.isHeld = true
        if edges != nil { windows[id]?.isResizingLive = true }
    }

    /// The finger moved to `p`: the window follows it, laid out at its new size as it goes.
    func windowDragMoved(to p: Point) {
        guard var drag = windowing.drag, let w = windowManager.windows[drag.id] else { return }
        switch drag.kind {
        case .move(let grab):
            let size = w.windowed.frame.size
            let band = min(grab.y, WindowMetrics.controlBarHeight + ShellMetrics.statusBarHeight)
            let origin = Point((p.x - grab.x * size.width).rounded(), (p.y - band).rounded())
            manage(animated: false) { $0.move(drag.id, to: origin) }
            drag.zone = Tile.dropZone(
                at: p, screen: bounds.size, zone: WindowingMetrics.dropZone, top: windowManager.chrome.top)
        case .resize(let start, let edges):
            let dx = p.x - drag.start.x
            let dy = p.y - drag.start.y
            var size = start.size
            if edges.contains(.right) { size.width += dx }
            if edges.contains(.left) { size.width -= dx }
            if edges.contains(.bottom) { size.height += dy }
            if edges.contains(.top) { size.height -= dy }
            let rounded = Size(size.width.rounded(), size.height.rounded())
            manage(animated: false) { $0.resize(drag.id, to: rounded, keeping: edges.anchor) }
        }
        drag.movedAt = clock.now
        windowing.drag = drag
        showDropZone(drag)
    }

    /// The finger let go at `p`, moving at `velocity`: a window lifted over an edge or a corner — or
    /// flicked toward one — tiles there (up: Fill).
    func windowDragEnded(at p: Point, velocity: Point) {
        guard let drag = windowing.drag else { return }
        windowing.drag = nil
        showDropZone(nil)
        windows[drag.id]?.isResizingLive = false
        savedLayout.isHeld = false
        defer { saveArrangementIfChanged() }
        guard case .move = drag.kind else { return }
        // A finger that rested before it lifted flicks nothing.
        let velocity = clock.now - drag.movedAt > WindowMetrics.flickRest ? .zero : velocity
        let t = WindowMetrics.flickProjection
        let ahead = Point(
            min(max(p.x + velocity.x * t, 0), bounds.width), min(max(p.y + velocity.y * t, 0), bounds.height))
        var zone =
            drag.zone
            ?? Tile.dropZone(
                at: ahead, screen: bounds.size, zone: WindowingMetrics.dropZone, top: windowManager.chrome.top)
        if zone == nil, -velocity.y > WindowMetrics.flickUpSpeed, abs(velocity.x) < -velocity.y { zone = .fill }
        if let zone { manage { $0.tile(drag.id, zone) } }
    }

    /// Shows where the dragged window would tile, behind it; nil hides it.
    func showDropZone(_ drag: WindowDrag?) {
        let v = windowing.dropZone
        guard let drag, let zone = drag.zone, let w = windows[drag.id],
            let r = windowManager.frame(of: drag.id, tiled: zone)
        else {
            v.isHidden = true
            return
        }
        if v.superview !== windowLayer { windowLayer.addSubview(v) }
        if v.frame != r { v.frame = r }
        v.isHidden = false
        // Behind the window, over the others.
        windowLayer.bringSubviewToFront(v)
        windowLayer.bringSubviewToFront(w)
    }

    // MARK: Exposé

    /// The swipe up from the bottom edge, as it goes: past `exposeSwipeDistance` and held still for
    /// `exposeHoldDuration`, Exposé of every window shows (iPadOS 26's "swipe up and hold").
    func bottomSwipe(_ g: ScreenEdgePanGestureRecognizer) {
        let p = g.location(in: nil)
        switch g.state {
        case .began, .changed:
            guard -g.translation().y >= WindowMetrics.exposeSwipeDistance, expose == nil else {
                windowing.exposeHold?.cancel()
                windowing.exposeHold = nil
                return
            }
            if let last = windowing.exposeHoldPoint, windowing.exposeHold != nil,
                abs(last.x - p.x) + abs(last.y - p.y) < GestureSettings.touchSlop
            {
                return
            }
            windowing.exposeHoldPoint = p
            windowing.exposeHold?.cancel()
            windowing.exposeHold = animator.animate(duration: WindowMetrics.exposeHoldDuration, curve: .linear) { _ in
            } completion: { [weak self] done in
                guard done, let self else { return }
                self.windowing.exposeHold = nil
                self.setDockRevealed(false)
                self.showSwitcher()
            }
        default:
            windowing.exposeHold?.cancel()
            windowing.exposeHold = nil
            windowing.exposeHoldPoint = nil
        }
    }
}
