import Foundation
import Graphics
import Menus
import Scenes
import ShellPorts
import SystemUI
import UI
import Windowing

// Windowed Apps: windows moved by their top band, resized by their grab handle (live: the app is
// laid out at each new size), tiled by a flick to an edge or a corner or from their controls' menu,
// minimized into the Dock, full screen; and the swipe up held for Exposé.
extension WindowedAppsController {
    // MARK: Controls

    /// Connects a window's Windowed Apps controls to the window manager.
    func wireWindowControls(_ frame: WindowFrameView) {
        let id = frame.id
        frame.windowControls.close.action = { [weak self] in self?.shell.closeWindow(id) }
        frame.windowControls.minimize.action = { [weak self] in self?.minimizeWindow(id) }
        frame.windowControls.fullScreen.action = { [weak self] in self?.toggleFullScreen(id) }
        frame.windowControls.onHold = { [weak self] in self?.presentTilingMenu(for: id) }
        frame.grip.onPan = { [weak self] g in self?.gripPanned(id, g) }
        frame.handle.onPan = { [weak self] g in self?.handlePanned(id, g) }
    }

    /// The full-screen control: full screen, or out of it.
    func toggleFullScreen(_ id: String) {
        shell.manage { m in
            if m.windows[id]?.windowed.isFullScreen == true { m.exitFullScreen(id) } else { m.showFullScreen(id) }
        }
    }

    /// Minimizes a window into its app's icon in the Dock: it shrinks there, and the window behind it
    /// takes input. In Full-Screen Apps it goes to the background.
    func minimizeWindow(_ id: String) {
        guard let frame = shell.windows[id], shell.isOnScreen(id) else { return }
        guard shell.multitasking == .windowed else {
            shell.manage { $0.minimize(id) }
            return
        }
        self.minimizing.insert(id)
        let from = frame.frame
        let target = dockTarget(for: frame.app)
        shell.manage { $0.minimize(id) }
        frame.isUserInteractionEnabled = false
        shell.animator.animate(duration: WindowMetrics.minimizeDuration, curve: .easeIn) { p in
            let scale = 1 - 0.9 * p
            let dx = (target.x - from.midX) * p
            let dy = (target.y - from.midY) * p
            frame.transform = Transform(translationX: dx, y: dy).concatenating(Transform(scale: scale))
            frame.alpha = 1 - 0.6 * p
        } completion: { [weak self, weak frame] _ in
            guard let self, let frame else { return }
            self.minimizing.remove(id)
            frame.transform = .identity
            frame.alpha = 1
            frame.isUserInteractionEnabled = true
            self.shell.relayout(animated: false)
        }
    }

    /// Where a window minimizing into `app`'s icon goes: the icon in the Dock, or the Dock's place at
    /// the bottom of the screen while the Dock is hidden.
    func dockTarget(for app: ShellApp) -> Point {
        let icons = shell.dock.icons + shell.dock.recentIcons
        if shell.dockRevealed, let icon = icons.first(where: { $0.appIdentifier == app.identifier }) {
            return icon.frameInRoot.center
        }
        return Point(shell.bounds.midX, shell.bounds.maxY)
    }

    // MARK: Tiling

