import Graphics

/// A pan that starts at an edge of the screen and moves away from it (as
/// `UIScreenEdgePanGestureRecognizer`): the system's swipe up from the bottom for the Dock, a swipe
/// in from the side for a hidden Slide Over window.
///
/// The touch must go down within `edgeZone` points of one of `edges` and travel `minimumDistance`
/// points away from that edge, more inward than along it; then the gesture is continuous.
@MainActor public final class ScreenEdgePanGestureRecognizer: GestureRecognizer {
    /// Edges of the screen.
    public struct Edges: OptionSet, Sendable, Hashable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Edges(rawValue: 1 << 0)
        public static let left = Edges(rawValue: 1 << 1)
        public static let bottom = Edges(rawValue: 1 << 2)
        public static let right = Edges(rawValue: 1 << 3)
    }

    /// The edges a swipe may start from.
    public var edges: Edges
    /// How close to the edge, in points, the touch must go down.
    public var edgeZone = GestureSettings.screenEdgeZone
    /// How far, in points, the touch moves inward before the gesture begins.
    public var minimumDistance = GestureSettings.touchSlop

    /// The edge the touch started at, once it has.
    public private(set) var startEdge: Edges?
    private var start: Point = .zero

    public init(edges: Edges, action: ((GestureRecognizer) -> Void)? = nil) {
        self.edges = edges
        super.init(action: action)
    }

    public override func touchBegan(_ touch: Touch) {
        guard touches.count == 1, let screen = view?.root?.bounds else {
            setState(.failed)
            return
        }
        start = touch.location
        let p = touch.location
        let candidates: [(Edges, Bool)] = [
            (.bottom, p.y >= screen.maxY - edgeZone), (.top, p.y <= screen.minY + edgeZone),
            (.left, p.x <= screen.minX + edgeZone), (.right, p.x >= screen.maxX - edgeZone),
        ]
        startEdge = candidates.first { edges.contains($0.0) && $0.1 }?.0
        if startEdge == nil { setState(.failed) }
    }

    public override func touchMoved(_ touch: Touch) {
        switch state {
        case .possible:
            guard let edge = startEdge else { return }
            let d = touch.location - start
            // Inward from the edge, and across it.
            let (inward, along): (Double, Double) =
                switch edge {
                case .bottom: (-d.y, d.x)
                case .top: (d.y, d.x)
                case .left: (d.x, d.y)
                default: (-d.x, d.y)
                }
            if inward > minimumDistance && inward > abs(along) {
                setState(.began)
            } else if abs(along) > max(minimumDistance, GestureSettings.touchSlop) && abs(along) > inward {
                setState(.failed)
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

    /// How far the finger moved since it went down, in root coordinates.
    public func translation() -> Point { location(in: nil) - start }

    public override func reset() { startEdge = nil }
}
