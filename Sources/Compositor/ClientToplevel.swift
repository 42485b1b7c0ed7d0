import Foundation
import Graphics
import ShellPorts
import SlateCompositorShim
import UI
import Windowing

/// A client's toplevel window, as the shell sees it (`ForeignToplevel`).
@MainActor public class ClientToplevel: ClientView, ForeignToplevel {
    /// Called when the picture, the popups or the title change (the shell sets it).
    public var onChange: (() -> Void)?
    private(set) var popupViews: [ClientPopup] = []
    /// The size last asked of the client, in points.
    public internal(set) var requestedSize: Size?
    /// The states last told the client.
    public internal(set) var requestedStates: ToplevelStates = []
    /// The view under the finger from down to up (the pointer's implicit grab), with its offset.
    /// Weak: it is often this toplevel itself, which a window closed under the finger would otherwise
    /// keep alive, picture and all (LeakSanitizer found it under the scene fuzz target).
    private weak var grab: ClientView?
    /// Evdev codes of the modifiers held for the key being sent.

    override var toplevel: ClientToplevel? { self }

    /// The program's field taking text from the keyboard on the glass (text-input-v3), made once.
    private(set) lazy var programTextInput = ProgramTextInput(toplevel: self)

    /// The field taking text in this window now: the program's, while its text-input-v3 is enabled on
    /// this window with the keyboard (`ForeignTextInput`).
    public var activeTextInput: (any TextInputClient)? {
        guard isAlive, slate_text_input_view(comp) == handle else { return nil }
        return programTextInput
    }

    /// Whether an outside keyboard types into the window's field now (`ForeignTextInput`): a program
    /// the person allowed to type, bound as the input method (input-method-v2), as on sway or Phosh.
    public var isTypedIntoElsewhere: Bool {
        activeTextInput != nil && slate_text_input_has_outside_keyboard(comp) != 0
    }

    /// A program's window on the screen is drawn from its buffers as each frame is made.
    override var drawsLive: Bool { true }

    public var livePixels: (any PixelSource)? {
        guard drawsLive, isAlive, isMapped, let w = liveWindow else { return nil }
        return ClientPixels(handle: handle, window: w)
    }

    /// How task switchers were last told the window is shown.
    struct TaskSwitcherState: Equatable {
        var activated: Bool
        var minimized: Bool
        /// As the program was last told (`requestedStates`).
        var maximized: Bool
        var fullScreen: Bool
    }
    var taskSwitcherState: TaskSwitcherState?

    public var isCatchingUp: Bool { isAlive && slate_view_configure_pending(handle) != 0 }

    public var title: String { isAlive ? String(cString: slate_view_title(handle)) : "" }
    /// Whether the window is an X11 program's (through Xwayland): its app id is its class.
    public var isX11: Bool { isAlive && slate_view_is_x11(handle) != 0 }
    /// Where X was last told the window is on the screen (an X11 window's), in points.
    private var toldPosition: (x: Int32, y: Int32)?

    /// Tells an X11 program where its window is on the screen (points), when that changed.
    func tellScreenPosition(_ p: Point) {
        let told = (Int32(p.x.rounded()), Int32(p.y.rounded()))
        guard isAlive, toldPosition.map({ $0 != told }) ?? true else { return }
        toldPosition = told
        slate_view_set_screen_position(handle, told.0, told.1)
    }
    public var appID: String { isAlive ? String(cString: slate_view_app_id(handle)) : "" }
    public var processID: Int32 { isAlive ? slate_view_pid(handle) : 0 }

    public var prefersCentred: Bool {
        guard isAlive else { return false }
        if slate_view_has_parent(handle) != 0 { return true }
        var minW: Int32 = 0
        var minH: Int32 = 0
        var maxW: Int32 = 0
        var maxH: Int32 = 0
        slate_view_size_limits(handle, &minW, &minH, &maxW, &maxH)
        return minW > 0 && minW == maxW && minH > 0 && minH == maxH
    }

    public var sizeLimits: SizeLimits? {
        guard isAlive else { return nil }
        var minW: Int32 = 0
        var minH: Int32 = 0
        var maxW: Int32 = 0
        var maxH: Int32 = 0
        slate_view_size_limits(handle, &minW, &minH, &maxW, &maxH)
        guard minW > 0 || minH > 0 || maxW > 0 || maxH > 0 else { return nil }
        return SizeLimits(minimum: Size(Double(minW), Double(minH)), maximum: Size(Double(maxW), Double(maxH)))
    }

