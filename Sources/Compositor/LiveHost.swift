import Foundation
import Graphics
import Host
import Rendering
import ShellPorts
import SlateCompositorShim
import UI

/// A screen as a compositor on the real clock: in a window on the desktop (nested backend), whose
/// mouse, touch and keys become the screen's input, or with no screen at all (headless: programs
/// connect to the socket and their windows are managed unseen). Frames are drawn when something
/// changed, and shown in the window; idle, the loop sleeps in poll(2) on the compositor's events and
/// any descriptors it was asked to watch (a screen reader's bus).
///
/// The root is usually the `Shell`, whose windows the compositor's clients become; any root view
/// works (`slate probe`), and then clients are served but shown nowhere.
@MainActor public final class LiveHost {
    /// The root drawn on the screen.
    public let root: RootView
    /// The shell, when the root is one.
    public var shell: (any LiveScreenShell)? { root as? any LiveScreenShell }
    /// The compositor the clients connect to.
    public let compositor: WaylandCompositor
    /// Draws the root (on a clock this host moves with the wall clock).
    public let host: HeadlessHost
    let clock: VirtualClock
    let origin = MonotonicClock.read()
    private var running = true
    /// Called once a turn of the loop (after the frame).
    public var onTurn: (() -> Void)?
    /// Called after each frame is shown (a screen reader's bridge compares its tree then).
    public var onFrame: (() -> Void)?
    /// `slate run --frame-times`: a live graph of the frames' times over the screen's corner.
    public var showsFrameTimes = false
    private var frameTimes = FrameTimesGraph()
    private var watches: [(descriptors: [Int32], handler: @MainActor () -> Void)] = []
    /// A frame was drawn that the window has not shown yet.
    private var unshown = false
    private var pointer = Point.zero
    /// Where the pointer's arrow was last drawn on a panel (the session backend), while it shows.
    private var pointerDrawn: Rect?
    /// Whether the pointer's arrow shows: a mouse or trackpad moved it, and no finger came since.
    private var pointerShows = false
    private var touchID: Int?
    private var nextTouchID = 1
    private var held: Set<UInt32> = []
    /// The screen turned on the panel (the shell's rotation), or nil.
    private var rotation: ScreenRotation?
    /// Where each finger down on the nested or session backend's screen is (its id).
    private var fingers: [Int: Point] = [:]
    /// The fingers whose touch woke the sleeping screen: the rest of their touch goes nowhere.
    private var wakingFingers: Set<Int> = []

    /// A compositor showing `root` (made on `clock`, which this host moves with the wall clock), its
    /// window (nested backend) named `title`, drawn on by `renderer`.
    public convenience init(
        root: RootView, clock: VirtualClock, backend: CompositorBackend, scale: Double,
        renderer: ScreenRenderer = .auto, title: String = "Slate"
    ) throws(CompositorError) {
        let compositor = try WaylandCompositor(
            backend: backend, size: root.bounds.size, scale: scale, renderer: renderer, language: root.language)
        self.init(root: root, clock: clock, compositor: compositor, title: title)
    }

    /// A host showing `root` on a compositor already started (`slate session` starts it first, to
    /// learn the panel's size), at the compositor's scale; `root` is the compositor's size.
    public init(root: RootView, clock: VirtualClock, compositor: WaylandCompositor, title: String = "Slate") {
        self.root = root
        self.clock = clock
        self.compositor = compositor
        host = HeadlessHost(root: root, clock: clock, scale: compositor.scale)
        host.restDelay = Self.restDelay
        // The clock follows the wall clock: work for the views goes to threads.
        root.environment.backgroundWork.mode = .threads
        compositor.shell = shell
        compositor.setTitle(title)
        compositor.onNestedInput = { [weak self] e in self?.handle(e) }
        // On the machine's own screen, the keyboard on the glass follows the keyboards attached.
        if compositor.backend == .session {
            shell?.hardwareKeyboardAttached(compositor.typingKeyboards > 0)
        }
        shell?.onScreenTurn = { [weak self] turns in self?.turn(to: turns) }
        shell?.onScreenPower = { [weak self] on in self?.screenPower(on) }
    }

    /// The shell put the screen to sleep (the panel off) or woke it (on, drawn whole).
    private func screenPower(_ on: Bool) {
        compositor.setScreenPower(on)
        if on {
            root.setNeedsDisplay()
            unshown = true
        }
    }

