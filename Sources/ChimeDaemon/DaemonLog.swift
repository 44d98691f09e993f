import ChimeSystem
import Glibc

/// The daemon's log: one line per message on stderr, prefixed with its syslog priority so the
/// journal files it at that priority (`<6>chimed: armed for 14:30:00`).
///
/// Sendable: each line is written with a single write call, so lines from several threads do
/// not interleave.
public struct DaemonLog: Sendable {
    /// How important a message is; raw values are the syslog priorities.
    public enum Priority: Int, Comparable, CaseIterable, Sendable {
        /// Something failed (`<3>`).
        case error = 3
        /// Something is wrong but the daemon carries on (`<4>`).
        case warning = 4
        /// Normal but significant, such as a refused connection (`<5>`).
        case notice = 5
        /// Routine progress (`<6>`).
        case info = 6
        /// Detail for debugging (`<7>`).
        case debug = 7

        /// Whether `lhs` is more important than `rhs`.
        public static func < (lhs: Priority, rhs: Priority) -> Bool {
            lhs.rawValue < rhs.rawValue
        }
    }

    /// The name after the priority, e.g. `chimed`.
    public let identifier: String
    /// The least important priority still written; less important messages are dropped.
    public let threshold: Priority
    private let sink: @Sendable (String) -> Void

    /// A log naming itself `identifier`, writing messages at `threshold` or more important to
    /// `sink` (standard error unless a test records them).
    public init(
        identifier: String = "chimed",
        threshold: Priority = .info,
        sink: @escaping @Sendable (String) -> Void = DaemonLog.writeToStandardError
    ) {
        self.identifier = identifier
        self.threshold = threshold
        self.sink = sink
    }

    /// Writes `message` at `priority`; each of its lines becomes one prefixed log line.
    public func log(_ priority: Priority, _ message: String) {
        guard priority <= threshold else { return }
        sink(Self.lines(priority: priority, identifier: identifier, message: message))
    }

    /// Logs `message` at priority 3.
    public func error(_ message: String) { log(.error, message) }
    /// Logs `message` at priority 4.
    public func warning(_ message: String) { log(.warning, message) }
    /// Logs `message` at priority 5.
    public func notice(_ message: String) { log(.notice, message) }
    /// Logs `message` at priority 6.
    public func info(_ message: String) { log(.info, message) }
    /// Logs `message` at priority 7.
    public func debug(_ message: String) { log(.debug, message) }

    /// `message` as journal lines: every line prefixed `<priority>identifier: `, each ending in
    /// a newline (a message spanning lines would otherwise lose its prefix after the first).
    public static func lines(priority: Priority, identifier: String, message: String) -> String {
        let prefix = "<\(priority.rawValue)>\(identifier): "
        return message.split(separator: "\n", omittingEmptySubsequences: false)
            .map { prefix + $0 + "\n" }
            .joined()
    }

    /// Writes `text` to file descriptor 2 in one call (repeated only for a partial write).
    public static let writeToStandardError: @Sendable (String) -> Void = { text in
        var bytes = Array(text.utf8)[...]
        while !bytes.isEmpty {
            let written = bytes.withUnsafeBytes { buffer in
                try? valueOrErrno("write") { Glibc.write(STDERR_FILENO, buffer.baseAddress, buffer.count) }
            }
            // Nowhere to report a failing stderr: the line is dropped.
            guard let written, written > 0 else { return }
            bytes = bytes.dropFirst(written)
        }
    }
}
