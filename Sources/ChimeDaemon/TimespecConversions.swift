import Foundation
import Glibc

extension timespec {
    /// The wall-clock instant `date` as a `CLOCK_REALTIME` time, rounded up to the next
    /// nanosecond so a timer never expires before `date` (code woken by it then always finds
    /// `now >= date`). Instants at or before 1970 become 1 ns after the epoch: an all-zero
    /// value would disarm a timer instead of making it expire at once.
    init(wallClock date: Date) {
        let interval = min(date.timeIntervalSince1970, 1e12)
        guard interval > 0 else {
            self.init(tv_sec: 0, tv_nsec: 1)
            return
        }
        var seconds = interval.rounded(.down)
        var nanoseconds = ((interval - seconds) * 1e9).rounded(.up)
        if nanoseconds >= 1e9 {
            seconds += 1
            nanoseconds -= 1e9
        }
        self.init(tv_sec: Int(seconds), tv_nsec: Int(nanoseconds))
    }

    /// `nanoseconds` (on any clock) as seconds and nanoseconds.
    init(nanoseconds: UInt64) {
        self.init(tv_sec: Int(nanoseconds / 1_000_000_000), tv_nsec: Int(nanoseconds % 1_000_000_000))
    }

    /// The all-zero value, which disarms a timer.
    static let zero = timespec(tv_sec: 0, tv_nsec: 0)
}