    /// The window's size in points: what it was asked for, else (asked for none, or for the size its
    /// program chooses) its own geometry.
    var windowSize: Size {
        if let r = requestedSize, r.width > 0, r.height > 0 { return r }
        return geometry.isEmpty ? Size(800, 600) : geometry.size
    }

    public var popups: [ForeignPopup] {
        popupViews.filter { $0.isMapped }.map { ForeignPopup(frame: $0.frame, picture: $0.picture) }
    }

    public var popupArea: Rect? {
        didSet { if popupArea != oldValue { for p in popupViews { p.constrain() } } }
    }

    public var surfaceLayout: ForeignSurfaceLayout? {
        guard isAlive else { return nil }
        var x: Int32 = 0
        var y: Int32 = 0
        var w: Int32 = 0
        var h: Int32 = 0
        var cx: Int32 = 0
        var cy: Int32 = 0
        slate_view_surface_layout(handle, &x, &y, &w, &h, &cx, &cy)
        guard w > 0, h > 0 else { return nil }
        // (Window points start at the window geometry's corner, as `pointer` takes them.)
        let g = geometry.origin
        return ForeignSurfaceLayout(
            bounds: Rect(Double(x) - g.x, Double(y) - g.y, Double(w), Double(h)),
            corner: Point(Double(cx) - g.x, Double(cy) - g.y))
    }

    public func acceptsInput(at p: Point) -> Bool {
        guard isAlive else { return false }
        let (v, sp) = target(at: p)
        return slate_view_accepts_input(v.handle, sp.x, sp.y) != 0
    }

    /// The popups open now (for tests).
    public var openPopups: [ClientPopup] { popupViews.filter { $0.isMapped } }

    var popupBounds: Rect { popupArea ?? Rect(origin: .zero, size: windowSize) }

    func attach(_ p: ClientPopup) { popupViews.append(p) }

    func detach(_ p: ClientPopup) {
        popupViews.removeAll { $0 === p }
        if grab === p { grab = nil }
        popupsChanged()
    }

    func popupsChanged() {
        damage = nil
        onChange?()
    }

    override func pictureDidChange() { onChange?() }

    public func close() {
        guard isAlive else { return }
        slate_view_close(handle)
    }

    public func frameShown() {
        guard isAlive else { return }
        slate_view_frame_done(handle, slate_comp_now_msec())
    }

    /// The view under a window point (front popup first) and the point in its surface coordinates.
    private func target(at p: Point) -> (ClientView, Point) {
        for popup in popupViews.reversed() where popup.isMapped && popup.isAlive {
            let f = popup.frame
            if f.contains(p) {
                return (popup, Point(p.x - f.minX + popup.geometry.minX, p.y - f.minY + popup.geometry.minY))
            }
        }
        return (self, Point(p.x + geometry.minX, p.y + geometry.minY))
    }

    private func surfacePoint(_ p: Point, in v: ClientView) -> Point {
        if let popup = v as? ClientPopup {
            let f = popup.frame
            return Point(p.x - f.minX + popup.geometry.minX, p.y - f.minY + popup.geometry.minY)
        }
        return Point(p.x + geometry.minX, p.y + geometry.minY)
    }

