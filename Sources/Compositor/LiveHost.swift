import Foundation
import Graphics
import Host
import Shell
import UI

/// The shell as a compositor on the real clock: in a window on the desktop (nested backend), whose
/// mouse, touch and keys become the shell's input, or with no screen at all (headless: programs
/// connect to the socket and their windows are managed unseen). Frames are drawn when something
/// changed, and shown in the window.
@MainActor public final class LiveHost {
    /// The shell that shows the clients' windows.
    public let shell: Shell
    /// The compositor the clients connect to.
    public let compositor: WaylandCompositor
    /// Draws the shell (on a clock this host moves with the wall clock).
    public let host: HeadlessHost
    let clock: VirtualClock
    let origin = MonotonicClock.read()
    private var running = true
    /// Called once a turn of the loop (after the frame).
    public var onTurn: (() -> Void)?
    /// A frame was drawn that the window has not shown yet.
    private var unshown = false
    private var pointer = Point.zero
    private var touchID: Int?
    private var nextTouchID = 1
    private var held: Set<UInt32> = []

    /// A compositor for `shell` (made on `clock`, which this host moves with the wall clock).
    public init(shell: Shell, clock: VirtualClock, backend: CompositorBackend, scale: Double) throws(CompositorError) {
        self.shell = shell
        self.clock = clock
        compositor = try WaylandCompositor(backend: backend, size: shell.bounds.size, scale: scale)
        host = HeadlessHost(root: shell, clock: clock, scale: scale)
        // The clock follows the wall clock: work for the views goes to threads.
        shell.environment.backgroundWork.mode = .threads
        compositor.shell = shell
        compositor.onNestedInput = { [weak self] e in self?.handle(e) }
    }

    /// Serves clients and draws until `stop()` (or the process ends).
    public func run() {
        while running {
            let busy = shell.animator.isRunning || !shell.pendingDamage.isEmpty || unshown
            var pfd = pollfd(fd: compositor.eventFD, events: Int16(POLLIN), revents: 0)
            let timer = shell.dispatcher.nextTimerTime.map { max(0, $0 - clock.now) } ?? 0.5
            let wait = busy ? 0 : Int32(min(timer, 0.5) * 1000)
            _ = poll(&pfd, 1, max(wait, busy ? 0 : 1))
            compositor.dispatch()
            clock.set(max(clock.now, MonotonicClock.read() - origin))
            let image = host.frame()
            unshown = unshown || !host.lastDamage.isEmpty
            if unshown, compositor.present(image) { unshown = false }
            compositor.framesShown()
            onTurn?()
            if busy { usleep(4000) }
        }
    }

    /// Ends `run()` after the current turn.
    public func stop() { running = false }

    private func handle(_ e: NestedInput) {
        let d = shell.dispatcher!
        switch e {
        case .pointerMoved(let p):
            pointer = p
            if let id = touchID {
                d.handle(Touch(id: id, phase: .moved, location: p, timestamp: clock.now))
            } else {
                d.handle(PointerEvent.hover(p))
            }
        case .button(let code, let down):
            if code == 0x110 {
                if down {
                    let id = nextTouchID
                    nextTouchID += 1
                    touchID = id
                    d.handle(Touch(id: id, phase: .began, location: pointer, timestamp: clock.now))
                } else if let id = touchID {
                    touchID = nil
                    d.handle(Touch(id: id, phase: .ended, location: pointer, timestamp: clock.now))
                }
            } else if code == 0x111, down {
                d.handle(PointerEvent.secondaryClick(pointer))
            }
        case .touch(let id, let phase, let p):
            d.handle(Touch(id: 10_000 + id, phase: phase, location: p, timestamp: clock.now))
        case .scroll(let dx, let dy):
            d.handle(PointerEvent.scroll(pointer, dx: dx * 4, dy: dy * 4))
        case .key(let code, let down):
            if down { held.insert(code) } else { held.remove(code) }
            guard down, let key = Keymap.key(for: code, shift: !held.isDisjoint(with: [42, 54])) else { return }
            var mods: KeyModifiers = []
            if !held.isDisjoint(with: [42, 54]) { mods.insert(.shift) }
            if !held.isDisjoint(with: [29, 97]) { mods.insert(.control) }
            if !held.isDisjoint(with: [56, 100]) { mods.insert(.alternate) }
            if !held.isDisjoint(with: [125, 126]) { mods.insert(.command) }
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
        let named: [Key] = [
            .return, .escape, .tab, .backspace, .delete, .space, .up, .down, .left, .right, .home, .end, .pageUp,
            .pageDown, .menu,
        ]
        for k in named where code(for: k)?.0 == evdev { return k }
        for n in 1...12 where code(for: .function(n))?.0 == evdev { return .function(n) }
        return nil
    }
}
