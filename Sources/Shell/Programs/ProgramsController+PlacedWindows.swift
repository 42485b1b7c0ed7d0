import Graphics
import Scenes
import ShellPorts
import UI

/// The windows of other programs as the Wayland conformance suite (wlcs) places them: each where the
/// suite puts it, at the size its program chose, with nothing of the shell's over or around it.
/// Only `slate run` under the suite turns this on (`Tests/wlcs`, its test mode). The window manager
/// does not have them: Windowed Apps keeps a window at least 360 × 300 points under a band of
/// controls, and the suite's windows are smaller and must be exactly where it says; so they are kept
/// here, beside the manager's, and the shell's focus, lifecycle and layout take them in.
@_spi(Testing) @MainActor public final class PlacedWindows {
    /// Whether new windows of other programs are placed so.
    public internal(set) var isOn = false
    /// The placed window that takes input.
    var focused: String?
    /// The placed windows' top-left corners, in screen points, by window id.
    var origins: [String: Point] = [:]
    /// Where each program's window was last put, by its toplevel: a window its program hides and
    /// shows again comes back there.
    var remembered: [ObjectIdentifier: Point] = [:]
    /// The states a placed window's program asked for and was given (maximized, full screen: the
    /// window fills the screen), by window id.
    public internal(set) var states: [String: ToplevelStates] = [:]
    /// The size a resize its program asked for gave a placed window, by window id (none: the size
    /// its program chooses).
    var sizes: [String: Size] = [:]
    /// The move or resize its program asked for, under way: the finger or pointer drives it.
    var drag: PlacedDrag?
    /// The placed windows minimized (by their program or a task switcher): not shown until
    /// brought forward again.
    public internal(set) var minimized: Set<String> = []
    /// Where the suite put layer surfaces' corners (screen points): there whatever their anchors
    /// say, shown again after being hidden, forgotten with the surface.
    var placedLayers: [PlacedLayer] = []

    /// Where the suite put `surface`'s corner, if it did.
    func origin(of surface: any LayerSurface) -> Point? {
        placedLayers.first { $0.surface === surface }?.origin
    }

    init() {}
}

/// A layer surface the suite put somewhere (weak: forgotten with the surface).
struct PlacedLayer {
    weak var surface: (any LayerSurface)?
    var origin: Point
}

/// A placed window moved or resized by the finger or pointer down on it, as its program asked
/// (`xdg_toplevel.move`, `.resize`).
struct PlacedDrag {
    var id: String
    /// The edges that follow the finger; nil: the window moves.
    var edges: WindowEdges?
    /// Where the finger was when it began (screen points), and the window's corner and size then.
    var start: Point
    var origin: Point
    var size: Size
}

extension ProgramsController {
    /// Turns the suite's test mode on: from now on each new window of another program is placed at
    /// the screen's corner (until `place(_:at:)` moves it) at its program's size, in front, with no
    /// status bar or home indicator over the screen.
    func placeProgramWindowsFreely() {
        placedWindows.isOn = true
        shell.statusBar.isHidden = true
        shell.homeIndicator.isHidden = true
        shell.relayout(animated: false)
        arrangeLayers()
    }

    /// Whether a pull down from the top edge is the system's (Control Center, Notification Center):
    /// not in the suite's test mode, where it places programs' windows at the screen's top corners
    /// and drags fingers there (a pull taken from them would cancel their touches).
    var topEdgePullsAreTheSystems: Bool { !placedWindows.isOn }

    /// Puts the window showing `toplevel` with its corner at `origin` (screen points), in front,
    /// laid out at once. False when the toplevel has no placed window.
    func place(_ toplevel: any ForeignToplevel, at origin: Point) -> Bool {
        guard let w = window(showing: toplevel), placedWindows.origins[w.id] != nil else { return false }
        shell.windowLayer.bringSubviewToFront(w)
        movePlaced(w.id, showing: toplevel, to: origin)
        return true
    }

