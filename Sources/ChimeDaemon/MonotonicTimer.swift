import ChimeSystem
import CLinux
import Glibc

/// A timerfd on `CLOCK_MONOTONIC` for deadlines that must not move with the wall clock (the
/// control socket's read deadlines); times are nanoseconds on that clock.
final class MonotonicTimer {
    private let timer: TimerDescriptor

    /// The expiry the timer is set for, in nanoseconds on `CLOCK_MONOTONIC`.
    private(set) var armedDeadline: UInt64?

    /// Creates a disarmed timer.
    init() throws(SystemError) {
        timer = try TimerDescriptor(clock: CLOCK_MONOTONIC, syscalls: .system)
    }

    /// The descriptor to register with an ``EventLoop``.
    var fileDescriptor: Int32 { timer.rawValue }

    /// Now, in nanoseconds on `CLOCK_MONOTONIC` (which does not count time suspended).
    static func now() -> UInt64 { MonotonicClock.now() }

    /// Sets the timer to expire at `deadline`, or disarms it when nil; makes no call when that
    /// is already so.
    func arm(at deadline: UInt64?) throws(SystemError) {
        guard deadline != armedDeadline else { return }
        armedDeadline = nil
        // A zero expiry disarms, so a deadline of 0 is moved to 1 ns (both long past).
        let expiry = deadline.map { timespec(nanoseconds: max($0, 1)) } ?? .zero
        try timer.set(expiry: expiry, flags: Int32(TFD_TIMER_ABSTIME))
        armedDeadline = deadline
    }

    /// Consumes a pending expiry; returns whether there was one.
    func consumeExpiry() throws(SystemError) -> Bool {
        guard try timer.readExpirations() != nil else { return false }
        armedDeadline = nil
        return true
    }
}
