import Graphics
import Testing

@_spi(Testing) @testable import UI

/// Four or five fingers together: a pinch, or a swipe one way; anything else stays the views'.
@MainActor @Suite struct MultitaskingGestureTests {
    /// A view that counts the touches that reach it, and those taken back.
    final class Recorder: View {
        var began = 0
        var cancelled = 0
        override func touchBegan(_ touch: Touch, at point: Point) { began += 1 }
        override func touchCancelled(_ touch: Touch) { cancelled += 1 }
    }

    /// Fingers down at `starts` (one frame apart, `landing` seconds in all), moved in ten steps by
    /// `offset` each (or towards their centre by `closing`), and lifted; what the recognizer said.
    func gesture(
        _ starts: [Point], by offset: Point = .zero, closing: Double = 0, landing: Double = 0.05
    ) -> (states: [GestureRecognizer.State], motion: MultitaskingGestureRecognizer.Motion?, recorder: Recorder) {
        let h = Harness()
        let recorder = Recorder(frame: h.root.bounds)
        h.root.addSubview(recorder)
        let g = MultitaskingGestureRecognizer()
        var states: [GestureRecognizer.State] = []
        var motion: MultitaskingGestureRecognizer.Motion?
        g.stateObserver = { states.append($0) }
        g.action = { g in
            if g.state == .ended { motion = (g as? MultitaskingGestureRecognizer)?.motion }
        }
        h.root.addSystemGestureRecognizer(g)
        for (index, p) in starts.enumerated() {
            h.touch(.began, p, id: index + 1)
            h.wait(landing / Double(starts.count))
        }
        let middle = Point(
            starts.map(\.x).reduce(0, +) / Double(starts.count), starts.map(\.y).reduce(0, +) / Double(starts.count))
        func place(_ p: Point, _ fraction: Double) -> Point {
            let towards = middle - p
            let length = towards.distance(to: .zero)
            let inward = length > 0 ? Point(towards.x / length, towards.y / length) : .zero
            return Point(
                p.x + offset.x * fraction + inward.x * closing * fraction,
                p.y + offset.y * fraction + inward.y * closing * fraction)
        }
        for step in 1...10 {
            for (index, p) in starts.enumerated() { h.touch(.moved, place(p, Double(step) / 10), id: index + 1) }
            h.wait(1.0 / 60)
        }
        for (index, p) in starts.enumerated() { h.touch(.ended, place(p, 1), id: index + 1) }
        return (states, motion, recorder)
    }

    /// Four fingers of a hand, spread across the middle of the 400 × 300 harness.
    let hand = [Point(140, 160), Point(180, 130), Point(220, 125), Point(260, 140)]

    @Test func fourFingersTogetherSwipeEachWay() {
        #expect(gesture(hand, by: Point(-120, 5)).motion == .swipe(.left))
        #expect(gesture(hand, by: Point(120, -8)).motion == .swipe(.right))
        #expect(gesture(hand, by: Point(4, -110)).motion == .swipe(.up))
        #expect(gesture(hand, by: Point(-6, 110)).motion == .swipe(.down))
    }

    @Test func fourFingersClosingInArePinch() {
        let result = gesture(hand, closing: 30)
        #expect(result.states.first == .began && result.states.last == .ended)
        #expect(!result.states.contains(.cancelled) && !result.states.contains(.failed))
        #expect(result.motion == .pinch)
        // Spread apart is not a pinch.
        #expect(gesture(hand, closing: -30).motion == nil)
    }

    @Test func theGestureTakesTheTouchesFromTheViewBeneath() {
        let result = gesture(hand, by: Point(-120, 0))
        #expect(result.recorder.began == 4)
        #expect(result.recorder.cancelled == 4, "each finger the view had was taken back")
    }

    @Test func aHandSetDownAndLiftedOrMovedALittleMeansNothing() {
        let still = gesture(hand)
        #expect(still.states == [.failed] && still.recorder.cancelled == 0)
        // Past the start, short of a swipe: the gesture had the touches, and means nothing.
        let short = gesture(hand, by: Point(-60, 0))
        #expect(short.states.last == .ended && short.motion == nil)
    }

    @Test func threeFingersAreTheViews() {
        let result = gesture(Array(hand.prefix(3)), by: Point(-120, 0))
        #expect(result.states == [.failed])
        #expect(result.recorder.began == 3 && result.recorder.cancelled == 0)
    }

    @Test func fingersLandingTooSlowlyAreNotAHand() {
        // The fourth finger lands past the gather time: the first three were already ordinary touches.
        let result = gesture(hand, by: Point(-120, 0), landing: 4 * GestureSettings.multitaskingGatherTime)
        #expect(result.states == [.failed] && result.motion == nil)
    }

    @Test func aFifthFingerLandingLateMovesNothing() {
        let h = Harness()
        let g = MultitaskingGestureRecognizer()
        var motion: MultitaskingGestureRecognizer.Motion?
        g.action = { g in if g.state == .ended { motion = (g as? MultitaskingGestureRecognizer)?.motion } }
        h.root.addSystemGestureRecognizer(g)
        for (index, p) in hand.enumerated() { h.touch(.began, p, id: index + 1) }
        // The hand moves up 40 points together …
        for (index, p) in hand.enumerated() { h.touch(.moved, Point(p.x, p.y - 40), id: index + 1) }
        // … and a thumb lands far below: the centre of five would have moved down, not up.
        h.touch(.began, Point(200, 290), id: 5)
        for (index, p) in hand.enumerated() { h.touch(.moved, Point(p.x, p.y - 120), id: index + 1) }
        h.touch(.ended, Point(hand[0].x, hand[0].y - 120), id: 1)
        #expect(motion == .swipe(.up))
    }
}
