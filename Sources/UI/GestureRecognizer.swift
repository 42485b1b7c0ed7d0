import Graphics

/// Recognises a gesture from touches, with the UIKit state machine.
///
/// Discrete gestures (a tap) go from `possible` to `ended` (recognised) or `failed`. Continuous
/// gestures (a long press, a pan) go `possible` → `began` → `changed`… → `ended` or `cancelled`.
/// A recognizer that must wait for another to fail (`require(toFail:)`) holds its recognition until
/// the other fails, and fails itself if the other recognises.
@MainActor open class GestureRecognizer {
    public enum State: Sendable, Hashable, CustomStringConvertible {
        case possible, began, changed, ended, cancelled, failed
        /// A discrete gesture's success.
        public static let recognized = State.ended

        public var description: String {
            switch self {
            case .possible: "possible"
            case .began: "began"
            case .changed: "changed"
            case .ended: "ended"
            case .cancelled: "cancelled"
            case .failed: "failed"
            }
        }

        /// Whether the gesture is under way or done with success.
        public var isActive: Bool { self == .began || self == .changed || self == .ended }
    }

    public init(action: ((GestureRecognizer) -> Void)? = nil) {
        self.action = action
    }

    /// Called on every state change past `possible` (began, changed, ended, cancelled), as a target-action pair.
    public var action: ((GestureRecognizer) -> Void)?

    public internal(set) weak var view: View?

    /// Sees every state change, `failed` included (for tests and debugging).
    @_spi(Testing) public var stateObserver: ((State) -> Void)?

    public var isEnabled = true

    /// When the gesture is recognised, the view under the touch gets `touchCancelled`.
    public var cancelsTouchesInView = true

    /// Return false to keep the gesture from beginning.
    public var shouldBegin: ((GestureRecognizer) -> Bool)?

    /// Return true to let both gestures recognise together.
    public var shouldRecognizeSimultaneously: ((GestureRecognizer, GestureRecognizer) -> Bool)?

    /// The state now.
    public internal(set) var state: State = .possible

    /// A state the recognizer reached while waiting for another to fail.
    var pendingState: State?

    var failureRequirements: [WeakRecognizer] = []

    /// Makes this recognizer wait until `other` fails before it recognises.
    public func require(toFail other: GestureRecognizer) {
        failureRequirements.append(WeakRecognizer(other))
    }

    var requiredToFail: [GestureRecognizer] { failureRequirements.compactMap(\.value) }

    weak var dispatcher: EventDispatcher?

    /// The touches being tracked.
    public internal(set) var touches: [Int: Touch] = [:]

    /// The location of the gesture (the centroid of its touches) in `view`'s coordinates (nil: root).
    public func location(in view: View?) -> Point {
        let pts = touches.values.map(\.location)
        let c =
            pts.isEmpty
            ? lastLocation
            : Point(pts.map(\.x).reduce(0, +) / Double(pts.count), pts.map(\.y).reduce(0, +) / Double(pts.count))
        guard let view else { return c }
        return view.convert(c, from: nil)
    }

    var lastLocation: Point = .zero

    /// The clock's time now.
    public var now: Double { view?.root?.clock.now ?? 0 }

    // MARK: For subclasses

    open func touchBegan(_ touch: Touch) {}
    open func touchMoved(_ touch: Touch) {}
    open func touchEnded(_ touch: Touch) {}
    open func touchCancelled(_ touch: Touch) {
        if state == .possible {
            setState(.failed)
        } else if state == .began || state == .changed {
            setState(.cancelled)
        }
    }
    /// A timer this recognizer scheduled fired.
    open func timerFired(_ tag: Int) {}
    /// Back to `possible` after the gesture ended or failed.
    open func reset() {}

    /// Moves the state machine; only legal transitions happen.
    public func setState(_ new: State) {
        guard Self.isLegal(from: state, to: new) else { return }
        if new == .began || new == .ended, state == .possible {
            if let shouldBegin, !shouldBegin(self) {
                state = .failed
                dispatcher?.recognizerChanged(self)
                return
            }
            if let d = dispatcher, d.mustWait(self) {
                pendingState = new
                return
            }
        }
        state = new
        stateObserver?(new)
        dispatcher?.recognizerChanged(self)
        if new != .failed && new != .possible { action?(self) }
    }

    static func isLegal(from: State, to: State) -> Bool {
        switch (from, to) {
        case (.possible, .began), (.possible, .ended), (.possible, .failed): true
        case (.began, .changed), (.began, .ended), (.began, .cancelled): true
        case (.changed, .changed), (.changed, .ended), (.changed, .cancelled): true
        default: false
        }
    }

    /// Asks for `timerFired(tag)` at clock time `time`.
    public func schedule(at time: Double, tag: Int = 0) {
        dispatcher?.schedule(self, at: time, tag: tag)
    }

    func resetAll() {
        state = .possible
        pendingState = nil
        touches = [:]
        dispatcher?.cancelTimers(of: self)
        reset()
    }
}

struct WeakRecognizer {
    weak var value: GestureRecognizer?
    init(_ v: GestureRecognizer) { value = v }
}

/// A tap: the touch goes down and up within `maximumMovement` points and `maximumDuration` seconds.
@MainActor public final class TapGestureRecognizer: GestureRecognizer {
    /// How many taps in a row (1 = single tap).
    public var numberOfTapsRequired = 1
    /// Movement beyond this fails the tap (UIKit allows about 10 pt).
    public var maximumMovement = GestureSettings.touchSlop
    /// A touch held longer is not a tap (UIKit's is about 0.75 s for a single tap… we keep it settable).
    public var maximumDuration = GestureSettings.maximumTapDuration
    /// The longest pause between taps of a multiple tap.
    public var maximumInterval = GestureSettings.doubleTapInterval

