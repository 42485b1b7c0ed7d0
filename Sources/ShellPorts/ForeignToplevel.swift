import Graphics
import UI
import Windowing

/// The states a program is told its window is in (`xdg_toplevel`'s configure states; an X11
/// program's `_NET_WM_STATE`).
public struct ToplevelStates: OptionSet, Sendable, Hashable {
    public let rawValue: UInt32
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// Placed by the shell against its neighbours or the screen's edges: the program drops its
    /// shadows and rounded corners (the shell draws the window's frame).
    public static let tiled = ToplevelStates(rawValue: 1 << 0)
    /// Filling the space the shell gives windows.
    public static let maximized = ToplevelStates(rawValue: 1 << 1)
    /// The whole screen, with nothing of the shell's over it.
    public static let fullScreen = ToplevelStates(rawValue: 1 << 2)
    /// The window taking input: drawn as the one in front.
    public static let activated = ToplevelStates(rawValue: 1 << 3)
    /// Being resized by the person now.
    public static let resizing = ToplevelStates(rawValue: 1 << 4)
}

/// A window of another program — a Wayland client's toplevel — as the compositor hands it to the
/// shell. The shell shows it like any window (full screen, Split View, Slide Over, Exposé) and tells
/// it how it is shown; the compositor behind it speaks the protocol. Points are the window's own
/// (its window geometry), the same as the client's surface coordinates.
@MainActor public protocol ForeignToplevel: AnyObject {
    /// The window's title (`xdg_toplevel.set_title`).
    var title: String { get }
    /// The client's app id (`xdg_toplevel.set_app_id`), usually its desktop-file id.
    var appID: String { get }
    /// The client's process, or 0 when unknown.
    var processID: Int32 { get }
    /// Whether the window is a dialog (it has a parent) or of one fixed size: it opens centred on
    /// top of the screen rather than full screen.
    var prefersCentred: Bool { get }
    /// The window's latest picture, cut to its window geometry; nil before the first buffer.
    var picture: PixelImage? { get }
    /// The latest picture's size in points, known without the picture (which a window off the
    /// screen may have let go, to be read again when asked for).
    var pictureSize: Size? { get }
    /// The window's pixels read straight from the program's buffers as the frame is drawn — no
    /// picture copied at each commit —, at the picture's size; nil when it has none (draw `picture`).
    var livePixels: (any PixelSource)? { get }
    /// Whether the program has not yet drawn at the size last asked of it (`configure`): meanwhile
    /// its picture is stretched to the window, as iPadOS stretches a snapshot during a resize.
    /// Once it has answered, a picture of another size is the program's own choice, shown as drawn.
    var isCatchingUp: Bool { get }
    /// Whether the program's last buffer is one the shell cannot show (too big to read): its window
    /// would be blank, and a banner names it instead.
    var cannotBeShown: Bool { get }
    /// What changed in the picture at its last change, in the picture's points; nil: maybe everything.
    var damage: Rect? { get }
    /// The window's open popups (menus, tooltips), front last, placed in window points.
    var popups: [ForeignPopup] { get }
    /// Where the program's surfaces are, in window points; nil when that is not known (the picture's
    /// box is all there is).
    var surfaceLayout: ForeignSurfaceLayout? { get }
    /// Whether the program takes input at a window point: inside the input region of one of its
    /// surfaces or popups.
    func acceptsInput(at point: Point) -> Bool
    /// Where its popups may go, in window points; nil: inside the window (which fills the screen).
    var popupArea: Rect? { get set }
    /// Called when the picture, the popups or the title change (set by the shell).
    var onChange: (() -> Void)? { get set }
    /// The sizes the program allows its window (`xdg_toplevel.set_min_size`/`set_max_size`, a 0
    /// being no limit), in window points; nil when it set none.
    var sizeLimits: SizeLimits? { get }
    /// Asks the client to show the window at `size` points (zero: the size it chooses), in `states`.
    func configure(size: Size, states: ToplevelStates)
    /// Asks the client to close the window.
    func close()
    /// The finger or the mouse, at a point of the window (popups first, then the window).
    func pointer(_ event: ForeignPointerEvent)
    /// Gives the window the keyboard, or takes it away.
    func setKeyboardFocus(_ focused: Bool)
    /// A key pressed while the window has the keyboard; false when the key has no code to send.
    func key(_ press: KeyPress) -> Bool
    /// The picture was shown on the screen at `time` (host seconds): the client may draw the next.
    func frameShown()
    /// Whether the program asked for Slate's shortcut keys (a remote desktop, a virtual machine) and
    /// has them now: the shell passes them on while the window has the keyboard.
    var inhibitsShortcuts: Bool { get }
    /// Gives the shortcut keys back to Slate until the window has the keyboard again.
    func restoreShortcuts()
    /// Whether a program is dragging something between programs now (the pointer then goes to the
    /// window under it, and the release drops there).
    var isDraggingBetweenPrograms: Bool { get }
    /// False while the program does not answer (a ping unanswered for 5 s while it had input).
    var isResponding: Bool { get }
    /// Ends the program at once (SIGKILL) and cuts its connection: Force Quit.
    func forceQuit()
}

