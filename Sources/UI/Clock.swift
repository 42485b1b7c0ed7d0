/// A source of time in seconds. Nothing below the host reads the wall clock: views, gestures and
/// animations ask the clock they were given, so a headless run is exact and repeatable.
public protocol Clock: AnyObject, Sendable {
    /// Seconds since an arbitrary origin; never decreases.
    var now: Double { get }
}

/// A clock that moves only when told: tests and headless runs drive it frame by frame.
public final class VirtualClock: Clock, @unchecked Sendable {
    private var time: Double

    public init(start: Double = 0) { self.time = start }

    public var now: Double { time }

    /// Moves time forward by `seconds` (never backward).
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "a clock never goes back")
        time += seconds
    }

    /// Sets the time, which must not be earlier than now.
    public func set(_ t: Double) {
        precondition(t >= time, "a clock never goes back")
        time = t
    }
}
