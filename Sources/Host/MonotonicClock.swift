import Foundation
import UI

/// The real clock: seconds of `CLOCK_MONOTONIC` since the clock was made. Only the host reads it;
/// everything below gets it as an injected `Clock`.
public final class MonotonicClock: Clock, @unchecked Sendable {
    private let origin: Double

    public init() { origin = Self.read() }

    public var now: Double { Self.read() - origin }

    public static func read() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}