    /// Puts placed window `id` (showing `toplevel`) with its corner at `origin`, remembered for when
    /// its program shows it again, laid out at once.
    private func movePlaced(_ id: String, showing toplevel: any ForeignToplevel, to origin: Point) {
        placedWindows.origins[id] = origin
        placedWindows.remembered[ObjectIdentifier(toplevel)] = origin
        givePopupsTheScreen(toplevel, origin: origin)
        shell.relayout(animated: false)
        shell.layoutIfNeeded()
    }

    func shownWindowFrames() -> [String: Rect] {
        shell.layoutIfNeeded()
        var frames: [String: Rect] = [:]
        for id in shell.visibleWindows { frames[id] = shell.windows[id]?.frame }
        return frames
    }

    func describeHit(at point: Point) -> String {
        var chain: [String] = []
        var view = shell.hitTest(point)
        while let current = view {
            chain.append("\(type(of: current))\(current.frame)")
            view = current.superview
        }
        var text = chain.joined(separator: " < ")
        let layerFrames = layers.views.map { "\($0.frame)" }
        if !layerFrames.isEmpty { text += "; layer surfaces at " + layerFrames.joined(separator: ", ") }
        return text
    }

    /// Places a new window of another program freely when the test mode is on (no opening animation:
    /// the suite acts on it at once). Returns whether it did.
    func placeFreely(_ frame: WindowFrameView) -> Bool {
        guard placedWindows.isOn, frame.app.application is ForeignApp else { return false }
        let surface = frame.scene.rootView as? ForeignSurfaceView
        let remembered = surface.flatMap { placedWindows.remembered[ObjectIdentifier($0.toplevel)] }
        let origin = placedWindows.origins[frame.id] ?? remembered ?? .zero
        placedWindows.origins[frame.id] = origin
        frame.chrome = .none
        frame.passesInputThrough = true
        surface?.keepsProgramSize = true
        if let surface { givePopupsTheScreen(surface.toplevel, origin: origin) }
        shell.focus(frame.id, animated: false)
        shell.relayout(animated: false)
        shell.layoutIfNeeded()
        shell.onWindowPlaced?(frame.app)
        return true
    }

    /// A placed window's popups may go anywhere on the screen (not only inside the window, which does
    /// not fill it), as on a desktop: the screen in the window's points.
    private func givePopupsTheScreen(_ toplevel: any ForeignToplevel, origin: Point) {
        toplevel.popupArea = Rect(-origin.x, -origin.y, shell.bounds.width, shell.bounds.height)
    }

    /// The placed windows shown, front first (their order in the window layer).
    var placedWindowIDs: [String] {
        guard !placedWindows.origins.isEmpty else { return [] }
        return shell.windowLayer.subviews.reversed().compactMap { ($0 as? WindowFrameView)?.id }.filter {
            placedWindows.origins[$0] != nil && !placedWindows.minimized.contains($0)
        }
    }

    /// Puts the placed windows where they go: each with the corner its program places it by where it
    /// was put (or the screen's, filling it as its program asked), as big as what its program's
    /// surfaces cover, with no controls (`relayout` calls it).
    func layoutPlacedWindows() {
        for (id, put) in placedWindows.origins {
            guard let w = shell.windows[id], let surface = w.scene.rootView as? ForeignSurfaceView else { continue }
            let states = placedWindows.states[id, default: []]
            let origin = states.isEmpty ? put : placedFill(states).origin
            let layout = surface.programLayout
            let b = layout.bounds
            w.style = .floating
            w.chrome = .none
            w.isHidden = placedWindows.minimized.contains(id)
            w.frame = Rect(origin.x - layout.corner.x + b.minX, origin.y - layout.corner.y + b.minY, b.width, b.height)
        }
    }

