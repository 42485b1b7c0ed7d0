import Graphics

/// Four or five fingers on the glass together, as iPadOS's multitasking gestures take them: a pinch
/// (to the Home screen), or a swipe up, down, left or right (the switcher, and from app to app).
///
/// The fingers must all come down within `gatherTime` seconds of the first. The gesture begins —
/// taking the touches from the views under them — once they have moved `startDistance` points
/// together or closer together; it ends when the first of them lifts, and `motion` then says what
/// the hand did. Only the fingers that were down when the gesture gathered count: a fifth finger
/// that lands later moves nothing.
@MainActor public final class MultitaskingGestureRecognizer: GestureRecognizer {
    /// What the fingers did.
    public enum Motion: Sendable, Hashable {
        /// Closer together, by `pinchScale` or more.
        case pinch
        /// Together along one direction, by `swipeDistance` or more.
        case swipe(Direction)
    }

    /// A direction on the screen, the way the fingers went.
    public enum Direction: Sendable, Hashable {
        case up, down, left, right
    }

    /// How many fingers the gesture takes.
    public var numberOfTouchesRequired = GestureSettings.multitaskingFingers
    /// How long after the first finger the others may come down.
    public var gatherTime = GestureSettings.multitaskingGatherTime
    /// How far the fingers move before the gesture begins.
    public var startDistance = GestureSettings.multitaskingStartDistance
    /// How far the fingers travel together for a swipe.
    public var swipeDistance = GestureSettings.multitaskingSwipeDistance
    /// How close together a pinch ends, as a share of how far apart the fingers began.
    public var pinchScale = GestureSettings.multitaskingPinchScale

    /// What the fingers did, when the gesture has ended; nil when they did not go far enough to
    /// mean either.
    public private(set) var motion: Motion?

    /// Where each finger was when the last of them came down (root coordinates).
    private var starts: [Int: Point] = [:]
    private static let gatherTag = 0

    public override func touchBegan(_ touch: Touch) {
        guard state == .possible, starts.isEmpty else { return }
        if touches.count == 1 { schedule(at: touch.timestamp + gatherTime, tag: Self.gatherTag) }
        if touches.count >= numberOfTouchesRequired { starts = touches.mapValues(\.location) }
    }

    public override func touchMoved(_ touch: Touch) {
        switch state {
        case .possible:
            guard let (travel, _, closing) = movement(), max(travel.distance(to: .zero), closing) > startDistance else {
                return
            }
            setState(.began)
        case .began, .changed: setState(.changed)
        default: break
        }
    }

    public override func touchEnded(_ touch: Touch) {
        switch state {
        case .possible: setState(.failed)
        case .began, .changed:
            motion = classify()
            setState(.ended)
        default: break
        }
    }

    public override func timerFired(_ tag: Int) {
        if state == .possible && starts.isEmpty { setState(.failed) }
    }

    public override func reset() {
        starts = [:]
        motion = nil
    }

    /// How far the gathered fingers' centre has travelled, how far apart they were at first, and by
    /// how many points they have closed in on their centre (negative: spread apart).
    private func movement() -> (travel: Point, spread: Double, closing: Double)? {
        let ids = starts.keys.filter { touches[$0] != nil }
        guard ids.count >= numberOfTouchesRequired else { return nil }
        let before = ids.compactMap { starts[$0] }
        let now = ids.compactMap { touches[$0]?.location }
        let spread = Self.spread(before)
        return (Self.centre(now) - Self.centre(before), spread, spread - Self.spread(now))
    }

    /// The motion the fingers made, as they are now.
    private func classify() -> Motion? {
        guard let (travel, began, closing) = movement() else { return nil }
        let travelled = travel.distance(to: .zero)
        if closing > travelled, began > 0, (began - closing) / began <= pinchScale { return .pinch }
        guard travelled >= swipeDistance else { return nil }
        if abs(travel.x) > abs(travel.y) { return .swipe(travel.x < 0 ? .left : .right) }
        return .swipe(travel.y < 0 ? .up : .down)
    }

    /// The centre of `points`.
    private static func centre(_ points: [Point]) -> Point {
        let count = Double(points.count)
        return Point(points.map(\.x).reduce(0, +) / count, points.map(\.y).reduce(0, +) / count)
    }

    /// How far `points` are from their centre, on average.
    private static func spread(_ points: [Point]) -> Double {
        let middle = centre(points)
        return points.map { $0.distance(to: middle) }.reduce(0, +) / Double(points.count)
    }
}
