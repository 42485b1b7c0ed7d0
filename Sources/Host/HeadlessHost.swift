import Foundation
import Graphics
import Rendering
import UI

/// Runs a root view with no display, on a virtual clock: scripted input in, frames out as pictures.
/// Every run with the same input gives the same pixels.
@MainActor public final class HeadlessHost {
    public let root: RootView
    public let clock: VirtualClock
    public let scale: Double
    public let renderer = CairoRenderer()
    /// The picture of the screen after the last frame.
    public private(set) var framebuffer: PixelImage
    /// The rectangles drawn by the last frame, in points.
    public private(set) var lastDamage: [Rect] = []
    /// Called after each frame is drawn (a compositor serves its clients here).
    public var onFrame: (() -> Void)?
    /// With real programs to wait on, the virtual clock must not run ahead of the real one: when
    /// set, `run(for:)` calls this after each frame with the seconds the virtual clock is ahead of
    /// the real one since the run began, to wait them out (a compositor serves its clients
    /// meanwhile). `wait 5s` in a script then lasts five real seconds. Nil: the virtual clock only.
    public var waitForRealTime: ((Double) -> Void)?
    /// Whether the virtual clock keeps to the real one (`waitForRealTime` is set).
    public var keepsRealTime: Bool { waitForRealTime != nil }
    /// How long the screen must draw nothing before it is at rest and its rest work runs (making
    /// a menu's backdrop ahead, letting go of hidden pictures), in seconds of the clock. 0 (stepped
    /// hosts: scripts, tests) rests at the first frame that draws nothing; a live host waits
    /// longer, so a program drawing every frame, late now and then, does not set it off.
    public var restDelay = 0.0
    /// When the last frame that drew something was drawn, on the clock.
    public private(set) var lastDrawTime = -Double.infinity
    /// Whether the screen's rest work is still to run and its time has come (`restDelay` after the
    /// last frame that drew).
    public var restIsDue: Bool { root.isRestPending && clock.now - lastDrawTime >= restDelay }
    /// When the rest work's time comes, if it is still to run.
    public var restTime: Double? { root.isRestPending ? lastDrawTime + restDelay : nil }
    /// The length of one frame on the virtual clock (120 Hz, as an iPad Pro's ProMotion display).
    public static let frameInterval = 1.0 / 120

    public init(root: RootView, clock: VirtualClock, scale: Double = 1) {
        self.root = root
        self.clock = clock
        self.scale = scale
        root.environment.textMeasurer = TextEngine.shared
        root.environment.renderer = renderer
        root.environment.displayScale = scale
        framebuffer = PixelImage(
            width: Int((root.bounds.width * scale).rounded()), height: Int((root.bounds.height * scale).rounded()),
            scale: scale)
        root.damageAll()
        root.environment.shownScreen = { [weak self] in self?.framebuffer }
    }

    /// Makes the frame buffer anew at the root's size (after the root was given a new frame) and
    /// damages the whole screen.
    public func rootDidResize() {
        framebuffer = PixelImage(
            width: Int((root.bounds.width * scale).rounded()), height: Int((root.bounds.height * scale).rounded()),
            scale: scale)
        root.damageAll()
    }

    /// Draws what changed since the last frame and returns the screen.
    @discardableResult
    public func frame() -> PixelImage {
        root.prepareFrame()
        let rects = root.takeDamage(scale: scale)
        lastDamage = rects
        if !rects.isEmpty {
            lastDrawTime = clock.now
            let (w, h) = (framebuffer.width, framebuffer.height)
            let appearance = root.appearance
            let root = self.root
            let renderer = self.renderer
            framebuffer.pixels.withUnsafeMutableBufferPointer { buf in
                CairoRenderer.draw(
                    into: buf.baseAddress!, width: w, height: h, scale: scale, appearance: appearance, clip: rects
                ) {
                    root.renderFrame(in: $0, renderer: renderer)
                }
            }
        } else if !root.animator.isRunning, clock.now - lastDrawTime >= restDelay, root.screenIsAtRest() {
            // After the rest work, which may have let go of pictures.
            ProcessMemory.releaseFreed()
        }
        onFrame?()
        return framebuffer
    }

    /// Draws `body` over the last frame inside `rect` (points), which joins the last frame's damage:
    /// a host's own overlay, drawn after the screen (the frame-times graph).
    public func drawOver(_ rect: Rect, _ body: (any Canvas) -> Void) {
        let (w, h, s) = (framebuffer.width, framebuffer.height, scale)
        let appearance = root.appearance
        framebuffer.pixels.withUnsafeMutableBufferPointer { buf in
            CairoRenderer.draw(
                into: buf.baseAddress!, width: w, height: h, scale: s, appearance: appearance, clip: [rect]
            ) {
                body($0)
            }
        }
        lastDamage.append(rect)
    }

