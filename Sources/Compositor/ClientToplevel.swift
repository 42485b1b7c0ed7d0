import Foundation
import Graphics
import Shell
import SlateCompositorShim
import UI

/// A client's toplevel window, as the shell sees it (`ForeignToplevel`).
@MainActor public class ClientToplevel: ClientView, ForeignToplevel {
    /// Called when the picture, the popups or the title change (the shell sets it).
    public var onChange: (() -> Void)?
    private(set) var popupViews: [ClientPopup] = []
    /// The size last asked of the client, in points.
    public private(set) var requestedSize: Size?
    /// The view under the finger from down to up (the pointer's implicit grab), with its offset.
    /// Weak: it is often this toplevel itself, which a window closed under the finger would otherwise
    /// keep alive, picture and all (LeakSanitizer found it under the scene fuzz target).
    private weak var grab: ClientView?
    /// Evdev codes of the modifiers held for the key being sent.
    private static let leftShift: UInt32 = 42
    private static let leftCtrl: UInt32 = 29
    private static let leftAlt: UInt32 = 56
    private static let leftMeta: UInt32 = 125
    private static let buttonLeft: UInt32 = 0x110
    private static let buttonRight: UInt32 = 0x111

    override var toplevel: ClientToplevel? { self }

    /// A program's window on the screen is drawn from its buffers as each frame is made.
    override var drawsLive: Bool { true }

    public var livePixels: (any PixelSource)? {
        guard drawsLive, isAlive, isMapped, let w = liveWindow else { return nil }
        return ClientPixels(handle: handle, window: w)
    }

    public var isCatchingUp: Bool { isAlive && slate_view_configure_pending(handle) != 0 }

    public var title: String { isAlive ? String(cString: slate_view_title(handle)) : "" }
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

    /// What an `xdg_toplevel` request event (`slate_view_event`) asks of the shell.
    func request(_ event: UInt32) -> ToplevelRequest? {
        guard isAlive else { return nil }
        var maximized: Int32 = 0
        var fullscreen: Int32 = 0
        slate_view_requested_states(handle, &maximized, &fullscreen)
        switch event {
        case SLATE_VIEW_REQUEST_MOVE.rawValue: return .move
        case SLATE_VIEW_REQUEST_RESIZE.rawValue:
            return .resize(WindowEdges(xdgResizeEdge: slate_view_resize_edges(handle)))
        case SLATE_VIEW_REQUEST_MINIMIZE.rawValue: return .minimize
        case SLATE_VIEW_REQUEST_MAXIMIZE.rawValue: return .maximize(maximized != 0)
        case SLATE_VIEW_REQUEST_FULLSCREEN.rawValue: return .fullScreen(fullscreen != 0)
        default: return nil
        }
    }

    /// The window's size in points: what it was asked for, else its own geometry.
    var windowSize: Size {
        requestedSize ?? (geometry.isEmpty ? Size(800, 600) : geometry.size)
    }

    public var popups: [ForeignPopup] {
        popupViews.filter { $0.isMapped }.map { ForeignPopup(frame: $0.frame, picture: $0.picture) }
    }

    /// The popups open now (for tests).
    public var openPopups: [ClientPopup] { popupViews.filter { $0.isMapped } }

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