    /// Whether `e` wakes a sleeping screen (and goes no further): a finger or the pen down, a
    /// button, a key other than the power key (which the shell hears: it wakes the screen itself).
    /// The rest of a waking finger's touch goes nowhere either.
    private func wakesScreen(_ e: NestedInput) -> Bool {
        switch e {
        case .touch(let id, let phase, _, _):
            if phase == .began, shell?.isScreenAsleep == true {
                wakingFingers.insert(id)
                shell?.wakeScreen()
                return true
            }
            if wakingFingers.contains(id) {
                if phase == .ended || phase == .cancelled { wakingFingers.remove(id) }
                return true
            }
            return false
        case .button(_, down: true), .key(_, down: true):
            guard shell?.isScreenAsleep == true else { return false }
            if case .key(let code, _) = e, Keymap.key(for: code, shift: false) == .power { return false }
            shell?.wakeScreen()
            return true
        default:
            return false
        }
    }

    /// The shell turned on the panel: its picture is turned to the panel's, its input back.
    private func turn(to quarterTurns: Int) {
        rotation = quarterTurns == 0 ? nil : ScreenRotation(quarterTurns: quarterTurns, panel: compositor.size)
        host.rootDidResize()
        unshown = true
    }

    /// Calls `handler` from the loop whenever one of `descriptors` has something to read (or was hung
    /// up). The handler must read what is there before it returns.
    public func watch(_ descriptors: [Int32], handler: @escaping @MainActor () -> Void) {
        guard !descriptors.isEmpty else { return }
        watches.append((descriptors, handler))
    }

    /// A rectangle of the screen (points) in the window's pixels. The desktop does not tell a nested
    /// window where it is (Wayland never does), so a rectangle "on screen" is given from the
    /// window's corner, as GTK 4 does on Wayland.
    public func displayRect(_ r: Rect, onScreen: Bool) -> Rect {
        let s = host.scale
        let r = rotation?.screenToPanel.apply(to: r) ?? r
        return Rect(r.minX * s, r.minY * s, r.width * s, r.height * s)
    }

