#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CLinux
import FoundationEssentials

/// The pause of the real `status --follow`: sleeps, but wakes at once and says `stop` when the
/// user presses Ctrl-C or the status bar ends the process (`SIGINT`, `SIGTERM`, `SIGHUP`), and
/// `readerGone` when whoever reads standard output went away (`chime status --follow | head -1`
/// after `head` exits), so `--follow` ends then rather than at its next print.
///
/// The signals are blocked on the first pause and read from a `signalfd`, so they end the loop
/// between two whole lines instead of killing the process mid-write; before that first pause they
/// keep their default action, so an ordinary command stays interruptible. The output is watched
/// with `poll` for `POLLERR`/`POLLHUP` alone: a pipe whose reader closed reports `POLLERR` on its
/// write end, a terminal that hung up `POLLHUP`, and a file never either.
public final class FollowStopWaiter {
    private var signals = sigset_t()
    private let output: Int32
    private let watchesSignals: Bool
    private var signalDescriptor: Int32 = -1

    /// Makes a waiter watching `output` (standard output by default) and, unless
    /// `watchingSignals` is `false` (a test in a shared process), the stop signals; nothing is
    /// blocked until the first ``pause(for:)``.
    public init(output: Int32 = STDOUT_FILENO, watchingSignals: Bool = true) {
        self.output = output
        self.watchesSignals = watchingSignals
        sigemptyset(&signals)
        for signal in [SIGINT, SIGTERM, SIGHUP] {
            sigaddset(&signals, signal)
        }
    }

    deinit {
        if signalDescriptor >= 0 { close(signalDescriptor) }
    }

    /// Sleeps `seconds`, or less when a stop signal arrives or the reader of the output goes away.
    public func pause(for seconds: TimeInterval) -> FollowPause {
        if watchesSignals, signalDescriptor < 0 {
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            signalDescriptor = signalfd(-1, &signals, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        }
        var watched = [pollfd(fd: output, events: 0, revents: 0)]
        if signalDescriptor >= 0 { watched.append(pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0)) }
        let milliseconds = Int32(min(max(0, seconds) * 1000, Double(Int32.max)).rounded(.up))
        // A timeout or another signal's interruption (EINTR) both end the pause: the caller looks
        // at the clock again anyway, so a shorter pause is harmless.
        guard poll(&watched, nfds_t(watched.count), milliseconds) > 0 else { return .elapsed }
        if watched[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .readerGone }
        if watched.count > 1, watched[1].revents & Int16(POLLIN) != 0 { return .stop }
        return .elapsed
    }
}
