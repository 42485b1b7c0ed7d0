import Synchronization

/// A source of time in seconds. Nothing below the host reads the wall clock: views, gestures and
/// animations ask the clock they were given, so a headless run is exact and repeatable.
public protocol Clock: AnyObject, Sendable {
    /// Seconds since an arbitrary origin; never decreases.
    var now: Double { get }
}

/// A clock that moves only when told: tests and headless runs drive it frame by frame. Its time is
/// behind a lock, so a thread that reads it (a background job's deadline) sees whole values.
public final class VirtualClock: Clock, Sendable {
    private let time: Mutex<Double>

    /// A clock at `start` seconds.
    public init(start: Double = 0) { time = Mutex(start) }

    /// The time now.
    public var now: Double { time.withLock { $0 } }

    /// Moves time forward by `seconds` (never backward).
    public func advance(by seconds: Double) {
        precondition(seconds >= 0, "a clock never goes back")
        time.withLock { $0 += seconds }
    }

    /// Sets the time, which must not be earlier than now.
    public func set(_ t: Double) {
        time.withLock { now in
            precondition(t >= now, "a clock never goes back")
            now = t
        }
    }
}