    /// The tiling layouts, as the window controls' menu and the Window menu show them: Full Screen
    /// and Fill, the halves across, and the rest in three submenus.
    func tilingMenu(for id: String) -> [MenuElement] {
        let w = shell.windowManager.windows[id]?.windowed
        func tile(_ t: Tile, _ title: LocalizedString) -> MenuElement {
            .action(
                Action(
                    title, identifier: "system.tile.\(t.rawValue)",
                    state: w?.tile == t && w?.isFullScreen == false ? .on : .off
                ) {
                    [weak self] _ in
                    self?.shell.manage { $0.tile(id, t) }
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
                    Action(ShellStrings.minimize, image: "minus", identifier: "system.minimize") {
                        [weak self] _ in
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
        guard let frame = shell.windows[id] else { return }
        shell.focus(id)
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
        guard shell.multitasking == .windowed, let shown = shell.windowManager.windowedFrame(of: id) else { return }
        shell.closeExpose()
        shell.focus(id)
        let kind: WindowDrag.Kind
        if let edges {
            let full = shell.windowManager.windows[id]?.windowed.isFullScreen == true
            kind = .resize(start: full ? shown.intersection(shell.windowManager.windowArea) : shown, edges: edges)
        } else {
            kind = .move(grab: Point((p.x - shown.minX) / max(1, shown.width), p.y - shown.minY))
        }
        self.drag = WindowDrag(id: id, kind: kind, start: p, zone: nil, movedAt: shell.clock.now)
        // Saved once it ends, not at every move.
        shell.savedLayout.isHeld = true
        if edges != nil { shell.windows[id]?.isResizingLive = true }
    }

    /// The finger moved to `p`: the window follows it, laid out at its new size as it goes.
    func windowDragMoved(to p: Point) {
        guard var drag = self.drag, let w = shell.windowManager.windows[drag.id] else { return }
        switch drag.kind {
        case .move(let grab):
            let size = w.windowed.frame.size
            let band = min(grab.y, WindowMetrics.controlBarHeight + ShellMetrics.statusBarHeight)
            let origin = Point((p.x - grab.x * size.width).rounded(), (p.y - band).rounded())
            shell.manage(animated: false) { $0.move(drag.id, to: origin) }
            drag.zone = Tile.dropZone(
                at: p, screen: shell.bounds.size, zone: WindowingMetrics.dropZone, top: shell.windowManager.chrome.top)
        case .resize(let start, let edges):
            let dx = p.x - drag.start.x
            let dy = p.y - drag.start.y
            var size = start.size
            if edges.contains(.right) { size.width += dx }
            if edges.contains(.left) { size.width -= dx }
            if edges.contains(.bottom) { size.height += dy }
            if edges.contains(.top) { size.height -= dy }
            let rounded = Size(size.width.rounded(), size.height.rounded())
            shell.manage(animated: false) { $0.resize(drag.id, to: rounded, keeping: edges.anchor) }
        }
        drag.movedAt = shell.clock.now
        self.drag = drag
        showDropZone(drag)
    }

    /// The finger let go at `p`, moving at `velocity`: a window lifted over an edge or a corner — or
    /// flicked toward one — tiles there (up: Fill).
    func windowDragEnded(at p: Point, velocity: Point) {
        guard let drag = self.drag else { return }
        self.drag = nil
        showDropZone(nil)
        shell.windows[drag.id]?.isResizingLive = false
        shell.savedLayout.isHeld = false
        defer { shell.saveArrangementIfChanged() }
        guard case .move = drag.kind else { return }
        // A finger that rested before it lifted flicks nothing.
        let velocity = shell.clock.now - drag.movedAt > WindowMetrics.flickRest ? .zero : velocity
        let t = WindowMetrics.flickProjection
        let ahead = Point(
            min(max(p.x + velocity.x * t, 0), shell.bounds.width),
            min(max(p.y + velocity.y * t, 0), shell.bounds.height))
        var zone =
            drag.zone
            ?? Tile.dropZone(
                at: ahead, screen: shell.bounds.size, zone: WindowingMetrics.dropZone,
                top: shell.windowManager.chrome.top)
        if zone == nil, -velocity.y > WindowMetrics.flickUpSpeed, abs(velocity.x) < -velocity.y { zone = .fill }
        if let zone { shell.manage { $0.tile(drag.id, zone) } }
    }

    /// Shows where the dragged window would tile, behind it; nil hides it.
    func showDropZone(_ drag: WindowDrag?) {
        let v = self.dropZone
        guard let drag, let zone = drag.zone, let w = shell.windows[drag.id],
            let r = shell.windowManager.frame(of: drag.id, tiled: zone)
        else {
            v.isHidden = true
            return
        }
        if v.superview !== shell.windowLayer { shell.windowLayer.addSubview(v) }
        if v.frame != r { v.frame = r }
        v.isHidden = false
        // Behind the window, over the others.
        shell.windowLayer.bringSubviewToFront(v)
        shell.windowLayer.bringSubviewToFront(w)
    }

    // MARK: Exposé

    /// The swipe up from the bottom edge, as it goes: past `exposeSwipeDistance` and held still for
    /// `exposeHoldDuration`, Exposé of every window shows (iPadOS 26's "swipe up and hold").
    func bottomSwipe(_ g: ScreenEdgePanGestureRecognizer) {
        let p = g.location(in: nil)
        switch g.state {
        case .began, .changed:
            guard -g.translation().y >= WindowMetrics.exposeSwipeDistance, shell.expose == nil else {
                self.exposeHold?.cancel()
                self.exposeHold = nil
                return
            }
            if let last = self.exposeHoldPoint, self.exposeHold != nil,
                abs(last.x - p.x) + abs(last.y - p.y) < GestureSettings.touchSlop
            {
                return
            }
            self.exposeHoldPoint = p
            self.exposeHold?.cancel()
            self.exposeHold = shell.animator.animate(
                duration: WindowMetrics.exposeHoldDuration, curve: .linear
            ) { _ in
            } completion: { [weak self] done in
                guard done, let self else { return }
                self.exposeHold = nil
                self.shell.setDockRevealed(false)
                self.shell.showSwitcher()
            }
        default:
            self.exposeHold?.cancel()
            self.exposeHold = nil
            self.exposeHoldPoint = nil
        }
    }
}
