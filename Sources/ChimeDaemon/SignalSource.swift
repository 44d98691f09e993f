import CLinux
import ChimeSystem
import Glibc

/// A signalfd that turns SIGTERM, SIGINT and SIGHUP into readable events for the ``EventLoop``,
/// so no signal handler ever runs.
///
/// Thread-mask implications: a signalfd only sees signals that are blocked; a signal that some
/// thread leaves unblocked is delivered to that thread instead, with its default action
/// (for these three: terminate the process). Threads inherit the mask of the thread that
/// creates them, so the daemon calls ``block(_:)`` (or creates this source) on the main
/// thread before anything starts another thread (the delivery worker, GLib, Dispatch);
/// every later thread then has them blocked. A signal sent to the process stays pending until
/// the signalfd reads it; one sent to a single thread (`raise`, `pthread_kill`) is visible only
/// to a signalfd read on that thread.
///
/// Not Sendable: it belongs to the loop's thread.
public final class SignalSource {
    /// The signals the daemon handles.
    /// Raw values are the Linux signal numbers.
    public enum Signal: Int32, CaseIterable, Hashable, Sendable {
        /// `SIGTERM`: finish the current step and exit cleanly.
        case terminate = 15
        /// `SIGINT`: the same, from a terminal's Ctrl-C.
        case interrupt = 2
        /// `SIGHUP`: reload.
        case hangup = 1
    }

    private let descriptor: OwnedFileDescriptor

    /// The signals this source reports.
    public let signals: Set<Signal>

    /// Blocks `signals` in the calling thread and opens a signalfd for them.
    public init(signals: Set<Signal> = Set(Signal.allCases)) throws(SystemError) {
        self.signals = signals
        try Self.block(signals)
        var mask = Self.mask(of: signals)
        descriptor = try withUnsafePointer(to: &mask) { pointer throws(SystemError) in
            try OwnedFileDescriptor("signalfd") {
                signalfd(-1, pointer, Int32(SFD_NONBLOCK) | Int32(SFD_CLOEXEC))
            }
        }
    }

    /// The descriptor to register with an ``EventLoop``.
    public var fileDescriptor: Int32 { descriptor.rawValue }

    /// Blocks `signals` in the calling thread (and so in every thread it creates afterwards).
    public static func block(_ signals: Set<Signal>) throws(SystemError) {
        try changeMask(SIG_BLOCK, signals)
    }

    /// Every signal received since the last read, in arrival order; empty when none is pending.
    public func read() throws(SystemError) -> [Signal] {
        var received: [Signal] = []
        var info = signalfd_siginfo()
        let size = MemoryLayout<signalfd_siginfo>.size
        let raw = descriptor.rawValue
        while true {
            let count = try withUnsafeMutableBytes(of: &info) { buffer throws(SystemError) in
                try NonBlockingIO.read(raw, into: buffer)
            }
            guard count == size else { return received }
            if let signal = Signal(rawValue: Int32(info.ssi_signo)) {
                received.append(signal)
            }
        }
    }

    private static func mask(of signals: Set<Signal>) -> sigset_t {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in signals {
            sigaddset(&mask, signal.rawValue)
        }
        return mask
    }

    private static func changeMask(_ how: Int32, _ signals: Set<Signal>) throws(SystemError) {
        var mask = mask(of: signals)
        _ = try withUnsafePointer(to: &mask) { pointer throws(SystemError) in
            try valueOrErrno("pthread_sigmask") {
                // pthread_sigmask returns its error number instead of setting errno; it is moved
                // to errno so the failure takes the same path as every other call.
                let result = pthread_sigmask(how, pointer, nil)
                guard result == 0 else {
                    errno = result
                    return -1
                }
                return 0
            }
        }
    }
}

@available(*, unavailable, message: "a SignalSource belongs to the event loop's thread")
extension SignalSource: Sendable {}
