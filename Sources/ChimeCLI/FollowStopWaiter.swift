#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import CLinux
import ChimeSystem
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
/// write end, a terminal that hung up `POLLHUP`, and a file never either. Once
/// ``watchStore(databasePath:)`` succeeded, a write to the store's files ends a pause too, so the
/// follower needs no polling to see another process's change.
public final class FollowStopWaiter {
    private var signals = sigset_t()
    private let output: Int32
    private let watchesSignals: Bool
    private var signalDescriptor: Int32 = -1
    private var storeFiles: FileWatch?

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

    /// Starts ending pauses with ``FollowPause/storeWritten`` when another process writes the
    /// store at `databasePath` (``FileWatch/storeCommits(databasePath:)``); `false` when inotify
    /// cannot watch it (no descriptors or watches left), and the caller must keep polling.
    public func watchStore(databasePath: String) -> Bool {
        if storeFiles == nil { storeFiles = try? FileWatch.storeCommits(databasePath: databasePath) }
        return storeFiles != nil
    }

    /// Sleeps `seconds`, or less when a stop signal arrives, the reader of the output goes away or
    /// (once watched) the store's files are written.
    public func pause(for seconds: TimeInterval) -> FollowPause {
        if watchesSignals, signalDescriptor < 0 {
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            signalDescriptor = signalfd(-1, &signals, Int32(SFD_CLOEXEC | SFD_NONBLOCK))
        }
        var watched = [
            pollfd(fd: output, events: 0, revents: 0),
            pollfd(fd: signalDescriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: storeFiles?.fileDescriptor ?? -1, events: Int16(POLLIN), revents: 0),
        ]
        let milliseconds = Int32(min(max(0, seconds) * 1000, Double(Int32.max)).rounded(.up))
        // A timeout or another signal's interruption (EINTR) both end the pause: the caller looks
        // at the clock again anyway, so a shorter pause is harmless. poll skips negative
        // descriptors: the ones not set up.
        guard poll(&watched, nfds_t(watched.count), milliseconds) > 0 else { return .elapsed }
        if watched[0].revents & Int16(POLLERR | POLLHUP | POLLNVAL) != 0 { return .readerGone }
        if watched[1].revents & Int16(POLLIN) != 0 { return .stop }
        if watched[2].revents & Int16(POLLIN) != 0, let storeFiles {
            do {
                // Events about other files of the directory end the pause early but harmlessly:
                // the caller looks at the clock and pauses again.
                return try storeFiles.readChanges() ? .storeWritten : .elapsed
            } catch {
                // A watch that cannot be read is dropped (the next watchStore makes another, or
                // the caller polls), rather than waking every pause.
                self.storeFiles = nil
                return .storeWritten
            }
        }
        return .elapsed
    }
}
