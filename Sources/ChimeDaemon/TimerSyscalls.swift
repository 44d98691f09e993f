import CLinux
import Glibc

/// The timerfd calls the timers make, gathered in one value so tests can replace them.
///
/// The wall clock must not be set on a shared machine, so the `ECANCELED` a clock change causes
/// is produced in tests by a `read` that fails with it; arming is counted through `setTime`.
package struct TimerSyscalls: Sendable {
    /// `timerfd_create(clock, flags)`.
    package var create: @Sendable (_ clock: Int32, _ flags: Int32) -> Int32
    /// `timerfd_settime(descriptor, flags, value, NULL)`.
    package var setTime: @Sendable (_ descriptor: Int32, _ flags: Int32, _ value: UnsafePointer<itimerspec>) -> Int32
    /// `read(descriptor, expirations, 8)`: the number of expirations since the last read.
    package var read: @Sendable (_ descriptor: Int32, _ expirations: UnsafeMutablePointer<UInt64>) -> Int

    /// Makes a set of calls; tests start from ``system`` and replace what they need.
    package init(
        create: @escaping @Sendable (Int32, Int32) -> Int32,
        setTime: @escaping @Sendable (Int32, Int32, UnsafePointer<itimerspec>) -> Int32,
        read: @escaping @Sendable (Int32, UnsafeMutablePointer<UInt64>) -> Int
    ) {
        self.create = create
        self.setTime = setTime
        self.read = read
    }

    /// The kernel's calls.
    package static let system = TimerSyscalls(
        create: { clock, flags in timerfd_create(clock, flags) },
        setTime: { descriptor, flags, value in timerfd_settime(descriptor, flags, value, nil) },
        read: { descriptor, expirations in Glibc.read(descriptor, expirations, MemoryLayout<UInt64>.size) }
    )
}
