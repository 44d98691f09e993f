import CLinux
import ChimeSystem
import Glibc

/// One non-blocking timerfd, shared machinery of ``RealtimeTimer`` and ``MonotonicTimer``.
final class TimerDescriptor {
    private let descriptor: OwnedFileDescriptor
    private let syscalls: TimerSyscalls

    /// Creates a timerfd on `clock`.
    init(clock: Int32, syscalls: TimerSyscalls) throws(SystemError) {
        self.syscalls = syscalls
        descriptor = try OwnedFileDescriptor("timerfd_create") {
            syscalls.create(clock, Int32(TFD_NONBLOCK) | Int32(TFD_CLOEXEC))
        }
    }

    /// The descriptor to register with an ``EventLoop``.
    var rawValue: Int32 { descriptor.rawValue }

    /// Sets the timer to expire once at `expiry` (an absolute time on its clock), or disarms it
    /// when `expiry` is all zero.
    func set(expiry: timespec, flags: Int32) throws(SystemError) {
        var value = itimerspec(it_interval: timespec(tv_sec: 0, tv_nsec: 0), it_value: expiry)
        let syscalls = syscalls
        let raw = descriptor.rawValue
        _ = try withUnsafePointer(to: &value) { pointer throws(SystemError) in
            try valueOrErrno("timerfd_settime") { syscalls.setTime(raw, flags, pointer) }
        }
    }

    /// The number of expirations since the last read, or nil when none is pending.
    ///
    /// Throws ``SystemError/Code/canceled`` when a `TFD_TIMER_CANCEL_ON_SET` timer saw the clock
    /// being set.
    func readExpirations() throws(SystemError) -> UInt64? {
        var expirations: UInt64 = 0
        let syscalls = syscalls
        let raw = descriptor.rawValue
        do {
            _ = try withUnsafeMutablePointer(to: &expirations) { pointer throws(SystemError) in
                try valueOrErrno("read") { syscalls.read(raw, pointer) }
            }
        } catch {
            if error.code == .wouldBlock { return nil }
            throw error
        }
        return expirations
    }
}