/// What the finger, the pen or the mouse does over a foreign window. A touch made by the pointer
/// (`Touch.TouchType.indirectPointer`) arrives as `down`, `moved` and `up` (the program sees
/// `wl_pointer`); a finger's (`.direct`) as `touchDown`, `touchMoved` and `touchUp` (`wl_touch`); a
/// pen's (`.pencil`) as `penDown`, `penMoved` and `penUp` (a tablet's pen, `zwp_tablet_v2`, to a
/// program that reads tablets; a finger to one that does not).
public enum ForeignPointerEvent: Hashable, Sendable {
    /// The primary button pressed at a window point.
    case down(Point)
    /// The pointer moved to a window point.
    case moved(Point)
    /// The primary button released at a window point.
    case up(Point)
    /// The secondary (right) button pressed and released at a window point: the program's own
    /// context menu.
    case secondaryClick(Point)
    /// The middle button pressed and released at a window point: the primary selection pasted.
    case middleClick(Point)
    /// The wheel or a two-finger scroll, in points.
    case scroll(Point, dx: Double, dy: Double)
    /// The pointer left the window (or its press was cancelled).
    case leave
    /// A finger touched down at a window point; `id` (the shell's touch id) tells fingers apart.
    case touchDown(id: Int, Point)
    /// Finger `id` moved to a window point (in a drag between programs, of the window under it).
    case touchMoved(id: Int, Point)
    /// Finger `id` lifted at a window point.
    case touchUp(id: Int, Point)
    /// The pen's tip touched down at a window point.
    case penDown(Point)
    /// The pen, down, moved to a window point.
    case penMoved(Point)
    /// The pen's tip lifted at a window point.
    case penUp(Point)
    /// The shell took the window's fingers (and pen) for a system gesture: the program forgets them
    /// (`wl_touch.cancel`), and a drag they carried ends.
    case touchCancelled

    /// How a touch beginning at window point `p` reaches the program, as the device that made it.
    public static func began(_ touch: Touch, at p: Point) -> [ForeignPointerEvent] {
        switch touch.type {
        case .direct: [.touchDown(id: touch.id, p)]
        case .pencil: [.penDown(p)]
        case .indirectPointer: [.moved(p), .down(p)]
        }
    }

    /// How a touch's move to window point `p` reaches the program.
    public static func moved(_ touch: Touch, to p: Point) -> ForeignPointerEvent {
        switch touch.type {
        case .direct: .touchMoved(id: touch.id, p)
        case .pencil: .penMoved(p)
        case .indirectPointer: .moved(p)
        }
    }

    /// How a touch's end at window point `p` reaches the program.
    public static func ended(_ touch: Touch, at p: Point) -> ForeignPointerEvent {
        switch touch.type {
        case .direct: .touchUp(id: touch.id, p)
        case .pencil: .penUp(p)
        case .indirectPointer: .up(p)
        }
    }

    /// How a touch the shell took away reaches the program.
    public static func cancelled(_ touch: Touch) -> ForeignPointerEvent {
        touch.type.isPointer ? .leave : .touchCancelled
    }
}

/// Where a foreign window's surfaces are, in its window's points.
public struct ForeignSurfaceLayout: Hashable, Sendable {
    /// What its surfaces cover: the window geometry's box, or more where a shadow or a subsurface
    /// reaches past it.
    public var bounds: Rect
    /// The corner the program places its window by: the window geometry's it set, else its main
    /// surface's (which, with no geometry set, stays put as subsurfaces move the geometry).
    public var corner: Point

    /// Surfaces covering `bounds`, placed by `corner`.
    public init(bounds: Rect, corner: Point) {
        self.bounds = bounds
        self.corner = corner
    }
}

/// A popup of a foreign window, placed in the window's points.
public struct ForeignPopup: Sendable {
    /// Where it is, in the window's points.
    public var frame: Rect
    /// Its latest picture; nil before its first buffer.
    public var picture: PixelImage?

    /// A popup at `frame` showing `picture`.
    public init(frame: Rect, picture: PixelImage?) {
        self.frame = frame
        self.picture = picture
    }
}

extension ForeignToplevel {
    /// None: the picture is drawn.
    public var livePixels: (any PixelSource)? { nil }
    /// It can.
    public var cannotBeShown: Bool { false }
    /// None.
    public var sizeLimits: SizeLimits? { nil }
    /// Not known: the picture's box.
    public var surfaceLayout: ForeignSurfaceLayout? { nil }
    /// Everywhere.
    public func acceptsInput(at point: Point) -> Bool { true }
    /// Inside the window.
    public var popupArea: Rect? {
        get { nil }
        set {}
    }
}

/// A program's or an app process's window that may ask for text (the compositor's toplevels: the
/// text-input-v3 field of a program, a Slate app's field over the scene protocol).
@MainActor public protocol ForeignTextInput: AnyObject {
    /// The field taking text in the window now; nil while none asks for it.
    var activeTextInput: (any TextInputClient)? { get }
    /// Whether another program types into that field now — an outside keyboard the person allowed
    /// (squeekboard, wvkbd, over input-method-v2) — so that Slate's keyboard yields to it.
    var isTypedIntoElsewhere: Bool { get }
}
