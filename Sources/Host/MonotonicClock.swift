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

extension MonotonicClock {
    /// The calling thread's processor time in seconds (`CLOCK_THREAD_CPUTIME_ID`): what a
    /// benchmark's figure is on a machine nobody else is using.
    public static func threadCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

extension MonotonicClock {
    /// The processor time of the whole process in seconds, every thread's (`CLOCK_PROCESS_CPUTIME_ID`):
    /// the work a frame shares between the cores, whatever else the machine runs.
    public static func processCPUTime() -> Double {
        var ts = timespec()
        clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts)
        return Double(ts.tv_sec) + Double(ts.tv_nsec) / 1e9
    }
}

/// The machine's calendar date and time. Only the host reads it; an app gets it as its injected
/// `now` (a headless run gives a fixed date instead).
public enum WallClock {
    public static func now() -> Date { Date() }
}