    public func pointer(_ event: ForeignPointerEvent) {
        guard isAlive else {
            // The window went with fingers on it: their wl_touch ids are free again.
            if case .touchUp(let id, _) = event { touchSlots.free(id) }
            if case .penUp = event { touchSlots.free(Self.penTouchID) }
            if case .touchCancelled = event {
                for id in touchGrabs.keys { touchSlots.free(id) }
                touchGrabs.removeAll()
            }
            return
        }
        let t = slate_comp_now_msec()
        switch event {
        case .moved(let p):
            let (v, sp) = grab.map { ($0, surfacePoint(p, in: $0)) } ?? target(at: p)
            slate_comp_pointer_motion(comp, v.handle, sp.x, sp.y, t)
        case .down(let p):
            let (v, sp) = target(at: p)
            grab = v
            slate_comp_pointer_motion(comp, v.handle, sp.x, sp.y, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_PRIMARY.rawValue, 1, t)
        case .up(let p):
            // In a drag between programs the pointer stays over the drop target.
            if let g = grab, g.isAlive, slate_comp_drag_active(comp) == 0 {
                let sp = surfacePoint(p, in: g)
                slate_comp_pointer_motion(comp, g.handle, sp.x, sp.y, t)
            }
            slate_comp_pointer_button(comp, SLATE_BUTTON_PRIMARY.rawValue, 0, t)
            grab = nil
        case .secondaryClick(let p):
            let (v, sp) = target(at: p)
            slate_comp_pointer_motion(comp, v.handle, sp.x, sp.y, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_SECONDARY.rawValue, 1, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_SECONDARY.rawValue, 0, t)
        case .middleClick(let p):
            let (v, sp) = target(at: p)
            slate_comp_pointer_motion(comp, v.handle, sp.x, sp.y, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_MIDDLE.rawValue, 1, t)
            slate_comp_pointer_button(comp, SLATE_BUTTON_MIDDLE.rawValue, 0, t)
        case .scroll(_, let dx, let dy):
            slate_comp_pointer_axis(comp, dx, dy, t)
        case .leave:
            grab = nil
            slate_comp_pointer_leave(comp)
        case .penDown(let p):
            // A pen to a program that reads tablets; else a finger.
            let (v, sp) = target(at: p)
            if slate_comp_pen_down(comp, v.handle, sp.x, sp.y, t) != 0 {
                penView = WeakClientView(view: v)
            } else {
                penView = nil
                pointer(.touchDown(id: Self.penTouchID, p))
            }
        case .penMoved(let p):
            guard let v = penView?.view else { return pointer(.touchMoved(id: Self.penTouchID, p)) }
            if v.isAlive {
                let sp = surfacePoint(p, in: v)
                slate_comp_pen_motion(comp, v.handle, sp.x, sp.y, t)
            }
        case .penUp(let p):
            guard penView != nil else { return pointer(.touchUp(id: Self.penTouchID, p)) }
            penView = nil
            slate_comp_pen_up(comp, t)
        case .touchDown(let id, let p):
            let (v, sp) = target(at: p)
            guard let slot = touchSlots.take(id) else { return }
            touchGrabs[id] = WeakClientView(view: v)
            slate_comp_touch_down(comp, v.handle, slot, sp.x, sp.y, t)
        case .touchMoved(let id, let p):
            // The finger's own window, or (carrying a drag between programs) this one, under it.
            guard let slot = touchSlots.slot(of: id) else { return }
            let (v, sp) = touchGrabs[id]?.view.map { ($0, surfacePoint(p, in: $0)) } ?? target(at: p)
            slate_comp_touch_motion(comp, v.isAlive ? v.handle : nil, slot, sp.x, sp.y, t)
        case .touchUp(let id, let p):
            guard let slot = touchSlots.slot(of: id) else { return }
            if let g = touchGrabs[id]?.view, g.isAlive, slate_comp_drag_active(comp) == 0 {
                let sp = surfacePoint(p, in: g)
                slate_comp_touch_motion(comp, g.handle, slot, sp.x, sp.y, t)
            }
            slate_comp_touch_up(comp, slot, t)
            touchSlots.free(id)
            touchGrabs[id] = nil
        case .touchCancelled:
            if penView != nil {
                penView = nil
                slate_comp_pen_up(comp, t)
            }
            slate_comp_touch_cancel(comp, handle)
            for id in touchGrabs.keys { touchSlots.free(id) }
            touchGrabs.removeAll()
        }
    }

    /// The touch id the pen's tip has where it reaches a program as a finger (one that reads no
    /// tablets): no finger of the shell's has it.
    static let penTouchID = -1
    /// The view the pen went down in as a pen (not as a finger), while it is down.
    private var penView: WeakClientView?

    /// The view each finger now down on the window went down on (its implicit grab), by the
    /// shell's touch id. Weak, as `grab`.
    private var touchGrabs: [Int: WeakClientView] = [:]

    public func setKeyboardFocus(_ focused: Bool) {
        guard isAlive else { return }
        // A window that lets go takes the keys from nobody else (the window given them keeps them).
        if focused { slate_comp_keyboard_focus(comp, handle) } else { slate_view_keyboard_leave(handle) }
    }

    public var inhibitsShortcuts: Bool {
        isAlive && slate_view_has_keyboard(handle) != 0 && slate_comp_shortcuts_inhibited(comp) != 0
    }

    public func restoreShortcuts() {
        if isAlive { slate_comp_restore_shortcuts(comp) }
    }

    public var isDraggingBetweenPrograms: Bool { isAlive && slate_comp_drag_active(comp) != 0 }

    // MARK: Answering

