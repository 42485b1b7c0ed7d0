import Graphics
import ShellPorts
import SlateCompositorShim
import UI

/// X11 programs through Xwayland: their display, where their windows are (X is told, so that their
/// menus and tooltips line up), and their windows lost with the X server when it crashed or was
/// killed.
extension WaylandCompositor {
    /// The X display X11 programs connect to (`DISPLAY`, ":N"): Xwayland starts when the first does,
    /// and again after it ended. Nil when there is none (Xwayland is not installed).
    public var x11Display: String? {
        guard let c = comp, let name = slate_comp_x11_display(c) else { return nil }
        return String(cString: name)
    }

    /// Ends the X server and removes its display (sockets and lock file), for a process ending
    /// without `shutdown()`: X11 programs find no display after.
    public func endX11() {
        if let c = comp { slate_comp_end_x11(c) }
    }

    /// Tells each X11 program whose window is on the screen where that window is (in points: X11
    /// windows are 1× buffers, scaled by the shell), when that changed: its override-redirect windows
    /// (menus, tooltips) are placed from there.
    func tellX11Positions(_ shown: [ClientView]) {
        guard let shell else { return }
        for case let t as ClientToplevel in shown where t.isX11 && t.isMapped && t.isAlive {
            guard let placed = shell.screenRect(ofPicture: t) else { continue }
            t.tellScreenPosition(placed.origin)
        }
    }

    /// Notes a toplevel that goes because its X server ended, by its app's name (said at the end of
    /// the turn, once for all of them).
    func noteIfLostWithServer(_ t: ClientToplevel) {
        guard t.isX11, slate_view_lost_with_server(t.handle) != 0 else { return }
        let name = shell?.programName(of: t) ?? t.title
        if !programsLostWithServer.contains(name) { programsLostWithServer.append(name) }
    }

    /// Says which programs stopped with the X server, if any did this turn.
    func sayProgramsLostWithServer() {
        guard !programsLostWithServer.isEmpty else { return }
        shell?.programsStopped(programsLostWithServer)
        programsLostWithServer.removeAll()
    }
}
