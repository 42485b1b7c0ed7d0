import Graphics
import Host
import Menus
import Shell
import UI

/// What a script acts on: the screen and, once they exist, the system's answers about windows,
/// menus and the Dock. The shell provides the full world; a bare root view provides the basics, and
/// asking it for what it lacks fails the step with a clear message.
@MainActor public protocol ScriptWorld: AnyObject {
    /// The headless host the script drives (a `device` or `launch` step may replace it).
    var host: HeadlessHost { get }
    func setDevice(_ name: String, landscape: Bool) throws
    func setAppearance(_ appearance: Appearance) throws
    func setLanguage(_ language: Language) throws
    /// Whether only the keyboard on the glass is there (true) or a hardware keyboard too.
    func setKeyboard(onScreen: Bool) throws
    func launch(_ app: String, restoring: Bool) throws
    /// Kills the app's process with SIGKILL and waits until the shell saw it go.
    func kill(_ app: String) throws
    /// The view an element search in `scope` looks in; nil when that scope is not on screen.
    func scopeRoot(_ scope: Script.Scope) throws -> View?
    /// The point a drag to the screen's edge ends at.
    func edgePoint(left: Bool) -> Point
    /// Where along the top edge a person swipes down for the menu bar: over the window that has the
    /// keys (a third of the way across by default, clear of Split View's divider).
    func menuBarSwipeX() -> Double
    /// How many windows an app has open.
    func windowCount(app: String) throws -> Int
    /// The role (`primary` or `auxiliary`) of the window with that title, nil when there is none.
    func windowRole(title: String) throws -> String?
    /// The titles of the two windows in Split View, left and right, or nil.
    func splitTitles() throws -> (String, String)?
    /// The rows of the open context menu, or of the menu open under the menu bar (nil for a group
    /// separator), or nil when none is open.
    func menuRows() throws -> [String?]?
    /// Whether one of `views` has focus: keyboard focus, or (in the shell) the focused window.
    func hasFocus(_ views: [View]) -> Bool
    /// Turns the screen to a multitasking mode (`full-screen`, `windowed`).
    func setMultitasking(_ mode: String) throws
    /// Where a person takes hold of the window titled `title` (the front one of that title), or nil
    /// when there is none.
    func windowHandles(title: String) throws -> WindowHandles?
    /// The titles of the rows a person taps in a window's tiling menu for `layout`, in order (a
    /// submenu's, then the layout's).
    func tilingMenuPath(_ layout: String) throws -> [String]
    /// Whether the screen is locked.
    func isLocked() throws -> Bool
}

/// Where a person takes hold of a window in Windowed Apps, in screen points.
public struct WindowHandles: Sendable, Equatable {
    /// The window's frame now.
    public var frame: Rect
    /// Where a resize starts from: the frame, or for a full-screen window the part of the screen
    /// windows take (below the status bar).
    public var resizeFrame: Rect
    /// The middle of its grab handle.
    public var handle: Point
    /// A point of its top band, clear of its controls.
    public var grip: Point
    /// The size it floats at once moved (a tiled or full-screen window takes its own size again).
    public var floatingSize: Size
    /// The middle of its full-screen control, which a finger holds for the tiling layouts.
    public var fullScreenControl: Point

    public init(
        frame: Rect, resizeFrame: Rect, handle: Point, grip: Point, floatingSize: Size, fullScreenControl: Point
    ) {
        self.frame = frame
        self.resizeFrame = resizeFrame
        self.handle = handle
        self.grip = grip
        self.floatingSize = floatingSize
        self.fullScreenControl = fullScreenControl
    }
}

extension ScriptWorld {
    public func menuBarSwipeX() -> Double { (host.root.bounds.width / 3).rounded() }

    public func setKeyboard(onScreen: Bool) throws {
        throw UnsupportedStep("'keyboard' needs the shell, which has the keyboard on the glass")
    }

    public func kill(_ app: String) throws {
        throw UnsupportedStep("'kill \(app)' needs apps as processes: slate script --backend headless --processes")
    }

    public func hasFocus(_ views: [View]) -> Bool {
        guard let focused = host.root.focusedView else { return false }
        return views.contains { focused === $0 || focused.isDescendant(of: $0) }
    }

    public func setMultitasking(_ mode: String) throws {
        throw UnsupportedStep("'multitasking' needs the shell")
    }

    public func windowHandles(title: String) throws -> WindowHandles? {
        throw UnsupportedStep("windows are moved, resized and tiled in the shell")
    }

    public func tilingMenuPath(_ layout: String) throws -> [String] {
        throw UnsupportedStep("windows are tiled in the shell")
    }

    public func isLocked() throws -> Bool {
        guard let shell = host.root as? Shell else { throw UnsupportedStep("'expect locked' needs the shell") }
        return shell.isLocked
    }
}

/// A step asked for something this world does not have (yet).
public struct UnsupportedStep: Error, CustomStringConvertible {
    public var description: String
    public init(_ d: String) { description = d }
}

/// A world made of one root view: taps, holds, keys, text and expectations on what is visible work;
/// windows, the Dock and apps do not.
@MainActor public final class ViewWorld: ScriptWorld {
    public let host: HeadlessHost

    public init(host: HeadlessHost) { self.host = host }

    public func setDevice(_ name: String, landscape: Bool) throws {
        throw UnsupportedStep("'device' needs the shell; this world is a single screen of \(host.root.bounds.size)")
    }

    public func setAppearance(_ appearance: Appearance) throws { host.root.appearance = appearance }

    public func setLanguage(_ language: Language) throws { host.root.switchLanguage(to: language) }

    public func launch(_ app: String, restoring: Bool) throws {
        throw UnsupportedStep("'launch' needs the shell, which hosts apps")
    }

    public func scopeRoot(_ scope: Script.Scope) throws -> View? {
        switch scope {
        case .anywhere: return host.root
        case .menu:
            return host.root.subviews.last { $0 is ContextMenuOverlay }
        case .menuBar:
            return host.root.subviews.last { ($0 as? MenuBarOverlay)?.isActive ?? false }.map {
                ($0 as! MenuBarOverlay).strip
            }
        case .dock, .window, .keyboard:
            throw UnsupportedStep("searching \(scope) needs the shell")
        }
    }

    public func edgePoint(left: Bool) -> Point {
        Point(left ? 4 : host.root.bounds.width - 4, host.root.bounds.midY)
    }

    public func windowCount(app: String) throws -> Int { throw UnsupportedStep("'expect windows' needs the shell") }
    public func windowRole(title: String) throws -> String? { throw UnsupportedStep("'expect window' needs the shell") }
    public func splitTitles() throws -> (String, String)? { throw UnsupportedStep("'expect split' needs the shell") }
    public func menuRows() throws -> [String?]? { nil }
}