    /// Whether the window takes the keys (its program is pinged while it does).
    public var hasKeyboardFocus: Bool { isAlive && slate_view_has_keyboard(handle) != 0 }
    public private(set) var isResponding = true
    /// When the unanswered ping was sent (`MonotonicClock` seconds), and when the last one was.
    private var pingSentAt: Double?
    private var lastPing = -Double.infinity
    /// Whether a ping is unanswered or the program was marked not responding: looked at each turn.
    var awaitsAnswer: Bool { pingSentAt != nil || !isResponding }
    /// How often a program with input is asked whether it answers, in seconds.
    static let pingInterval = 1.0

    /// Pings the program while the window has input; a ping answered makes it responding again.
    func checkResponding(now: Double) {
        guard isAlive, hasKeyboardFocus || !isResponding else { return }
        if pingSentAt != nil, slate_view_ping_pending(handle) == 0 {
            pingSentAt = nil
            if !isResponding {
                isResponding = true
                onChange?()
            }
        }
        if pingSentAt == nil, now - lastPing >= Self.pingInterval {
            slate_view_ping(handle)
            pingSentAt = now
            lastPing = now
        }
    }

    /// The ping went unanswered for `SLATE_PING_TIMEOUT_MS`.
    func pingTimedOut() {
        pingSentAt = nil
        guard isResponding else { return }
        isResponding = false
        onChange?()
    }

    public func forceQuit() {
        let pid = processID
        if pid > 0, pid != getpid() { kill(pid, SIGKILL) }
        if isAlive { slate_view_kill_client(handle) }
    }

    public func key(_ press: KeyPress) -> Bool {
        guard isAlive else { return false }
        // A character typed as it is (no shortcut held): whichever key of the keymap makes it, in
        // any of its layouts (Cyrillic on the Russian one).
        if case .character(let c) = press.key, press.modifiers.subtracting(.shift).isEmpty,
            c.unicodeScalars.count == 1, let u = c.unicodeScalars.first
        {
            if slate_comp_type(comp, u.value, slate_comp_now_msec()) == 0 { return true }
        }
        guard let (code, shift) = Keymap.code(for: press.key) else { return false }
        var mods: [UInt32] = []
        if shift || press.modifiers.contains(.shift) { mods.append(Keymap.leftShift) }
        if press.modifiers.contains(.control) { mods.append(Keymap.leftControl) }
        if press.modifiers.contains(.alternate) { mods.append(Keymap.leftAlt) }
        if press.modifiers.contains(.command) { mods.append(Keymap.leftSuper) }
        let t = slate_comp_now_msec()
        for m in mods { slate_comp_key(comp, m, 1, t) }
        slate_comp_key(comp, code, 1, t)
        slate_comp_key(comp, code, 0, t)
        for m in mods.reversed() { slate_comp_key(comp, m, 0, t) }
        return true
    }
}

/// Slate's keys as evdev key codes (the kernel's names) on a US layout (the keymap the compositor
/// gives clients unless `XKB_DEFAULT_LAYOUT` says otherwise).
enum Keymap {
    /// A key code by the kernel's name, as the key event carries it.
    private static func code(_ key: Int32) -> UInt32 { UInt32(key) }

    static let letters: [Character: UInt32] = {
        let keys: [Int32] = [
            KEY_A, KEY_B, KEY_C, KEY_D, KEY_E, KEY_F, KEY_G, KEY_H, KEY_I, KEY_J, KEY_K, KEY_L, KEY_M, KEY_N, KEY_O,
            KEY_P, KEY_Q, KEY_R, KEY_S, KEY_T, KEY_U, KEY_V, KEY_W, KEY_X, KEY_Y, KEY_Z,
        ]
        return Dictionary(uniqueKeysWithValues: zip("abcdefghijklmnopqrstuvwxyz", keys.map(code)))
    }()
    /// Unshifted and shifted characters of the other keys.
    static let symbols: [Character: (UInt32, Bool)] = {
        var out: [Character: (UInt32, Bool)] = [:]
        let rows: [(String, String, [Int32])] = [
            (
                "1234567890", "!@#$%^&*()",
                [KEY_1, KEY_2, KEY_3, KEY_4, KEY_5, KEY_6, KEY_7, KEY_8, KEY_9, KEY_0]
            ),
            (
                "-=[];'`\\,./", "_+{}:\"~|<>?",
                [
                    KEY_MINUS, KEY_EQUAL, KEY_LEFTBRACE, KEY_RIGHTBRACE, KEY_SEMICOLON, KEY_APOSTROPHE, KEY_GRAVE,
                    KEY_BACKSLASH, KEY_COMMA, KEY_DOT, KEY_SLASH,
                ]
            ),
        ]
        for (plain, shifted, keys) in rows {
            for (i, c) in plain.enumerated() { out[c] = (code(keys[i]), false) }
            for (i, c) in shifted.enumerated() { out[c] = (code(keys[i]), true) }
        }
        out[" "] = (code(KEY_SPACE), false)
        return out
    }()