    /// Gives a placed window the input and brings it to the front (shown again if it was
    /// minimized); false when `id` is not placed.
    func focusPlaced(_ id: String) -> Bool {
        guard placedWindows.origins[id] != nil, let w = shell.windows[id] else { return false }
        if placedWindows.minimized.remove(id) != nil { shell.relayout(animated: false) }
        placedWindows.focused = id
        for (other, f) in shell.windows where placedWindows.origins[other] != nil { f.isFocusedWindow = other == id }
        shell.windowLayer.bringSubviewToFront(w)
        shell.updateLifecycle()
        return true
    }

    /// A placed window went (closed, or its program hid it): the front one left takes the input.
    func forgetPlaced(_ id: String) {
        guard placedWindows.origins.removeValue(forKey: id) != nil else { return }
        placedWindows.states[id] = nil
        placedWindows.minimized.remove(id)
        placedWindows.sizes[id] = nil
        if placedWindows.drag?.id == id { placedWindows.drag = nil }
        if placedWindows.focused == id {
            placedWindows.focused = nil
            if let next = placedWindowIDs.first { _ = focusPlaced(next) }
        }
        shell.relayout(animated: false)
    }
}

// A placed window's program asking to be maximized, full screen, moved or resized: granted as a
// desktop's window manager grants it, the window being where the suite put it rather than in the
// window manager's model (which keeps a window at least 360 × 300 points under its band of
// controls: the suite's windows are smaller, and must be exactly where it puts them).
extension ProgramsController {
    /// The size and states a placed window's program is told: the screen's size while it is full
    /// screen, what the layer surfaces' exclusive zones leave while maximized, else the size a
    /// resize gave it or its own (zero), and resizing while one is under way.
    func placedConfiguration(of id: String) -> (size: Size, states: ToplevelStates) {
        let asked = placedWindows.states[id, default: []]
        if !asked.isEmpty { return (placedFill(asked).size, asked) }
        let resizing = placedWindows.drag.map { $0.id == id && $0.edges != nil } ?? false
        return (placedWindows.sizes[id] ?? .zero, resizing ? .resizing : [])
    }

    /// Acts on a request of a placed window's program; false when `frame` is not placed or the
    /// request is not one placed windows answer (minimizing: the shell's own way).
    func placedWindowRequested(_ frame: WindowFrameView, _ request: ToplevelRequest) -> Bool {
        guard placedWindows.origins[frame.id] != nil, let surface = frame.scene.rootView as? ForeignSurfaceView else {
            return false
        }
        var states = placedWindows.states[frame.id, default: []]
        switch request {
        case .maximize(let on):
            if on { states.insert(.maximized) } else { states.remove(.maximized) }
        case .fullScreen(let on):
            if on { states.insert(.fullScreen) } else { states.remove(.fullScreen) }
        case .move:
            surface.beginWindowDrag(edges: nil)
            return true
        case .resize(let edges):
            surface.beginWindowDrag(edges: edges)
            return true
        case .minimize:
            minimizePlaced(frame.id)
            return true
        }
        // Maximized or full screen, a minimized window is shown again.
        if placedWindows.minimized.contains(frame.id), !states.isEmpty { _ = focusPlaced(frame.id) }
        placedWindows.states[frame.id] = states.isEmpty ? nil : states
        surface.configureAgain()
        shell.relayout(animated: false)
        shell.layoutIfNeeded()
        return true
    }

    /// What a placed window fills in `states`: the screen full screen, else (maximized) what the
    /// layer surfaces' exclusive zones leave of it.
    func placedFill(_ states: ToplevelStates) -> Rect {
        states.contains(.fullScreen) || layers.usable.isEmpty ? shell.bounds : layers.usable
    }

    /// The layer surfaces' exclusive zones changed: maximized placed windows are told their new size.
    func placedFillChanged() {
        for (id, states) in placedWindows.states where !states.contains(.fullScreen) {
            (shell.windows[id]?.scene.rootView as? ForeignSurfaceView)?.configureAgain()
        }
    }