    /// Advances the virtual clock by `seconds` in frame steps, drawing each frame.
    /// A time that is not a finite number of seconds (infinity, NaN, negative) runs nothing.
    public func run(for seconds: Double) {
        guard seconds.isFinite, seconds > 0 else { return }
        let began = waitForRealTime != nil ? MonotonicClock.read() : 0
        var left = seconds
        while left > 1e-9 {
            let step = min(Self.frameInterval, left)
            clock.advance(by: step)
            left -= step
            frame()
            if let wait = waitForRealTime {
                // (A wait may end early, when a client speaks: the rest is waited again.)
                var ahead = began + (seconds - left) - MonotonicClock.read()
                while ahead > 0 {
                    wait(ahead)
                    ahead = began + (seconds - left) - MonotonicClock.read()
                }
            }
        }
    }

    // MARK: Input, as a person gives it

    private var nextTouchID = 1
    /// The device each touch now down came from.
    private var touchTypes: [Int: Touch.TouchType] = [:]

    /// A touch down at `p` (screen points) by a finger, or with `type` `.indirectPointer` by the
    /// mouse's primary button; returns its id.
    public func touchDown(at p: Point, type: Touch.TouchType = .direct) -> Int {
        let id = nextTouchID
        nextTouchID += 1
        touchTypes[id] = type
        root.dispatcher.handle(Touch(id: id, phase: .began, location: p, timestamp: clock.now, type: type))
        return id
    }

    /// Touch `id` moved to `p`.
    public func touchMove(_ id: Int, to p: Point) {
        root.dispatcher.handle(
            Touch(id: id, phase: .moved, location: p, timestamp: clock.now, type: touchTypes[id] ?? .direct))
    }

    /// Touch `id` lifted at `p`.
    public func touchUp(_ id: Int, at p: Point) {
        let type = touchTypes.removeValue(forKey: id) ?? .direct
        root.dispatcher.handle(Touch(id: id, phase: .ended, location: p, timestamp: clock.now, type: type))
    }

    /// A tap: down, one frame, up.
    public func tap(at p: Point) {
        let id = touchDown(at: p)
        run(for: 0.05)
        touchUp(id, at: p)
        frame()
    }

    /// Touch and hold for `duration` seconds, then lift (unless `release` is false).
    @discardableResult
    public func hold(at p: Point, for duration: Double = 0.6, release: Bool = true) -> Int {
        let id = touchDown(at: p)
        run(for: duration)
        if release {
            touchUp(id, at: p)
            frame()
        }
        return id
    }

    /// Moves a touch along a straight line in frame steps over `duration` seconds.
    public func drag(_ id: Int, from a: Point, to b: Point, duration: Double = 0.4) {
        let steps = max(2, Int((duration / Self.frameInterval).rounded()))
        for i in 1...steps {
            clock.advance(by: duration / Double(steps))
            touchMove(id, to: lerp(a, b, Double(i) / Double(steps)))
            frame()
        }
    }

    /// Several fingers down together at `starts`, moved in frame steps over `duration` seconds to
    /// `ends` (the same count), and lifted there: a multi-finger swipe or pinch.
    public func fingers(from starts: [Point], to ends: [Point], duration: Double = 0.3) {
        let ids = starts.map { touchDown(at: $0) }
        let steps = max(2, Int((duration / Self.frameInterval).rounded()))
        for step in 1...steps {
            clock.advance(by: duration / Double(steps))
            for (index, id) in ids.enumerated() {
                touchMove(id, to: lerp(starts[index], ends[index], Double(step) / Double(steps)))
            }
            frame()
        }
        for (index, id) in ids.enumerated() { touchUp(id, at: ends[index]) }
        frame()
    }

    /// A key pressed and let go.
    public func key(_ press: KeyPress) {
        root.dispatcher.handle(press)
        root.dispatcher.handleKeyRelease(press.key)
        frame()
    }

    /// A key pressed and held until `keyUp` (the power key held for its menu).
    public func keyDown(_ press: KeyPress) {
        root.dispatcher.handle(press)
        frame()
    }

    /// A key held with `keyDown` let go.
    public func keyUp(_ key: Key) {
        root.dispatcher.handleKeyRelease(key)
        frame()
    }

    /// The modifier keys held now change to `modifiers` (pressed or let go alone).
    public func modifiers(_ modifiers: KeyModifiers) {
        root.dispatcher.handleModifiers(modifiers)
        frame()
    }

    public func type(_ text: String) {
        root.dispatcher.handleText(text)
        frame()
    }

    public func pointer(_ event: PointerEvent) {
        root.dispatcher.handle(event)
        frame()
    }

    /// Writes the screen as it is now to a PNG.
    public func savePNG(_ path: String) throws {
        try PNG.write(frame(), to: path)
    }
}