    /// The modifiers' keys: either Shift, Control, Alt, and the Super (logo) keys.
    static let shiftKeys: Set<UInt32> = [code(KEY_LEFTSHIFT), code(KEY_RIGHTSHIFT)]
    static let controlKeys: Set<UInt32> = [code(KEY_LEFTCTRL), code(KEY_RIGHTCTRL)]
    static let altKeys: Set<UInt32> = [code(KEY_LEFTALT), code(KEY_RIGHTALT)]
    static let superKeys: Set<UInt32> = [code(KEY_LEFTMETA), code(KEY_RIGHTMETA)]
    /// The keys a program is sent to hold a modifier.
    static let leftShift = code(KEY_LEFTSHIFT)
    static let leftControl = code(KEY_LEFTCTRL)
    static let leftAlt = code(KEY_LEFTALT)
    static let leftSuper = code(KEY_LEFTMETA)

    /// The named keys and their codes.
    static let named: [(Key, UInt32)] = [
        (.return, code(KEY_ENTER)), (.escape, code(KEY_ESC)), (.tab, code(KEY_TAB)),
        (.backspace, code(KEY_BACKSPACE)), (.delete, code(KEY_DELETE)), (.space, code(KEY_SPACE)),
        (.up, code(KEY_UP)), (.down, code(KEY_DOWN)), (.left, code(KEY_LEFT)), (.right, code(KEY_RIGHT)),
        (.home, code(KEY_HOME)), (.end, code(KEY_END)), (.pageUp, code(KEY_PAGEUP)), (.pageDown, code(KEY_PAGEDOWN)),
        (.menu, code(KEY_COMPOSE)), (.print, code(KEY_SYSRQ)), (.volumeUp, code(KEY_VOLUMEUP)),
        (.volumeDown, code(KEY_VOLUMEDOWN)), (.power, code(KEY_POWER)),
    ]
    /// F1 … F12.
    static let functionKeys: [UInt32] = [
        KEY_F1, KEY_F2, KEY_F3, KEY_F4, KEY_F5, KEY_F6, KEY_F7, KEY_F8, KEY_F9, KEY_F10, KEY_F11, KEY_F12,
    ].map(code)

    /// The key code and whether Shift is needed, or nil for a key with none on the layout.
    static func code(for key: Key) -> (UInt32, Bool)? {
        switch key {
        case .character(let c):
            if let l = letters[c] { return (l, false) }
            if let l = c.lowercased().first, let code = letters[l] { return (code, true) }
            return symbols[c]
        case .function(let n):
            return functionKeys.indices.contains(n - 1) ? (functionKeys[n - 1], false) : nil
        default:
            return named.first { $0.0 == key }.map { ($0.1, false) }
        }
    }
}

/// A program's window read straight from its buffers, for the frame being drawn now: the main
/// surface and its subsurfaces composed over what the frame has there (the window's background).
/// Made for one frame and used at once, on the thread that draws it: the handle is valid then.
struct ClientPixels: PixelSource, @unchecked Sendable {
    let handle: OpaquePointer
    /// The window geometry in the buffer, in pixels, and the buffer's scale.
    let window: (x: Int, y: Int, width: Int, height: Int, scale: Int)

    var pixelWidth: Int { window.width }
    var pixelHeight: Int { window.height }
    var scale: Double { Double(window.scale) }

    var opaquePart: PixelRect {
        var x: Int32 = 0
        var y: Int32 = 0
        var w: Int32 = 0
        var h: Int32 = 0
        slate_view_opaque_rect(
            handle, Int32(window.x), Int32(window.y), Int32(window.width), Int32(window.height), &x, &y, &w, &h)
        return PixelRect(x: Int(x), y: Int(y), width: Int(w), height: Int(h))
    }

    func write(_ rect: PixelRect, to out: UnsafeMutablePointer<UInt32>, stride: Int) {
        // (A buffer the program let go between its commit and this frame draws nothing: the
        // background stays.)
        _ = slate_view_draw(
            handle, Int32(window.x), Int32(window.y), Int32(window.width), Int32(window.height), Int32(rect.x),
            Int32(rect.y), Int32(rect.width), Int32(rect.height),
            UnsafeMutableRawPointer(out).assumingMemoryBound(to: UInt8.self),
            Int32(stride * 4), 0)
    }
}

extension ClientToplevel: PopupOwner {}
