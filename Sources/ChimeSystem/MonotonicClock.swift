import Glibc

/// `CLOCK_MONOTONIC` in nanoseconds: the clock of Chime's deadlines and elapsed times, which a
/// change of the wall clock cannot move (the client's answer timeout, the daemon's
/// per-connection limits and stop grace period, the store's patience with a busy database,
/// the durations chimed logs).
///
/// It does not count time suspended, like the kernel waits its deadlines go with: `poll` and
/// `epoll_wait` timeouts, chimed's `CLOCK_MONOTONIC` timerfd, and systemd's `MONOTONIC_USEC`.
/// One use needs the other clock, on purpose: time added to a wall-clock instant (how long a
/// notification waited for the server since it was handed over at a `Date`) must count a
/// suspend as the wall clock does, so the notifiers measure it with Swift's `ContinuousClock`,
/// which is `CLOCK_BOOTTIME` on Linux. Swapping either for the other would end a two-second
/// answer timeout at once after a night's suspend, or word a late bubble as less late than it
/// is. ``suspendedNanoseconds()`` is the gap between the two.
package enum MonotonicClock {
    /// Nanoseconds since an arbitrary start that never goes back.
    package static func now() -> UInt64 {
        nanoseconds(of: CLOCK_MONOTONIC)
    }

    /// The time from `start`, an earlier reading of ``now()``, to now.
    package static func elapsed(since start: UInt64) -> Duration {
        let now = now()
        return .nanoseconds(Int64(clamping: now > start ? now - start : 0))
    }

    /// The time from now to `deadline`, a reading of ``now()`` plus a wait; zero once it passed.
    package static func remaining(until deadline: UInt64) -> Duration {
        let now = now()
        return .nanoseconds(Int64(clamping: deadline > now ? deadline - now : 0))
    }

    /// How long the machine has been suspended since it booted, in nanoseconds:
    /// `CLOCK_BOOTTIME` counts through a suspend, `CLOCK_MONOTONIC` does not.
    package static func suspendedNanoseconds() -> UInt64 {
        let boot = nanoseconds(of: CLOCK_BOOTTIME)
        let monotonic = nanoseconds(of: CLOCK_MONOTONIC)
        return boot > monotonic ? boot - monotonic : 0
    }

    private static func nanoseconds(of clock: clockid_t) -> UInt64 {
        var time = timespec()
        // clock_gettime cannot fail for these clocks with a valid pointer.
        _ = withUnsafeMutablePointer(to: &time) { pointer in
            try? valueOrErrno("clock_gettime") { clock_gettime(clock, pointer) }
        }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
