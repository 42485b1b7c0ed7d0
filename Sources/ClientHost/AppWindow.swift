import Foundation
import Graphics
import Host
import Menus
import Scenes
import SlateClientShim
import UI

/// One window of an app process: a scene's window view in a root of its own, drawn on the CPU with
/// Cairo and handed to the shell as `wl_shm` buffers. It draws only when something changed and the
/// shell showed the last picture (frame callbacks), and sends only the part that changed.
@MainActor final class AppWindow {
    let scene: WindowScene
    let handle: OpaquePointer
    let root: RootView
    let host: HeadlessHost
    /// A picture was given to the shell and it has not said it was shown yet.
    var framePending = false
    /// Draw and send everything at the next chance (a new size, a new root).
    private var needsWholePicture = true
    private var shownTitle = ""
    private var shownSubtitle = ""
    /// The touch the primary button makes while it is held, and the pointer's last point.
    private var buttonTouch: Int?
    private var pointer = Point.zero
    private static var nextTouchID = 1
    /// The menu bar last declared to the shell (its commands are performed from it by path), and
    /// its JSON, so that it is sent again only when it changed.
    private(set) var declaredMenuBar: MenuBar?
    private var declaredJSON: String?
    /// The field taking text last declared to the shell (nil: none).
    var declaredTextInput: DeclaredTextInput?

    /// A window of `size` points for `scene`, shown by the toplevel `handle`.
    init(scene: WindowScene, handle: OpaquePointer, size: Size, clock: VirtualClock, scale: Double) {
        self.scene = scene
        self.handle = handle
        (root, host) = Self.makeRoot(scene: scene, size: size, clock: clock, scale: scale)
        // The app's shortcuts, through its responder chain here (the shell performs the system's).
        root.dispatcher.keyEquivalentHandlers.append { [weak scene] k in
            scene?.menuBarBuilder().menuBar.perform(k) ?? false
        }
        // The keyboard on the glass follows the window's field taking text.
        root.onTextInputChange = { [weak self] in self?.declareTextInput() }
    }

    /// Declares the window's menu bar to the shell when it changed since it was last declared.
    func declareMenuBar() {
        let bar = MenuBar(menus: scene.menuBarBuilder().menus)
        let json = MenuBarDeclaration(bar).json
        declaredMenuBar = bar
        guard json != declaredJSON else { return }
        if slate_window_set_menu_bar(handle, json) == 0 { declaredJSON = json }
    }

    /// Performs the declared command a person chose in the shell's menu bar.
    func performMenuCommand(_ path: String) {
        let indices = path.split(separator: ".").compactMap { Int($0) }
        guard !indices.isEmpty, let a = declaredMenuBar?.action(at: indices), !a.isDisabled else { return }
        a.handler(a)
    }

    private static func makeRoot(
        scene: WindowScene, size: Size, clock: VirtualClock, scale: Double
    ) -> (RootView, HeadlessHost) {
        let root = RootView(size: size, clock: clock)
        // The clock follows the wall clock here: work for the views goes to threads, as in `slate run`.
        root.environment.backgroundWork.mode = .threads
        scene.windowView.removeFromSuperview()
        root.addSubview(scene.windowView)
        scene.windowView.frame = root.bounds
        let host = HeadlessHost(root: root, clock: clock, scale: scale)
        return (root, host)
    }

    /// The shell gave the window a size (points); 0 leaves it as it is. The views stay (and what they
    /// wait for: a list being read, a menu's animation); only the picture is made anew at the size.
    func resize(to size: Size) {
        guard size.width >= 1, size.height >= 1, size != root.bounds.size else { return }
        root.frame = Rect(size: size)
        scene.windowView.frame = root.bounds
        host.rootDidResize()
        needsWholePicture = true
    }

    /// Whether the window has something new to show.
    var needsFrame: Bool { needsFrameNow || root.needsFrame }

    /// Whether the window has something to show now (a gesture's timer not yet due is waited for).
    var needsFrameNow: Bool { needsWholePicture || root.needsFrameNow || titleChanged }

    private var titleChanged: Bool { scene.title != shownTitle || scene.subtitle != shownSubtitle }