    /// Serves clients and draws until `stop()`, the window is closed, or SIGTERM or SIGINT arrives
    /// (`TerminationRequest`). It may be run again after `stop()`.
    ///
    /// Paced by the output: a frame is drawn when the output asks for one (its frame event, at the
    /// display's refresh) and something wants drawing — an animation, damage, a timer come due, a
    /// client's commit — and only after it are clients told their frames were shown, so no program
    /// draws faster than the screen shows. Between frames the loop sleeps in poll(2) on the
    /// compositor's events (the output's frame event among them) and the watched descriptors.
    public func run() {
        running = true
        while running, !TerminationRequest.isRequested {
            clock.set(max(clock.now, MonotonicClock.read() - origin))
            let wants = wantsFrame
            let due = wants && compositor.scheduleFrame()
            var fds = [pollfd(fd: compositor.eventFD, events: Int16(POLLIN), revents: 0)]
            for w in watches { fds += w.descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) } }
            // Wanting a frame, the output's frame event wakes the loop; else a timer, the screen's
            // rest, a client or a watched descriptor does.
            let soonest = [root.dispatcher.nextTimerTime, host.restTime].compactMap { $0 }.min()
            let timer = soonest.map { max(0.001, $0 - clock.now) } ?? Self.idleWait
            let wait = due ? 0 : Int32((wants ? Self.idleWait : min(timer, Self.idleWait)) * 1000)
            _ = poll(&fds, nfds_t(fds.count), wait)
            var i = 1
            for w in watches {
                let ready = fds[i..<(i + w.descriptors.count)].contains { $0.revents != 0 }
                i += w.descriptors.count
                if ready { w.handler() }
            }
            compositor.dispatch()
            clock.set(max(clock.now, MonotonicClock.read() - origin))
            if compositor.takeFrame(), wantsFrame {
                drawFrame()
            } else {
                // With the screen off or gone, nothing is drawn, and the shell's timers and
                // animations still run (a lock screen's clock, an app's notification).
                if !compositor.screenIsOn { root.prepareFrame() }
                compositor.turnEnded()
            }
            onTurn?()
        }
    }

    /// The longest the loop sleeps with nothing to do, in seconds (pings and timers are looked at
    /// this often at least).
    static let idleWait = 0.5

    /// How long the screen draws nothing before its rest work runs, in seconds: far longer than the
    /// gap between a playing video's frames (1/24 s), which must not set it off, and shorter than
    /// a person takes to reach for a menu after the screen changed (Slate's figure).
    public static let restDelay = 0.25

    /// Whether something wants a frame drawn: an animation, damage, a frame not yet shown, a timer
    /// come due, a client's commit (it may wait for its frame callback), or the screen's rest work
    /// (once it has drawn nothing for `restDelay`).
    private var wantsFrame: Bool {
        root.animator.isRunning || !root.pendingDamage.isEmpty || unshown || host.restIsDue
            || compositor.clientsCommitted || compositor.screenCopyPending
            || (root.dispatcher.nextTimerTime.map { $0 <= clock.now } ?? false)
    }

    /// Draws what changed, shows it, and tells the clients their frames were shown.
    private func drawFrame() {
        let start = MonotonicClock.read()
        host.frame()
        drawPointer()
        if showsFrameTimes, !host.lastDamage.isEmpty {
            frameTimes.record((MonotonicClock.read() - start) * 1000)
            let times = frameTimes
            let graph = FrameTimesGraph.rect(screenWidth: root.bounds.width)
            host.drawOver(graph) { times.draw(in: $0, at: graph) }
        }
        // (Held only while it is shown: the next frame draws into the same memory.)
        var image = host.framebuffer
        var damage = host.lastDamage
        let drew = !host.lastDamage.isEmpty
        if rotation != nil {
            // The screen turned on the panel: its picture turned where it changed, as the damage.
            image =
                drew || rotation!.panelPicture == nil
                ? rotation!.update(from: image, damage: damage) : rotation!.panelPicture!
            damage = damage.map { rotation!.screenToPanel.apply(to: $0) }
        }
        if drew || unshown || compositor.screenCopyPending {
            // A frame the output could not take is shown whole with the next. (A program waiting for
            // a copy of the screen gets one made from this frame, changed or not.)
            unshown = !compositor.present(image, damage: unshown ? nil : damage)
        }
        compositor.framesShown()
        if drew { onFrame?() }
    }

    /// The pointer's arrow over the frame, where it moved or the frame drew under it (a panel alone:
    /// in a window the desktop draws its own).
    private func drawPointer() {
        guard pointerShows else { return }
        let rect = PointerArrow.rect(tip: pointer)
        guard rect != pointerDrawn || host.lastDamage.contains(where: { $0.intersects(rect) }) else { return }
        let tip = pointer
        host.drawOver(rect) { PointerArrow.draw(in: $0, tip: tip) }
        pointerDrawn = rect
    }

    /// The pointer moved (`true`) or a finger came (`false`): the arrow's old place is drawn again,
    /// and its new one, under it.
    private func pointerMoved(showing: Bool) {
        guard compositor.backend == .session else { return }
        if let drawn = pointerDrawn { root.setNeedsDisplay(drawn) }
        pointerShows = showing
        if showing {
            root.setNeedsDisplay(PointerArrow.rect(tip: pointer))
        } else {
            pointerDrawn = nil
        }
    }

    /// Ends `run()` after the current turn.
    public func stop() { running = false }

    /// Input as the nested backend's window gives it (the conformance suite's control gives it so too).
    func handle(_ e: NestedInput) {
        let d = root.dispatcher!
        // Points on the panel are the turned screen's points.
        let e = rotation.map { r in e.mapped { r.screenPoint(fromPanel: $0) } } ?? e
        if wakesScreen(e) { return }
        switch e {
        case .closed:
            running = false
        case .screenGone:
            // One line; the session and its programs go on, drawing nothing, until a panel comes.
            root.environment.errors.log(WaylandCompositor.screenGoneLine(language: root.language))
            unshown = true
        case .screenRestored(let resized):
            if let resized {
                if let shell {
                    shell.panelDidChange(to: resized)
                } else {
                    root.frame = Rect(size: resized)
                    host.rootDidResize()
                }
            }
            root.setNeedsDisplay()
            unshown = true
        case .keyboards(let count):
            if compositor.backend == .session { shell?.hardwareKeyboardAttached(count > 0) }
        case .deviceGone(let kind, let name):
            // One line; the session carries on with the devices left (the keyboard on the glass
            // comes back by itself when the last keyboard went: `.keyboards`).
            root.environment.errors.log(WaylandCompositor.deviceGoneLine(kind, name: name, language: root.language))
        case .pointerMoved(let p):
            pointer = p
            pointerMoved(showing: true)
            if let id = touchID {
                d.handle(Touch(id: id, phase: .moved, location: p, timestamp: clock.now, type: .indirectPointer))
            } else {
                d.handle(PointerEvent.hover(p))
            }
        case .button(let code, let down):
            if code == SLATE_BUTTON_PRIMARY.rawValue {
                if down {
                    let id = nextTouchID
                    nextTouchID += 1
                    touchID = id
                    d.handle(
                        Touch(id: id, phase: .began, location: pointer, timestamp: clock.now, type: .indirectPointer))
                } else if let id = touchID {
                    touchID = nil
                    d.handle(
                        Touch(id: id, phase: .ended, location: pointer, timestamp: clock.now, type: .indirectPointer))
                }
            } else if code == SLATE_BUTTON_SECONDARY.rawValue, down {
                d.handle(PointerEvent.secondaryClick(pointer))
            } else if code == SLATE_BUTTON_MIDDLE.rawValue, down {
                d.handle(PointerEvent.middleClick(pointer))
            }
        case .touch(let id, let phase, var p, let age):
            // A touchscreen's finger, or a pen's tip (taken as a finger, as iPadOS does outside
            // the apps that draw with it). A lift says no place (wl_touch.up has none): the finger's
            // last is where it lifted.
            if pointerShows { pointerMoved(showing: false) }
            if phase == .ended || phase == .cancelled {
                p = fingers.removeValue(forKey: id) ?? p
            } else {
                fingers[id] = p
            }
            let type: Touch.TouchType = id == Int(SLATE_PEN_TOUCH_ID) ? .pencil : .direct
            // Timed when it happened, not when the loop came to it: a lift read late is still a tap.
            d.handle(
                Touch(
                    id: Touch.id(ofDeviceTouch: id), phase: phase, location: p, timestamp: clock.now - age, type: type))
        case .scroll(let dx, let dy):
            d.handle(PointerEvent.scroll(pointer, dx: dx * 4, dy: dy * 4))
        case .key(let code, let down):
            if down { held.insert(code) } else { held.remove(code) }
            var mods: KeyModifiers = []
            if !held.isDisjoint(with: Keymap.shiftKeys) { mods.insert(.shift) }
            if !held.isDisjoint(with: Keymap.controlKeys) { mods.insert(.control) }
            if !held.isDisjoint(with: Keymap.altKeys) { mods.insert(.alternate) }
            if !held.isDisjoint(with: Keymap.superKeys) { mods.insert(.command) }
            // Ctrl held alone a moment shows the keyboard shortcuts: the shell is told of every change.
            d.handleModifiers(mods)
            if !down, let key = Keymap.key(for: code, shift: false), key == .power { d.handleKeyRelease(key) }
            guard down, let key = Keymap.key(for: code, shift: !held.isDisjoint(with: Keymap.shiftKeys)) else { return }
            if case .character(let c) = key, mods.subtracting(.shift).isEmpty {
                if !d.handleText(String(c)) { d.handle(KeyPress(key, modifiers: mods.subtracting(.shift))) }
            } else {
                d.handle(KeyPress(key, modifiers: mods))
            }
        }
    }
}

extension Keymap {
    /// The key an evdev code types on a US layout.
    static func key(for evdev: UInt32, shift: Bool) -> Key? {
        for (c, k) in letters where k == evdev { return .character(shift ? Character(c.uppercased()) : c) }
        for (c, v) in symbols where v.0 == evdev && v.1 == shift && c != " " { return .character(c) }
        if let (key, _) = named.first(where: { $0.1 == evdev }) { return key }
        return functionKeys.firstIndex(of: evdev).map { .function($0 + 1) }
    }
}

extension NestedInput {
    /// The same input with its points mapped by `transform` (a turned screen's).
    fileprivate func mapped(_ transform: (Point) -> Point) -> NestedInput {
        switch self {
        case .pointerMoved(let p): .pointerMoved(transform(p))
        case .touch(let id, let phase, let p, let age): .touch(id, phase, transform(p), age: age)
        default: self
        }
    }
}