    public func configure(size: Size, tiled: Bool, activated: Bool) {
        guard isAlive else { return }
        requestedSize = size
        slate_view_configure(
            handle, Int32(size.width.rounded()), Int32(size.height.rounded()), tiled ? 1 : 0, tiled ? 1 : 0,
            activated ? 1 : 0)
    }

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
            slate_comp_pointer_button(comp, Self.buttonLeft, 1, t)
        case .up(let p):
            // In a drag between programs the pointer stays over the drop target.
            if let g = grab, g.isAlive, slate_comp_drag_active(comp) == 0 {
                let sp = surfacePoint(p, in: g)
                slate_comp_pointer_motion(comp, g.handle, sp.x, sp.y, t)
            }
            slate_comp_pointer_button(comp, Self.buttonLeft, 0, t)
            grab = nil
        case .secondaryClick(let p):
            let (v, sp) = target(at: p)
            slate_comp_pointer_motion(comp, v.handle, sp.x, sp.y, t)
            slate_comp_pointer_button(comp, Self.buttonRight, 1, t)
            slate_comp_pointer_button(comp, Self.buttonRight, 0, t)
        case .scroll(_, let dx, let dy):
            slate_comp_pointer_axis(comp, dx, dy, t)
        case .leave:
            grab = nil
            slate_comp_pointer_leave(comp)
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
            slate_comp_touch_cancel(comp, handle)
            for id in touchGrabs.keys { touchSlots.free(id) }
            touchGrabs.removeAll()
        }
    }

    /// The view each finger now down on the window went down on (its implicit grab), by the
    /// shell's touch id. Weak, as `grab`.
    private var touchGrabs: [Int: WeakClientView] = [:]

    public func setKeyboardFocus(_ focused: Bool) {
        guard isAlive else { return }
        // A window that lets go takes the keys from nobody else (the window given them keeps them).
        if focused { slate_comp_keyboard_focus(comp, handle) } else { slate_view_keyboard_leave(handle) }
    }

    public var isDraggingBetweenPrograms: Bool { isAlive && slate_comp_drag_active(comp) != 0 }

    // MARK: Answering

    /// Whether the window takes the keys (its program is pinged while it does).
    public var hasKeyboardFocus: Bool { isAlive && slate_view_has_keyboard(handle) != 0 }
    public private(set) var isResponding = true
    /// When the unanswered ping was sent (`MonotonicClock` seconds), and when the last one was.
    private var pingSentAt: Double?
    private var lastPing = -Double.infinity
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
        if shift || press.modifiers.contains(.shift) { mods.append(Self.leftShift) }
        if press.modifiers.contains(.control) { mods.append(Self.leftCtrl) }
        if press.modifiers.contains(.alternate) { mods.append(Self.leftAlt) }
        if press.modifiers.contains(.command) { mods.append(Self.leftMeta) }
        let t = slate_comp_now_msec()
        for m in mods { slate_comp_key(comp, m, 1, t) }
        slate_comp_key(comp, code, 1, t)
        slate_comp_key(comp, code, 0, t)
        for m in mods.reversed() { slate_comp_key(comp, m, 0, t) }
        return true
    }
}

/// Slate's keys as evdev key codes on a US layout (the keymap the compositor gives clients unless
/// `XKB_DEFAULT_LAYOUT` says otherwise).
enum Keymap {
    static let letters: [Character: UInt32] = [
        "q": 16, "w": 17, "e": 18, "r": 19, "t": 20, "y": 21, "u": 22, "i": 23, "o": 24, "p": 25,
        "a": 30, "s": 31, "d": 32, "f": 33, "g": 34, "h": 35, "j": 36, "k": 37, "l": 38,
        "z": 44, "x": 45, "c": 46, "v": 47, "b": 48, "n": 49, "m": 50,
    ]
    /// Unshifted and shifted characters of the other keys.
    static let symbols: [Character: (UInt32, Bool)] = {
        var out: [Character: (UInt32, Bool)] = [:]
        let rows: [(String, String, [UInt32])] = [
            ("1234567890", "!@#$%^&*()", [2, 3, 4, 5, 6, 7, 8, 9, 10, 11]),
            ("-=[];'`\\,./", "_+{}:\"~|<>?", [12, 13, 26, 27, 39, 40, 41, 43, 51, 52, 53]),
        ]
        for (plain, shifted, codes) in rows {
            for (i, c) in plain.enumerated() { out[c] = (codes[i], false) }
            for (i, c) in shifted.enumerated() { out[c] = (codes[i], true) }
        }
        out[" "] = (57, false)
        return out
    }()

    /// The key code and whether Shift is needed, or nil for a key with none on the layout.
    static func code(for key: Key) -> (UInt32, Bool)? {
        switch key {
        case .character(let c):
            if let l = letters[c] { return (l, false) }
            if let l = c.lowercased().first, let code = letters[l] { return (code, true) }
            return symbols[c]
        case .return: return (28, false)
        case .escape: return (1, false)
        case .tab: return (15, false)
        case .backspace: return (14, false)
        case .delete: return (111, false)
        case .space: return (57, false)
        case .up: return (103, false)
        case .down: return (108, false)
        case .left: return (105, false)
        case .right: return (106, false)
        case .home: return (102, false)
        case .end: return (107, false)
        case .pageUp: return (104, false)
        case .pageDown: return (109, false)
        case .menu: return (127, false)
        case .function(let n):
            if (1...10).contains(n) { return (UInt32(58 + n), false) }
            if n == 11 { return (87, false) }
            if n == 12 { return (88, false) }
            return nil
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
