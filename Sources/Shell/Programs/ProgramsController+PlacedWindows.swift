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

    init() {}
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
        placedWindows.origins[w.id] = origin
        placedWindows.remembered[ObjectIdentifier(toplevel)] = origin
        givePopupsTheScreen(toplevel, origin: origin)
        shell.windowLayer.bringSubviewToFront(w)
        shell.relayout(animated: false)
        shell.layoutIfNeeded()
        return true
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

    /// The placed windows, front first (their order in the window layer).
    var placedWindowIDs: [String] {
        guard !placedWindows.origins.isEmpty else { return [] }
        return shell.windowLayer.subviews.reversed().compactMap { ($0 as? WindowFrameView)?.id }.filter {
            placedWindows.origins[$0] != nil
        }
    }

    /// Puts the placed windows where they go: each with the corner its program places it by where it
    /// was put, as big as what its program's surfaces cover, with no controls (`relayout` calls it).
    func layoutPlacedWindows() {
        for (id, origin) in placedWindows.origins {
            guard let w = shell.windows[id], let surface = w.scene.rootView as? ForeignSurfaceView else { continue }
            let layout = surface.programLayout
            let b = layout.bounds
            w.style = .floating
            w.chrome = .none
            w.isHidden = false
            w.frame = Rect(origin.x - layout.corner.x + b.minX, origin.y - layout.corner.y + b.minY, b.width, b.height)
        }
    }

    /// Gives a placed window the input and brings it to the front; false when `id` is not placed.
    func focusPlaced(_ id: String) -> Bool {
        guard placedWindows.origins[id] != nil, let w = shell.windows[id] else { return false }
        placedWindows.focused = id
        for (other, f) in shell.windows where placedWindows.origins[other] != nil { f.isFocusedWindow = other == id }
        shell.windowLayer.bringSubviewToFront(w)
        shell.updateLifecycle()
        return true
    }

    /// A placed window went (closed, or its program hid it): the front one left takes the input.
    func forgetPlaced(_ id: String) {
        guard placedWindows.origins.removeValue(forKey: id) != nil else { return }
        if placedWindows.focused == id {
            placedWindows.focused = nil
            if let next = placedWindowIDs.first { _ = focusPlaced(next) }
        }
        shell.relayout(animated: false)
    }
}
