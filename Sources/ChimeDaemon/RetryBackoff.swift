import Foundation

/// How long to wait before trying a failed delivery again: `initial` after the first attempt,
/// doubling with each further attempt, never more than `maximum`.
public struct RetryBackoff: Hashable, Sendable {
    /// The wait after the first failed attempt.
    public var initial: TimeInterval
    /// The longest wait.
    public var maximum: TimeInterval

    /// The daemon's backoff: 1 s, 2 s, 4 s, ... up to 60 s.
    public init(initial: TimeInterval = 1, maximum: TimeInterval = 60) {
        self.initial = initial
        self.maximum = max(initial, maximum)
    }

    /// The wait after attempt number `attempt` (1 for the first) failed.
    public func delay(afterAttempt attempt: Int) -> TimeInterval {
        // 2^(attempt - 1) overflows nothing: the exponent is capped well before the maximum is.
        let doublings = min(max(attempt, 1) - 1, 62)
        return min(maximum, initial * pow(2, Double(doublings)))
    }
}
