import Glibc

/// `CLOCK_MONOTONIC` in nanoseconds: deadlines that a change of the wall clock cannot move
/// (the client's answer timeout, the daemon's per-connection limits).
package enum MonotonicClock {
    /// Nanoseconds since an arbitrary start that never goes back.
    package static func now() -> UInt64 {
        var time = timespec()
        // clock_gettime cannot fail for CLOCK_MONOTONIC with a valid pointer.
        _ = withUnsafeMutablePointer(to: &time) { pointer in
            try? valueOrErrno("clock_gettime") { clock_gettime(CLOCK_MONOTONIC, pointer) }
        }
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}
