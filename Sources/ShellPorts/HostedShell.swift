import Graphics
import UI

/// The shell as the host of a live screen sees it (the compositor's `LiveHost` on a panel or in a
/// window): the screen's sleep and waking, its turning, the panel's size and the keyboards attached.
@MainActor public protocol LiveScreenShell: CompositorShell {
    /// Whether the screen sleeps (the panel is off; the next touch or key wakes it and goes no further).
    var isScreenAsleep: Bool { get }
    /// Wakes the sleeping screen (a touch or a key did).
    func wakeScreen()
    /// Told when the shell turns its picture on the panel, in quarter turns (the host turns its input).
    var onScreenTurn: ((Int) -> Void)? { get set }
    /// Told when the shell puts the panel to sleep (false) or wakes it (true).
    var onScreenPower: ((Bool) -> Void)? { get set }
    /// The panel came back with another size (a monitor swapped): the shell lays itself out again.
    func panelDidChange(to panelSize: Size)
    /// Whether a hardware keyboard is attached (the keyboard on the glass hides while one is).
    func hardwareKeyboardAttached(_ attached: Bool)
}

/// The shell in the Wayland conformance suite's test mode (`ConformanceControl`): programs' windows
/// are placed where the suite says rather than by the window manager.
@MainActor public protocol ConformanceShell: AnyObject {
    /// From now on, programs' windows are placed freely (the suite's mode).
    func placeProgramWindowsFreely()
    /// Puts `toplevel`'s window at `origin` (points); false when it is not shown yet.
    func place(_ toplevel: any ForeignToplevel, at origin: Point) -> Bool
    /// Puts a layer surface's corner at `origin` (points), whatever its anchors say, now or once
    /// it is shown.
    func place(layer: any LayerSurface, at origin: Point)
    /// A program asked to be maximized or full screen before its window was first shown: the
    /// configure its first buffer waits for carries the size that fills what it asked.
    func toplevel(_ toplevel: any ForeignToplevel, askedBeforeShown request: ToplevelRequest)
    /// The frames of the windows on the screen, by window, laid out now.
    func shownWindowFrames() -> [String: Rect]
    /// What is under `point`, innermost first, and the layer surfaces' frames (the suite's trace).
    func describeHit(at point: Point) -> String
}

/// What the shell asks its launcher to start.
public enum LaunchRequest: Sendable, Hashable {
    /// A Slate app's own process: `command`, which then announces itself as the app `identifier`.
    case appProcess(identifier: String, command: [String])
    /// An installed program, the app `identifier`, from its desktop entry: its Exec line, or one of
    /// its actions' (`exec`).
    case program(identifier: String, entry: DesktopEntry, exec: String?)

    /// The app the request starts.
    public var identifier: String {
        switch self {
        case .appProcess(let identifier, _), .program(let identifier, _, _): identifier
        }
    }
}

/// Starts the shell's programs (the compositor's `Launcher`).
@MainActor public protocol ProgramLauncher: AnyObject {
    /// Starts what `request` names; false when it could not be started at all.
    func launch(_ request: LaunchRequest) -> Bool
}

/// The shell as its launcher sees it: where its programs' starts are sent, what the launcher tells
/// it of them, and what it asks.
@MainActor public protocol LaunchingShell: AnyObject {
    /// Who starts the shell's apps; the launcher sets itself.
    var programLauncher: (any ProgramLauncher)? { get set }
    /// The language the person reads (a program's localized Exec line).
    var language: Language { get }
    /// The text size the person chose (Qt's font DPI follows it).
    var contentSizeCategory: ContentSizeCategory { get }
    /// The name of the app `identifier`, as the Home screen shows it; nil for no such app.
    func displayName(ofApp identifier: String) -> LocalizedString?
    /// The launcher started the app `identifier`'s program as process `processID`.
    func noteLaunch(ofApp identifier: String, processID: Int32)
    /// Whether the app `identifier`'s process was started and has not connected yet.
    func isLaunching(app identifier: String) -> Bool
    /// The app `identifier`'s process ended before it connected: the shell says it could not open.
    func appProcessFailedToStart(_ identifier: String)
    /// Whether the app `identifier` has a window in the shell.
    func hasWindows(app identifier: String) -> Bool
    /// The app `identifier`'s program could not be started, or ended before it showed a window.
    func programFailed(app identifier: String)
}
