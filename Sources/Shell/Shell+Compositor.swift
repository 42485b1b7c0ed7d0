import Graphics
import Scenes
import ShellPorts
import UI

// The shell as the compositor sees it (`CompositorShell`): programs' windows, how they show, and
// what programs ask of them.
extension Shell: CompositorShell, LiveScreenShell {
    public func visibility(of toplevel: any ForeignToplevel) -> ProgramWindowVisibility? {
        guard let w = window(showing: toplevel) else { return nil }
        // Locked, no window is on the screen: none of its pixels is drawn.
        if isLocked { return .offScreen }
        if expose != nil { return .inExpose }
        return isOnScreen(w.id) ? .onScreen : .offScreen
    }

    public var visibilityKey: VisibilityKey {
        VisibilityKey(
            visible: isLocked ? [] : visibleWindows, focused: isLocked ? nil : focusedWindow,
            exposeShown: expose != nil, windowCount: windows.count)
    }

    public func isFocused(_ toplevel: any ForeignToplevel) -> Bool {
        guard !isLocked, let w = window(showing: toplevel) else { return false }
        return focusedWindow == w.id
    }

    public func screenRect(ofPicture toplevel: any ForeignToplevel) -> Rect? {
        guard let w = window(showing: toplevel), let view = w.scene.rootView as? ForeignSurfaceView else { return nil }
        return view.convert(view.pictureRect(for: toplevel.pictureSize ?? view.surfaceRect.size), to: nil)
    }

    public func program(launchedAs pid: Int32) -> KnownProgram? {
        app(launchedAs: pid).map(KnownProgram.init)
    }

    public var installedPrograms: [KnownProgram] { foreignApps.map(KnownProgram.init) }

    /// A program asked to be maximized, full screen or minimized, or to be moved or resized by the
    /// finger on it: its window does so where the mode allows (Full-Screen Apps has no floating
    /// windows to move or resize).
    public func toplevel(_ toplevel: any ForeignToplevel, requested request: ToplevelRequest) {
        guard let w = window(showing: toplevel) else { return }
        let id = w.id
        switch request {
        case .move: beginProgramWindowDrag(w, edges: nil)
        case .resize(let edges): beginProgramWindowDrag(w, edges: edges)
        case .maximize(true): manage { $0.tile(id, .fill) }
        case .maximize(false): manage { $0.untile(id) }
        case .fullScreen(true): manage { $0.showFullScreen(id) }
        case .fullScreen(false): manage { $0.exitFullScreen(id) }
        case .minimize: manage { $0.minimize(id) }
        }
    }

    /// A program's move or resize of its window, with the finger or pointer down on it: Windowed
    /// Apps only.
    func beginProgramWindowDrag(_ w: WindowFrameView, edges: WindowEdges?) {
        guard multitasking == .windowed, let surface = w.scene.rootView as? ForeignSurfaceView else { return }
        surface.beginWindowDrag(edges: edges)
    }
}

extension KnownProgram {
    @MainActor init(_ app: ShellApp) {
        let entry = (app.application as? ForeignApp)?.entry
        self.init(
            id: entry?.id ?? app.identifier, name: app.application.displayName.resolved(app.environment.language),
            entry: entry)
    }
}