    /// A program asked to be maximized or full screen before its window was shown: in the test mode
    /// it is told at once the size that fills what it asked (a desktop's window manager does so),
    /// which its first buffer is drawn at; it is placed so once shown.
    func placedWindowAskedBeforeShown(_ toplevel: any ForeignToplevel, _ request: ToplevelRequest) {
        guard placedWindows.isOn else { return }
        let states: ToplevelStates
        switch request {
        case .maximize(true): states = .maximized
        case .fullScreen(true): states = .fullScreen
        default: return
        }
        toplevel.configure(size: placedFill(states).size, states: states)
    }

    /// Puts a layer surface's corner at `origin` whatever its anchors say (the suite's test mode).
    func place(layer surface: any LayerSurface, at origin: Point) {
        placedWindows.placedLayers.removeAll { $0.surface == nil || $0.surface === surface }
        placedWindows.placedLayers.append(PlacedLayer(surface: surface, origin: origin))
        arrangeLayers()
    }

    /// Hides placed window `id` until it is brought forward again; the front one left takes the input.
    func minimizePlaced(_ id: String) {
        guard placedWindows.origins[id] != nil, placedWindows.minimized.insert(id).inserted else { return }
        if placedWindows.drag?.id == id { placedWindows.drag = nil }
        if placedWindows.focused == id {
            placedWindows.focused = nil
            shell.windows[id]?.isFocusedWindow = false
            if let next = placedWindowIDs.first { _ = focusPlaced(next) }
        }
        shell.relayout(animated: false)
        shell.layoutIfNeeded()
        shell.updateLifecycle()
    }

    /// The finger or pointer down on placed window `id` at `p` (screen points) begins to move it, or
    /// to resize it by `edges`, as its program asked. A window filling the screen stays as it is.
    func beginPlacedDrag(_ id: String, resizing edges: WindowEdges?, at p: Point) {
        guard let origin = placedWindows.origins[id], placedWindows.states[id, default: []].isEmpty,
            let surface = shell.windows[id]?.scene.rootView as? ForeignSurfaceView
        else { return }
        let size = placedWindows.sizes[id] ?? surface.programBounds.size
        placedWindows.drag = PlacedDrag(id: id, edges: edges, start: p, origin: origin, size: size)
        if edges != nil { surface.configureAgain() }
    }

    /// The finger driving a placed window's move or resize went to `p`: a move takes the window
    /// along; a resize asks its program for the size the edges give (at least a point, within the
    /// sizes it allows), the window's opposite corner staying put.
    func placedDragMoved(to p: Point) {
        guard let drag = placedWindows.drag, placedWindows.origins[drag.id] != nil,
            let surface = shell.windows[drag.id]?.scene.rootView as? ForeignSurfaceView
        else { return }
        let dx = (p.x - drag.start.x).rounded()
        let dy = (p.y - drag.start.y).rounded()
        var origin = drag.origin
        if let edges = drag.edges {
            var size = drag.size
            if edges.contains(.right) { size.width += dx }
            if edges.contains(.left) { size.width -= dx }
            if edges.contains(.bottom) { size.height += dy }
            if edges.contains(.top) { size.height -= dy }
            let limits = surface.toplevel.sizeLimits ?? .none
            size = limits.clamp(Size(max(1, size.width), max(1, size.height)))
            if edges.contains(.left) { origin.x += drag.size.width - size.width }
            if edges.contains(.top) { origin.y += drag.size.height - size.height }
            placedWindows.sizes[drag.id] = size
            surface.configureAgain()
        } else {
            origin = Point(origin.x + dx, origin.y + dy)
        }
        movePlaced(drag.id, showing: surface.toplevel, to: origin)
    }

    /// The finger driving a placed window's move or resize lifted: the window stays where it went.
    func placedDragEnded() {
        guard let drag = placedWindows.drag else { return }
        placedWindows.drag = nil
        if drag.edges != nil, let surface = shell.windows[drag.id]?.scene.rootView as? ForeignSurfaceView {
            surface.configureAgain()
        }
    }
}
