import Foundation
import Graphics
import Scenes
import UI
import Windowing

/// The shell as the Wayland compositor sees it: what the compositor tells it — programs' windows
/// coming, asking and going, app processes announcing themselves and ending, drags between
/// programs — and the little it asks of it (whether a window is seen, for its frame callbacks).
/// The compositor holds this, never the concrete `Shell`.
@MainActor public protocol CompositorShell: AnyObject {
    /// Where drags between programs come from (the compositor sets itself).
    var programDrags: (any ProgramDragSource)? { get set }
    /// Makes a token that lets a program whose notification was tapped bring its window forward
    /// (`ActivationToken`); the compositor sets it.
    var makeActivationToken: (@MainActor () -> String?)? { get set }
    /// Work done each time the screen comes to rest (the compositor lets go of hidden pictures).
    func addRestWork(_ work: @escaping @MainActor () -> Void)
    /// Called each turn: a program that began its drag while the finger rested is taken up.
    func programDragMayHaveBegun()
    /// How a program's window shows now; nil when the toplevel has no window in the shell.
    func visibility(of toplevel: any ForeignToplevel) -> ProgramWindowVisibility?
    /// Changes whenever which windows are seen may have changed (windows shown, the one with the
    /// keys, Exposé, windows opened or closed): the compositor asks `visibility` again only then,
    /// so a turn of its loop costs nothing for the windows not shown.
    var visibilityKey: VisibilityKey { get }
    /// Whether the shell took `toplevel` in (it may have no window now: a window in the background
    /// the system let go of keeps its program's toplevel, not shown).
    func hasAdopted(_ toplevel: any ForeignToplevel) -> Bool
    /// Whether `toplevel`'s window is the one that takes input.
    func isFocused(_ toplevel: any ForeignToplevel) -> Bool
    /// A program asked for its window to come forward (xdg-activation): with a token the shell gave
    /// (`trusted`), it comes; else it asks for attention.
    func programAskedToComeForward(_ toplevel: any ForeignToplevel, trusted: Bool)
    /// A layer surface (a panel, a dock, a wallpaper) mapped: it is shown in its layer.
    func adopt(layer surface: any LayerSurface)
    /// A layer surface went.
    func remove(layer surface: any LayerSurface)
    /// Lays the layer surfaces out again (`newcomer`: one not mapped yet, told its size now).
    func arrangeLayers(placing newcomer: (any LayerSurface)?)
    /// The focused program's field asked for text, or said something new (text-input-v3): the
    /// keyboard on the glass shows, hides or follows it.
    func textInputDidChange()
    /// A program the person allowed copied the screen (a screenshot tool, a recorder): the status bar
    /// shows that it is being recorded.
    func screenWasCopied()
    /// Asks the person whether `program` may have `privilege`; `answer` gets what they said.
    func askPermission(program: String, privilege: Privilege, answer: @escaping (Bool) -> Void)
    /// The app the shell started as process `pid`.
    func program(launchedAs pid: Int32) -> KnownProgram?
    /// The programs installed (from their `.desktop` files).
    var installedPrograms: [KnownProgram] { get }
    /// A program's toplevel mapped: it becomes a window.
    func adopt(_ toplevel: any ForeignToplevel)
    /// A program's toplevel went (closed, or its client died).
    func toplevelDidClose(_ toplevel: any ForeignToplevel)
    /// Where `toplevel`'s picture is on the screen (points), when its window is shown.
    func screenRect(ofPicture toplevel: any ForeignToplevel) -> Rect?
    /// The name of the app whose window shows `toplevel` (as the Home screen shows it), if it has one.
    func programName(of toplevel: any ForeignToplevel) -> String?
    /// Programs whose windows went with what showed them (X11 programs when Xwayland ended): said
    /// once, by their names; every other window stays.
    func programsStopped(_ names: [String])
    /// A program's lock of the screen (ext-session-lock-v1) did `event`.
    func sessionLocker(_ locker: any SessionLocker, did event: SessionLockerEvent)
    /// Told each time the screen locks or unlocks (the compositor closes the clipboard and the screen
    /// to programs while it is locked).
    var onLockChange: ((Bool) -> Void)? { get set }
    /// Whether a program on the screen holds it awake (the compositor's idle inhibitors answer).
    var screenHeldAwake: (@MainActor () -> Bool)? { get set }
    /// A program asked something of its window (`xdg_toplevel` requests).
    func toplevel(_ toplevel: any ForeignToplevel, requested request: ToplevelRequest)
    /// A Slate app asked for its window again (`bring_forward`).
    func sceneWantsForward(_ toplevel: any SceneToplevel)
    /// A Slate app destroyed the session its toplevel shows.
    func sceneWasRemoved(_ toplevel: any SceneToplevel, animation: DismissalAnimation)
    /// A process announced itself as the app `identifier`: true when the shell takes it.
    func processDidAnnounce(_ identifier: String, channel: any AppChannel) -> Bool
    /// An app process's connection ended.
    func processDidEnd(_ channel: any AppChannel)
    /// An app process asks for a window of whichever app declares the activity's type.
    func openActivity(from channel: any AppChannel, activity: UserActivity, placement: Placement)
    /// An app process changed its items in Spotlight: one `SearchableChange` as JSON.
    func processChangedSearch(_ channel: any AppChannel, change: Data)
}

