/// Holds back a sender that posts too fast: each sender has a bucket of `burst` tokens, filled at
/// `perSecond` a second; a post takes one, and a post with none left is refused. Times are the
/// caller's (seconds on any clock that never goes back).
public struct NotificationRateLimiter: Sendable {
    private var buckets: [String: (tokens: Double, time: Double)] = [:]
    private let burst: Double
    private let perSecond: Double

    /// A limiter allowing `burst` at once and `perSecond` after.
    public init(burst: Int = NotificationLimits.burst, perSecond: Double = NotificationLimits.perSecond) {
        self.burst = Double(burst)
        self.perSecond = perSecond
    }

    /// Whether `sender` may post now (taking a token if so).
    public mutating func allow(_ sender: String, at now: Double) -> Bool {
        var bucket = buckets[sender] ?? (burst, now)
        bucket.tokens = min(burst, bucket.tokens + max(0, now - bucket.time) * perSecond)
        bucket.time = now
        let allowed = bucket.tokens >= 1
        if allowed { bucket.tokens -= 1 }
        buckets[sender] = bucket
        // Full buckets are forgotten, so that the table stays as small as the senders posting now.
        if buckets.count > 256 { buckets = buckets.filter { $0.value.tokens < burst - 1 } }
        return allowed
    }

    /// Forgets `sender` (it left the bus).
    public mutating func forget(_ sender: String) { buckets[sender] = nil }
}
