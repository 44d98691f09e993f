import CLinux
import ChimeSystem
import Foundation
import Glibc

/// A timerfd on the wall clock that fires once at an absolute instant and also reports every
/// change of the wall clock while it exists.
///
/// Armed with `TFD_TIMER_ABSTIME | TFD_TIMER_CANCEL_ON_SET`: the kernel fires it when the wall
/// clock reaches the deadline, and a read fails with `ECANCELED` when the wall clock is set.
/// After a suspend the timer fires late, at resume, or reports a clock change (the kernel
/// treats the resume as a jump of the wall clock against the monotonic one); either way the
/// owner recomputes. The owner registers ``fileDescriptor`` with an ``EventLoop`` and calls
/// ``read()`` when it is readable.
///
/// Not Sendable: it belongs to the loop's thread.
public final class RealtimeTimer: SchedulerTimer {
    /// What a readable timer reports.
    public enum Event: Hashable, Sendable {
        /// The armed deadline was reached (possibly late, e.g. after a suspend).
        case fired
        /// The wall clock was set (`ECANCELED`): deadlines must be recomputed and the timer re-armed.
        case clockChanged
    }

    private let timer: TimerDescriptor

    /// The instant the timer is armed for; nil when disarmed, fired, or after a clock change.
    public private(set) var armedDeadline: Date?

    /// How the timer is always set: absolute, and cancelled by a clock change. Disarming keeps
    /// these flags so clock changes are still reported while nothing is pending.
    private static let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)

    /// Creates a disarmed timer.
    public convenience init() throws(SystemError) {
        try self.init(syscalls: .system)
    }

    /// Creates a disarmed timer that makes its timerfd calls through `syscalls`.
    package init(syscalls: TimerSyscalls) throws(SystemError) {
        timer = try TimerDescriptor(clock: CLOCK_REALTIME, syscalls: syscalls)
        // Registers the timer for clock-change notification from the start.
        try timer.set(expiry: .zero, flags: Self.flags)
    }

    /// The descriptor to register with an ``EventLoop``; it becomes readable when ``read()``
    /// has something to report.
    public var fileDescriptor: Int32 { timer.rawValue }

    /// The `CLOCK_REALTIME` expiry the kernel is given for `deadline`: rounded up to the
    /// nanosecond, and never all zero (which would disarm).
    package static func expiry(for deadline: Date) -> timespec {
        timespec(wallClock: deadline)
    }

    /// Arms the timer at `deadline` unless it is already armed there; returns whether it had to
    /// be set. A deadline in the past fires at once.
    @discardableResult
    public func arm(at deadline: Date) throws(SystemError) -> Bool {
        guard armedDeadline != deadline else { return false }
        // Forget the old deadline first: if setting fails, the state is unknown, and the next
        // arm must not be skipped.
        armedDeadline = nil
        try timer.set(expiry: Self.expiry(for: deadline), flags: Self.flags)
        armedDeadline = deadline
        return true
    }

    /// Disarms the timer; returns whether it was armed.
    @discardableResult
    public func disarm() throws(SystemError) -> Bool {
        guard armedDeadline != nil else { return false }
        armedDeadline = nil
        try timer.set(expiry: .zero, flags: Self.flags)
        return true
    }

    /// What happened since the last read, or nil when nothing did (a stale wake-up).
    ///
    /// After either event the timer counts as disarmed: after `.fired` the kernel has disarmed
    /// it; after `.clockChanged` an expiry that coincided with the change is lost, so the
    /// owner recomputes and arms again.
    public func read() throws(SystemError) -> Event? {
        let expirations: UInt64?
        do {
            expirations = try timer.readExpirations()
        } catch {
            guard error.code == .canceled else { throw error }
            armedDeadline = nil
            return .clockChanged
        }
        guard expirations != nil else { return nil }
        armedDeadline = nil
        return .fired
    }
}

@available(*, unavailable, message: "a RealtimeTimer belongs to the event loop's thread")
extension RealtimeTimer: Sendable {}