    /// Draws what changed and gives it to the shell, when the shell can take it; true when the
    /// window drew something.
    @discardableResult
    func present() -> Bool {
        guard !framePending, slate_window_is_configured(handle) != 0 else { return false }
        if titleChanged {
            shownTitle = scene.title
            shownSubtitle = scene.subtitle
            slate_window_set_title(handle, shownTitle)
            slate_window_set_subtitle(handle, shownSubtitle)
        }
        if needsWholePicture { root.damageAll() }
        let image = host.frame()
        guard needsWholePicture || !host.lastDamage.isEmpty else { return false }
        let s = host.scale
        var box = (x: 0, y: 0, w: 0, h: 0)
        if !needsWholePicture, let first = host.lastDamage.first {
            let u = host.lastDamage.dropFirst().reduce(first) { $0.union($1) }
            let x0 = max(0, Int((u.minX * s).rounded(.down)))
            let y0 = max(0, Int((u.minY * s).rounded(.down)))
            let x1 = min(image.width, Int((u.maxX * s).rounded(.up)))
            let y1 = min(image.height, Int((u.maxY * s).rounded(.up)))
            box = (x0, y0, max(0, x1 - x0), max(0, y1 - y0))
        }
        let rc = image.pixels.withUnsafeBufferPointer { buf in
            slate_window_present(
                handle, buf.baseAddress, Int32(image.width), Int32(image.height), Int32(image.width * 4),
                Int32(s.rounded()), Int32(box.x), Int32(box.y), Int32(box.w), Int32(box.h))
        }
        if rc == 0 {
            framePending = true
            needsWholePicture = false
        } else {
            // Not taken: the next try sends all of it (this damage is spent).
            needsWholePicture = true
        }
        return true
    }

    // MARK: Input

    /// The finger or the pointer from the shell, in window points.
    func pointerEvent(kind: slate_pointer_kind, id: Int32, x: Double, y: Double) {
        let d = root.dispatcher!
        let now = host.clock.now
        let p = Point(x, y)
        switch kind {
        case .pointerMotion:
            pointer = p
            if let t = buttonTouch {
                d.handle(Touch(id: t, phase: .moved, location: p, timestamp: now, type: .indirectPointer))
            } else {
                d.handle(PointerEvent.hover(p))
            }
        case .pointerDown:
            let t = Self.nextTouchID
            Self.nextTouchID += 1
            buttonTouch = t
            d.handle(Touch(id: t, phase: .began, location: pointer, timestamp: now, type: .indirectPointer))
        case .pointerUp:
            if let t = buttonTouch {
                d.handle(Touch(id: t, phase: .ended, location: pointer, timestamp: now, type: .indirectPointer))
            }
            buttonTouch = nil
        case .secondaryDown:
            d.handle(PointerEvent.secondaryClick(pointer))
        case .axis:
            d.handle(PointerEvent.scroll(pointer, dx: x, dy: y))
        case .pointerLeave:
            if let t = buttonTouch {
                d.handle(Touch(id: t, phase: .cancelled, location: pointer, timestamp: now, type: .indirectPointer))
            }
            buttonTouch = nil
            d.handle(PointerEvent.exit)
        case .touchDown:
            touchPoints[id] = p
            d.handle(
                Touch(id: Touch.id(ofDeviceTouch: Int(id)), phase: .began, location: p, timestamp: now, type: .direct))
        case .touchMotion:
            touchPoints[id] = p
            d.handle(
                Touch(id: Touch.id(ofDeviceTouch: Int(id)), phase: .moved, location: p, timestamp: now, type: .direct))
        case .touchUp:
            let last = touchPoints.removeValue(forKey: id) ?? pointer
            d.handle(
                Touch(
                    id: Touch.id(ofDeviceTouch: Int(id)), phase: .ended, location: last, timestamp: now, type: .direct))
        case .touchCancel:
            // The shell took the finger (a system gesture), or a drag it carried ended elsewhere.
            guard let last = touchPoints.removeValue(forKey: id) else { return }
            d.handle(
                Touch(
                    id: Touch.id(ofDeviceTouch: Int(id)), phase: .cancelled, location: last, timestamp: now,
                    type: .direct))
        }
    }

    /// Where each finger last was (wl_touch's up carries no point).
    private var touchPoints: [Int32: Point] = [:]

    /// A key from the shell's keyboard (pressed only; releases mean nothing to Slate's views).
    func keyEvent(sym: UInt32, text: String, modifiers bits: UInt32) {
        guard let key = Keysyms.key(sym, text: text) else { return }
        let d = root.dispatcher!
        let mods = Keysyms.modifiers(bits)
        if case .character(let c) = key, mods.subtracting(.shift).isEmpty {
            if !d.handleText(String(c)) { d.handle(KeyPress(key, modifiers: mods.subtracting(.shift))) }
        } else {
            d.handle(KeyPress(key, modifiers: mods))
        }
    }
}
