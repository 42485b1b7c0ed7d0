import Foundation
import Graphics

/// How an animation's progress follows time.
public enum TimingCurve: Sendable, Hashable {
    case linear
    /// A CSS-style cubic Bézier from (0,0) to (1,1) with two control points.
    case cubicBezier(Double, Double, Double, Double)
    /// A critically-damped-or-under spring, as SwiftUI's `.spring(response:dampingFraction:)`:
    /// `response` is the period of the undamped spring in seconds, `dampingRatio` below 1 overshoots.
    case spring(response: Double, dampingRatio: Double)

    public static let easeIn = TimingCurve.cubicBezier(0.42, 0, 1, 1)
    public static let easeOut = TimingCurve.cubicBezier(0, 0, 0.58, 1)
    public static let easeInOut = TimingCurve.cubicBezier(0.42, 0, 0.58, 1)

    /// The progress (0 at start, 1 at rest; a spring may pass 1) at `t` seconds into a `duration`.
    public func value(at t: Double, duration: Double) -> Double {
        if t <= 0 { return 0 }
        switch self {
        case .linear: return min(1, t / duration)
        case .cubicBezier(let x1, let y1, let x2, let y2):
            if t >= duration { return 1 }
            return Self.bezier(x: t / duration, x1, y1, x2, y2)
        case .spring(let response, let zeta):
            if t >= duration { return 1 }
            return Self.spring(t: t, response: response, dampingRatio: zeta)
        }
    }

    /// Solves x(s) = x for s by Newton's method with a bisection fallback, then returns y(s).
    static func bezier(x: Double, _ x1: Double, _ y1: Double, _ x2: Double, _ y2: Double) -> Double {
        func coord(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * s * p1 + 3 * u * s * s * p2 + s * s * s
        }
        func slope(_ s: Double, _ p1: Double, _ p2: Double) -> Double {
            let u = 1 - s
            return 3 * u * u * p1 + 6 * u * s * (p2 - p1) + 3 * s * s * (1 - p2)
        }
        var s = x
        for _ in 0..<8 {
            let dx = coord(s, x1, x2) - x
            if abs(dx) < 1e-7 { return coord(s, y1, y2) }
            let d = slope(s, x1, x2)
            if abs(d) < 1e-6 { break }
            s -= dx / d
        }
        var lo = 0.0
        var hi = 1.0
        s = x
        for _ in 0..<40 {
            let v = coord(s, x1, x2)
            if abs(v - x) < 1e-7 { break }
            if v < x { lo = s } else { hi = s }
            s = (lo + hi) / 2
        }
        return coord(s, y1, y2)
    }

    /// The position of a unit spring released from 0 toward 1 with no initial velocity.
    static func spring(t: Double, response: Double, dampingRatio zeta: Double) -> Double {
        let omega = 2 * Double.pi / response
        if zeta < 1 {
            let wd = omega * (1 - zeta * zeta).squareRoot()
            let e = exp(-zeta * omega * t)
            return 1 - e * (cos(wd * t) + zeta * omega / wd * sin(wd * t))
        }
        let e = exp(-omega * t)
        return 1 - e * (1 + omega * t)
    }

    /// How long a spring takes to settle within 0.1 % of its target.
    public static func settlingTime(response: Double, dampingRatio: Double) -> Double {
        let omega = 2 * Double.pi / response
        return -log(0.001) / (min(dampingRatio, 1) * omega)
    }
}

/// One running animation: calls `apply` with the eased progress each frame until `duration` passes.
@MainActor public final class Animation {
    public let duration: Double
    public let curve: TimingCurve
    public let startTime: Double
    /// Whether it runs until cancelled, as a decoration of a state rather than a change to wait
    /// for (the Home screen's icons jiggling while it is edited): `Animator.loop`.
    public let isAmbient: Bool
    let apply: (Double) -> Void
    var completion: ((Bool) -> Void)?
    public private(set) var isFinished = false

    init(
        start: Double, duration: Double, curve: TimingCurve, isAmbient: Bool = false,
        apply: @escaping (Double) -> Void, completion: ((Bool) -> Void)?
    ) {
        self.startTime = start
        self.isAmbient = isAmbient
        self.duration = duration
        self.curve = curve
        self.apply = apply
        self.completion = completion
    }

    /// Stops the animation where it is; its completion is called with `false`.
    public func cancel() {
        guard !isFinished else { return }
        isFinished = true
        completion?(false)
        completion = nil
    }

    func step(to now: Double) {
        guard !isFinished else { return }
        let t = now - startTime
        if isAmbient {
            apply(t)
            return
        }
        apply(curve.value(at: t, duration: duration))
        if t >= duration {
            isFinished = true
            completion?(true)
            completion = nil
        }
    }
}

/// Runs animations on the root view's clock. Each frame the host calls `step()` before drawing.
@MainActor public final class Animator {
    let clock: any Clock
    private var running: [Animation] = []

    init(clock: any Clock) { self.clock = clock }

    public var isRunning: Bool { !running.isEmpty }

    /// Whether an animation that comes to an end runs (an ambient loop does not count: a script or
    /// a test waiting for the screen to settle does not wait for it).
    public var isSettling: Bool { running.contains { !$0.isAmbient } }

    /// Starts an ambient animation now, which runs until cancelled: `apply` receives the seconds
    /// since it began, each frame.
    @discardableResult
    public func loop(apply: @escaping (Double) -> Void) -> Animation {
        let a = Animation(
            start: clock.now, duration: .infinity, curve: .linear, isAmbient: true, apply: apply, completion: nil)
        running.append(a)
        a.step(to: clock.now)
        return a
    }

    /// Starts an animation now. `apply` receives the progress (0…1, springs may overshoot) and sets
    /// the animated properties; `completion` learns whether it ran to its end.
    @discardableResult
    public func animate(
        duration: Double, curve: TimingCurve = .easeInOut, apply: @escaping (Double) -> Void,
        completion: ((Bool) -> Void)? = nil
    ) -> Animation {
        let a = Animation(
            start: clock.now, duration: max(0, duration), curve: curve, apply: apply, completion: completion)
        running.append(a)
        a.step(to: clock.now)
        if a.isFinished { running.removeAll { $0 === a } }
        return a
    }

    /// Advances every animation to the clock's time.
    public func step() {
        let now = clock.now
        for a in running { a.step(to: now) }
        running.removeAll { $0.isFinished }
    }
}

/// Linear interpolation helpers for animated values.
public func lerp(_ a: Double, _ b: Double, _ t: Double) -> Double { a + (b - a) * t }
public func lerp(_ a: Point, _ b: Point, _ t: Double) -> Point { Point(lerp(a.x, b.x, t), lerp(a.y, b.y, t)) }
public func lerp(_ a: Rect, _ b: Rect, _ t: Double) -> Rect {
    Rect(lerp(a.minX, b.minX, t), lerp(a.minY, b.minY, t), lerp(a.width, b.width, t), lerp(a.height, b.height, t))
}
