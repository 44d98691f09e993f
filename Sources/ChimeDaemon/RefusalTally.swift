import ChimeSystem

/// Counts connections the control server refuses for one reason, so the log gets at most one
/// line per interval with a count instead of a line per connection: a client retrying in a
/// loop against full slots once wrote about 200,000 lines in 10 s.
///
/// The first refusal after a quiet interval is logged at once; the ones after it are counted
/// and reported when the interval ends (``closeInterval(at:)``, which the server's deadline
/// timer calls at ``intervalEnd``), and each report starts another interval. An interval
/// without refusals ends the tally, so a quiet server has nothing to wake for. Times are
/// nanoseconds on `CLOCK_MONOTONIC`, passed in, so tests choose them.
package struct RefusalTally: Sendable {
    /// The shortest time between two log lines, in nanoseconds.
    package let interval: UInt64
    /// When the current interval ends: the server must call ``closeInterval(at:)`` then; nil
    /// while no refusal has happened since the last quiet interval.
    package private(set) var intervalEnd: UInt64?
    /// Refusals in the current interval not yet logged.
    package private(set) var unreported = 0

    /// A tally logging at most once per `interval`.
    package init(interval: Duration) {
        self.interval = max(interval.clampedNanoseconds, 1)
    }

    /// Counts a refusal at `now`; returns whether to log it at once (it is the first since the
    /// last quiet interval), otherwise it waits for the interval's report.
    package mutating func record(at now: UInt64) -> Bool {
        guard intervalEnd != nil else {
            intervalEnd = now + interval
            return true
        }
        unreported += 1
        return false
    }

    /// The number of refusals to report for the interval that ended by `now` (nil when it has
    /// not ended, or when there were none, which ends the tally).
    package mutating func closeInterval(at now: UInt64) -> Int? {
        guard let end = intervalEnd, end <= now else { return nil }
        guard unreported > 0 else {
            intervalEnd = nil
            return nil
        }
        let count = unreported
        unreported = 0
        intervalEnd = now + interval
        return count
    }
}