/// What decides which windows are seen (`CompositorShell.visibilityKey`).
public struct VisibilityKey: Hashable, Sendable {
    /// The windows on the screen, front first.
    public var visible: [String]
    /// The window that takes input.
    public var focused: String?
    /// Whether Exposé shows every window.
    public var exposeShown: Bool
    /// How many windows there are.
    public var windowCount: Int

    public init(visible: [String], focused: String?, exposeShown: Bool, windowCount: Int) {
        self.visible = visible
        self.focused = focused
        self.exposeShown = exposeShown
        self.windowCount = windowCount
    }
}

/// A program the shell knows: Slate's app or an installed program.
public struct KnownProgram: Sendable {
    /// Its desktop-file id (a program's) or app identifier (a Slate app's).
    public var id: String
    /// Its name as the Home screen shows it.
    public var name: String
    /// The desktop entry it came from, if any.
    public var entry: DesktopEntry?

    public init(id: String, name: String, entry: DesktopEntry?) {
        self.id = id
        self.name = name
        self.entry = entry
    }
}

/// How a program's window shows.
public enum ProgramWindowVisibility: Sendable, Hashable {
    /// On the screen, seen.
    case onScreen
    /// Drawn small in Exposé (which is over the screen).
    case inExpose
    /// Not on the screen (behind Home, in the Dock, in the background).
    case offScreen
}

/// What a program asks of its window (xdg-shell's `xdg_toplevel` requests).
public enum ToplevelRequest: Sendable, Hashable {
    /// Move the window with the finger or pointer that is down on it (`move`, from a drag of its
    /// header bar).
    case move
    /// Resize it from `edges` with the finger or pointer that is down on it (`resize`).
    case resize(WindowEdges)
    /// Maximize it, or not (`set_maximized`, `unset_maximized`).
    case maximize(Bool)
    /// Full screen, or not (`set_fullscreen`, `unset_fullscreen`).
    case fullScreen(Bool)
    /// Minimize it (`set_minimized`).
    case minimize
}

/// The edges of a window a resize moves (`xdg_toplevel.resize_edge`).
public struct WindowEdges: OptionSet, Sendable, Hashable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let top = WindowEdges(rawValue: 1 << 0)
    public static let bottom = WindowEdges(rawValue: 1 << 1)
    public static let left = WindowEdges(rawValue: 1 << 2)
    public static let right = WindowEdges(rawValue: 1 << 3)

    /// The edges of `xdg_toplevel.resize_edge`'s value (0 none, 1 top, 2 bottom, 4 left, 5 top
    /// left, 6 bottom left, 8 right, 9 top right, 10 bottom right), which are bits.
    public init(xdgResizeEdge value: UInt32) {
        var e: WindowEdges = []
        if value & 1 != 0 { e.insert(.top) }
        if value & 2 != 0 { e.insert(.bottom) }
        if value & 4 != 0 { e.insert(.left) }
        if value & 8 != 0 { e.insert(.right) }
        self = e
    }

    /// The corner that stays put while these edges move.
    public var anchor: WindowCorner {
        switch (contains(.left), contains(.top)) {
        case (true, true): .bottomRight
        case (true, false): .topRight
        case (false, true): .bottomLeft
        case (false, false): .topLeft
        }
    }
}
