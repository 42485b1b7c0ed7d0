import Foundation
import Graphics

/// A view whose content is larger than itself and moves under the finger, with deceleration after a
/// flick (as `UIScrollView`). The content offset is the bounds' origin.
@MainActor open class ScrollView: View {
    public override init(frame: Rect = .zero) {
        super.init(frame: frame)
        clipsToBounds = true
        pan.axis = .vertical
        pan.action = { [weak self] g in self?.panned(g as! PanGestureRecognizer) }
        addGestureRecognizer(pan)
    }

    public let pan = PanGestureRecognizer()

    /// The size of the scrolled content.
    public var contentSize: Size = .zero {
        didSet { if contentSize != oldValue { contentOffset = clamped(contentOffset) } }
    }

    /// Insets around the content (a bar above it, the home indicator below).
    public var contentInset: EdgeInsets = .zero

    /// The top-left of the visible part of the content.
    public var contentOffset: Point {
        get { bounds.origin }
        set {
            let old = bounds.origin
            bounds.origin = newValue
            if old != newValue { didScroll() }
        }
    }

    /// Called after the content moved.
    open func didScroll() { setNeedsLayout() }

    /// The space kept clear below the content: its inset, or what the docked keyboard covers of the
    /// view when that is more (as UIKit's adjusted content inset).
    public var adjustedBottomInset: Double { max(contentInset.bottom, keyboardOverlap) }

    /// The furthest the content can scroll down.
    public var maximumOffset: Point {
        Point(0, max(-contentInset.top, contentSize.height + adjustedBottomInset - bounds.height))
    }

    /// A content offset kept within the content.
    public func clamped(_ p: Point) -> Point {
        Point(0, min(max(p.y, -contentInset.top), maximumOffset.y))
    }

    private var startOffset: Point = .zero
    private var deceleration: Animation?

    /// UIKit's normal deceleration rate: velocity is multiplied by 0.998 per millisecond.
    public static let decelerationRate = 0.998

    private func panned(_ g: PanGestureRecognizer) {
        switch g.state {
        case .began:
            deceleration?.cancel()
            startOffset = contentOffset
        case .changed:
            let t = g.translation()
            contentOffset = clamped(Point(0, startOffset.y - t.y))
        case .ended:
            fling(velocity: -g.velocity.y)
        default: break
        }
    }

    /// Continues the motion at `velocity` points per second and slows to a stop.
    public func fling(velocity v: Double) {
        guard abs(v) > 50, let animator = root?.animator else { return }
        let k = log(Self.decelerationRate) * 1000  // per second
        let duration = min(3, log(50 / abs(v)) / k)
        let distance = -v / k * (1 - exp(k * duration))
        let from = contentOffset.y
        deceleration = animator.animate(duration: duration, curve: .cubicBezier(0.25, 1, 0.35, 1)) { [weak self] p in
            guard let self else { return }
            self.contentOffset = self.clamped(Point(0, from + distance * p))
        }
    }

    /// Scrolls so that `rect` (content coordinates) is visible.
    public func scrollToVisible(_ rect: Rect) {
        var y = contentOffset.y
        let bottom = adjustedBottomInset
        if rect.minY < y + contentInset.top { y = rect.minY - contentInset.top }
        if rect.maxY > y + bounds.height - bottom { y = rect.maxY - bounds.height + bottom }
        contentOffset = clamped(Point(0, y))
    }

    /// The keyboard came or went: the content stays within what can now be scrolled.
    open override func keyboardFrameDidChange() {
        contentOffset = clamped(contentOffset)
    }

    open override func handleScroll(dx: Double, dy: Double) -> Bool {
        let next = clamped(Point(0, contentOffset.y + dy))
        if next == contentOffset { return false }
        contentOffset = next
        return true
    }
}