    private var start: Point = .zero
    private var startTime: Double = 0
    private var taps = 0

    public override func touchBegan(_ touch: Touch) {
        if touches.count > 1 {
            setState(.failed)
            return
        }
        start = touch.location
        startTime = touch.timestamp
        schedule(at: touch.timestamp + maximumDuration, tag: 1)
    }

    public override func touchMoved(_ touch: Touch) {
        if touch.location.distance(to: start) > maximumMovement { setState(.failed) }
    }

    public override func touchEnded(_ touch: Touch) {
        guard state == .possible else { return }
        taps += 1
        if taps >= numberOfTapsRequired {
            setState(.recognized)
        } else {
            schedule(at: touch.timestamp + maximumInterval, tag: 2)
        }
    }

    public override func timerFired(_ tag: Int) {
        if state == .possible && (tag == 1 && touches.count > 0 || tag == 2) { setState(.failed) }
    }

    public override func reset() { taps = 0 }
}

/// A long press: the touch stays down `minimumPressDuration` seconds without moving more than
/// `allowableMovement` points; then it is continuous — moving the finger reports `changed`.
///
/// A press can also be prepared for: with `preparationFraction` set, `onPreparation` runs once the
/// press has lasted that share of the duration (the context menu makes its backdrop then, as iOS
/// starts its press feedback before the menu appears), and `onAbandon` when a prepared press is over.
@MainActor open class LongPressGestureRecognizer: GestureRecognizer {
    /// UIKit's default is 0.5 s.
    public var minimumPressDuration = GestureSettings.longPressDuration
    /// UIKit's default is 10 pt.
    public var allowableMovement = GestureSettings.touchSlop
    /// The share of the duration after which `onPreparation` runs; nil for none.
    public var preparationFraction: Double?
    public var onPreparation: (() -> Void)?
    public var onAbandon: (() -> Void)?

    private var start: Point = .zero
    private var prepared = false
    private static let beginTag = 0
    private static let prepareTag = 1

    open override func touchBegan(_ touch: Touch) {
        if touches.count > 1 {
            setState(.failed)
            return
        }
        start = touch.location
        if let f = preparationFraction {
            schedule(at: touch.timestamp + minimumPressDuration * f, tag: Self.prepareTag)
        }
        schedule(at: touch.timestamp + minimumPressDuration, tag: Self.beginTag)
    }

    open override func touchMoved(_ touch: Touch) {
        switch state {
        case .possible:
            if touch.location.distance(to: start) > allowableMovement { setState(.failed) }
        case .began, .changed: setState(.changed)
        default: break
        }
    }

    open override func touchEnded(_ touch: Touch) {
        switch state {
        case .possible:
            if pendingState != nil { pendingState = .ended } else { setState(.failed) }
        case .began, .changed: setState(.ended)
        default: break
        }
    }

    open override func timerFired(_ tag: Int) {
        guard state == .possible, !touches.isEmpty else { return }
        if tag == Self.prepareTag {
            prepared = true
            onPreparation?()
        } else {
            setState(.began)
        }
    }

    /// The sequence is over; what was prepared and not used goes.
    open override func reset() {
        if prepared { onAbandon?() }
        prepared = false
    }
}

/// A pan: the touch moves more than `minimumDistance` points; then continuous, with translation and
/// velocity.
@MainActor public final class PanGestureRecognizer: GestureRecognizer {
    /// The distance that starts a pan (UIKit's hysteresis is about 10 pt).
    public var minimumDistance = GestureSettings.touchSlop
    /// Only horizontal or vertical pans, when set.
    public enum Axis: Sendable { case any, horizontal, vertical }
    public var axis: Axis = .any

    private var start: Point = .zero
    private var samples: [(Point, Double)] = []

    public override func touchBegan(_ touch: Touch) {
        if touches.count == 1 {
            start = touch.location
            samples = [(touch.location, touch.timestamp)]
        }
    }

    public override func touchMoved(_ touch: Touch) {
        samples.append((touch.location, touch.timestamp))
        if samples.count > 8 { samples.removeFirst() }
        switch state {
        case .possible:
            let dx = touch.location.x - start.x
            let dy = touch.location.y - start.y
            let d = (dx * dx + dy * dy).squareRoot()
            guard d > minimumDistance else { return }
            switch axis {
            case .any: setState(.began)
            case .horizontal: if abs(dx) > abs(dy) { setState(.began) } else { setState(.failed) }
            case .vertical: if abs(dy) > abs(dx) { setState(.began) } else { setState(.failed) }
            }
        case .began, .changed: setState(.changed)
        default: break
        }
    }

    public override func touchEnded(_ touch: Touch) {
        switch state {
        case .possible: setState(.failed)
        case .began, .changed: setState(.ended)
        default: break
        }
    }

    /// How far the finger moved since the pan started, in `view`'s coordinates (nil: root).
    public func translation(in view: View? = nil) -> Point {
        let cur = location(in: nil) - start
        guard let view else { return cur }
        return view.convert(cur, from: nil) - view.convert(.zero, from: nil)
    }

    /// Restarts translation from here.
    public func setTranslationZero() { start = location(in: nil) }

    /// Points per second over the last samples.
    public var velocity: Point {
        guard let first = samples.first, let last = samples.last, last.1 > first.1 else { return .zero }
        let dt = last.1 - first.1
        return Point((last.0.x - first.0.x) / dt, (last.0.y - first.0.y) / dt)
    }

    /// The location where the pan's touch went down, in root coordinates.
    public var startLocation: Point { start }

    public override func reset() { samples = [] }
}
