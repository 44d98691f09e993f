#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import Foundation

/// The pause of the real `status --follow`: sleeps, but wakes at once and says `stop` when the
/// user presses Ctrl-C or the status bar ends the process (`SIGINT`, `SIGTERM`, `SIGHUP`).
///
/// The signals are blocked on the first pause and taken with `sigtimedwait`, so they end the loop
/// between two whole lines instead of killing the process mid-write; before that first pause they
/// keep their default action, so an ordinary command stays interruptible.
public final class StopSignalWaiter {
    private var signals = sigset_t()
    private var isBlocking = false

    /// Makes a waiter; nothing is blocked until the first ``pause(for:)``.
    public init() {
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            sigaddset(&signals, signal)
        }
    }

    /// Sleeps `seconds`, or less when a stop signal arrives.
    public func pause(for seconds: TimeInterval) -> FollowPause {
        if !isBlocking {
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            isBlocking = true
        }
        let clamped = max(0, seconds)
        var timeout = timespec(tv_sec: Int(clamped.rounded(.down)), tv_nsec: Int((clamped - clamped.rounded(.down)) * 1_000_000_000))
        // A timeout (EAGAIN) or another signal's interruption (EINTR) both end the pause: the
        // caller looks at the clock again anyway, so a shorter pause is harmless.
        return sigtimedwait(&signals, nil, &timeout) > 0 ? .stop : .elapsed
    }
}
