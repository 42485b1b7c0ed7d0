import Graphics
import ShellPorts
import SlateCompositorShim
import Windowing

// What a program asks of its window (maximized, full screen, moved, resized, minimized) and what it
// and task switchers are told of its states.
extension ClientToplevel {
    /// The shim's flag for each of the states a program is told.
    private static let stateFlags: [(ToplevelStates, slate_toplevel_state)] = [
        (.tiled, SLATE_TOPLEVEL_TILED), (.maximized, SLATE_TOPLEVEL_MAXIMIZED),
        (.fullScreen, SLATE_TOPLEVEL_FULLSCREEN), (.activated, SLATE_TOPLEVEL_ACTIVATED),
        (.resizing, SLATE_TOPLEVEL_RESIZING),
    ]

    public func configure(size: Size, states: ToplevelStates) {
        guard isAlive else { return }
        requestedSize = size
        requestedStates = states
        let said = Self.stateFlags.reduce(UInt32(0)) { $0 | (states.contains($1.0) ? $1.1.rawValue : 0) }
        slate_view_configure(handle, Int32(size.width.rounded()), Int32(size.height.rounded()), said)
        if var told = taskSwitcherState {
            told.maximized = states.contains(.maximized)
            told.fullScreen = states.contains(.fullScreen)
            tellTaskSwitchers(told)
        }
    }

    /// Tells task switchers how the window is shown, when that changed.
    func tellTaskSwitchers(_ state: TaskSwitcherState) {
        guard isAlive, state != taskSwitcherState else { return }
        taskSwitcherState = state
        slate_view_set_foreign_state(
            handle, state.activated ? 1 : 0, state.minimized ? 1 : 0, state.maximized ? 1 : 0,
            state.fullScreen ? 1 : 0)
    }

    /// Whether the program asks now to be maximized and full screen (a task switcher's request
    /// standing for its own while the switcher's is told).
    private var askedStates: (maximized: Bool, fullScreen: Bool) {
        var maximized: Int32 = 0
        var fullscreen: Int32 = 0
        slate_view_requested_states(handle, &maximized, &fullscreen)
        return (maximized != 0, fullscreen != 0)
    }

    /// The states the program asked for before its window was first shown (`set_maximized`,
    /// `set_fullscreen` before its first buffer, as a program that remembers it was maximized does),
    /// as requests; the shell is told them once it has the window.
    func requestsBeforeMap() -> [ToplevelRequest] {
        guard isAlive else { return [] }
        let asked = askedStates
        return (asked.maximized ? [.maximize(true)] : []) + (asked.fullScreen ? [.fullScreen(true)] : [])
    }

    /// What an `xdg_toplevel` request event (`slate_view_event`) asks of the shell.
    func request(_ event: slate_view_event) -> ToplevelRequest? {
        guard isAlive else { return nil }
        switch event {
        case .requestMove: return .move
        case .requestResize: return .resize(WindowEdges(xdgResizeEdge: slate_view_resize_edges(handle)))
        case .requestMinimize: return .minimize
        case .requestMaximize: return .maximize(askedStates.maximized)
        case .requestFullscreen: return .fullScreen(askedStates.fullScreen)
        default: return nil
        }
    }
}
